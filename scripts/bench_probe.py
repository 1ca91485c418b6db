"""How much the probe's tracer slows a small training loop (target: at most 3x).

Runs the same training script twice per width: plainly (`python script.py`) and under the
probe (`run_probe`). The script times its own loop (median of several repeats after a
warm-up, one torch thread), so the ratio compares loop time only; interpreter start, the
torch import and shutdown are reported separately as startup.

    .venv/bin/python scripts/bench_probe.py [--widths 32,256,1024] [--iters 200] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from torchlint.probe import run_probe

# The loop of TORCH_FACTS 2(e), without its graph-accumulating `total += loss`.
SCRIPT = """
import json, os, statistics, time
import torch, torch.nn as nn, torch.nn.functional as F

torch.set_num_threads(1)
torch.manual_seed(0)
WIDTH = int(os.environ["BENCH_WIDTH"])
ITERS = int(os.environ["BENCH_ITERS"])
X = torch.randn(256, 10)
y = torch.randint(0, 3, (256,))
model = nn.Sequential(nn.Linear(10, WIDTH), nn.ReLU(), nn.Linear(WIDTH, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def step(i):
    xb, yb = X[i % 8 * 32 : (i % 8 + 1) * 32], y[i % 8 * 32 : (i % 8 + 1) * 32]
    logits = model(xb)
    loss = F.cross_entropy(logits, yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    h = logits.detach().clone()
    h[:, 0] = 0
    h += 1
    return loss


for i in range(50):
    step(i)
times = []
for _ in range(5):
    t0 = time.perf_counter()
    for i in range(ITERS):
        step(i)
    times.append((time.perf_counter() - t0) / ITERS)
with open(os.environ["BENCH_OUT"], "w") as fh:
    json.dump({"ms_per_iter": statistics.median(times) * 1e3}, fh)
"""


def run_plain(script: Path, env: dict[str, str]) -> tuple[float, float]:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(script)], env=env, check=True)
    wall = time.perf_counter() - t0
    return _loop_ms(env), wall


def run_traced(script: Path, env: dict[str, str]) -> tuple[float, float, int]:
    os.environ.update(env)  # run_probe passes its environment on to the script
    result = run_probe(script, timeout=600, device="cpu")
    if result.status != "ok":
        raise SystemExit(f"probe run failed: {result.status}: {result.message}")
    return _loop_ms(env), result.timings.wall_s or 0.0, result.stats.calls


def _loop_ms(env: dict[str, str]) -> float:
    with open(env["BENCH_OUT"], encoding="utf-8") as fh:
        value = json.load(fh)["ms_per_iter"]
    return float(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--widths", default="32,256,1024")
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3, help="process runs per mode and width")
    opts = parser.parse_args()
    widths = [int(w) for w in opts.widths.split(",")]
    with tempfile.TemporaryDirectory(prefix="bench-probe-") as tmp:
        script = Path(tmp) / "train.py"
        script.write_text(SCRIPT, encoding="utf-8")
        print(f"{opts.iters} iterations x 5 repeats per process, median; {opts.rounds} rounds")
        print(
            f"{'width':>6} {'untraced ms/it':>15} {'traced ms/it':>13} {'ratio':>6}"
            f" {'calls/it':>9} {'startup plain s':>16} {'startup probe s':>16}"
        )
        for width in widths:
            env = {
                "BENCH_WIDTH": str(width),
                "BENCH_ITERS": str(opts.iters),
                "BENCH_OUT": str(Path(tmp) / "out.json"),
            }
            plain, traced, plain_start, traced_start, calls = [], [], [], [], 0
            for _ in range(opts.rounds):  # interleaved, so drift hits both modes alike
                loop, wall = run_plain(script, {**os.environ, **env})
                plain.append(loop)
                plain_start.append(wall - loop * opts.iters * 5e-3 - loop * 50e-3)
                loop, wall, calls = run_traced(script, env)
                traced.append(loop)
                traced_start.append(wall - loop * opts.iters * 5e-3 - loop * 50e-3)
            p, t = min(plain), min(traced)
            total_iters = 50 + 5 * opts.iters
            print(
                f"{width:>6} {p:>15.3f} {t:>13.3f} {t / p:>5.2f}x {calls / total_iters:>9.1f}"
                f" {statistics.median(plain_start):>16.2f} {statistics.median(traced_start):>16.2f}"
            )


if __name__ == "__main__":
    main()
