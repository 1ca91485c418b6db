import torch
import torch.nn as nn

PAD_IDX = 0


class BagOfWords(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.emb.weight[PAD_IDX].zero_()  # expect: TL101
        self.out = nn.Linear(dim, 2)


w = torch.randn(3, 3, requires_grad=True)
w[:, 0].mul_(2)  # expect: TL101
v = w.t()
v.add_(1)  # expect: TL101
BagOfWords(10, 4)
