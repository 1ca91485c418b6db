import torch
import torch.nn as nn

model = nn.Linear(3, 1)
model.eval()
scores = []
for batch in [torch.randn(2, 3) for _ in range(5)]:
    scores.append(model(batch))  # expect: TL302
