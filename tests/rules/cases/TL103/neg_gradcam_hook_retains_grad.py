"""Grad-CAM with retain_grad() on the feature map kept by the forward hook: its .grad is
filled by backward."""
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU())
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        return self.head(self.features(x).mean((2, 3)))


class GradCAM:
    def __init__(self, layer):
        self.activations = None
        layer.register_forward_hook(self._save)

    def _save(self, module, inputs, output):
        self.activations = output
        output.retain_grad()

    def __call__(self, model, x, target_class):
        scores = model(x)
        scores[0, target_class].backward()
        grads = self.activations.grad
        return (grads.mean((2, 3), keepdim=True) * self.activations).sum(1)


model = Net()
cam = GradCAM(model.features)
heatmap = cam(model, torch.randn(1, 3, 16, 16), 2)
