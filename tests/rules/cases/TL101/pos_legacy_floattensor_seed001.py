import torch

w = torch.FloatTensor(10)
w.requires_grad = True
w.normal_()  # expect: TL101
