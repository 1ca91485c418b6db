# A Lipschitz critic projects its weights after the forward and before backward; its layers
# come from a generator, and forward runs all but the last in a loop.
import torch
import torch.nn as nn
import torch.nn.functional as F


class LipschitzMLP(nn.Module):
    def __init__(self, dims=(4, 32, 32, 1)):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x):
        for layer in self.layers[:-1]:
            x = F.leaky_relu(layer(x), 0.2)
        return self.layers[-1](x).squeeze(-1)

    def project(self):
        for layer in self.layers:
            sigma = torch.linalg.matrix_norm(layer.weight.detach(), ord=2)
            if sigma > 1.0:
                layer.weight.data.div_(sigma)  # expect: TL108


critic = LipschitzMLP()
opt = torch.optim.RMSprop(critic.parameters(), lr=5e-3)
for step in range(3):
    loss = critic(torch.randn(16, 4)).mean() - critic(torch.randn(16, 4) + 1).mean()
    opt.zero_grad()
    critic.project()
    loss.backward()
    opt.step()
