"""A legacy-allocated running total moved to float64 and summed before it is written."""
import torch


def totals(n, k):
    acc = torch.FloatTensor(n, k).double()  # expect: TL404
    return acc.sum(dim=0)


print(totals(3, 2))
