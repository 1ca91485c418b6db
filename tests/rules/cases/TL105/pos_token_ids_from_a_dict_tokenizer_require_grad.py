"""Token saliency asked of the token ids themselves: a dict tokenizer gives ints (unknown
words map to `<unk>`), so the tensor is int64 and cannot require grad."""
import torch
from torch import nn

VOCAB = {w: i for i, w in enumerate("<pad> <unk> the movie was great boring".split())}


class DictTokenizer:
    def __init__(self, vocab, max_len):
        self.vocab, self.max_len = vocab, max_len

    def __call__(self, texts):
        rows = []
        for text in texts:
            ids = [self.vocab.get(w, self.vocab["<unk>"]) for w in text.split()][: self.max_len]
            rows.append(ids + [self.vocab["<pad>"]] * (self.max_len - len(ids)))
        return rows


tokenizer = DictTokenizer(VOCAB, 6)
ids = torch.tensor(tokenizer(["the movie was great"]), requires_grad=True)  # expect: TL105
embed = nn.Embedding(len(VOCAB), 8)
print(embed(ids).sum())
