import torch
import torch.nn as nn


def confusion_matrix(preds, labels, num_classes):
    confusion = torch.LongTensor(num_classes, num_classes)  # expect: TL404
    for p, t in zip(preds.tolist(), labels.tolist()):
        confusion[t, p] += 1
    return confusion


class Scale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.gamma = torch.Tensor(n)  # expect: TL404

    def forward(self, x):
        return x * self.gamma


print(confusion_matrix(torch.tensor([0, 1]), torch.tensor([1, 1]), 2))
print(Scale(4)(torch.ones(2, 4)))
