import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
lstm = nn.LSTM(8, 16, batch_first=True).to(device)
x = torch.randn(4, 5, 8, device=device)
h0 = torch.zeros(1, 4, 16, device=device)
c0 = torch.zeros(1, 4, 16, device=device)
out, (hn, cn) = lstm(x, (h0, c0))
out, _ = lstm(x, (hn.detach(), cn.detach()))
gru = nn.GRU(8, 16)
seq, h = gru(torch.randn(5, 4, 8), torch.zeros(1, 4, 16))

model = nn.Linear(8, 3).to(device)
criterion = nn.CrossEntropyLoss()
inputs = torch.randn(4, 8).to(device)
labels = torch.randint(0, 3, (4,)).to(device)
loss = criterion(model(inputs), labels) + F.cross_entropy(model(inputs), labels)
cpu_model = nn.Linear(8, 1)
mse = F.mse_loss(cpu_model(torch.randn(4, 8)), torch.randn(4, 1))
scalar_target = F.mse_loss(cpu_model(torch.randn(4, 8)).mean(), torch.tensor(0.5))
(loss + mse + scalar_target).backward()
