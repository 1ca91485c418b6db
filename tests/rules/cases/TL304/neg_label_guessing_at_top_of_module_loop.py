import torch
import torch.nn as nn
import torch.nn.functional as F

# MixMatch: labels for the unlabelled batch are guessed by the model itself, in training
# mode and under no_grad, at the top of each training step.
model = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x_l, y_l = torch.randn(20, 8), torch.randint(0, 3, (20,))
T = 0.5
for step in range(3):
    u1 = torch.randn(20, 8)
    u2 = u1 + 0.1 * torch.randn_like(u1)
    with torch.no_grad():
        p = (F.softmax(model(u1), dim=1) + F.softmax(model(u2), dim=1)) / 2
        guess = p ** (1 / T)
        guess = guess / guess.sum(dim=1, keepdim=True)
    loss_u = F.mse_loss(F.softmax(model(u2), dim=1), guess)
    loss = F.cross_entropy(model(x_l), y_l) + loss_u
    opt.zero_grad()
    loss.backward()
    opt.step()
