import torch

w = torch.randn(3, requires_grad=True)
with torch.no_grad():
    loss = (w * 2).sum()
loss.backward()  # expect: TL107

pred = (w * 3).detach()
loss2 = (pred - 1).pow(2).mean()
loss2.backward()  # expect: TL107

value = (w**2).sum().item()
loss3 = torch.tensor(value)
loss3.backward()  # expect: TL107

idx = w.argmax()
idx.float().backward()  # expect: TL107

plain = torch.randn(3).sum()
plain.backward()  # expect: TL107
