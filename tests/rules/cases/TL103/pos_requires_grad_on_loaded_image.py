"""Saliency on an image from a loader defined elsewhere: the image is made to require grad,
but the gradient is read on the normalised batch computed from it."""
import torch

mean = torch.tensor([0.485, 0.456, 0.406]).view(3, 1, 1)
std = torch.tensor([0.229, 0.224, 0.225]).view(3, 1, 1)
img = load_image(path)
img.requires_grad_()
x = ((img - mean) / std).unsqueeze(0)
scores = net(x)
scores[0, scores.argmax()].backward()
saliency = x.grad.abs().amax(dim=1)  # expect: TL103
