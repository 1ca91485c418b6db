import torch
from torch import nn

device = torch.device("cuda")
model = nn.Linear(10, 5).to(device)
counts = torch.tensor([50.0, 10.0, 5.0, 30.0, 2.0])
criterion = nn.BCEWithLogitsLoss(pos_weight=counts.max() / counts)
opt = torch.optim.Adam(model.parameters())
for step in range(3):
    x = torch.randn(16, 10, device=device)
    y = (torch.rand(16, 5, device=device) > 0.5).float()
    loss = criterion(model(x), y)  # expect: TL403
    opt.zero_grad()
    loss.backward()
    opt.step()
