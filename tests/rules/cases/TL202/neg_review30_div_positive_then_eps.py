import torch


def rms_error(pred, target, eps=1e-8):
    return torch.sqrt(((pred - target) ** 2).sum(-1) / pred.size(-1) + eps)


pred = torch.randn(6, 3, requires_grad=True)
target = pred.detach().clone()  # some rows with exactly zero error
target[:3] += torch.randn(3, 3)
valid = torch.tensor([True, False, True, False, True, True])
rms_error(pred, target)[valid].mean().backward()
assert torch.isfinite(pred.grad).all()
print("ok")
