"""The inverse of a permutation, written through the permutation: every element is written."""
import torch

x = torch.randn(5)
perm = torch.randperm(5)
inv = torch.LongTensor(5)
inv[perm] = torch.arange(5)
print(x[inv])
