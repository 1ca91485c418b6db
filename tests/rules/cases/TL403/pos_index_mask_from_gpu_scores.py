# A boolean mask computed on the GPU picks rows of an anchor table kept on the CPU.
import torch


def select_anchors(anchors, scores, thresh=0.5):
    keep = scores > thresh
    return anchors[keep]  # expect: TL403


anchors = torch.rand(100, 4)
scores = torch.rand(100).cuda()
print(select_anchors(anchors, scores).shape)
