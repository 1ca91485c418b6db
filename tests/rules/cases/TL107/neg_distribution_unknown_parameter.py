import torch
from torch.distributions import Normal


def train_step(flow, x, opt):
    z, log_det = flow(x)
    prior = Normal(torch.zeros(2), torch.ones(2))
    loss = -(prior.log_prob(z).sum(-1) + log_det).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


def nll(encoder, x):
    z = encoder(x)
    base = Normal(torch.zeros(2), torch.ones(2))
    loss = -base.log_prob(z).mean()
    loss.backward()
