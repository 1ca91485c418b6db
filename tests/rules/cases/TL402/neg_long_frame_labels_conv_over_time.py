# The same frame labels made int64 before the loss: class indices.
import torch
import torch.nn.functional as F
from torch import nn

PHONES = {"sil": 0, "ah": 1, "k": 2}


def frame_labels(alignment, n_frames, hop=4):
    labels = torch.zeros(n_frames)
    for start, end, phone in alignment:
        labels[start // hop : end // hop + 1] = PHONES[phone]
    return labels.long()


class FrameClassifier(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.conv = nn.Conv1d(n_in, 16, 5, padding=2)
        self.out = nn.Linear(16, n_out)

    def forward(self, feats):
        h = F.relu(self.conv(feats.t().unsqueeze(0)))[0].t()
        return self.out(h)


model = FrameClassifier(10, len(PHONES))
feats = torch.randn(12, 10)
labels = frame_labels([(0, 16, "sil"), (17, 47, "ah")], 12)
loss = F.cross_entropy(model(feats), labels)
loss.backward()
