"""Sliding-window inference on the GPU, stitched into accumulators kept in host memory."""
import torch
from torch import nn

DEVICE = "cuda"


class Stitcher:
    def __init__(self, classes, length):
        self.acc = torch.zeros(classes, length)
        self.cnt = torch.zeros(1, length)

    def add(self, probs, start, width):
        window = (slice(None), slice(start, start + width))
        self.acc[window] += probs  # expect: TL403
        self.cnt[window] += 1

    def result(self):
        return self.acc / self.cnt.clamp_min(1)


@torch.no_grad()
def infer(model, signal, width=16, step=8):
    model.eval()
    stitch = Stitcher(3, signal.shape[-1])
    x = signal.to(DEVICE)
    for start in range(0, signal.shape[-1] - width + 1, step):
        probs = model(x[:, :, start:start + width]).softmax(1)[0]
        stitch.add(probs, start, width)
    return stitch.result()


model = nn.Sequential(nn.Conv1d(1, 8, 3, padding=1), nn.ReLU(), nn.Conv1d(8, 3, 1)).to(DEVICE)
print(infer(model, torch.randn(1, 1, 64)).shape)
