"""Task ids for a multi-task dataset, built as a Python list of ints."""
import torch
from torch.utils.data import TensorDataset


def build(n_tasks=3, per_task=4):
    xs, task_ids = [], []
    for t in range(n_tasks):
        xs.append(torch.randn(per_task, 5))
        task_ids += [t] * per_task
    return torch.cat(xs), task_ids


x, ids = build()
task_tensor = torch.tensor(ids, requires_grad=True)  # expect: TL105
data = TensorDataset(x, task_tensor)
