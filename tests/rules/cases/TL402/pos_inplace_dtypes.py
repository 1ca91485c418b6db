import torch

steps = torch.zeros(4, dtype=torch.long)
steps += 1.5  # expect: TL402
acc = torch.zeros(3)
update = torch.randn(3, dtype=torch.float64)
acc += update  # expect: TL402
