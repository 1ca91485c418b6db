import torch
import torch.nn.functional as F
from unet import UNet


def dice_loss(pred, target, eps=1e-6):
    inter = (pred * target).sum(dim=(1, 2))
    union = pred.sum(dim=(1, 2)) + target.sum(dim=(1, 2))
    return 1 - ((2 * inter + eps) / (union + eps)).mean()


model = UNet(n_channels=3, n_classes=2).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

for imgs, masks in train_loader:
    probs = F.softmax(model(imgs), dim=1)[:, 1]
    loss = dice_loss(probs, masks.float())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

# A "loader" the file defines itself, yielding tensors that require grad: not a DataLoader.
loader = [(torch.randn(2, 3, requires_grad=True), torch.randn(2))]
for x, y in loader:
    (x * y.unsqueeze(1)).sum().backward()
