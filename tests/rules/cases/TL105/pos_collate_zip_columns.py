# A collate function transposes the samples with zip(*batch); the class ids are ints.
import torch
from torch.utils.data import DataLoader


def collate(batch):
    images, labels = zip(*batch)
    images = torch.stack(images)
    labels = torch.tensor(labels, requires_grad=True)  # expect: TL105
    return images, labels


samples = [(torch.rand(3, 8, 8), i % 10) for i in range(32)]
loader = DataLoader(samples, batch_size=4, collate_fn=collate)

for images, labels in loader:
    print(images.shape, labels)
