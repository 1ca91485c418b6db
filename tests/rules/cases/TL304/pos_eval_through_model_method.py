"""Retrieval evaluation of a dual encoder through its encode() method."""
import torch
import torch.nn.functional as F
from torch import nn


class DualEncoder(nn.Module):
    def __init__(self, img_dim=12, txt_dim=10, dim=8):
        super().__init__()
        self.img = nn.Sequential(nn.Linear(img_dim, dim), nn.Dropout(0.3))
        self.txt = nn.Sequential(nn.Linear(txt_dim, dim), nn.Dropout(0.3))

    def encode(self, img, txt):
        return F.normalize(self.img(img), dim=-1), F.normalize(self.txt(txt), dim=-1)


@torch.no_grad()
def evaluate(model, img, txt):
    zi, zt = model.encode(img, txt)  # expect: TL304
    top1 = (zi @ zt.T).argmax(dim=1)
    return (top1 == torch.arange(len(img))).float().mean().item()


def main():
    model = DualEncoder()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    img, txt = torch.randn(32, 12), torch.randn(32, 10)
    for _ in range(3):
        model.train()
        zi, zt = model.encode(img, txt)
        loss = F.cross_entropy(zi @ zt.T / 0.1, torch.arange(32))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(evaluate(model, img, txt))


if __name__ == "__main__":
    main()
