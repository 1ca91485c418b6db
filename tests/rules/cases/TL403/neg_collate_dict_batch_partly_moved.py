"""A padding collate function gives dict batches; the trainer moves every part of them to
the GPU before forward multiplies the embeddings with the attention mask."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

PAD = 0


def collate(features):
    max_len = max(len(f["input_ids"]) for f in features)
    input_ids = torch.full((len(features), max_len), PAD, dtype=torch.long)
    attention_mask = torch.zeros(len(features), max_len)
    for row, f in enumerate(features):
        n = len(f["input_ids"])
        input_ids[row, :n] = f["input_ids"]
        attention_mask[row, :n] = 1.0
    labels = torch.tensor([f["label"] for f in features])
    return {"input_ids": input_ids, "attention_mask": attention_mask, "labels": labels}


class MeanPooled(nn.Module):
    def __init__(self, vocab=100, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=PAD)
        self.head = nn.Linear(dim, 2)

    def forward(self, input_ids, attention_mask):
        h = self.embed(input_ids) * attention_mask.unsqueeze(-1)
        return self.head(h.sum(1) / attention_mask.sum(1, keepdim=True).clamp(min=1))


def train(samples):
    device = torch.device("cuda")
    model = MeanPooled().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    for batch in DataLoader(samples, batch_size=8, collate_fn=collate):
        ids = batch["input_ids"].to(device)
        labels = batch["labels"].to(device)
        mask = batch["attention_mask"].to(device)
        loss = F.cross_entropy(model(ids, mask), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()


def train_moving_all(samples):
    device = torch.device("cuda")
    model = MeanPooled().to(device)
    for batch in DataLoader(samples, batch_size=8, collate_fn=collate):
        batch = {k: v.to(device) for k, v in batch.items()}
        logits = model(batch["input_ids"], batch["attention_mask"])
        print(logits.argmax(-1))
