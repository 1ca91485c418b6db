# A GAN that zeroes the discriminator through the model (`D.zero_grad()`): the generator's
# optimizer steps on gradients summed over every iteration.
import torch
import torch.nn as nn

latent = 8
G = nn.Sequential(nn.Linear(latent, 32), nn.ReLU(), nn.Linear(32, 2))
D = nn.Sequential(nn.Linear(2, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))
optG = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
optD = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
criterion = nn.BCEWithLogitsLoss()

for i in range(3):
    real = torch.randn(32, 2) + 4
    fake = G(torch.randn(32, latent))
    D.zero_grad()
    errD = criterion(D(real), torch.ones(32, 1)) + criterion(D(fake.detach()), torch.zeros(32, 1))
    errD.backward()
    optD.step()
    errG = criterion(D(fake), torch.ones(32, 1))
    errG.backward()
    optG.step()  # expect: TL301
