# The same head used on batches, and an Upsample given a single map with a batch made first.
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
        logits = head.proj(feature_map.unsqueeze(0))
        return head.up(logits)[0].argmax(0)


head = SegHead(16, 4).eval()
batch_masks = head(torch.rand(2, 16, 32, 32)).argmax(1)
mask = predict(head, torch.rand(16, 32, 32))
resize = nn.Upsample(scale_factor=2, mode="linear")
longer = resize(torch.rand(3, 20, 20))  # (N, C, L): a 1-D signal resized along its length
