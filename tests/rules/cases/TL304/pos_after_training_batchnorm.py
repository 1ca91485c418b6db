import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.bn = nn.BatchNorm2d(8)
        self.head = nn.Linear(8, 10)

    def forward(self, x):
        h = torch.relu(self.bn(self.conv(x)))
        return self.head(h.mean((2, 3)))


net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
images = torch.randn(4, 3, 16, 16)
labels = torch.randint(0, 10, (4,))
for epoch in range(2):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(net(images), labels)
    loss.backward()
    opt.step()

with torch.no_grad():
    test_pred = net(images).argmax(1)  # expect: TL304
