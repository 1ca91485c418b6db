import torch
import torch.nn as nn
import torchvision
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda")
model = nn.Linear(8, 2).to(device)


class Moved(Dataset):
    """Pairs whose input is moved to the GPU as it is read."""

    def __init__(self, data):
        self.data = data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        sample = self.data[i]
        return sample[0].cuda(), sample[1]


def train(data):
    for x, y in DataLoader(Moved(data), batch_size=8):
        out = model(x)
        print(out, y)


digits = nn.Linear(784, 10).to(device)
mnist = torchvision.datasets.MNIST(
    "data",
    download=True,
    transform=lambda img: torch.as_tensor(img).flatten().float().to(device),
)
for images, labels in DataLoader(mnist, batch_size=8):
    logits = digits(images)
