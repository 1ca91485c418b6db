# in-place modification: x = x.relu_() after sigmoid in custom loss
import torch
def my_loss(logits):
    probs = torch.sigmoid(logits)
    probs.clamp_(1e-6, 1 - 1e-6)  # expect: TL102
    return -(probs.log()).mean()
w = torch.randn(3, requires_grad=True)
my_loss(w * 2).backward()
