import torch
from torch.autograd import Variable

x = Variable(torch.FloatTensor([1.0, 1.0]), requires_grad=True)
div = Variable(torch.FloatTensor([0.0, 1.0]))
y = x / div
mask = div != 0
loss = y[mask]  # expect: TL202
loss.sum().backward()
print(x.grad)
