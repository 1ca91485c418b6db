"""A tabular regressor's error measured in price buckets: the bucket indices are int64,
and their mean raises."""
import torch
from torch import nn

BUCKET_EDGES = [0.0, 0.5, 1.0, 2.0]


def to_bucket(values):
    return torch.bucketize(values, torch.tensor(BUCKET_EDGES))


def bucket_error(pred, target):
    diff = (to_bucket(pred) - to_bucket(target)).abs()
    return diff.mean()  # expect: TL402


model = nn.Linear(4, 1)
x, y = torch.randn(16, 4), torch.rand(16)
with torch.no_grad():
    print(bucket_error(model(x).squeeze(1), y))
