"""A tabular regressor's error measured in price buckets, converted to float before the
mean (and int32 indices where the caller asks for them)."""
import torch
from torch import nn

BUCKET_EDGES = [0.0, 0.5, 1.0, 2.0]


def to_bucket(values, small=False):
    return torch.bucketize(values, torch.tensor(BUCKET_EDGES), out_int32=small)


def bucket_error(pred, target):
    diff = (to_bucket(pred) - to_bucket(target, small=True)).abs()
    return diff.float().mean()


model = nn.Linear(4, 1)
x, y = torch.randn(16, 4), torch.rand(16)
with torch.no_grad():
    print(bucket_error(model(x).squeeze(1), y))
