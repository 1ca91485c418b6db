import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.5), nn.Linear(16, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt)
x, y = torch.randn(32, 8), torch.randint(0, 3, (32,))
xv, yv = torch.randn(16, 8), torch.randint(0, 3, (16,))
for epoch in range(3):
    with torch.no_grad():
        early = (model(xv).argmax(1) == yv).float().mean()  # expect: TL304
    opt.zero_grad()
    F.cross_entropy(model(x), y).backward()
    opt.step()
    with torch.no_grad():
        val_loss = F.cross_entropy(model(xv), yv)  # expect: TL304
    sched.step(val_loss)
    print(early.item(), val_loss.item())
