# `requires_grad_()` in a chain does not raise; the in-place op after it does.
import torch

w = torch.empty(3, 4).uniform_(-0.1, 0.1).requires_grad_().mul_(2.0)  # expect: TL101
