import torch
w = torch.randn(4, 3, requires_grad=True)
w1, w2 = w.chunk(2)
(w1 * 2).sum().backward()
print(w1.grad)  # expect: TL103
