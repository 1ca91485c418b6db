# Both sides zeroed through their models (the DCGAN tutorial's `netD.zero_grad()` and
# `netG.zero_grad()`).
import torch
import torch.nn as nn

netG = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 2))
netD = nn.Sequential(nn.Linear(2, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))
optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4)
optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4)
criterion = nn.BCEWithLogitsLoss()

for i in range(3):
    netD.zero_grad()
    real = torch.randn(32, 2)
    fake = netG(torch.randn(32, 8))
    errD = criterion(netD(real), torch.ones(32, 1)) + criterion(netD(fake.detach()), torch.zeros(32, 1))
    errD.backward()
    optimizerD.step()
    netG.zero_grad()
    errG = criterion(netD(fake), torch.ones(32, 1))
    errG.backward()
    optimizerG.step()
