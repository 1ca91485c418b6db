# Angular error masked by a validity flag turned into 0/1 weights: where pred == target the
# acos gradient is infinite, and the invalid positions get 0 x inf = NaN.
import torch
import torch.nn.functional as F
from torch import nn


class AngularLoss(nn.Module):
    def forward(self, pred, target, valid):
        cos = F.cosine_similarity(pred, target, dim=-1).clamp(-1.0, 1.0)
        angle = torch.acos(cos)
        angle = angle * valid.float()  # expect: TL202
        return angle.sum() / valid.sum().clamp(min=1)


pred = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], requires_grad=True)
target = torch.tensor([[1.0, 0.0, 0.0], [1.0, 1.0, 0.0]])
valid = torch.tensor([False, True])
loss = AngularLoss()(pred, target, valid)
loss.backward()
print(pred.grad)
