"""YOLO-style targets: an uninitialised grid written only at the cells the objects fall in
(positions rounded from their centres), then read whole by the objectness loss."""
import torch
import torch.nn.functional as F

GRID, ANCHORS = 4, 2


def build_targets(gt, batch_size):
    obj_t = torch.FloatTensor(batch_size, ANCHORS, GRID, GRID)  # expect: TL404
    for b, objs in enumerate(gt):
        for cx, cy, w, h in objs:
            gi, gj = int(cx * GRID), int(cy * GRID)
            a = 0 if w * h < 0.1 else 1
            obj_t[b, a, gj, gi] = 1.0
    return obj_t


gt = [[(0.2, 0.3, 0.1, 0.2)], [(0.7, 0.6, 0.5, 0.5), (0.1, 0.9, 0.2, 0.1)]]
pred = torch.randn(2, ANCHORS, GRID, GRID, requires_grad=True)
loss = F.binary_cross_entropy_with_logits(pred, build_targets(gt, 2))
loss.backward()
print(loss.item())
