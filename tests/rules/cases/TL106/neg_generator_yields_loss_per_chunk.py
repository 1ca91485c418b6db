"""Truncated backprop through a generator: each chunk's loss is made when the loop asks for
it, with a graph of its own, and backpropagated once; the state is detached between chunks."""
import torch
import torch.nn as nn
import torch.nn.functional as F

rnn = nn.GRU(4, 16, batch_first=True)
head = nn.Linear(16, 4)
opt = torch.optim.Adam([*rnn.parameters(), *head.parameters()], lr=1e-3)


def chunk_losses(seq, chunk):
    state = None
    for start in range(0, seq.size(1) - 1, chunk):
        inp = seq[:, start : start + chunk]
        tgt = seq[:, start + 1 : start + chunk + 1].argmax(-1)
        inp = inp[:, : tgt.size(1)]
        out, state = rnn(inp, state)
        yield F.cross_entropy(head(out).reshape(-1, 4), tgt.reshape(-1))
        state = state.detach()


seq = torch.randn(2, 20, 4)
opt.zero_grad()
for i, loss in enumerate(chunk_losses(seq, 5)):
    loss.backward()
opt.step()
