# A classifier returning probabilities, run under autocast; the loss helper converts them
# back to float32 and hands them to CrossEntropyLoss, which applies log_softmax again.
import torch
from torch import nn
import torch.nn.functional as F


class SmallNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        return F.softmax(self.fc(x), dim=-1)


class LossComputer:
    def __init__(self):
        self.criterion = nn.CrossEntropyLoss(label_smoothing=0.05)

    def __call__(self, probs, targets):
        return self.criterion(probs, targets)  # expect: TL401


model, loss_fn = SmallNet(), LossComputer()
x, y = torch.randn(6, 8), torch.randint(0, 4, (6,))
with torch.autocast("cpu", dtype=torch.bfloat16):
    probs = model(x)
loss = loss_fn(probs.float(), y)
loss.backward()
