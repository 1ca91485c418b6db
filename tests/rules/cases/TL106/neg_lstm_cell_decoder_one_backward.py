"""Seq2seq forecaster: the two losses are summed and backpropagated once; a GRUCell
decoder's own loss keeps the graph for the second backward."""
import torch
from torch import nn


class Seq2Seq(nn.Module):
    def __init__(self, hid=16, steps=3):
        super().__init__()
        self.steps = steps
        self.encoder = nn.LSTM(1, hid, batch_first=True)
        self.decoder = nn.LSTMCell(1, hid)
        self.proj = nn.Linear(hid, 1)
        self.recon = nn.Linear(hid, 1)

    def forward(self, src):
        _, (h, c) = self.encoder(src)
        h, c = h[0], c[0]
        recon = self.recon(h)
        step_in = src[:, -1]
        outputs = []
        for _ in range(self.steps):
            h, c = self.decoder(step_in, (h, c))
            step_in = self.proj(h)
            outputs.append(step_in)
        return torch.stack(outputs, dim=1), recon


model = Seq2Seq()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
mse = nn.MSELoss()
src, tgt = torch.randn(8, 10, 1), torch.randn(8, 3, 1)
opt.zero_grad()
pred, recon = model(src)
(mse(recon, src[:, -1]) + mse(pred, tgt)).backward()
opt.step()

cell = nn.GRUCell(1, 4)
h = cell(torch.randn(2, 1), torch.zeros(2, 4))
first, second = h.sum(), h.pow(2).sum()
first.backward(retain_graph=True)
second.backward()
print(cell.weight_ih.grad.shape)
