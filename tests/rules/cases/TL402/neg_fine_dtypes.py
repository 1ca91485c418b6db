import torch
import torch.nn as nn
import torch.nn.functional as F

a = torch.randn(2, 3)
b = torch.randn(3, 4)
c = a @ b
d = a.double() @ b.double()
model = nn.Linear(3, 2).double()
y = model(torch.randn(5, 3, dtype=torch.float64))
emb = nn.Embedding(10, 4)
e = emb(torch.randint(0, 10, (2, 3)).int())  # int32 indices are fine on 2.13
sel = torch.randn(5, 2).index_select(0, torch.tensor([0, 2], dtype=torch.int32))
logits = torch.randn(8, 5)
loss = F.cross_entropy(logits, torch.randint(0, 5, (8,)))
probs = F.softmax(torch.randn(8, 5), 1)
loss2 = F.cross_entropy(logits, probs)  # probability targets are float
acc = (logits.argmax(1) == torch.randint(0, 5, (8,))).float().mean()
x = torch.randn(3, dtype=torch.float64)
x += torch.randn(3)  # upcast in place: fine
s = torch.zeros(3)
s += torch.tensor(2.0, dtype=torch.float64)  # a 0-dim operand does not change the dtype
idx = torch.zeros(4, dtype=torch.long)
idx[0] = 2.7  # item assignment converts


def unknown(t, w):
    return t @ w
