import torch


def masked_energy(mask):
    e = torch.ones(mask.shape)
    e.masked_fill_(mask, 0.0)
    e.sum().backward()  # expect: TL107


def degree_loss(dst, n):
    deg = torch.zeros(n)
    deg.index_add_(0, dst, torch.ones(dst.numel()))
    deg.var().backward()  # expect: TL107


def train_step(model, batch, criterion, opt):
    losses = torch.zeros(len(batch))
    for i, (x, y) in enumerate(batch):
        losses[i] = criterion(model(x), y).item()
    opt.zero_grad()
    losses.mean().backward()  # expect: TL107
    opt.step()
