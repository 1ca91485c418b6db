# total loss accumulation memory leak in a function with epochs
import torch
def train_epoch(model, loader, optimizer, criterion):
    epoch_loss = 0
    for batch_x, batch_y in loader:
        optimizer.zero_grad()
        output = model(batch_x)
        loss = criterion(output, batch_y)
        loss.backward()
        optimizer.step()
        epoch_loss += loss  # expect: TL303
    return epoch_loss / len(loader)
