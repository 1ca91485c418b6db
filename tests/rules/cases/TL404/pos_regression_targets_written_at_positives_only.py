"""Anchor regression targets: only the positive anchors' rows are written."""
import torch


def build_targets(anchors, gt, iou_thr=0.5):
    iou = torch.rand(anchors.shape[0], gt.shape[0])
    best, idx = iou.max(dim=1)
    pos = best >= iou_thr
    targets = torch.FloatTensor(anchors.shape[0], 4)  # expect: TL404
    targets[pos] = gt[idx[pos]] - anchors[pos]
    return targets


anchors, gt = torch.rand(16, 4), torch.rand(3, 4)
t = build_targets(anchors, gt)
print("regression loss:", t.abs().sum().item())
