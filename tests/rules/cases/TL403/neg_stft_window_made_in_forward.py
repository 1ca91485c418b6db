"""A mask estimator that builds its STFT window inside forward, on the input's device."""
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
N_FFT, HOP = 64, 16


class MaskNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(N_FFT // 2 + 1, N_FFT // 2 + 1)

    def forward(self, wav):
        spec = torch.stft(wav, N_FFT, HOP, window=torch.hann_window(N_FFT, device=wav.device), return_complex=True)
        mask = torch.sigmoid(self.fc(spec.abs().transpose(1, 2)))
        return mask.transpose(1, 2) * spec


model = MaskNet().to(device)
wav = torch.randn(2, 400).to(device)
enhanced = model(wav)
print(enhanced.shape)
