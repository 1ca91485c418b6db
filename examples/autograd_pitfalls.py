"""Autograd mistakes from the seed articles: in-place writes, lost leaves, backward twice."""

import torch
import torch.nn as nn

# TL101: an in-place update of a leaf that requires grad, outside torch.no_grad().
w = torch.randn(5, 2, requires_grad=True)
w.normal_(0, 0.01)

# TL102: `b * b` saves b for its backward; changing b afterwards breaks backward.
a = torch.tensor([1.0, 3.0], requires_grad=True)
b = a + 2
loss = (b * b).mean()
b[0] = 1000.0
loss.backward()

# TL103: y is not a leaf, its .grad is None after backward.
x = torch.randn(3, requires_grad=True)
y = x * 2
y.sum().backward()
print(y.grad)

# TL104: .double() of a leaf that requires grad: the named tensor is a non-leaf copy.
weights = torch.rand(3, requires_grad=True).double()
(weights * 2).sum().backward()
print(weights.grad)

# TL105: integer tensors cannot require grad.
labels = torch.randint(0, 10, (256,), requires_grad=True)

# TL106: the second backward goes through freed buffers.
p = torch.randn(3, requires_grad=True)
q = (p * p).sum()
q.backward()
q.backward()

# TL107: computed under no_grad: there is no graph to backpropagate through.
model = nn.Linear(4, 1)
with torch.no_grad():
    score = model(torch.randn(2, 4)).sum()
score.backward()

# TL108: writing through .data hides the change from autograd: silently wrong gradients.
s = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = s.sigmoid()
out.data.zero_()
out.sum().backward()
