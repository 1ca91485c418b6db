import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 4)

    def forward(self, x):
        return torch.softmax(self.fc(x), dim=1)


model = Net()
seq = nn.Sequential(nn.Linear(10, 4), nn.Softmax(dim=1))
x = torch.randn(8, 10)
y = torch.randint(0, 4, (8,))
criterion = nn.CrossEntropyLoss()
loss = criterion(model(x), y)  # expect: TL401
loss_seq = criterion(seq(x), y)  # expect: TL401
