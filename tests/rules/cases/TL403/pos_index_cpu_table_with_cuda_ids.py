# A loss module's plain tensor attribute is not moved by `.to(device)`; indexing it with
# the batch's CUDA ids raises.
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda")


class LogQLoss(nn.Module):
    def __init__(self, counts):
        super().__init__()
        self.log_q = torch.log(counts.float() / counts.sum())

    def forward(self, logits, ids):
        logits = logits - self.log_q[ids].unsqueeze(0)  # expect: TL403
        return F.cross_entropy(logits, torch.arange(logits.size(0), device=logits.device))


counts = torch.randint(1, 100, (50,))
loss_fn = LogQLoss(counts).to(device)
ids = torch.randint(0, 50, (8,), device=device)
logits = torch.randn(8, 8, device=device, requires_grad=True)
loss_fn(logits, ids).backward()
