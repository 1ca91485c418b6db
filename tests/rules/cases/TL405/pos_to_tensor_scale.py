# upsample image
import torch
import torch.nn.functional as F
from PIL import Image
import torchvision.transforms.functional as TF
img = TF.to_tensor(Image.open("x.png"))
big = F.interpolate(img, scale_factor=2)  # expect: TL405
