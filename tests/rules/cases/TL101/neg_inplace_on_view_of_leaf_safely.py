import torch
import torch.nn as nn

PAD_IDX = 0


class BagOfWords(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        with torch.no_grad():
            self.emb.weight[PAD_IDX].zero_()
        self.emb.weight.data[1].fill_(0.5)
        self.out = nn.Linear(dim, 2)


w = torch.randn(3, 3, requires_grad=True)
x = w.detach()
x[:, 0].mul_(2)
c = w.clone()
c[:, 0].mul_(2)
buf = torch.zeros(3, 3)
buf[0].add_(1)
idx = torch.tensor([0, 2])
picked = w[idx]
picked.data.add_(1)
BagOfWords(10, 4)
(c.sum() + picked.sum()).backward()
