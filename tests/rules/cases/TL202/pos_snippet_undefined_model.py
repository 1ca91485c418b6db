import torch
import torch.nn.functional as F


def pairwise_contrastive_loss(emb, labels, margin=0.5):
    n = emb.size(0)
    diff = emb.unsqueeze(1) - emb.unsqueeze(0)
    off_diag = ~torch.eye(n, dtype=torch.bool, device=emb.device)
    dist = torch.sqrt((diff**2).sum(-1))[off_diag]  # expect: TL202
    return F.relu(margin - dist).pow(2).mean()


# `model`, `optimizer`, `args` and `train_loader` come from the rest of the question's code
for epoch in range(args.epochs):
    for images, labels in train_loader:
        emb = F.normalize(model(images), dim=1)
        loss = pairwise_contrastive_loss(emb, labels, margin=args.margin)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
