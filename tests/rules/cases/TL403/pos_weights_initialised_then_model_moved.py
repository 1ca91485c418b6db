import torch
import torch.nn.functional as F
from torch import nn

device = torch.device("cuda")


class SkipGram(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.in_embed = nn.Embedding(vocab, dim)
        self.out_embed = nn.Embedding(vocab, dim)
        with torch.no_grad():
            self.in_embed.weight.uniform_(-0.5 / dim, 0.5 / dim)
            self.out_embed.weight.zero_()


model = SkipGram(20, 8).to(device)
scale = torch.ones(20, 8)


def nearest(index, k=3):
    with torch.no_grad():
        emb = F.normalize(model.in_embed.weight * scale, dim=1)  # expect: TL403
        return (emb @ emb[index]).topk(k).indices


print(nearest(4))
