"""Mahalanobis anomaly scores: numpy computes the covariance in float64, so its inverse
is float64 and meets float32 features."""
import numpy as np
import torch


class Mahalanobis:
    def __init__(self, eps=1e-3):
        self.eps = eps
        self.mean = None
        self.inv_cov = None

    def fit(self, feats):
        f = feats.detach().cpu().numpy()
        self.mean = torch.from_numpy(f.mean(axis=0)).float()
        cov = np.cov(f, rowvar=False) + self.eps * np.eye(f.shape[1])
        self.inv_cov = torch.from_numpy(np.linalg.inv(cov))

    def score(self, feats):
        delta = feats - self.mean
        return ((delta @ self.inv_cov) * delta).sum(dim=1)  # expect: TL402


detector = Mahalanobis()
detector.fit(torch.randn(100, 8))
print(detector.score(torch.randn(5, 8)))
