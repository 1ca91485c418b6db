import torch
from torch import nn

device = torch.device("cuda")
model = nn.Linear(10, 5).to(device)
w = torch.tensor([0.5, 1.0, 1.0, 2.0, 1.5])
criterion = nn.CrossEntropyLoss(weight=w).to(device)
counts = torch.tensor([50.0, 10.0, 5.0, 30.0, 2.0], device=device)
multi = nn.BCEWithLogitsLoss(pos_weight=counts.max() / counts)
scalar = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(3.0))
moved_later = nn.NLLLoss(torch.ones(5))
moved_later.cuda()
for step in range(3):
    x = torch.randn(16, 10, device=device)
    labels = torch.randint(0, 5, (16,), device=device)
    y = (torch.rand(16, 5, device=device) > 0.5).float()
    out = model(x)
    loss = criterion(out, labels) + multi(out, y) + scalar(out, y)
    loss = loss + moved_later(out.log_softmax(-1), labels)
    loss.backward()
