import torch as th

w = th.zeros(5, 2, requires_grad=True)
w.normal_(0, 0.01)  # expect: TL101
v = w
v.uniform_()  # expect: TL101
