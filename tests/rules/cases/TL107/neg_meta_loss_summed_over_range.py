# The same meta loss with the query prediction recorded: the sum has a graph to go back
# through.
import torch
import torch.nn.functional as F

weights = [torch.randn(3, 1, requires_grad=True)]
meta_opt = torch.optim.Adam(weights, lr=1e-3)
n_tasks = 4
for it in range(3):
    meta_opt.zero_grad()
    meta_loss = 0.0
    for _ in range(n_tasks):
        xq, yq = torch.randn(5, 3), torch.randn(5, 1)
        pred_q = xq @ weights[0]
        meta_loss = meta_loss + F.mse_loss(pred_q, yq)
    meta_loss = meta_loss / n_tasks
    meta_loss.backward()
    meta_opt.step()
