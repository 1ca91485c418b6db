"""Semi-supervised fine-tuning (UDA style): the clean prediction, sharpened by the
config's temperature below 1, is the target of the augmented one, and is not detached."""
import torch
import torch.nn.functional as F
from torch import nn

CFG = {"temperature": 0.8, "lambda_u": 1.0, "lr": 3e-3}


def consistency_loss(aug_logits, clean_logits, temperature):
    target = F.softmax(clean_logits / temperature, dim=-1)
    return F.kl_div(F.log_softmax(aug_logits, dim=-1), target, reduction="batchmean")  # expect: TL406


def main(cfg):
    model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 3))
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    x_lab, y_lab = torch.randn(8, 8), torch.randint(0, 3, (8,))
    x_unl = torch.randn(16, 8)
    for _ in range(2):
        opt.zero_grad()
        sup = F.cross_entropy(model(x_lab), y_lab)
        clean_logits = model(x_unl)
        aug_logits = model(x_unl + 0.1 * torch.randn_like(x_unl))
        unsup = consistency_loss(aug_logits, clean_logits, cfg["temperature"])
        (sup + cfg["lambda_u"] * unsup).backward()
        opt.step()


main(CFG)
