# A hand-written optimiser reached through four calls: fit -> run_epoch -> train_step ->
# SGD.update -> apply_decay, which scales the raw weight outside no_grad.
import torch


def apply_decay(weight, factor):
    weight.mul_(factor)  # expect: TL101


class SGD:
    def __init__(self, lr, decay):
        self.lr = lr
        self.decay = decay

    def update(self, weight):
        apply_decay(weight, 1 - self.decay)
        with torch.no_grad():
            weight -= self.lr * weight.grad
        weight.grad = None


def train_step(opt, weight, x, y):
    loss = ((x @ weight - y) ** 2).mean()
    loss.backward()
    opt.update(weight)
    return loss.item()


def run_epoch(opt, weight, batches):
    return sum(train_step(opt, weight, x, y) for x, y in batches)


def fit():
    weight = torch.zeros(4, 1, requires_grad=True)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    opt = SGD(0.1, 1e-4)
    for epoch in range(2):
        print(epoch, run_epoch(opt, weight, batches))


fit()
