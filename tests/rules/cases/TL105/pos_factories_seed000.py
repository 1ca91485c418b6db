import torch

x = torch.rand(256, 2, requires_grad=True)
y = torch.randint(0, 10, (256,), requires_grad=True)  # expect: TL105
z = torch.tensor([1, 2], requires_grad=True)  # expect: TL105
r = torch.arange(3, requires_grad=True)  # expect: TL105
l = torch.zeros(3, dtype=torch.long, requires_grad=True)  # expect: TL105
m = torch.tensor([True, False], requires_grad=True)  # expect: TL105
