# CUDA out of memory during validation
import torch
import torch.nn as nn

def validate(model, val_loader, criterion):
    model.eval()
    val_loss = 0
    for inputs, targets in val_loader:
        inputs, targets = inputs.cuda(), targets.cuda()
        outputs = model(inputs)  # expect: TL302
        loss = criterion(outputs, targets)
        val_loss += loss
    return val_loss / len(val_loader)
