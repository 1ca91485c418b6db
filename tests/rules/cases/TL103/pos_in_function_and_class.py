import torch


class Probe:
    def run(self):
        w = torch.ones(2, requires_grad=True)
        hidden = torch.tanh(w * 3)
        hidden.sum().backward()
        return hidden.grad  # expect: TL103


def saliency(img: torch.Tensor):
    img = img.clone().requires_grad_()
    feats = img.mean(dim=0)
    feats.sum().backward()
    return img.grad, feats.grad  # expect: TL103
