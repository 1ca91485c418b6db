import torch


def get_epsilon(model_output, sample, kind):
    if kind == "epsilon":
        return model_output
    elif kind == "sample":
        return (sample - 0.5 * model_output) / 0.5
    return model_output * 2


noise = torch.randn(4)
sample = torch.randn(4)
for step in range(10):
    var = noise.detach().clone().requires_grad_()
    eps = get_epsilon(var, sample, "sample")
    loss = (eps**2).mean()
    loss.backward()
    noise = noise - 0.1 * var.grad
