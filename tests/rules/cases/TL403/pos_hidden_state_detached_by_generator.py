"""Character RNN with truncated BPTT: the initial state is hard-coded on the GPU, detached
each chunk through a generator, and fed to an LSTM left on the CPU."""
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
        h = torch.zeros(N_LAYERS, batch_size, HIDDEN, device="cuda")
        c = torch.zeros(N_LAYERS, batch_size, HIDDEN, device="cuda")
        return h, c

    def forward(self, x, hidden):
        out, hidden = self.lstm(self.embed(x), hidden)  # expect: TL403
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
    nn.functional.cross_entropy(logits.reshape(-1, 20), y.reshape(-1)).backward()
    opt.step()
