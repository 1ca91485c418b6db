"""A forward hook made by a factory zeroes a few channels of a Tanh's output in place; its
hook is removed only after the training step, so the backward meets the changed output
(Tanh saves its result)."""
import torch
import torch.nn as nn


def drop_channels(n):
    def hook(module, inputs, output):
        output.narrow(1, 0, n).zero_()  # expect: TL102
    return hook


net = nn.Sequential(nn.Linear(6, 12), nn.Tanh(), nn.Linear(12, 2))
handle = net[1].register_forward_hook(drop_channels(3))
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for _ in range(2):
    opt.zero_grad()
    loss = net(torch.randn(8, 6)).square().mean()
    loss.backward()
    opt.step()
handle.remove()
