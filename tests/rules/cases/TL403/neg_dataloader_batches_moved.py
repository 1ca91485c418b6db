import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(8, 2).to(device)
criterion = nn.CrossEntropyLoss()
ds = TensorDataset(torch.randn(64, 8), torch.randint(0, 2, (64,)))
for inputs, labels in DataLoader(ds, batch_size=16):
    inputs, labels = inputs.to(device), labels.to(device)
    loss = criterion(model(inputs), labels)

gpu_ds = TensorDataset(torch.randn(64, 8, device=device), torch.randint(0, 2, (64,), device=device))
for inputs, labels in DataLoader(gpu_ds, batch_size=16):
    loss = criterion(model(inputs), labels)


class OnDevice(Dataset):
    def __init__(self, n):
        self.x = torch.randn(n, 8)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i].to(device)


for x in DataLoader(OnDevice(16), batch_size=4):
    out = model(x)


def to_device(batch):
    xs = torch.stack([b[0] for b in batch]).to(device)
    return xs, torch.stack([b[1] for b in batch]).to(device)


for inputs, labels in DataLoader(ds, batch_size=16, collate_fn=to_device):
    loss = criterion(model(inputs), labels)


def train(loader, net):
    for inputs, labels in loader:
        criterion(net(inputs), labels).backward()


train(DataLoader(ds, batch_size=8), nn.Linear(8, 2))
cpu_model = nn.Linear(8, 2)
for inputs, labels in DataLoader(ds, batch_size=16):
    loss = criterion(cpu_model(inputs), labels)
