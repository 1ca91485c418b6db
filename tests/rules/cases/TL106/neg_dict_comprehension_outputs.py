# The same multi-task model with the task losses summed and backpropagated once.
import torch
import torch.nn as nn

LOSSES = {"age": nn.MSELoss(), "segment": nn.CrossEntropyLoss()}


class MultiTask(nn.Module):
    def __init__(self, in_dim: int = 6, hidden: int = 16):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU())
        self.heads = nn.ModuleDict({"age": nn.Linear(hidden, 1), "segment": nn.Linear(hidden, 3)})

    def forward(self, x):
        feats = self.backbone(x)
        return {name: head(feats) for name, head in self.heads.items()}


model = MultiTask()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for _ in range(3):
    x = torch.randn(8, 6)
    targets = {"age": torch.randn(8, 1), "segment": torch.randint(0, 3, (8,))}
    optimizer.zero_grad()
    outputs = model(x)
    losses = {task: LOSSES[task](out, targets[task]) for task, out in outputs.items()}
    total = sum(losses.values())
    total.backward()
    optimizer.step()
