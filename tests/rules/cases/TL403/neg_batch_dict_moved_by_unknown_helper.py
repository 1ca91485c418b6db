"""A batch dict moved to the GPU in place by a library helper the analysis cannot see."""
import torch
import torch.nn as nn
from accelerate.utils import send_to_device_inplace  # a helper that moves every tensor

device = torch.device("cuda")
model = nn.Linear(6, 3).to(device)
batch = {"features": torch.randn(4, 6), "labels": torch.randint(0, 3, (4,))}
send_to_device_inplace(batch, device)
logits = model(batch["features"])
loss = nn.functional.cross_entropy(logits, batch["labels"])
