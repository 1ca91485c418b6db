# Features standardised with numpy (float64 arithmetic) and a rotation matrix built from
# numpy trigonometry: both stay float64 into float32 models and points.
import numpy as np
import torch
import torch.nn as nn

rng = np.random.default_rng(0)
features = rng.normal(size=(500, 6))
mu, sigma = features.mean(0), features.std(0)
X = torch.from_numpy((features - mu) / sigma)
model = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 1))
pred = model(X)  # expect: TL402


def rotation_z(theta_deg):
    t = np.deg2rad(theta_deg)
    return torch.from_numpy(
        np.array([[np.cos(t), -np.sin(t), 0.0], [np.sin(t), np.cos(t), 0.0], [0.0, 0.0, 1.0]])
    )


cloud = torch.rand(1024, 3)
rotated = cloud @ rotation_z(30.0).T  # expect: TL402
