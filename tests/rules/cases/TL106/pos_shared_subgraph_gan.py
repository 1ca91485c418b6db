import torch
import torch.nn as nn

enc = nn.Linear(8, 8)
head_a = nn.Linear(8, 1)
head_b = nn.Linear(8, 1)
x = torch.randn(4, 8)
z = torch.tanh(enc(x))
loss_a = head_a(z).mean()
loss_b = head_b(z).mean()
loss_a.backward()
loss_b.backward()  # expect: TL106
