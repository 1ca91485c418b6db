"""A classifier whose forward returns a dict; the trainer takes the logits for the loss."""
import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, d=12, n_classes=4):
        super().__init__()
        self.head = nn.Linear(d, n_classes)

    def forward(self, x):
        logits = self.head(x)
        return {"logits": logits, "probs": logits.softmax(dim=-1)}


class Trainer:
    def __init__(self, model):
        self.model = model
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(self, x, y):
        outputs = self.model(x)
        loss = self.criterion(outputs["logits"], y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


print(Trainer(Classifier()).step(torch.randn(8, 12), torch.randint(0, 4, (8,))))
