import torch
import torch.nn as nn

G = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
D = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1))
bce = nn.BCEWithLogitsLoss()
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)

for it in range(10):
    real = torch.randn(16, 2)
    fake = G(torch.randn(16, 4))
    opt_d.zero_grad()
    loss_d = bce(D(real), torch.ones(16, 1)) + bce(D(fake.detach()), torch.zeros(16, 1))
    loss_d.backward()
    opt_d.step()
    opt_g.zero_grad()
    loss_g = bce(D(fake), torch.ones(16, 1))
    loss_g.backward()
    opt_g.step()

# one zero_grad on the model covers every optimizer of its parameters
enc, dec = nn.Linear(4, 2), nn.Linear(2, 4)
model = nn.Sequential(enc, dec)
opt_e = torch.optim.SGD(enc.parameters(), lr=0.1)
opt_dec = torch.optim.SGD(dec.parameters(), lr=0.1)
for it in range(5):
    model.zero_grad()
    x = torch.randn(8, 4)
    ((model(x) - x) ** 2).mean().backward()
    opt_e.step()
    opt_dec.step()
