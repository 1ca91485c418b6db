"""Fitting a proposal box to a ground-truth box with SGD: the fitter wraps the box it is
given, and the caller gives pixel coordinates as floats."""
import torch


class BoxFitter:
    def __init__(self, init_box, lr):
        self.box = torch.tensor([init_box], requires_grad=True)
        self.optimizer = torch.optim.SGD([self.box], lr=lr)

    def step(self, gt):
        self.optimizer.zero_grad()
        loss = (self.box - gt).abs().sum()
        loss.backward()
        self.optimizer.step()
        return loss.item()


def main():
    gt = torch.tensor([[12.0, 8.0, 48.0, 64.0]])
    fitter = BoxFitter([10.0, 10.0, 50.0, 60.0], lr=0.1)
    for _ in range(5):
        fitter.step(gt)


if __name__ == "__main__":
    main()
