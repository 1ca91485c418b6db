# "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation" when initializing weights
import torch
import torch.nn as nn

class MyNet(nn.Module):
    def __init__(self):
        super(MyNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 16, 3)
        self.fc = nn.Linear(16, 10)
        self.init_weights()

    def init_weights(self):
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                m.weight.normal_(0, 0.02)   # expect: TL101
        self.fc.weight.uniform_(-0.1, 0.1)  # expect: TL101
        self.fc.bias.fill_(0)               # expect: TL101

    def forward(self, x):
        return self.fc(self.conv1(x).mean((2, 3)))
