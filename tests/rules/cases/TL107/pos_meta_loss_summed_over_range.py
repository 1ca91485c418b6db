# MAML-style meta loss summed over a fixed number of tasks, each query prediction taken
# under no_grad: the sum starts as 0.0 and never gets a graph.
import torch
import torch.nn.functional as F

weights = [torch.randn(3, 1, requires_grad=True)]
meta_opt = torch.optim.Adam(weights, lr=1e-3)
for it in range(3):
    meta_opt.zero_grad()
    meta_loss = 0.0
    for _ in range(4):
        xq, yq = torch.randn(5, 3), torch.randn(5, 1)
        with torch.no_grad():
            pred_q = xq @ weights[0]
        meta_loss = meta_loss + F.mse_loss(pred_q, yq)
    meta_loss = meta_loss / 4
    meta_loss.backward()  # expect: TL107
    meta_opt.step()
