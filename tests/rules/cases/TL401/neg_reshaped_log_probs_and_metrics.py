import torch
import torch.nn as nn
import torch.nn.functional as F

num_labels = 5
classifier = nn.Linear(32, num_labels)
hidden = torch.randn(2, 7, 32)
labels = torch.randint(0, num_labels, (2, 7))
logits = classifier(hidden)
log_probs = F.log_softmax(logits, dim=-1)
loss = F.nll_loss(log_probs.view(-1, num_labels), labels.view(-1))
loss = loss + nn.CrossEntropyLoss()(logits.reshape(-1, num_labels), labels.reshape(-1))
probs = F.softmax(logits, dim=-1).view(-1, num_labels)
accuracy = (probs.argmax(-1) == labels.view(-1)).float().mean()
loss.backward()
