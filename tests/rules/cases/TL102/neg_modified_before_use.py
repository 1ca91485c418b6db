import torch

x = torch.FloatTensor([[1.0, 2.0]])
w1 = torch.FloatTensor([[2.0], [1.0]])
w2 = torch.FloatTensor([3.0])
w1.requires_grad = True
w2.requires_grad = True

d = torch.matmul(x, w1)
d[:] = 1  # changed before any op saved it
f = torch.matmul(d, w2)
f.backward()
