import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda")


class Tagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.rnn = nn.LSTM(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, tags)

    def forward(self, tokens):
        h0 = torch.zeros(1, tokens.size(0), self.rnn.hidden_size)
        c0 = torch.zeros(1, tokens.size(0), self.rnn.hidden_size)
        seq, _ = self.rnn(self.emb(tokens), (h0, c0))
        return self.out(seq)


lstm = nn.LSTM(8, 16, batch_first=True).to(device)
x = torch.randn(4, 5, 8, device=device)
h0 = torch.zeros(1, 4, 16)
c0 = torch.zeros(1, 4, 16)
out, _ = lstm(x, (h0, c0))  # expect: TL403

model = nn.Linear(8, 3).to(device)
criterion = nn.CrossEntropyLoss()
inputs = torch.randn(4, 8).to(device)
labels = torch.randint(0, 3, (4,))
loss = criterion(model(inputs), labels)  # expect: TL403
loss2 = F.cross_entropy(model(inputs), labels)  # expect: TL403
