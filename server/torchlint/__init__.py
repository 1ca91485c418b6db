"""torchlint: catches PyTorch autograd and dtype mistakes from the source."""

__version__ = "0.1.0"
