"""A Koopman-style autoencoder: the latent transition loss trains the encoder on both
sides on purpose, the reconstruction loss keeps the latent from collapsing; one optimizer
holds every module."""
import torch
import torch.nn as nn
import torch.nn.functional as F

encoder = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 3))
decoder = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 4))
koopman = nn.Linear(3, 3, bias=False)
opt = torch.optim.Adam([*encoder.parameters(), *decoder.parameters(), *koopman.parameters()])
states = torch.randn(20, 4)
for step in range(3):
    x_t, x_next = states[:-1], states[1:]
    z_t, z_next = encoder(x_t), encoder(x_next)
    loss = F.mse_loss(decoder(z_t), x_t) + F.mse_loss(koopman(z_t), z_next)
    opt.zero_grad()
    loss.backward()
    opt.step()
