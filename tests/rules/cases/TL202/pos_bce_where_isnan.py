# NaN in log
import torch
import torch.nn.functional as F
def bce(pred, target):
    loss = -(target * torch.log(pred) + (1 - target) * torch.log(1 - pred))
    return torch.where(torch.isnan(loss), torch.zeros_like(loss), loss).mean()  # expect: TL202
p = torch.sigmoid(torch.randn(5, requires_grad=True))
t = torch.randint(0, 2, (5,)).float()
bce(p, t).backward()
