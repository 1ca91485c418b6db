# A closure reads its names when it runs: w is rebound to a leaf that requires grad first.
import torch


def fit():
    w = torch.zeros(3)
    def closure():
        opt.zero_grad()
        loss = (w * 2.0).sum()
        loss.backward()
        return loss
    w = torch.zeros(3, requires_grad=True)
    opt = torch.optim.LBFGS([w])
    for _ in range(3):
        opt.step(closure)
    return w


fit()
