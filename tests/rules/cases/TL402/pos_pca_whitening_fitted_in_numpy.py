import numpy as np
import torch
import torch.nn.functional as F


def learn_whitening(descs, k=4):
    mu = descs.mean(axis=0, keepdims=True)
    centered = descs - mu
    cov = centered.T @ centered / (len(descs) - 1)
    eigval, eigvec = np.linalg.eigh(cov)
    order = np.argsort(eigval)[::-1][:k]
    return mu, eigvec[:, order] / np.sqrt(eigval[order] + 1e-6)


db = F.normalize(torch.randn(20, 8), dim=1)
q = F.normalize(torch.randn(5, 8), dim=1)
mu, proj = learn_whitening(db.numpy().astype(np.float64))
mu_t, proj_t = torch.from_numpy(mu), torch.from_numpy(proj)
db_w = (db - mu_t.float()) @ proj_t.float()
try:
    q_w = (q - mu_t.float()) @ proj_t  # expect: TL402
except RuntimeError as err:  # expected m1 and m2 to have the same dtype
    print(err)
