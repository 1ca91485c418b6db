# The same masking with the input kept away from the singular points first.
import torch
import torch.nn.functional as F

pred = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], requires_grad=True)
target = torch.tensor([[1.0, 0.0, 0.0], [1.0, 1.0, 0.0]])
valid = torch.tensor([False, True])
cos = F.cosine_similarity(pred, target, dim=-1).clamp(-1.0 + 1e-6, 1.0 - 1e-6)
angle = torch.acos(cos) * valid.float()
weights = valid.float()
err = (pred - target).pow(2).sum(-1) * weights
loss = angle.sum() + err.sum()
loss.backward()
assert not torch.isnan(pred.grad).any()
