import torch

a = torch.tensor([1.0, 3.0], requires_grad=True)
b = a + 2
print(b._version)
loss = (b * b).mean()
b[0] = 1000.0  # expect: TL102
print(b._version)
loss.backward()
