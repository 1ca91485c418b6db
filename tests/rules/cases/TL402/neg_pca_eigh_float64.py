"""PCA: the covariance is decomposed in float64 and cast back before projecting."""
import torch


def fit_pca(features, k):
    centered = features - features.mean(0, keepdim=True)
    cov = centered.T.double() @ centered.double() / (features.shape[0] - 1)
    evals, evecs = torch.linalg.eigh(cov)
    return evecs[:, -k:].float(), evals[-k:].float()


feats = torch.randn(128, 16)
components, variances = fit_pca(feats, 4)
projected = feats @ components
print(projected.shape, variances)
