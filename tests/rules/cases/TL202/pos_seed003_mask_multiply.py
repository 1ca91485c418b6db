import torch


def loss_function(x):
    mask = (x < 0.003).float()
    gamma_x = mask * 12.9 * x + (1 - mask) * (x**0.5)  # expect: TL202
    loss = torch.mean((x - gamma_x) ** 2)
    return loss


def zero_times(x):
    gamma_x = 0 * x**0.5  # expect: TL202
    return torch.mean((x - gamma_x) ** 2)


x = torch.tensor([0, 0.0025, 0.5, 0.8, 1], requires_grad=True)
loss = loss_function(x)
loss.backward()
print(x.grad)
loss2 = zero_times(x)
