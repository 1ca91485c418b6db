import torch


def forward(x, w):
    h = x @ w
    return h, (h * h).sum()


w = torch.randn(3, 3, requires_grad=True)
for step in range(5):
    x = torch.randn(2, 3)
    h, loss = forward(x, w)
    h.clamp_(min=0)  # expect: TL102
    loss.backward()
