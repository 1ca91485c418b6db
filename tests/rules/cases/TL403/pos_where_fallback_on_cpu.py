# A fallback tensor made on the CPU for torch.where over GPU scores.
import torch


def clipped_scores(scores, floor):
    fallback = torch.full_like(scores, 0.0, device="cpu")
    return torch.where(scores > floor, scores, fallback)  # expect: TL403


s = torch.rand(16, 16).cuda()
print(clipped_scores(s, 0.5).mean())
