"""An Evaluator object called after each epoch: its __call__ runs under no_grad; a Trainer's
__call__ that backpropagates is no evaluation."""
import torch
from torch import nn


class Evaluator:
    def __init__(self, model, batches):
        self.model, self.batches = model, batches

    @torch.no_grad()
    def __call__(self):
        self.model.eval()
        correct = 0
        for x, y in self.batches:
            logits = self.model(x)
            correct += (logits.argmax(1) == y).sum().item()
        self.model.train()
        return correct


class Trainer:
    def __init__(self, model, batches):
        self.model, self.batches = model, batches
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def __call__(self):
        for x, y in self.batches:
            self.opt.zero_grad()
            nn.functional.cross_entropy(self.model(x), y).backward()
            self.opt.step()


model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
batches = [(torch.randn(5, 4), torch.randint(0, 3, (5,))) for _ in range(3)]
train, evaluate = Trainer(model, batches), Evaluator(model, batches)
for epoch in range(2):
    train()
    print(epoch, evaluate())
