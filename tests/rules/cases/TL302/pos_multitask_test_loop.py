# A module-level test loop over a two-headed model switched to eval(), without no_grad.
import torch
from torch import nn


class TwoHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(6, 8)
        self.cls = nn.Linear(8, 3)
        self.reg = nn.Linear(8, 1)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return self.cls(h), self.reg(h).squeeze(-1)


net = TwoHeads()
net.eval()
hits = 0
for xb, yb in [(torch.randn(4, 6), torch.randint(0, 3, (4,))) for _ in range(2)]:
    logits, value = net(xb)  # expect: TL302
    hits += (logits.argmax(1) == yb).sum().item()
