"""DDPM training step with gradient accumulation, bf16 autocast and an EMA model."""
from __future__ import annotations

import contextlib
import copy
from dataclasses import dataclass
from typing import Callable, List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    dim: int = 8
    hidden: int = 32
    timesteps: int = 50
    lr: float = 1e-3
    ema_decay: float = 0.99
    accum_steps: int = 2
    micro_steps: int = 6
    batch: int = 16
    use_amp: bool = True


class Denoiser(nn.Module):
    def __init__(self, cfg: Config) -> None:
        super().__init__()
        self.register_buffer("freqs", torch.exp(-torch.arange(cfg.hidden // 2) * (4.0 / cfg.hidden)))
        self.inp = nn.Linear(cfg.dim, cfg.hidden)
        self.blocks = nn.ModuleList([nn.Sequential(nn.SiLU(), nn.Linear(cfg.hidden, cfg.hidden)) for _ in range(2)])
        self.out = nn.Linear(cfg.hidden, cfg.dim)

    def forward(self, x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        ang = t.float()[:, None] * self.freqs[None]
        h = self.inp(x) + torch.cat([ang.sin(), ang.cos()], dim=-1)
        for block in self.blocks:
            h = h + block(h)
        return self.out(h)


class EMA(nn.Module):
    def __init__(self, model: nn.Module, decay: float) -> None:
        super().__init__()
        self.decay = decay
        self.shadow = copy.deepcopy(model).requires_grad_(False)

    @torch.no_grad()
    def update(self, model: nn.Module) -> None:
        for s, p in zip(self.shadow.parameters(), model.parameters()):
            s.mul_(self.decay).add_(p, alpha=1.0 - self.decay)


class DiffusionTrainer:
    def __init__(self, cfg: Config, on_update: Optional[Callable[[int, float], None]] = None) -> None:
        self.cfg = cfg
        self.model = Denoiser(cfg)
        betas = torch.linspace(1e-4, 2e-2, cfg.timesteps)
        self.alpha_bar = torch.cumprod(1.0 - betas, dim=0)
        self.ema = EMA(self.model, cfg.ema_decay)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.on_update = on_update

    def autocast(self):
        if self.cfg.use_amp:
            return torch.autocast(device_type="cpu", dtype=torch.bfloat16)
        return contextlib.nullcontext()

    def fit(self, data: torch.Tensor) -> List[float]:
        self.model.train()
        self.opt.zero_grad(set_to_none=True)
        running, history = 0.0, []
        for micro in range(self.cfg.micro_steps):
            x0 = data[torch.randint(0, data.size(0), (self.cfg.batch,))]
            t = torch.randint(0, self.cfg.timesteps, (x0.size(0),))
            noise = torch.randn_like(x0)
            ab = self.alpha_bar[t][:, None]
            with self.autocast():
                pred = self.model(ab.sqrt() * x0 + (1 - ab).sqrt() * noise, t)
            loss = F.mse_loss(pred.float(), noise) / self.cfg.accum_steps
            loss.backward()
            running += loss.item()
            if (micro + 1) % self.cfg.accum_steps == 0:
                nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.opt.step()
                self.opt.zero_grad(set_to_none=True)
                self.ema.update(self.model)
                history.append(running)
                if self.on_update:
                    self.on_update(len(history), running)
                running = 0.0
        return history


class Evaluator:
    def __init__(self, trainer: DiffusionTrainer) -> None:
        self.trainer = trainer

    @torch.no_grad()
    def denoising_error(self, x0: torch.Tensor, use_ema: bool = True) -> float:
        model = self.trainer.ema.shadow if use_ema else self.trainer.model
        t = torch.full((x0.size(0),), self.trainer.cfg.timesteps // 2)
        ab = self.trainer.alpha_bar[t][:, None]
        noise = torch.randn_like(x0)
        return F.mse_loss(model(ab.sqrt() * x0 + (1 - ab).sqrt() * noise, t), noise).item()


if __name__ == "__main__":
    torch.manual_seed(0)
    cfg = Config()
    data = torch.randn(64, cfg.dim) * 0.5 + 1.0
    trainer = DiffusionTrainer(cfg)
    print("updates", trainer.fit(data))
    print("ema error", Evaluator(trainer).denoising_error(data[:8]))
    restored = Denoiser(cfg)
    restored.load_state_dict(trainer.ema.shadow.state_dict())
