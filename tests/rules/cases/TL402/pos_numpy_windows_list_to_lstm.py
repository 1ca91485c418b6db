"""Price forecasting: sliding windows cut from a float64 NumPy series into lists, stacked with
np.array and wrapped in a TensorDataset without a dtype conversion."""
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

rng = np.random.default_rng(0)
prices = 100 * np.exp(np.cumsum(rng.normal(0.0005, 0.01, size=200)))
scaled = (prices - prices.min()) / (prices.max() - prices.min())


def create_sequences(values, lookback):
    xs, ys = [], []
    for i in range(len(values) - lookback):
        xs.append(values[i : i + lookback])
        ys.append(values[i + lookback])
    return np.array(xs)[..., None], np.array(ys)[:, None]


class PriceLSTM(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(input_size=1, hidden_size=16, batch_first=True)
        self.linear = nn.Linear(16, 1)

    def forward(self, x):
        _, (h_n, _) = self.lstm(x)
        return self.linear(h_n[-1])


X, y = create_sequences(scaled, 20)
loader = DataLoader(TensorDataset(torch.from_numpy(X), torch.from_numpy(y)), batch_size=32)
model = PriceLSTM()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for xb, yb in loader:
    opt.zero_grad()
    pred = model(xb)  # expect: TL402
    nn.functional.mse_loss(pred, yb).backward()
    opt.step()
