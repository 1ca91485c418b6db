# The same collate over soft targets: the second field is a float, so the tensor can
# require grad (a learnable label smoothing, say).
import torch
from torch.utils.data import DataLoader


def collate(batch):
    images, targets = zip(*batch)
    images = torch.stack(images)
    targets = torch.tensor(targets, requires_grad=True)
    return images, targets


samples = [(torch.rand(3, 8, 8), 0.1 * (i % 10)) for i in range(32)]
loader = DataLoader(samples, batch_size=4, collate_fn=collate)

for images, targets in loader:
    print(images.shape, targets.dtype)
