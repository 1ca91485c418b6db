import torch
from torch.autograd import Variable

x = Variable(torch.randn(3), requires_grad=True)  # expect: TL404
y = Variable(torch.randn(3), volatile=True)  # expect: TL404
w = torch.FloatTensor(10)  # expect: TL404
bias = w.sum()
src = torch.tensor([1, 2, 3])
f = torch.FloatTensor(src)  # expect: TL404
