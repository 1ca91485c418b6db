"""The same statistics with the lengths made float first, and a mask of floats on purpose."""
import torch


def tokenize(batch, max_len):
    masks, weights = [], []
    for text in batch:
        n = min(len(text.split()) + 2, max_len)
        masks.append([1] * n + [0] * (max_len - n))
        weights.append([1.0] * n + [0.0] * (max_len - n))
    return torch.tensor(masks), torch.tensor(weights)


mask, weights = tokenize(["the house is red", "the house"], max_len=8)
print(mask.sum(dim=1).float().mean().item(), weights.sum(dim=1).mean().item())
