"""Batch statistics of a hand-rolled tokenizer: the attention mask rows are lists of 1s and
0s, so the tensor is int64 and so are the lengths summed from it."""
import torch

VOCAB = {w: i for i, w in enumerate("<pad> <bos> <eos> the house is red".split())}


def tokenize(batch, max_len):
    input_ids, attention_mask = [], []
    for text in batch:
        ids = [VOCAB["<bos>"]] + [VOCAB[w] for w in text.split()] + [VOCAB["<eos>"]]
        ids = ids[:max_len]
        pad = max_len - len(ids)
        input_ids.append(ids + [VOCAB["<pad>"]] * pad)
        attention_mask.append([1] * len(ids) + [0] * pad)
    return {"input_ids": torch.tensor(input_ids), "attention_mask": torch.tensor(attention_mask)}


enc = tokenize(["the house is red", "the house"], max_len=8)
lengths = enc["attention_mask"].sum(dim=1)
print(lengths.mean().item())  # expect: TL402
