import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.head = nn.Linear(8, 5)

    def forward(self, x):
        h = F.relu(self.conv(x))
        return self.head(F.adaptive_avg_pool2d(h, 1).flatten(1))


class GradCAM:
    def __init__(self, model, target_layer):
        self.model = model
        self.activations = None
        self._handle = target_layer.register_forward_hook(self._save_activation)

    def _save_activation(self, module, inputs, output):
        self.activations = output

    def remove(self):
        self._handle.remove()

    def __call__(self, x):
        self.model.zero_grad(set_to_none=True)
        logits = self.model(x)
        logits.max(dim=1).values.sum().backward()
        acts = self.activations
        grads = acts.grad  # expect: TL103
        return F.relu((grads.mean(dim=(2, 3), keepdim=True) * acts).sum(1))


model = Net().eval()
cam = GradCAM(model, model.conv)
try:
    heat = cam(torch.rand(2, 3, 16, 16))
except AttributeError:
    pass  # grads is None: `None.mean`
cam.remove()
