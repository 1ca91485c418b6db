# Written for the GPU with a CPU fallback: on a machine with CUDA the images stay behind.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1)
        )
        self.classifier = nn.Linear(8, 5)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def main():
    model = ConvNet().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    criterion = nn.CrossEntropyLoss()
    loader = DataLoader(
        TensorDataset(torch.randn(16, 3, 8, 8), torch.randint(0, 5, (16,))), batch_size=4
    )
    for images, labels in loader:
        labels = labels.to(device)
        optimizer.zero_grad()
        loss = criterion(model(images), labels)  # expect: TL403
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    main()
