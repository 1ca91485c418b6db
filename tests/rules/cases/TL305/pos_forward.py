import torch.nn as nn
import torch.nn.functional as F
from torch.nn.functional import dropout


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 8)
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        x = F.dropout(F.relu(self.fc1(x)), p=0.3)  # expect: TL305
        x = dropout(x, 0.1)  # expect: TL305
        return self.fc2(F.dropout2d(x))  # expect: TL305
