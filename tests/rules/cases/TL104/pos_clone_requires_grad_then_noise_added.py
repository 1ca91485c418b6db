import argparse

import torch
import torch.nn.functional as F


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--init-noise", type=float, default=0.1)
    p.add_argument("--steps", type=int, default=2)
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    content = torch.rand(1, 3, 8, 8)
    generated = content.clone().requires_grad_(True) + args.init_noise * torch.randn_like(content)  # expect: TL104
    optimizer = torch.optim.LBFGS([generated], max_iter=2)

    def closure():
        optimizer.zero_grad()
        loss = F.mse_loss(generated, content)
        loss.backward()
        return loss

    for _ in range(args.steps):
        optimizer.step(closure)


if __name__ == "__main__":
    try:
        main([])
    except ValueError as err:  # can't optimize a non-leaf Tensor
        print(err)
