"""Character RNN with truncated BPTT: the initial state is made on the weights' device and
detached each chunk through a generator."""
import torch
from torch import nn

N_LAYERS, HIDDEN, BATCH, SEQ = 1, 16, 4, 8


class CharRNN(nn.Module):
    def __init__(self, n_vocab):
        super().__init__()
        self.embed = nn.Embedding(n_vocab, 8)
        self.lstm = nn.LSTM(8, HIDDEN, N_LAYERS, batch_first=True)
        self.fc = nn.Linear(HIDDEN, n_vocab)

    def init_hidden(self, batch_size):
        w = self.fc.weight
        h = torch.zeros(N_LAYERS, batch_size, HIDDEN, device=w.device)
        c = torch.zeros(N_LAYERS, batch_size, HIDDEN, device=w.device)
        return h, c

    def forward(self, x, hidden):
        out, hidden = self.lstm(self.embed(x), hidden)
        return self.fc(out), hidden


stream = torch.randint(0, 20, (BATCH, 40))
model = CharRNN(20)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
hidden = model.init_hidden(BATCH)
for i in range(0, 30, SEQ):
    x, y = stream[:, i : i + SEQ], stream[:, i + 1 : i + SEQ + 1]
    hidden = tuple(h.detach() for h in hidden)
    opt.zero_grad()
    logits, hidden = model(x, hidden)
    loss = nn.functional.cross_entropy(logits.reshape(-1, 20), y.reshape(-1))
    loss.backward()
    opt.step()
print(loss.item())
