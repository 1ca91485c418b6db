import torch
import torch.nn.functional as F

content = torch.rand(1, 3, 8, 8)
generated = (content + 0.1 * torch.randn_like(content)).clone().requires_grad_(True)
x_adv = content.clone().detach().requires_grad_(True)
delta = torch.zeros_like(content).requires_grad_(True)
optimizer = torch.optim.Adam([generated, delta], lr=0.01)
for _ in range(2):
    optimizer.zero_grad()
    loss = F.mse_loss(generated, content) + ((x_adv + delta) ** 2).mean()
    loss.backward()
    optimizer.step()
print(x_adv.grad is not None, delta.grad is not None, generated.grad is not None)
