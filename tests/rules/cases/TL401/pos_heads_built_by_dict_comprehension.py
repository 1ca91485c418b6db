"""One head per task, built by a dict comprehension over a list of (name, classes); forward softmaxes each head."""
import torch
import torch.nn as nn

TASKS = [("species", 7), ("habitat", 4)]


class MultiHead(nn.Module):
    def __init__(self, d_in=20, hidden=32):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d_in, hidden), nn.GELU())
        self.heads = nn.ModuleDict({name: nn.Linear(hidden, k) for name, k in TASKS})

    def forward(self, x):
        h = self.trunk(x)
        return {name: torch.softmax(head(h), dim=1) for name, head in self.heads.items()}


model = MultiHead()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.CrossEntropyLoss()
x = torch.randn(16, 20)
targets = {name: torch.randint(0, k, (16,)) for name, k in TASKS}
for _ in range(3):
    out = model(x)
    loss = loss_fn(out["species"], targets["species"])  # expect: TL401
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
