"""A functional two-layer net whose parameters live in a dict, trained by hand."""
import torch
import torch.nn.functional as F

DTYPE = torch.float64


def init_params(d_in=3, d_hidden=8, d_out=1):
    return {
        "w1": torch.randn(d_hidden, d_in, requires_grad=True).to(DTYPE),  # expect: TL104
        "b1": torch.zeros(d_hidden, dtype=DTYPE, requires_grad=True),
        "w2": torch.randn(d_out, d_hidden, dtype=DTYPE, requires_grad=True),
    }


def forward(params, x):
    return F.linear(torch.tanh(F.linear(x, params["w1"], params["b1"])), params["w2"])


params = init_params()
x, y = torch.randn(16, 3, dtype=DTYPE), torch.randn(16, 1, dtype=DTYPE)
for step in range(3):
    loss = F.mse_loss(forward(params, x), y)
    loss.backward()
    with torch.no_grad():
        for name, p in params.items():
            if p.grad is None:
                continue
            p -= 0.1 * p.grad
            p.grad = None
