"""A batch kept in a dict, every tensor moved to the GPU."""
import torch
import torch.nn as nn

device = torch.device("cuda")
model = nn.Linear(6, 3).to(device)


def make_batch(n=4):
    return {"features": torch.randn(n, 6), "labels": torch.randint(0, 3, (n,))}


batch = make_batch()
batch["features"] = batch["features"].to(device)
batch["labels"] = batch["labels"].to(device)
logits = model(batch["features"])
loss = nn.functional.cross_entropy(logits, batch["labels"])
