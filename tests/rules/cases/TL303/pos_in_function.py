import torch


def train(model, loader, optimizer, criterion):
    total = torch.zeros(1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss  # expect: TL303
    return total.item()


lin = torch.nn.Linear(2, 1)
train(lin, [(torch.randn(4, 2), torch.randn(4, 1))], torch.optim.SGD(lin.parameters(), lr=0.1), torch.nn.MSELoss())
