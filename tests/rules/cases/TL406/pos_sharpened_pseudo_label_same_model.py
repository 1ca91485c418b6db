import torch
import torch.nn as nn
import torch.nn.functional as F


class GCN(nn.Module):
    def __init__(self, d_in, d_hid, n_cls):
        super().__init__()
        self.l1 = nn.Linear(d_in, d_hid)
        self.l2 = nn.Linear(d_hid, n_cls)
        self.drop = nn.Dropout(0.5)

    def forward(self, x, adj):
        h = F.relu(adj @ self.l1(self.drop(x)))
        return adj @ self.l2(self.drop(h))


N, C = 20, 3
x = torch.randn(N, 8)
adj = torch.rand(N, N).softmax(dim=1)
y = torch.randint(0, C, (N,))
model = GCN(8, 16, C)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
T, lam = 0.5, 1.0

for epoch in range(3):
    opt.zero_grad()
    out_aug = model(x, adj * (torch.rand(N, N) > 0.3))
    out_full = model(x, adj)
    sup = F.cross_entropy(out_full, y)
    p = F.softmax(out_full / T, dim=-1)
    sharp = p / p.sum(-1, keepdim=True)
    cons = F.kl_div(F.log_softmax(out_aug, -1), sharp, reduction="batchmean")  # expect: TL406
    loss = sup + lam * cons
    loss.backward()
    opt.step()
