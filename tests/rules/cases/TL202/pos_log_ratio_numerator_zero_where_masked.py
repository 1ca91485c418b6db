"""Per-class log precision with the class counts made safe by a first where: the true
positives are 0 exactly where the count is, so the log still meets 0 at the positions the
outer where discards, and the gradient there is 0 * inf = NaN."""
import torch
import torch.nn.functional as F

scores = torch.randn(8, 5, requires_grad=True)
targets = torch.tensor([0, 1, 1, 2, 2, 2, 0, 1])  # classes 3 and 4 never occur
hits = (scores.softmax(-1) * F.one_hot(targets, 5).float()).sum(0)
counts = torch.bincount(targets, minlength=5).float()
seen = counts > 0
counts_safe = torch.where(seen, counts, torch.ones_like(counts))
log_prec = torch.where(seen, torch.log(hits / counts_safe), torch.zeros_like(hits))  # expect: TL202
(-log_prec.sum()).backward()
assert torch.isnan(scores.grad).any()
