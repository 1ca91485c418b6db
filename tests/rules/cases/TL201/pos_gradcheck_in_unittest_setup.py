"""Unit tests of a custom kernel: the inputs are made in setUp, in single precision."""
import unittest

import torch


def rbf(x, z, lengthscale):
    return torch.exp(-0.5 * torch.cdist(x, z) ** 2 / lengthscale**2)


class TestRBF(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)
        self.x = torch.randn(5, 3, requires_grad=True)
        self.z = torch.randn(4, 3, requires_grad=True)
        self.ls = torch.tensor([0.8], requires_grad=True)

    def test_shape(self):
        self.assertEqual(rbf(self.x, self.z, self.ls).shape, (5, 4))

    def test_gradients(self):
        self.assertTrue(torch.autograd.gradcheck(rbf, (self.x, self.z, self.ls)))  # expect: TL201


if __name__ == "__main__":
    unittest.main()
