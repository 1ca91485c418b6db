# The same spectrogram resized as a batch of one.
import torch
from torch.nn.functional import interpolate


def log_spec(wave, n_fft=128, hop=32):
    spec = torch.stft(wave, n_fft, hop_length=hop, window=torch.hann_window(n_fft), return_complex=True)
    return spec.abs().add(1e-6).log()


class Resize:
    def __init__(self, target=(64, 96)):
        self.target = target

    def __call__(self, wave):
        spec = log_spec(wave)[None, None]
        return interpolate(spec, size=self.target, mode="bilinear")[0]


clips = [torch.randn(16000 // 4 + 500 * i) for i in range(3)]
specs = [Resize()(c) for c in clips]
