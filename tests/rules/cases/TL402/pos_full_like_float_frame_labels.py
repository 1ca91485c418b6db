import torch
import torch.nn as nn
import torch.nn.functional as F

IGNORE = -100


def batchify(utts, feat=8):
    lens = torch.tensor([u[0].size(0) for u in utts])
    t_max = int(lens.max())
    X = utts[0][0].new_zeros(len(utts), t_max, feat)
    Y = torch.full_like(X[..., 0], IGNORE)
    for b, (f, lab) in enumerate(utts):
        X[b, : f.size(0)] = f
        Y[b, : f.size(0)] = lab
    return X.transpose(1, 2), Y


utts = [(torch.randn(n, 8), torch.randint(0, 4, (n,))) for n in (5, 7, 6)]
model = nn.Conv1d(8, 4, 3, padding=1)
X, Y = batchify(utts)
logits = model(X)
try:
    loss = F.cross_entropy(logits, Y, ignore_index=IGNORE)  # expect: TL402
except RuntimeError as err:  # expected target dtype to be Long or Byte, but got Float
    print(err)
