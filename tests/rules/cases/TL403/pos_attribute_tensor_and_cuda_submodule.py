import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.prompt = torch.zeros(1, 4)  # a plain attribute: .cuda() does not move it

    def forward(self, x):
        return self.fc(x) + self.fc(self.prompt)  # expect: TL403


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2).cuda()

    def forward(self, x):
        return self.fc(x)


net = Net().cuda()
out = net(torch.randn(3, 4).cuda())
head = Head()
scores = head(torch.randn(3, 4))  # expect: TL403
