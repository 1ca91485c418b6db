import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset, TensorDataset

device = torch.device("cuda")
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2)).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_ds = TensorDataset(torch.randn(64, 8), torch.randint(0, 2, (64,)))
loader = DataLoader(train_ds, batch_size=16, shuffle=True)
for inputs, labels in loader:
    optimizer.zero_grad()
    loss = criterion(model(inputs), labels)  # expect: TL403
    loss.backward()
    optimizer.step()


class Points(Dataset):
    def __init__(self, n):
        self.x = torch.randn(n, 8)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i]


for batch in DataLoader(Points(32), batch_size=8):
    x = batch[0]
    out = model(x)  # expect: TL403
