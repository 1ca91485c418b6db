import torch
import torch.nn as nn
import torch.nn.functional as F


class QNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, s):
        return self.fc(s)


policy = QNet()
target_net = QNet()
state = torch.randn(32, 4)
next_state = torch.randn(32, 4)
reward = torch.randn(32)
q = policy(state).max(1).values
q_next = target_net(next_state).max(1).values
loss = F.smooth_l1_loss(q, reward + 0.99 * q_next)  # expect: TL406
