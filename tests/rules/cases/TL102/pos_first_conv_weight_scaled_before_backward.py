import torch
import torch.nn.functional as F
from torch import nn


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.head = nn.Linear(8, 10)

    def forward(self, images):
        return self.head(F.relu(self.conv(images)).mean((2, 3)))


def rescale_filters(model, max_norm=1.0):
    with torch.no_grad():
        w = model.conv.weight
        norms = w.flatten(1).norm(dim=1).clamp(min=max_norm)
        w.mul_((max_norm / norms).view(-1, 1, 1, 1))  # expect: TL102


model = Stem()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
images, labels = torch.randn(4, 3, 8, 8), torch.randint(0, 10, (4,))
opt.zero_grad()
loss = F.cross_entropy(model(images), labels)
rescale_filters(model)
loss.backward()
opt.step()
