import torch
import torch.nn as nn

a = torch.randn(2, 3)
b = torch.randn(3, 4, dtype=torch.float64)
c = a @ b  # expect: TL402
d = torch.mm(a, b)  # expect: TL402
model = nn.Linear(3, 2)
x64 = torch.randn(5, 3).double()
y = model(x64)  # expect: TL402
ids = torch.randint(0, 10, (5, 3))
z = model(ids)  # expect: TL402
emb = nn.Embedding(10, 4)
e = emb(torch.rand(2, 3))  # expect: TL402
