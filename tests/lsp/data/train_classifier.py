"""Train a small convolutional classifier on synthetic CIFAR-shaped data.

A realistic training script for the language-server tests and `make bench-lsp`: a config
dataclass, a Dataset, residual blocks, a training loop with warm-up, evaluation,
checkpointing and a few autograd mistakes torchlint should flag.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


@dataclass
class TrainConfig:
    epochs: int = 5
    batch_size: int = 64
    lr: float = 3e-3
    weight_decay: float = 5e-4
    warmup_steps: int = 100
    num_classes: int = 10
    width: int = 32
    depth: int = 3
    dropout: float = 0.1
    label_smoothing: float = 0.05
    grad_clip: float = 1.0
    seed: int = 0
    device: str = "cuda" if torch.cuda.is_available() else "cpu"
    out_dir: str = "checkpoints"
    milestones: list[int] = field(default_factory=lambda: [3, 4])


class SyntheticImages(Dataset):
    """Random 3x32x32 images whose label is a function of their mean colour."""

    def __init__(self, size: int, num_classes: int, seed: int = 0) -> None:
        generator = torch.Generator().manual_seed(seed)
        self.images = torch.randn(size, 3, 32, 32, generator=generator)
        colour = self.images.mean(dim=(2, 3))
        self.labels = (colour.sum(dim=1) * 7).long().remainder(num_classes)

    def __len__(self) -> int:
        return self.images.shape[0]

    def __getitem__(self, index: int) -> tuple[torch.Tensor, torch.Tensor]:
        image = self.images[index]
        if torch.rand(()) < 0.5:
            image = image.flip(-1)
        return image, self.labels[index]


class ResidualBlock(nn.Module):
    def __init__(self, channels: int, dropout: float) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)
        self.dropout = nn.Dropout2d(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = F.relu(self.bn1(self.conv1(x)))
        h = self.dropout(h)
        h = self.bn2(self.conv2(h))
        return F.relu(h + x)


class SmallResNet(nn.Module):
    def __init__(self, cfg: TrainConfig) -> None:
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, cfg.width, 3, padding=1, bias=False),
            nn.BatchNorm2d(cfg.width),
            nn.ReLU(inplace=True),
        )
        self.blocks = nn.ModuleList(
            [ResidualBlock(cfg.width, cfg.dropout) for _ in range(cfg.depth)]
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(cfg.width, cfg.num_classes)
        self.temperature = nn.Parameter(torch.ones(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.stem(x)
        for block in self.blocks:
            h = block(h)
        h = self.pool(h).flatten(1)
        return self.head(h) / self.temperature


def warmup_cosine(step: int, warmup: int, total: int) -> float:
    if step < warmup:
        return (step + 1) / warmup
    progress = (step - warmup) / max(1, total - warmup)
    return 0.5 * (1.0 + math.cos(math.pi * progress))


def accuracy(logits: torch.Tensor, labels: torch.Tensor) -> float:
    predictions = logits.argmax(dim=1)
    return (predictions == labels).float().mean().item()


def smooth_targets(labels: torch.Tensor, num_classes: int, eps: float) -> torch.Tensor:
    targets = torch.full((labels.shape[0], num_classes), eps / (num_classes - 1))
    targets.scatter_(1, labels.unsqueeze(1), 1.0 - eps)
    return targets


def soft_cross_entropy(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    log_probs = F.log_softmax(logits, dim=1)
    return -(targets * log_probs).sum(dim=1).mean()


def evaluate(model: nn.Module, loader: DataLoader, device: str) -> tuple[float, float]:
    model.eval()
    total_loss, total_acc, batches = 0.0, 0.0, 0
    with torch.no_grad():
        for images, labels in loader:
            images, labels = images.to(device), labels.to(device)
            logits = model(images)
            total_loss += F.cross_entropy(logits, labels).item()
            total_acc += accuracy(logits, labels)
            batches += 1
    model.train()
    return total_loss / max(1, batches), total_acc / max(1, batches)


def save_checkpoint(model: nn.Module, optimizer: torch.optim.Optimizer, path: str, epoch: int) -> None:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    torch.save(
        {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch},
        path,
    )


def load_checkpoint(model: nn.Module, optimizer: torch.optim.Optimizer, path: str) -> int:
    if not os.path.exists(path):
        return 0
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optimizer"])
    return int(state["epoch"]) + 1


def gradient_norm(model: nn.Module) -> float:
    total = 0.0
    for p in model.parameters():
        if p.grad is not None:
            total += p.grad.detach().pow(2).sum().item()
    return math.sqrt(total)


def calibrate_temperature(model: SmallResNet, loader: DataLoader, device: str) -> float:
    """Fit the softmax temperature on held-out data with a few steps of plain SGD."""
    temperature = torch.ones(1, requires_grad=True)
    logits_all, labels_all = [], []
    with torch.no_grad():
        for images, labels in loader:
            logits_all.append(model(images.to(device)).cpu())
            labels_all.append(labels)
    logits = torch.cat(logits_all)
    labels = torch.cat(labels_all)
    for _ in range(50):
        loss = F.cross_entropy(logits / temperature, labels)
        loss.backward()
        temperature -= 0.01 * temperature.grad
        temperature.grad.zero_()
    return temperature.item()


def feature_attribution(model: nn.Module, images: torch.Tensor) -> torch.Tensor:
    """Saliency of the predicted class with respect to the stem's output."""
    images = images.clone().requires_grad_(True)
    scaled = images * 2.0
    logits = model(scaled)
    score = logits.max(dim=1).values.sum()
    score.backward()
    return scaled.grad.abs().mean(dim=1)


def check_custom_gradient() -> bool:
    x = torch.randn(4, 3, requires_grad=True)
    w = torch.randn(3, 2, requires_grad=True)
    return torch.autograd.gradcheck(lambda a, b: (a @ b).tanh(), (x, w))


def train_one_epoch(
    model: nn.Module,
    loader: DataLoader,
    optimizer: torch.optim.Optimizer,
    scheduler: torch.optim.lr_scheduler.LambdaLR,
    cfg: TrainConfig,
    epoch: int,
) -> float:
    model.train()
    running, seen = 0.0, 0
    started = time.perf_counter()
    for step, (images, labels) in enumerate(loader):
        images = images.to(cfg.device, non_blocking=True)
        labels = labels.to(cfg.device, non_blocking=True)
        targets = smooth_targets(labels, cfg.num_classes, cfg.label_smoothing).to(cfg.device)
        logits = model(images)
        loss = soft_cross_entropy(logits, targets)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.grad_clip)
        optimizer.step()
        scheduler.step()
        running += loss.item() * images.shape[0]
        seen += images.shape[0]
        if step % 50 == 0:
            elapsed = time.perf_counter() - started
            print(
                f"epoch {epoch} step {step:4d} loss {running / seen:.4f} "
                f"lr {scheduler.get_last_lr()[0]:.2e} grad {gradient_norm(model):.3f} "
                f"({seen / max(elapsed, 1e-6):.0f} img/s)"
            )
    return running / max(1, seen)


def build_optimizer(model: nn.Module, cfg: TrainConfig) -> torch.optim.Optimizer:
    decay, no_decay = [], []
    for name, param in model.named_parameters():
        if not param.requires_grad:
            continue
        (no_decay if param.ndim <= 1 or name.endswith(".bias") else decay).append(param)
    groups = [
        {"params": decay, "weight_decay": cfg.weight_decay},
        {"params": no_decay, "weight_decay": 0.0},
    ]
    return torch.optim.AdamW(groups, lr=cfg.lr)


def manual_sgd_baseline(cfg: TrainConfig) -> float:
    """A linear probe trained by hand, kept for comparison with the full model."""
    w = torch.randn(3 * 32 * 32, cfg.num_classes, requires_grad=True)
    b = torch.zeros(cfg.num_classes, requires_grad=True)
    data = SyntheticImages(512, cfg.num_classes, seed=cfg.seed + 1)
    x = data.images.flatten(1)
    y = data.labels
    for _ in range(20):
        loss = F.cross_entropy(x @ w + b, y)
        loss.backward()
        w -= cfg.lr * w.grad
        b -= cfg.lr * b.grad
        w.grad = None
        b.grad = None
    return loss.item()


def parse_args() -> TrainConfig:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--epochs", type=int, default=TrainConfig.epochs)
    parser.add_argument("--batch-size", type=int, default=TrainConfig.batch_size)
    parser.add_argument("--lr", type=float, default=TrainConfig.lr)
    parser.add_argument("--width", type=int, default=TrainConfig.width)
    parser.add_argument("--depth", type=int, default=TrainConfig.depth)
    parser.add_argument("--out-dir", default=TrainConfig.out_dir)
    args = parser.parse_args()
    return TrainConfig(
        epochs=args.epochs,
        batch_size=args.batch_size,
        lr=args.lr,
        width=args.width,
        depth=args.depth,
        out_dir=args.out_dir,
    )


def main() -> None:
    cfg = parse_args()
    torch.manual_seed(cfg.seed)
    train_set = SyntheticImages(2048, cfg.num_classes, seed=cfg.seed)
    val_set = SyntheticImages(512, cfg.num_classes, seed=cfg.seed + 7)
    train_loader = DataLoader(train_set, batch_size=cfg.batch_size, shuffle=True, drop_last=True)
    val_loader = DataLoader(val_set, batch_size=256)
    model = SmallResNet(cfg).to(cfg.device)
    optimizer = build_optimizer(model, cfg)
    total_steps = cfg.epochs * len(train_loader)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: warmup_cosine(step, cfg.warmup_steps, total_steps)
    )
    checkpoint = os.path.join(cfg.out_dir, "last.pt")
    start_epoch = load_checkpoint(model, optimizer, checkpoint)
    best = math.inf
    for epoch in range(start_epoch, cfg.epochs):
        train_loss = train_one_epoch(model, train_loader, optimizer, scheduler, cfg, epoch)
        val_loss, val_acc = evaluate(model, val_loader, cfg.device)
        print(f"epoch {epoch}: train {train_loss:.4f} val {val_loss:.4f} acc {val_acc:.3f}")
        save_checkpoint(model, optimizer, checkpoint, epoch)
        if val_loss < best:
            best = val_loss
            save_checkpoint(model, optimizer, os.path.join(cfg.out_dir, "best.pt"), epoch)
    print("temperature", calibrate_temperature(model, val_loader, cfg.device))
    print("baseline loss", manual_sgd_baseline(cfg))
    print("gradcheck", check_custom_gradient())


if __name__ == "__main__":
    main()
