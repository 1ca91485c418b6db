import torch
import torch.nn as nn


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find("Conv") != -1:
        m.weight.data.normal_(0.0, 0.02)
    elif classname.find("BatchNorm") != -1:
        nn.init.normal_(m.weight, 1.0, 0.02)
        nn.init.constant_(m.bias, 0)


@torch.no_grad()
def init_linear(m):
    if isinstance(m, nn.Linear):
        m.weight.normal_(0.0, 0.02)
        m.bias.zero_()


def init_under_no_grad(m):
    if isinstance(m, nn.Conv2d):
        with torch.no_grad():
            m.weight.uniform_(-0.1, 0.1)


net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.Flatten(), nn.LazyLinear(4))
net.apply(weights_init)
net.apply(init_under_no_grad)
head = nn.Sequential(nn.Linear(8, 4), nn.Tanh())
head.apply(init_linear)
print(net(torch.randn(2, 3, 10, 10)).shape, head(torch.randn(1, 8)).shape)
