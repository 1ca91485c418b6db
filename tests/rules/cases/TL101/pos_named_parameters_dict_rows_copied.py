"""Warm start of a recommender whose item table grew: the old rows are copied into the
parameters looked up by name, outside no_grad."""
import torch
import torch.nn as nn


class MF(nn.Module):
    def __init__(self, n_users, n_items, dim=8):
        super().__init__()
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)


def warm_start(model, old_state):
    params = dict(model.named_parameters())
    for name, old in old_state.items():
        if params[name].size(0) > old.size(0):
            params[name][: old.size(0)] = old  # expect: TL101


small = MF(5, 10)
big = MF(5, 14)
warm_start(big, {"item.weight": small.item.weight.detach()})
