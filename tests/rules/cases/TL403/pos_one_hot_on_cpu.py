# Labels sampled on the CPU, one-hot encoded and compared with CUDA outputs
import torch
import torch.nn.functional as F

dev = "cuda"
W = torch.randn(10, 3, device=dev, requires_grad=True)
x = torch.randn(32, 10, device=dev)
y = torch.randint(0, 3, (32,))
logits = x @ W
targets = F.one_hot(y, 3).float()
loss = ((logits.softmax(1) - targets) ** 2).sum(1).mean()  # expect: TL403
