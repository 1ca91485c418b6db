"""The same decay and clipping through `.data`, after the step: no graph saved them."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ActorCritic:
    def __init__(self, obs_dim, n_actions, lr=7e-4, wd=1e-2):
        self.body = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU())
        self.policy = nn.Linear(64, n_actions)
        self.value = nn.Linear(64, 1)
        self.params = [*self.body.parameters(), *self.policy.parameters(), *self.value.parameters()]
        self.opt = torch.optim.RMSprop(self.params, lr=lr)
        self.lr, self.wd = lr, wd

    def update(self, obs, actions, returns):
        h = self.body(obs)
        logp = F.log_softmax(self.policy(h), -1).gather(-1, actions[:, None]).squeeze(-1)
        adv = returns - self.value(h).squeeze(-1)
        loss = -(logp * adv.detach()).mean() + adv.pow(2).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        for p in self.params:
            p.data.mul_(1.0 - self.lr * self.wd)


agent = ActorCritic(6, 3)
agent.update(torch.randn(8, 6), torch.randint(0, 3, (8,)), torch.randn(8))

encoder, decoder = nn.Linear(10, 4), nn.Linear(4, 10)
params = list(encoder.parameters()) + list(decoder.parameters())
opt = torch.optim.Adam(params, lr=1e-3)
for _ in range(2):
    x = torch.randn(16, 10)
    loss = F.mse_loss(decoder(encoder(x)), x)
    opt.zero_grad()
    loss.backward()
    opt.step()
    for p in params:
        p.data.clamp_(-1.0, 1.0)


def max_norm_step(enc, dec, x, opt, max_norm=0.5):
    params = list(enc.parameters()) + list(dec.parameters())
    loss = F.mse_loss(dec(enc(x)), x)
    opt.zero_grad()
    loss.backward()
    opt.step()
    for p in params:
        if p.dim() > 1:
            p.data.renorm_(2, 0, max_norm)


max_norm_step(encoder, decoder, torch.randn(16, 10), opt)
