import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([1, 2], dtype=torch.float32, requires_grad=True)
c = torch.arange(3.0, requires_grad=True)
d = torch.tensor([1, 2], dtype=torch.complex64, requires_grad=True)
e = torch.randint(0, 10, (3,)).float().requires_grad_()
f = torch.ones(3, requires_grad=True).long()  # allowed: the long copy simply does not require grad
g = torch.tensor([1, 2])
g.requires_grad_(False)


def unknown(t):
    t.requires_grad_()
