# A pytest-style check of the output shape in a script: a fresh model in training mode is
# what the assertion is about, not an evaluation.
import torch
import torch.nn as nn


def build_model():
    return nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.Dropout(0.1), nn.Linear(8, 2))


def test_output_shape():
    model = build_model()
    x = torch.randn(5, 4)
    assert model(x).shape == (5, 2)


def train():
    model = build_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        opt.zero_grad()
        model(torch.randn(8, 4)).pow(2).mean().backward()
        opt.step()
    return model


if __name__ == "__main__":
    test_output_shape()
    train()
