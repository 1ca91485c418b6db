import torch
from unet import UNet


def dice_loss(pred, target, eps=1e-6):
    inter = (pred * target).sum(dim=(1, 2))
    union = pred.sum(dim=(1, 2)) + target.sum(dim=(1, 2))
    return 1 - ((2 * inter + eps) / (union + eps)).mean()


model = UNet(n_channels=3, n_classes=2).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

for epoch in range(args.epochs):
    model.train()
    for imgs, masks in train_loader:
        imgs, masks = imgs.to(device), masks.to(device)
        logits = model(imgs)
        pred = logits.argmax(dim=1).float()
        loss = dice_loss(pred, masks.float())
        optimizer.zero_grad()
        loss.backward()  # expect: TL107
        optimizer.step()


def validate(net, val_dl):
    for step, (x, y) in enumerate(val_dl):
        hard = net(x).argmax(1).float()
        (hard - y).abs().mean().backward()  # expect: TL107
