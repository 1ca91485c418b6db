# Monte Carlo dropout: train mode asked for after loading the weights.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.drop = nn.Dropout(0.5)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(self.drop(torch.relu(self.fc1(x))))


model = Net()
torch.save(model.state_dict(), "/tmp/review7/ck.pt")
model.load_state_dict(torch.load("/tmp/review7/ck.pt"))
model.train()  # Monte Carlo dropout: keep dropout on at inference on purpose
x = torch.randn(4, 8)
with torch.no_grad():
    samples = torch.stack([model(x) for _ in range(20)])
mean, std = samples.mean(0), samples.std(0)
print(mean.shape, std.shape)
