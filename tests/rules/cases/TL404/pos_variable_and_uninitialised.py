import torch
from torch.autograd import Variable

x = Variable(torch.randn(3), requires_grad=True)  # expect: TL404
y = Variable(torch.randn(3), volatile=True)  # expect: TL404
w = torch.FloatTensor(10)  # expect: TL404
bias = w.sum()
src = torch.tensor([1, 2, 3])
f = torch.FloatTensor(src)  # expect: TL404
same = torch.Tensor(src)  # torch.Tensor(t) accepts any tensor
g = torch.FloatTensor(torch.randn(3))  # already float32: accepted
