import torch
import torch.nn as nn
import torch.nn.functional as F

# R-Drop and the Pi-model on normalised inputs: `/ 0.3081` scales the data, not the target.
T = 0.5  # a label guesser's temperature, elsewhere in the file
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 10))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
images, labels = torch.rand(8, 16), torch.randint(0, 10, (8,))


def rdrop_step(images, labels, T=2.0):
    x = (images - 0.1307) / 0.3081
    a, b = model(x), model(x)
    soft_b = F.softmax(b / T, dim=-1)
    loss = F.cross_entropy(a, labels) + F.kl_div(F.log_softmax(a / T, -1), soft_b, reduction="batchmean")
    opt.zero_grad()
    loss.backward()
    opt.step()


for epoch in range(2):
    x_u = (images - 0.5) / 0.5
    z1 = model(x_u + 0.15 * torch.randn_like(x_u))
    z2 = model(x_u + 0.15 * torch.randn_like(x_u))
    cons = F.mse_loss(F.softmax(z1, dim=1), F.softmax(z2, dim=1))
    loss = F.cross_entropy(model(x_u), labels) + cons
    opt.zero_grad()
    loss.backward()
    opt.step()
    rdrop_step(images, labels)
