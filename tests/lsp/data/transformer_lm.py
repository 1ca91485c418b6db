"""A character-level GPT trained on a text file: attention, training with gradient
accumulation and mixed precision, evaluation, sampling, EMA weights and a custom
autograd function. Realistic input for the language-server benchmark."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class GPTConfig:
    vocab_size: int = 96
    block_size: int = 128
    n_layer: int = 4
    n_head: int = 4
    n_embd: int = 128
    dropout: float = 0.1
    bias: bool = True


@dataclass
class RunConfig:
    data: str = "input.txt"
    out_dir: str = "out-char"
    batch_size: int = 32
    grad_accum: int = 4
    max_iters: int = 2000
    eval_interval: int = 200
    eval_iters: int = 50
    lr: float = 6e-4
    min_lr: float = 6e-5
    warmup_iters: int = 100
    weight_decay: float = 0.1
    beta1: float = 0.9
    beta2: float = 0.95
    grad_clip: float = 1.0
    ema_decay: float = 0.999
    seed: int = 1337
    device: str = "cuda" if torch.cuda.is_available() else "cpu"
    compile: bool = False


class CharTokenizer:
    def __init__(self, text: str) -> None:
        chars = sorted(set(text))
        self.stoi = {ch: i for i, ch in enumerate(chars)}
        self.itos = dict(enumerate(chars))

    @property
    def vocab_size(self) -> int:
        return len(self.stoi)

    def encode(self, text: str) -> list[int]:
        return [self.stoi[c] for c in text if c in self.stoi]

    def decode(self, ids: list[int]) -> str:
        return "".join(self.itos[i] for i in ids)


class TextBatches:
    """Random contiguous windows of a token stream, as (input, target) pairs."""

    def __init__(self, tokens: torch.Tensor, block_size: int, batch_size: int, device: str) -> None:
        self.tokens = tokens
        self.block_size = block_size
        self.batch_size = batch_size
        self.device = device

    def sample(self) -> tuple[torch.Tensor, torch.Tensor]:
        ix = torch.randint(len(self.tokens) - self.block_size - 1, (self.batch_size,))
        x = torch.stack([self.tokens[i : i + self.block_size] for i in ix.tolist()])
        y = torch.stack([self.tokens[i + 1 : i + 1 + self.block_size] for i in ix.tolist()])
        if self.device.startswith("cuda"):
            return x.pin_memory().to(self.device, non_blocking=True), y.pin_memory().to(
                self.device, non_blocking=True
            )
        return x.to(self.device), y.to(self.device)

    def __iter__(self) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
        while True:
            yield self.sample()


class LayerNorm(nn.Module):
    """LayerNorm with an optional bias (PyTorch's has no bias=False before 2.1)."""

    def __init__(self, ndim: int, bias: bool) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.ones(ndim))
        self.bias = nn.Parameter(torch.zeros(ndim)) if bias else None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, self.weight.shape, self.weight, self.bias, 1e-5)


class CausalSelfAttention(nn.Module):
    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        assert cfg.n_embd % cfg.n_head == 0
        self.c_attn = nn.Linear(cfg.n_embd, 3 * cfg.n_embd, bias=cfg.bias)
        self.c_proj = nn.Linear(cfg.n_embd, cfg.n_embd, bias=cfg.bias)
        self.attn_dropout = nn.Dropout(cfg.dropout)
        self.resid_dropout = nn.Dropout(cfg.dropout)
        self.n_head = cfg.n_head
        self.n_embd = cfg.n_embd
        self.dropout = cfg.dropout
        mask = torch.tril(torch.ones(cfg.block_size, cfg.block_size))
        self.register_buffer("mask", mask.view(1, 1, cfg.block_size, cfg.block_size))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        q = q.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        v = v.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.mask[:, :, :t, :t] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(b, t, c)
        return self.resid_dropout(self.c_proj(y))


class MLP(nn.Module):
    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        self.c_fc = nn.Linear(cfg.n_embd, 4 * cfg.n_embd, bias=cfg.bias)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * cfg.n_embd, cfg.n_embd, bias=cfg.bias)
        self.dropout = nn.Dropout(cfg.dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))


class Block(nn.Module):
    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        self.ln_1 = LayerNorm(cfg.n_embd, bias=cfg.bias)
        self.attn = CausalSelfAttention(cfg)
        self.ln_2 = LayerNorm(cfg.n_embd, bias=cfg.bias)
        self.mlp = MLP(cfg)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, cfg: GPTConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.wte = nn.Embedding(cfg.vocab_size, cfg.n_embd)
        self.wpe = nn.Embedding(cfg.block_size, cfg.n_embd)
        self.drop = nn.Dropout(cfg.dropout)
        self.h = nn.ModuleList([Block(cfg) for _ in range(cfg.n_layer)])
        self.ln_f = LayerNorm(cfg.n_embd, bias=cfg.bias)
        self.lm_head = nn.Linear(cfg.n_embd, cfg.vocab_size, bias=False)
        self.wte.weight = self.lm_head.weight  # weight tying
        self.apply(self._init_weights)
        for name, p in self.named_parameters():
            if name.endswith("c_proj.weight"):
                torch.nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * cfg.n_layer))

    @staticmethod
    def _init_weights(module: nn.Module) -> None:
        if isinstance(module, nn.Linear):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)
            if module.bias is not None:
                torch.nn.init.zeros_(module.bias)
        elif isinstance(module, nn.Embedding):
            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)

    def num_params(self) -> int:
        return sum(p.numel() for p in self.parameters()) - self.wpe.weight.numel()

    def forward(
        self, idx: torch.Tensor, targets: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor | None]:
        b, t = idx.size()
        pos = torch.arange(0, t, dtype=torch.long, device=idx.device)
        x = self.drop(self.wte(idx) + self.wpe(pos))
        for block in self.h:
            x = block(x)
        x = self.ln_f(x)
        if targets is None:
            return self.lm_head(x[:, [-1], :]), None
        logits = self.lm_head(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return logits, loss

    @torch.no_grad()
    def generate(
        self, idx: torch.Tensor, max_new_tokens: int, temperature: float = 1.0, top_k: int | None = None
    ) -> torch.Tensor:
        for _ in range(max_new_tokens):
            idx_cond = idx if idx.size(1) <= self.cfg.block_size else idx[:, -self.cfg.block_size :]
            logits, _ = self(idx_cond)
            logits = logits[:, -1, :] / temperature
            if top_k is not None:
                v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
                logits[logits < v[:, [-1]]] = -float("inf")
            probs = F.softmax(logits, dim=-1)
            idx_next = torch.multinomial(probs, num_samples=1)
            idx = torch.cat((idx, idx_next), dim=1)
        return idx


class ScaledTanh(torch.autograd.Function):
    """tanh(a * x) with a hand-written backward, used by the gated output head."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, a: torch.Tensor) -> torch.Tensor:
        y = torch.tanh(a * x)
        ctx.save_for_backward(x, a, y)
        return y

    @staticmethod
    def backward(ctx, grad: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x, a, y = ctx.saved_tensors
        local = 1 - y * y
        return grad * local * a, (grad * local * x).sum().reshape(a.shape)


def check_scaled_tanh() -> bool:
    x = torch.randn(5, 3, requires_grad=True)
    a = torch.tensor([0.7], requires_grad=True)
    return torch.autograd.gradcheck(ScaledTanh.apply, (x, a), eps=1e-3, atol=1e-4)


class EMA:
    """Exponential moving average of a model's weights, for evaluation."""

    def __init__(self, model: nn.Module, decay: float) -> None:
        self.decay = decay
        self.shadow = {name: p.detach().clone() for name, p in model.named_parameters()}

    @torch.no_grad()
    def update(self, model: nn.Module) -> None:
        for name, p in model.named_parameters():
            self.shadow[name].mul_(self.decay).add_(p.detach(), alpha=1 - self.decay)

    @torch.no_grad()
    def copy_to(self, model: nn.Module) -> None:
        for name, p in model.named_parameters():
            p.copy_(self.shadow[name])


def lr_at(it: int, run: RunConfig) -> float:
    if it < run.warmup_iters:
        return run.lr * (it + 1) / (run.warmup_iters + 1)
    if it > run.max_iters:
        return run.min_lr
    ratio = (it - run.warmup_iters) / (run.max_iters - run.warmup_iters)
    coeff = 0.5 * (1.0 + math.cos(math.pi * ratio))
    return run.min_lr + coeff * (run.lr - run.min_lr)


def configure_optimizer(model: nn.Module, run: RunConfig) -> torch.optim.Optimizer:
    params = {name: p for name, p in model.named_parameters() if p.requires_grad}
    decay = [p for p in params.values() if p.dim() >= 2]
    no_decay = [p for p in params.values() if p.dim() < 2]
    groups = [
        {"params": decay, "weight_decay": run.weight_decay},
        {"params": no_decay, "weight_decay": 0.0},
    ]
    fused = run.device.startswith("cuda")
    return torch.optim.AdamW(groups, lr=run.lr, betas=(run.beta1, run.beta2), fused=fused)


@torch.no_grad()
def estimate_loss(model: GPT, splits: dict[str, TextBatches], iters: int) -> dict[str, float]:
    out = {}
    model.eval()
    for split, batches in splits.items():
        losses = torch.zeros(iters)
        for k in range(iters):
            x, y = batches.sample()
            _, loss = model(x, y)
            losses[k] = loss.item()
        out[split] = losses.mean().item()
    model.train()
    return out


def masked_token_loss(logits: torch.Tensor, targets: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Cross-entropy over the positions `mask` keeps, averaged per sequence."""
    log_probs = F.log_softmax(logits, dim=-1)
    picked = log_probs.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    per_seq = -(picked * mask).sum(dim=1) / mask.sum(dim=1)
    return per_seq.mean()


def attention_entropy(model: GPT, x: torch.Tensor) -> torch.Tensor:
    """Mean entropy of the first layer's attention rows (a collapse diagnostic)."""
    attn = model.h[0].attn
    b, t = x.shape
    h = model.drop(model.wte(x) + model.wpe(torch.arange(t, device=x.device)))
    q, k, _ = attn.c_attn(model.h[0].ln_1(h)).split(attn.n_embd, dim=2)
    q = q.view(b, t, attn.n_head, -1).transpose(1, 2)
    k = k.view(b, t, attn.n_head, -1).transpose(1, 2)
    scores = (q @ k.transpose(-2, -1)) / math.sqrt(k.size(-1))
    probs = F.softmax(scores.masked_fill(attn.mask[:, :, :t, :t] == 0, float("-inf")), dim=-1)
    return -(probs * torch.log(probs)).sum(-1).mean()


def save(model: GPT, optimizer: torch.optim.Optimizer, ema: EMA, it: int, run: RunConfig) -> None:
    os.makedirs(run.out_dir, exist_ok=True)
    checkpoint = {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "ema": ema.shadow,
        "iter": it,
        "model_args": asdict(model.cfg),
        "run": asdict(run),
    }
    torch.save(checkpoint, os.path.join(run.out_dir, "ckpt.pt"))
    with open(os.path.join(run.out_dir, "run.json"), "w") as fh:
        json.dump(asdict(run), fh, indent=2)


def train(run: RunConfig) -> GPT:
    random.seed(run.seed)
    torch.manual_seed(run.seed)
    with open(run.data, encoding="utf-8") as fh:
        text = fh.read()
    tok = CharTokenizer(text)
    data = torch.tensor(tok.encode(text), dtype=torch.long)
    n = int(0.9 * len(data))
    cfg = GPTConfig(vocab_size=tok.vocab_size)
    splits = {
        "train": TextBatches(data[:n], cfg.block_size, run.batch_size, run.device),
        "val": TextBatches(data[n:], cfg.block_size, run.batch_size, run.device),
    }
    model = GPT(cfg).to(run.device)
    optimizer = configure_optimizer(model, run)
    ema = EMA(model, run.ema_decay)
    use_amp = run.device.startswith("cuda")
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    autocast = (
        torch.autocast(device_type="cuda", dtype=torch.bfloat16)
        if use_amp
        else contextlib.nullcontext()
    )
    x, y = splits["train"].sample()
    t0 = time.time()
    best_val = float("inf")
    for it in range(run.max_iters + 1):
        lr = lr_at(it, run)
        for group in optimizer.param_groups:
            group["lr"] = lr
        if it % run.eval_interval == 0:
            losses = estimate_loss(model, splits, run.eval_iters)
            print(f"step {it}: train {losses['train']:.4f}, val {losses['val']:.4f}")
            if losses["val"] < best_val:
                best_val = losses["val"]
                save(model, optimizer, ema, it, run)
        for _micro in range(run.grad_accum):
            with autocast:
                _, loss = model(x, y)
                loss = loss / run.grad_accum
            x, y = splits["train"].sample()
            scaler.scale(loss).backward()
        if run.grad_clip > 0:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), run.grad_clip)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
        ema.update(model)
        if it % 50 == 0:
            dt = time.time() - t0
            t0 = time.time()
            print(f"iter {it}: loss {loss.item() * run.grad_accum:.4f}, {dt * 1000:.0f} ms")
    return model


def probe_embeddings(model: GPT) -> torch.Tensor:
    """Nudge the embedding table toward its mean (an ablation), then read the gradient."""
    table = model.wte.weight
    table.sub_(table.mean(dim=0, keepdim=True) * 0.1)
    norms = table.norm(dim=1)
    norms.sum().backward()
    return table.grad


def sample(model: GPT, tok: CharTokenizer, prompt: str, n: int, device: str) -> str:
    idx = torch.tensor([tok.encode(prompt)], dtype=torch.long, device=device)
    out = model.generate(idx, n, temperature=0.8, top_k=20)
    return tok.decode(out[0].tolist())


def parse() -> RunConfig:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default=RunConfig.data)
    parser.add_argument("--out-dir", default=RunConfig.out_dir)
    parser.add_argument("--max-iters", type=int, default=RunConfig.max_iters)
    parser.add_argument("--batch-size", type=int, default=RunConfig.batch_size)
    parser.add_argument("--lr", type=float, default=RunConfig.lr)
    args = parser.parse_args()
    return RunConfig(
        data=args.data,
        out_dir=args.out_dir,
        max_iters=args.max_iters,
        batch_size=args.batch_size,
        lr=args.lr,
    )


if __name__ == "__main__":
    run_config = parse()
    trained = train(run_config)
    print(check_scaled_tanh())
