"""API mistakes: softmax before cross-entropy, dtypes, devices, legacy API, interpolate, targets."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

# TL401: CrossEntropyLoss applies log_softmax itself.
logits = torch.randn(8, 4, requires_grad=True)
labels = torch.randint(0, 4, (8,))
criterion = nn.CrossEntropyLoss()
loss = criterion(F.softmax(logits, dim=1), labels)

# TL402: float32 @ float64, and an int32 class-index target.
feats = torch.randn(8, 16)
proj = torch.randn(16, 4, dtype=torch.float64)
scores = feats @ proj
ce = F.cross_entropy(logits, labels.int())

# TL403: CPU and CUDA tensors in one op.
on_gpu = torch.randn(3, device="cuda")
mixed = on_gpu + torch.randn(3)

# TL404: Variable(volatile=True) does nothing; FloatTensor(n) is uninitialised memory.
v = Variable(torch.randn(3), volatile=True)
buf = torch.FloatTensor(10)
print(buf.mean())

# TL405: interpolate needs a batch dimension.
image = torch.rand(3, 32, 32)
bigger = F.interpolate(image, size=(64, 64), mode="bilinear")

# TL406: the teacher's output as a target still requires grad.
teacher = nn.Linear(16, 4)
student = nn.Linear(16, 4)
distill = F.mse_loss(student(feats), teacher(feats))
