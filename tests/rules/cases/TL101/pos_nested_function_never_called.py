# A closure that is returned, never called in the file: it is still analysed on its own.
import torch


def make_step(lr):
    def step():
        w = torch.ones(3, requires_grad=True)
        w.sub_(lr)  # expect: TL101
        return w

    return step


def train_all():
    # Called with a known argument first, then with an unknown one: both bodies are seen.
    def apply(scale):
        bias = torch.zeros(4, requires_grad=True)
        bias.mul_(scale)  # expect: TL101

    apply(2.0)


def run(mode):
    # Only the "train" branch runs from the call below; the other is still analysed.
    if mode == "train":
        x = torch.randn(3)
        x.add_(1)
    else:
        w = torch.ones(3, requires_grad=True)
        w.add_(1)  # expect: TL101


run("train")
