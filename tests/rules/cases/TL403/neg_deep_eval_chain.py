# The same chain, the batch moved to the model's device where it is used.
import torch
from torch import nn


def score_batch(model, features, labels):
    device = next(model.parameters()).device
    logits = model(features.to(device))
    return (logits.argmax(1) == labels.to(device)).float().mean().item()


def validate(model, batches):
    model.eval()
    with torch.no_grad():
        return sum(score_batch(model, x, y) for x, y in batches) / len(batches)


def fit(model, batches, epochs=2):
    opt = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        for x, y in batches:
            x, y = x.cuda(), y.cuda()
            opt.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
        print(validate(model, batches))


def run():
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).cuda()
    batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(4)]
    fit(model, batches)


if __name__ == "__main__":
    run()
