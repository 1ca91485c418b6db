import torch
import torch.nn as nn
import torch.nn.functional as F

num_labels = 5
classifier = nn.Linear(32, num_labels)
hidden = torch.randn(2, 7, 32)
labels = torch.randint(0, num_labels, (2, 7))
probs = F.softmax(classifier(hidden), dim=-1)
loss = nn.CrossEntropyLoss()(probs.view(-1, num_labels), labels.view(-1))  # expect: TL401
