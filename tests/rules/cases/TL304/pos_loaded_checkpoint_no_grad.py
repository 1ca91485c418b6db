# The best weights are loaded into a fresh model and tested without eval(): dropout and
# batch norm still act as in training.
import torch
from torch import nn


def build_model():
    return nn.Sequential(nn.Linear(10, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.5), nn.Linear(16, 3))


def accuracy(model, batches):
    with torch.no_grad():
        right = sum((model(x).argmax(-1) == y).sum().item() for x, y in batches)  # expect: TL304
    return right / sum(len(y) for _, y in batches)


trained = build_model()
state = trained.state_dict()
final = build_model()
final.load_state_dict(state)
test = [(torch.randn(8, 10), torch.randint(0, 3, (8,))) for _ in range(2)]
print(f"test accuracy: {accuracy(final, test):.3f}")
