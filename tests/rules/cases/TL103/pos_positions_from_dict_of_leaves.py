"""Differentiable point splatting: positions are computed from a dict of leaf tensors, and the
densification step reads the gradient of the computed positions."""
import torch


def init_params(n):
    return {
        "anchor": torch.rand(n, 2),
        "offset": torch.zeros(n, 2, requires_grad=True),
    }


def point_positions(params):
    return params["anchor"] + 0.1 * torch.tanh(params["offset"])


def select_for_densify(pos, k):
    grad_mag = pos.grad.norm(dim=-1)  # expect: TL103
    return grad_mag.topk(k).indices


params = init_params(6)
pos = point_positions(params)
(pos ** 2).sum().backward()
try:
    print(select_for_densify(pos, 2))
except AttributeError as e:
    print("AttributeError:", e)
