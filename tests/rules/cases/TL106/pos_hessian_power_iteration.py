import torch
import torch.nn.functional as F
from torch import autograd, nn


class HessianProbe:
    def __init__(self, model, x, y):
        self.params = [p for p in model.parameters() if p.requires_grad]
        loss = F.mse_loss(model(x).squeeze(-1), y)
        self.grads = autograd.grad(loss, self.params, create_graph=True)

    def hvp(self, vec):
        return autograd.grad(self.grads, self.params, grad_outputs=vec)  # expect: TL106

    def top_eigenvalue(self, iters=10):
        v = [torch.randn_like(p) for p in self.params]
        eig = 0.0
        for _ in range(iters):
            hv = self.hvp(v)
            eig = sum((a * b).sum() for a, b in zip(hv, v)).item()
            norm = torch.sqrt(sum((h * h).sum() for h in hv))
            v = [h.detach() / norm for h in hv]
        return eig


model = nn.Sequential(nn.Linear(6, 10), nn.Tanh(), nn.Linear(10, 1))
x = torch.randn(32, 6)
print(HessianProbe(model, x, torch.sin(x.sum(-1))).top_eigenvalue())
