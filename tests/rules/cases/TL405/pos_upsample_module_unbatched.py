# A segmentation head's upsampler is a module; predict() feeds it one (C, H, W) map.
import torch
import torch.nn as nn


class SegHead(nn.Module):
    def __init__(self, channels: int, classes: int, out_size=(128, 128)):
        super().__init__()
        self.proj = nn.Conv2d(channels, classes, kernel_size=1)
        self.up = nn.UpsamplingBilinear2d(size=out_size)

    def forward(self, feats):
        return self.up(self.proj(feats))


def predict(head: SegHead, feature_map: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        logits = head.proj(feature_map)
        return head.up(logits).argmax(0)  # expect: TL405


head = SegHead(16, 4).eval()
single = torch.rand(16, 32, 32)
mask = predict(head, single)
resize = nn.Upsample(scale_factor=(2, 2), mode="nearest")
bigger = resize(torch.rand(3, 20, 20))  # expect: TL405
