"""The inverse of a permutation, scattered: every element is written."""
import torch

n = 5
perm = torch.randperm(n)
inv = torch.LongTensor(n)
inv.scatter_(0, perm, torch.arange(n))
y = inv + 1
