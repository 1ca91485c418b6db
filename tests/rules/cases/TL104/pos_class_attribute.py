import torch


class Model:
    def __init__(self):
        self.w = torch.randn(4, 4, requires_grad=True).cuda()  # expect: TL104
        self.opt = torch.optim.Adam([self.w])
