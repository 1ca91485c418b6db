import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
W = torch.randn(10, 5, requires_grad=True) * 0.01  # expect: TL104
b = torch.zeros(5, requires_grad=True).to(torch.float64)  # expect: TL104
optimizer = torch.optim.SGD([W, b], lr=0.1)
