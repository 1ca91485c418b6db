"""One encoder class built twice: with an embedding for token ids and with a linear layer
for float features (the second must not be taken for a copy of the first)."""
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, idim, input_layer="linear"):
        super().__init__()
        if input_layer == "linear":
            self.embed = nn.Linear(idim, 8)
        elif input_layer == "embed":
            self.embed = nn.Embedding(idim, 8)
        else:
            self.embed = None

    def forward(self, x):
        if self.embed is not None:
            x = self.embed(x)
        return x


tokens = Encoder(10, input_layer="embed")
features = Encoder(10, input_layer="linear")
print(tokens(torch.randint(0, 10, (2, 5))).shape)
print(features(torch.randn(2, 5, 10)).shape)
