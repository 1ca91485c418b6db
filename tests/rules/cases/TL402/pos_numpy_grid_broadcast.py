# RBF features: centres from np.linspace are float64 and promote the whole feature matrix
import numpy as np
import torch


def rbf_features(x, centers, gamma=0.5):
    d2 = ((x[:, None, :] - centers[None, :, :]) ** 2).sum(-1)
    return torch.exp(-gamma * d2)


centers = torch.tensor(np.linspace(-2, 2, 10).reshape(10, 1))
x = torch.randn(32, 1)
phi = rbf_features(x, centers)
w = torch.randn(10, 1, requires_grad=True)
pred = phi @ w  # expect: TL402

grid = torch.from_numpy(np.zeros((4, 3)))
proj = torch.randn(3, 2)
out = grid @ proj  # expect: TL402
