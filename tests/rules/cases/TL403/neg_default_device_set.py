# With a default device set, factories without device= follow it: everything is on the GPU.
import torch

torch.set_default_device("cuda")
table = torch.randn(10, 4)
ids = torch.randint(0, 10, (5,), device="cuda")
extra = torch.zeros(5, 4)
print(torch.cat([table[ids], extra]))
