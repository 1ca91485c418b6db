"""DQN acting on a NumPy environment: the state vector is float64 and goes to the Q-network
through torch.from_numpy as it is."""
import numpy as np
import torch
from torch import nn


class ValleyCar:
    def __init__(self, rng):
        self.rng = rng

    def reset(self):
        self.state = np.array([self.rng.uniform(-0.6, -0.4), 0.0])
        return self.state.copy()

    def step(self, action):
        x, v = self.state
        v = np.clip(v + 0.001 * (action - 1) - 0.0025 * np.cos(3 * x), -0.07, 0.07)
        self.state = np.array([x + v, v])
        return self.state.copy(), -1.0, x > 0.5


q_net = nn.Sequential(nn.Linear(2, 32), nn.ReLU(), nn.Linear(32, 3))
env = ValleyCar(np.random.default_rng(0))
state = env.reset()
for _ in range(3):
    with torch.no_grad():
        q_values = q_net(torch.from_numpy(state))  # expect: TL402
    state, reward, done = env.step(int(q_values.argmax()))
