"""A DQN with dropout evaluated greedily after training: the evaluation steps the
environment (`env.step`), which is no optimizer step, and never switches the net to eval."""
import torch
from torch import nn
import torch.nn.functional as F


class Corridor:
    def reset(self):
        self.pos, self.t = 2, 0
        return self.obs()

    def obs(self):
        x = torch.zeros(6)
        x[self.pos] = 1.0
        return x

    def step(self, a):
        self.pos = max(0, min(5, self.pos + (1 if a == 1 else -1)))
        self.t += 1
        done = self.pos == 5 or self.t >= 10
        return self.obs(), float(self.pos == 5), done


class QNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Dropout(0.3), nn.Linear(32, 2))

    def forward(self, x):
        return self.body(x)


def train(q, env, steps=30):
    opt = torch.optim.Adam(q.parameters(), lr=1e-3)
    s = env.reset()
    for _ in range(steps):
        q_s = q(s)
        a = int(q_s.argmax())
        s2, r, done = env.step(a)
        with torch.no_grad():
            target = r + (0.0 if done else 0.9 * q(s2).max().item())
        loss = F.mse_loss(q_s[a], torch.tensor(target))
        opt.zero_grad()
        loss.backward()
        opt.step()
        s = env.reset() if done else s2


@torch.no_grad()
def greedy_rollout(q, env):
    s, done, ret = env.reset(), False, 0.0
    while not done:
        q_values = q(s)  # expect: TL304
        s, r, done = env.step(q_values.argmax().item())
        ret += r
    return ret


env, q = Corridor(), QNet()
train(q, env)
print(greedy_rollout(q, env))
