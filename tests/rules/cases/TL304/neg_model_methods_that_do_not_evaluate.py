"""Model methods that make state, return weights, or switch to eval themselves (review reproducer)."""
import torch
import torch.nn as nn


class RNNModel(nn.Module):
    def __init__(self, ntoken=100, nhid=32):
        super().__init__()
        self.drop = nn.Dropout(0.5)
        self.encoder = nn.Embedding(ntoken, nhid)
        self.rnn = nn.LSTM(nhid, nhid)
        self.decoder = nn.Linear(nhid, ntoken)
        self.nhid = nhid

    def forward(self, x, hidden):
        emb = self.drop(self.encoder(x))
        out, hidden = self.rnn(emb, hidden)
        return self.decoder(self.drop(out)), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        return (weight.new_zeros(1, bsz, self.nhid), weight.new_zeros(1, bsz, self.nhid))

    def embeddings(self):
        return self.encoder.weight

    def predict(self, x, hidden):
        was_training = self.training
        self.eval()
        out, hidden = self(x, hidden)
        self.train(was_training)
        return out.argmax(-1)


model = RNNModel()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
crit = nn.CrossEntropyLoss()
model.train()
for step in range(3):
    x = torch.randint(0, 100, (5, 4))
    hidden = model.init_hidden(4)
    out, _ = model(x, hidden)
    loss = crit(out.view(-1, 100), x.view(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()

with torch.no_grad():
    emb = model.embeddings()
    norms = emb.norm(dim=1)
    hidden = model.init_hidden(1)
    pred = model.predict(torch.randint(0, 100, (5, 1)), hidden)
print(norms.shape, pred.shape)


def evaluate():
    hidden = model.init_hidden(1)
    preds = model.predict(torch.randint(0, 100, (5, 1)), hidden)
    return preds
