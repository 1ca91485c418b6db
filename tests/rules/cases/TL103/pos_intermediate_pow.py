# grad of intermediate is None
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x.pow(2)
z = h.sum()
z.backward()
print(h.grad)  # expect: TL103
