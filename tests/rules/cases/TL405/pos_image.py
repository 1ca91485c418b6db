import torch
import torch.nn.functional as F
from torchvision.io import read_image

img = torch.rand(3, 32, 32)
up = F.interpolate(img, size=(64, 64))  # expect: TL405
up2 = F.interpolate(img, scale_factor=(2, 2))  # expect: TL405
up3 = F.interpolate(img, scale_factor=2, mode="bilinear")  # expect: TL405
photo = read_image("cat.png")
small = F.interpolate(photo.float(), scale_factor=0.5)  # expect: TL405
