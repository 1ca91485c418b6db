import torch


def ctrness_targets(left_right, top_bottom):
    # Targets: nothing here is known to require grad, so no NaN gradient can follow.
    ratio = (left_right.min(dim=-1)[0] / left_right.max(dim=-1)[0]) * (
        top_bottom.min(dim=-1)[0] / top_bottom.max(dim=-1)[0]
    )
    ctr = torch.sqrt(ratio)
    ctr[ratio == 0] = 0
    return ctr


def scale_image(img, lo, hi):
    scale = 1.0 / (hi - lo)
    scale[hi == lo] = 1.0
    return img * scale
