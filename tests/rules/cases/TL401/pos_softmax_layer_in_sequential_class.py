# Loss doesn't decrease: softmax + CrossEntropyLoss
import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(784, 128),
            nn.ReLU(),
            nn.Linear(128, 10),
            nn.Softmax(dim=1),
        )

    def forward(self, x):
        return self.layers(x)

model = Net()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for images, labels in [(torch.randn(32, 784), torch.randint(0, 10, (32,)))]:
    optimizer.zero_grad()
    outputs = model(images)
    loss = criterion(outputs, labels)  # expect: TL401
    loss.backward()
    optimizer.step()
