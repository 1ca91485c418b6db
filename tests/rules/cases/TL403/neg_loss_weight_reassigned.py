import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(10, 3).to(device)
criterion = nn.CrossEntropyLoss(weight=torch.ones(3))
criterion.weight = criterion.weight.to(device)
x = torch.randn(4, 10, device=device)
y = torch.randint(0, 3, (4,), device=device)
print(criterion(model(x), y).item())
