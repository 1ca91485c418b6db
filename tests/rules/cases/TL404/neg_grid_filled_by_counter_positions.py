"""Uninitialised grids filled cell by cell with positions from a loop counter (rounded
row and column of a range index, an enumerate index): every cell is written."""
import math
import torch

H, W = 4, 5
values = torch.rand(H * W)
grid = torch.FloatTensor(H, W)
for i in range(H * W):
    row, col = int(i // W), i % W
    grid[row, col] = values[i]
print(grid.sum().item())

heat = torch.FloatTensor(H, W)
for k, v in enumerate(values):
    heat[math.floor(k / W), k % W] = v
print(heat.mean().item())
