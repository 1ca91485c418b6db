"""Sphere tracing: the marched distance `t` is a running sum, but every step reads it to
place the next sample, so its graph is the computation itself (not a TL303 total)."""
import torch


class SphereTracer:
    def __init__(self, steps: int = 16) -> None:
        self.steps = steps

    def __call__(self, center, radius, origin, dirs):
        t = torch.zeros(origin.shape[:-1])
        nearest = torch.full_like(t, 1e3)
        for _ in range(self.steps):
            p = origin + t.unsqueeze(-1) * dirs
            d = (p - center).norm(dim=-1) - radius
            nearest = torch.minimum(nearest, d)
            t = t + d.clamp(min=1e-3)
        return torch.sigmoid(-40.0 * nearest)


dirs = torch.nn.functional.normalize(torch.randn(8, 8, 3), dim=-1)
origin = torch.tensor([0.0, 0.0, 3.0]).expand_as(dirs)
target = torch.rand(8, 8)
center = torch.zeros(3, requires_grad=True)
radius = torch.tensor(0.3, requires_grad=True)
opt = torch.optim.Adam([center, radius], lr=0.03)
trace = SphereTracer()
for it in range(20):
    opt.zero_grad()
    loss = ((trace(center, radius, origin, dirs) - target) ** 2).mean()
    loss.backward()
    opt.step()
