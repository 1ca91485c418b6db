# The same table read as float32.
import io

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

CSV = "a,b,c,y\n1,2.5,3,10\n2,1.5,4,12\n3,0.5,5,15\n4,2.0,1,9\n"


def load(buf):
    arr = np.genfromtxt(buf, delimiter=",", skip_header=1, dtype=np.float32)
    X, y = arr[:, :-1], arr[:, -1:]
    return X, y


X, y = load(io.StringIO(CSV))
loader = DataLoader(TensorDataset(torch.from_numpy(X), torch.from_numpy(y)), batch_size=2)
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
for xb, yb in loader:
    loss = nn.functional.mse_loss(model(xb), yb)
