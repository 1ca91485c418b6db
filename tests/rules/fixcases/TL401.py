import torch
import torch.nn.functional as F

logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 0])
loss = F.cross_entropy(F.softmax(logits, dim=1), target)
reference = F.cross_entropy(logits.detach(), target)
assert torch.allclose(loss, reference), f"softmax applied twice: {loss.item()} != {reference.item()}"
