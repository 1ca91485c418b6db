# Prediction written as a list comprehension: still a loop of forward passes recording
# autograd graphs.
import torch
import torch.nn as nn

VOCAB = {"<unk>": 0, "good": 1, "bad": 2, "movie": 3, "great": 4}


class SentimentModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.EmbeddingBag(len(VOCAB), 16)
        self.fc = nn.Linear(16, 2)

    def forward(self, ids):
        return self.fc(self.emb(ids.unsqueeze(0)))


def encode(text):
    return torch.tensor([VOCAB.get(w, 0) for w in text.split()])


def predict(model, texts):
    model.eval()
    probs = [torch.softmax(model(encode(t)), dim=-1) for t in texts]  # expect: TL302
    return torch.cat(probs)


print(predict(SentimentModel(), ["good movie", "bad movie", "great"]))
