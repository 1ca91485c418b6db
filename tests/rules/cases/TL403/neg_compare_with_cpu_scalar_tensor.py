"""Comparisons of CUDA tensors with 0-dim CPU tensors, which torch allows (review reproducer)."""
import numpy as np
import torch


def run(scores, margin, stats):
    scores = torch.rand(16, device="cuda")
    m = torch.tensor(margin)
    a = torch.as_tensor(margin)
    b = torch.from_numpy(np.array(0.5))
    c = torch.zeros(())
    d = torch.full((), 0.5)
    e = torch.tensor(stats).mean()
    f = torch.tensor([0.5, 0.2]).max()
    g = torch.tensor(np.float32(0.3))
    h = torch.tensor(stats["thr"])
    r1 = scores > m
    r2 = scores > a
    r3 = scores > b
    r4 = scores > c
    r5 = scores > d
    r6 = scores > e
    r7 = scores > f
    r8 = scores > g
    r9 = scores > h
    r10 = scores.eq(m)
    r11 = m == scores
    r12 = scores.add(b)
    return r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12
