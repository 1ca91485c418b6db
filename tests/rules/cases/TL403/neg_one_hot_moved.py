import torch
import torch.nn.functional as F

dev = "cuda"
W = torch.randn(10, 3, device=dev, requires_grad=True)
x = torch.randn(32, 10, device=dev)
y = torch.randint(0, 3, (32,), device=dev)
logits = x @ W
targets = F.one_hot(y, 3).float()
loss = ((logits.softmax(1) - targets) ** 2).sum(1).mean()
labels_cpu = torch.randint(0, 3, (32,))
on_gpu = F.one_hot(labels_cpu, 3).to(dev).float()
loss2 = (logits - on_gpu).pow(2).mean()
