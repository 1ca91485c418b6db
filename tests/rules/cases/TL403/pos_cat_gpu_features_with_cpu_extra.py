# Hand-made features kept on the CPU joined with the encoder's GPU output.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(10, 6)
        self.out = nn.Linear(8, 2)

    def forward(self, x, extra):
        return self.out(torch.cat([self.enc(x), extra], dim=1))  # expect: TL403


model = Head().to(device)
x = torch.randn(5, 10, device=device)
extra = torch.randn(5, 2)
print(model(x, extra))
