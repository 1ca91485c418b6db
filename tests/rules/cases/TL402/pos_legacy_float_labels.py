import torch
import torch.nn as nn

labels_list = [0, 1, 2, 1, 0, 2, 2, 1]
model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
criterion = nn.CrossEntropyLoss()
inputs = torch.randn(len(labels_list), 6)
targets = torch.FloatTensor(labels_list)
outputs = model(inputs)
loss = criterion(outputs, targets)  # expect: TL402
