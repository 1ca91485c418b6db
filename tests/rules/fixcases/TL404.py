import torch

torch.use_deterministic_algorithms(True)
torch.utils.deterministic.fill_uninitialized_memory = True  # uninitialised memory reads as NaN
w = torch.FloatTensor(5)
total = w.sum()
assert not torch.isnan(total), "read uninitialised memory"
