import torch

a = torch.tensor([10.0, 5.0, 2.0, 3.0], requires_grad=True)
print(a, a.is_leaf)
a[:] = 0  # expect: TL101
loss = (a * a).mean()
loss.backward()
