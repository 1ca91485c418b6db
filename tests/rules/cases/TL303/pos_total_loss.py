import torch
import torch.nn as nn

model = nn.Linear(10, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.randn(32, 10)
Y = torch.randn(32, 1)
running_loss = 0.0
history = []
for epoch in range(100):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(X), Y)
    loss.backward()
    opt.step()
    running_loss += loss  # expect: TL303
    history.append(loss)  # expect: TL303
print(running_loss / 100)
