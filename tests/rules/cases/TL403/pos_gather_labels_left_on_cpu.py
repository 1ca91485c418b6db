# The log-probability of each true label: labels were never moved to the GPU.
import torch
import torch.nn.functional as F

device = "cuda" if torch.cuda.is_available() else "cpu"
net = torch.nn.Linear(4, 3).to(device)
inputs = torch.randn(8, 4).to(device)
labels = torch.randint(0, 3, (8,))

log_probs = F.log_softmax(net(inputs), dim=1)
picked = log_probs.gather(1, labels.unsqueeze(1))  # expect: TL403
loss = -picked.mean()
loss.backward()
