# 0-dim CUDA tensors index a CPU table like Python ints (a select, not an advanced index).
import torch

table = torch.randn(10, 4)
for i in range(3):
    k = torch.scalar_tensor(i, device="cuda").long()
    pick = torch.multinomial(torch.ones(10, device="cuda"), 1)[0]
    ids = torch.randint(10, (1,), device="cuda").squeeze()
    print(table[k], table[pick], table[ids])
