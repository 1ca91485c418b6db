"""Test-time adaptation: the model stays in training mode on purpose (batch-norm statistics
of the test batch), and `predict_tta` under no_grad makes the pseudo-labels that the same
step's loss is built from."""
import torch
import torch.nn.functional as F
from torch import nn


@torch.no_grad()
def predict_tta(model, images):
    views = [images, torch.flip(images, dims=[3])]
    return torch.stack([F.softmax(model(v), dim=1) for v in views]).mean(0)


def adapt(model, batches, lr=1e-2):
    model.train()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for images in batches:
        targets = predict_tta(model, images)
        log_probs = F.log_softmax(model(images), dim=1)
        loss = F.kl_div(log_probs, targets, reduction="batchmean")
        opt.zero_grad()
        loss.backward()
        opt.step()


model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
adapt(model, [torch.rand(8, 3, 16, 16) for _ in range(2)])
