"""CTC on the GPU with its targets and lengths left on the CPU: torch accepts that (cuDNN's
CTC even requires it)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.GRU(16, 32, batch_first=True).to(device)
head = nn.Linear(32, 11).to(device)
ctc = nn.CTCLoss(blank=0, zero_infinity=True)
opt = torch.optim.Adam([*model.parameters(), *head.parameters()], lr=1e-3)

feats = torch.randn(4, 20, 16).to(device)
targets = torch.randint(1, 11, (4 * 5,))
target_lengths = torch.full((4,), 5, dtype=torch.long)
out, _ = model(feats)
log_probs = F.log_softmax(head(out), dim=-1).transpose(0, 1)
input_lengths = torch.full((4,), log_probs.size(0), dtype=torch.long)
loss = ctc(log_probs, targets, input_lengths, target_lengths)
opt.zero_grad()
loss.backward()
opt.step()
