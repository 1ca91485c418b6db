"""An MLP built from a list grown four layers per width, plus an output layer; scored under inference_mode after training."""
import torch
import torch.nn as nn


def mlp(n_in, widths, p=0.1):
    layers = []
    for w in widths:
        layers += [nn.Linear(n_in, w), nn.BatchNorm1d(w), nn.ReLU(), nn.Dropout(p)]
        n_in = w
    layers.append(nn.Linear(n_in, 1))
    return nn.Sequential(*layers)


@torch.inference_mode()
def score(net, x):
    return net(x).squeeze(-1)  # expect: TL304


net = mlp(6, [32, 32, 16])
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
x, y = torch.randn(64, 6), torch.randn(64)
for _ in range(5):
    opt.zero_grad()
    nn.functional.mse_loss(net(x).squeeze(-1), y).backward()
    opt.step()
print(score(net, x[:4]))
