"""The same saliency, read on the image that was made to require grad."""
import torch

mean = torch.tensor([0.485, 0.456, 0.406]).view(3, 1, 1)
std = torch.tensor([0.229, 0.224, 0.225]).view(3, 1, 1)
img = load_image(path)
img.requires_grad_()
x = ((img - mean) / std).unsqueeze(0)
scores = net(x)
scores[0, scores.argmax()].backward()
saliency = img.grad.abs().amax(dim=0)
