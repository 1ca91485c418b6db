"""Evaluating a policy: each episode reports its return, its length (a step counter) and
success; the mean episode length is taken of an int64 tensor."""
import torch
from torch import nn


def run_episode(actor, max_steps=20):
    obs, done, ret, length = torch.zeros(3), False, 0.0, 0
    while not done:
        with torch.no_grad():
            a = actor(obs).item()
        obs = obs + 0.1 * a
        ret, length = ret + float(obs.sum()), length + 1
        done = length >= max_steps or abs(a) > 1.9
    return ret, length, done


def evaluate(actor, n_episodes=4):
    results = [run_episode(actor) for _ in range(n_episodes)]
    returns = torch.tensor([r for r, _, _ in results])
    lengths = torch.tensor([n for _, n, _ in results])
    return returns.mean().item(), lengths.mean().item()  # expect: TL402


print(evaluate(nn.Sequential(nn.Linear(3, 1), nn.Tanh())))
