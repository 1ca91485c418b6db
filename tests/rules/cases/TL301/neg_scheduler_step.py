import torch

w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2)
for step in range(4):
    opt.zero_grad()
    loss = (w * w).sum()
    loss.backward()
    opt.step()
    sched.step()
print("ok")
