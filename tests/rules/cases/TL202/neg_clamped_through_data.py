# Probabilities clipped in place through .data before the hand-written BCE: the logs never
# see 0 (TL108 is about the .data write itself, not this).
import torch

logits = torch.randn(4, 3, requires_grad=True)
targets = (torch.rand(4, 3) > 0.5).float()
p = torch.sigmoid(logits)
p.data.clamp_(0.05, 0.95)  # torchlint: ignore[TL108]
loss = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p)).mean()
loss.backward()
q = torch.sigmoid(logits).detach()
q.clamp_(min=1e-6)
w = torch.randn(4, 3, requires_grad=True)
r = (w * torch.log(q)) * targets
r.sum().backward()
