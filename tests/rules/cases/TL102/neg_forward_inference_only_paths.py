"""Inference-only paths of model heads (YOLO-style decoding, thresholds, eval branches):
training never runs them, so their in-place writes break no backward."""

import torch
import torch.nn as nn


class Detect(nn.Module):
    """YOLOv8-style head: in training the raw maps are returned; decoding is inference-only."""

    def __init__(self, nc=4, ch=8):
        super().__init__()
        self.nc = nc
        self.no = nc + 4
        self.cv = nn.Conv2d(ch, self.no, 1)
        self.stride = torch.tensor([8.0])

    def forward(self, x):
        x = self.cv(x)
        if self.training:
            return x
        y = x.flatten(2).sigmoid()
        y[:, :2] *= self.stride
        y[:, 2:4] = y[:, 2:4] * 2
        return y


class Detect5(nn.Module):
    """YOLOv5 Detect: decoding under `if not self.training`, result picked by a conditional."""

    def __init__(self, nc=4, ch=8):
        super().__init__()
        self.no = nc + 5
        self.m = nn.Conv2d(ch, self.no, 1)

    def forward(self, x):
        x = self.m(x)
        bs, _, ny, nx = x.shape
        x = x.view(bs, 1, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
        z = []
        if not self.training:
            y = x.sigmoid()
            y[..., 0:2] = y[..., 0:2] * 2 - 0.5
            z.append(y.view(bs, -1, self.no))
        return x if self.training else torch.cat(z, 1)


class EarlyReturnEval(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x, targets=None):
        logits = self.fc(x)
        if targets is not None:
            return nn.functional.cross_entropy(logits, targets)
        probs = logits.softmax(-1)
        probs[probs < 0.05] = 0.0
        return probs


class TrainingFalseCompare(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        out = torch.sigmoid(self.fc(x))
        if self.training is False:
            out.mul_(100).round_()
        return out


class ElseOfTraining(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        out = torch.sigmoid(self.fc(x))
        if self.training:
            pass
        elif out.dim() == 2:
            out.clamp_(0.1, 0.9)
        return out


class TrainingLocal(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        training = self.training
        out = torch.sigmoid(self.fc(x))
        if not training:
            out.clamp_(0.1, 0.9)
        return out


class InferenceFlag(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)
        self.export = False

    def forward(self, x):
        out = torch.softmax(self.fc(x), dim=-1)
        if self.export:
            out.clamp_(min=1e-6)
        return out


class TrainingOrNot(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        out = torch.sigmoid(self.fc(x))
        if not (self.training or torch.is_grad_enabled()):
            out.clamp_(0.1, 0.9)
        return out


class NoGradEval(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)

    def forward(self, x):
        out = torch.sigmoid(self.fc(x))
        if not torch.is_grad_enabled():
            out.clamp_(0.1, 0.9)
        return out


class ThresholdHead(nn.Module):
    def __init__(self, d=8, n=4):
        super().__init__()
        self.fc = nn.Linear(d, n)
        self.threshold = 0.5

    def forward(self, x):
        out = torch.sigmoid(self.fc(x))
        if not self.training:
            out = self.binarize(out)
        return out

    def binarize(self, p):
        p[p < self.threshold] = 0.0
        p[p >= self.threshold] = 1.0
        return p


def decode(y, stride):
    y[..., 0:2] = y[..., 0:2] * 2 * stride
    return y


class DecodeHead(nn.Module):
    def __init__(self, d=8, n=4):
        super().__init__()
        self.fc = nn.Linear(d, n)

    def forward(self, x):
        y = self.fc(x).sigmoid()
        if self.training:
            return y
        else:
            return decode(y, 8)


class IfExpHead(nn.Module):
    def __init__(self, d=8, n=4, stride=8.0):
        super().__init__()
        self.fc = nn.Linear(d, n)
        self.stride = stride

    def _decode(self, y):
        y[:, :2] *= self.stride
        return y

    def forward(self, x):
        y = self.fc(x).sigmoid()
        return y if self.training else self._decode(y)
