# Everything joined, selected or gathered on one device; 0-dim CPU fills mix freely.
import torch
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
feats = torch.randn(4, 6, device=device)
extra = torch.randn(4, 2).to(device)
joined = torch.cat([feats, extra], dim=1)
stacked = torch.stack((feats[:, :2], extra))
masked = torch.where(joined > 0, joined, torch.tensor(0.0))
labels = torch.randint(0, 6, (4,), device=device)
picked = F.log_softmax(feats, 1).gather(1, labels.unsqueeze(1))
rows = torch.index_select(joined, 0, torch.arange(2, device=joined.device))
pieces = [torch.zeros(2, 2), torch.ones(2, 2)]
print(joined.shape, stacked.shape, masked.sum(), picked.sum(), rows.shape, torch.cat(pieces).sum())
