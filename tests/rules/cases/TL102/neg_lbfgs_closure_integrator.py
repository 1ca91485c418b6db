# The same fit with the position updated out of place.
import torch


def simulate(k, c, x0, v0, n_steps=20, dt=0.05):
    pos, vel = x0.clone(), v0.clone()
    traj = []
    for _ in range(n_steps):
        force = -k * pos - c * vel
        vel = vel + dt * force
        pos = pos + dt * vel
        traj.append(pos)
    return torch.stack(traj)


def fit(ref, x0, v0):
    log_k = torch.zeros((), requires_grad=True)
    log_c = torch.full((), -2.0, requires_grad=True)
    opt = torch.optim.LBFGS([log_k, log_c], lr=0.5, max_iter=5)

    def closure():
        opt.zero_grad()
        loss = ((simulate(log_k.exp(), log_c.exp(), x0, v0) - ref) ** 2).mean()
        loss.backward()
        return loss

    for _ in range(3):
        print(opt.step(closure).item())


x0, v0 = torch.tensor([1.0, -0.5]), torch.tensor([0.0, 0.2])
fit(torch.randn(20, 2), x0, v0)
