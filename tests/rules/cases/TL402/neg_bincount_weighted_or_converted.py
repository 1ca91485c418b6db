"""bincount with weights takes the weights' dtype; counts converted to float before the mean."""
import torch

edge_index = torch.randint(0, 5, (2, 12))
edge_weight = torch.rand(12)
strength = torch.bincount(edge_index[1], weights=edge_weight, minlength=5)
print(strength.mean())
weighted = edge_index[0].bincount(edge_weight)
print(weighted.mean())
degree = torch.bincount(edge_index[1], minlength=5).float()
print(degree.mean(), torch.bincount(edge_index[0]).sum())
