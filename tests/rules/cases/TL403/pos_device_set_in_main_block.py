# The device is chosen inside the main block, before main() reads it as a global.
import torch
from torch import nn


def main():
    model = nn.Linear(8, 2).to(device)
    x = torch.randn(4, 8)
    return model(x)  # expect: TL403


if __name__ == "__main__":
    device = torch.device("cuda")
    main()
