import torch
import torch.nn as nn
import torch.nn.functional as F


class GradCAM:
    def __init__(self, model, layer):
        self.model = model
        self.acts = None
        self._h = layer.register_forward_hook(self._keep)

    def _keep(self, module, inputs, output):
        self.acts = output

    def remove(self):
        self._h.remove()

    def __call__(self, x, cls):
        score = self.model(x)[:, cls].sum()
        score.backward(inputs=[self.acts])
        grads = self.acts.grad
        return F.relu((grads.mean(dim=(2, 3), keepdim=True) * self.acts).sum(1)).detach()


model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 2))
cam = GradCAM(model, model[0])
print(cam(torch.rand(2, 3, 8, 8), 1).shape)
cam.remove()

x = torch.randn(3, requires_grad=True)
h = x * 2
torch.autograd.backward([(h**2).sum()], inputs=[h])
print(h.grad)
