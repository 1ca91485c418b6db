"""Reprojection error of a tiny bundle adjustment; every point starts visible in every camera."""
import torch


def project(points, cam_t, focal):
    pc = points[None, :, :] - cam_t[:, None, :]
    return focal * pc[..., :2] / pc[..., 2:3]


points = (torch.randn(6, 3, dtype=torch.float64) + torch.tensor([0.0, 0.0, 5.0], dtype=torch.float64)).requires_grad_()
cam_t = torch.zeros(2, 3, dtype=torch.float64, requires_grad=True)
obs = project(points.detach(), cam_t.detach(), 50.0) + 0.1
visible = torch.ones(2, 6, dtype=torch.bool)
r = project(points, cam_t, 50.0) - obs
loss = 0.5 * (r[visible] ** 2).sum()
loss.backward()
print("finite:", torch.isfinite(points.grad).all().item())
