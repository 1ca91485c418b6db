from dataclasses import dataclass, field

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


@dataclass
class Config:
    num_classes: int = 4
    class_weights: list = field(default_factory=lambda: [0.2, 1.0, 1.5, 3.0])
    device: str = "cuda" if torch.cuda.is_available() else "cpu"


def build_criterion(cfg):
    w = torch.tensor(cfg.class_weights, dtype=torch.float32)
    return nn.CrossEntropyLoss(weight=w, ignore_index=255)


def train(cfg):
    data = TensorDataset(torch.randn(8, 3, 16, 16), torch.randint(0, cfg.num_classes, (8, 16, 16)))
    model = nn.Conv2d(3, cfg.num_classes, 3, padding=1).to(cfg.device)
    criterion = build_criterion(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for images, masks in DataLoader(data, batch_size=4):
        images, masks = images.to(cfg.device), masks.to(cfg.device)
        opt.zero_grad()
        loss = criterion(model(images), masks)  # expect: TL403
        loss.backward()
        opt.step()


if __name__ == "__main__":
    train(Config())
