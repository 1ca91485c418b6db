"""How much the probe's tracer slows a small training loop (target: at most 3x).

Runs the same training script twice per width: plainly (`python script.py`) and under the
probe (`run_probe`), interleaved, several rounds. The script times its own loop (the best
of several repeats after a warm-up, one torch thread: on a shared machine the best is the
steadiest figure), so the ratio compares loop time only; interpreter start, the torch
import and shutdown are reported separately as startup.

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
import json, os, time
import torch, torch.nn as nn, torch.nn.functional as F

torch.set_num_threads(1)
torch.manual_seed(0)
WIDTH = int(os.environ["BENCH_WIDTH"])
ITERS = int(os.environ["BENCH_ITERS"])
REPEATS = int(os.environ["BENCH_REPEATS"])
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


t_loop = time.perf_counter()
for i in range(50):
    step(i)
times = []
for _ in range(REPEATS):
    t0 = time.perf_counter()
    for i in range(ITERS):
        step(i)
    times.append((time.perf_counter() - t0) / ITERS)
with open(os.environ["BENCH_OUT"], "w") as fh:
    json.dump({"ms_per_iter": min(times) * 1e3, "loop_s": time.perf_counter() - t_loop}, fh)
"""


def run_plain(script: Path, env: dict[str, str]) -> tuple[float, float]:
    """(best ms per iteration, seconds outside the loop: start, import, exit)."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, str(script)], env=env, check=True)
    wall = time.perf_counter() - t0
    ms, loop_s = _loop(env)
    return ms, wall - loop_s


def run_traced(script: Path, env: dict[str, str]) -> tuple[float, float, int]:
    os.environ.update(env)  # run_probe passes its environment on to the script
    result = run_probe(script, timeout=600, device="cpu")
    if result.status != "ok":
        raise SystemExit(f"probe run failed: {result.status}: {result.message}")
    ms, loop_s = _loop(env)
    return ms, (result.timings.wall_s or 0.0) - loop_s, result.stats.calls


def _loop(env: dict[str, str]) -> tuple[float, float]:
    with open(env["BENCH_OUT"], encoding="utf-8") as fh:
        data = json.load(fh)
    return float(data["ms_per_iter"]), float(data["loop_s"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--widths", default="32,256,1024")
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=7, help="timed loops per process")
    parser.add_argument("--rounds", type=int, default=3, help="process runs per mode and width")
    opts = parser.parse_args()
    widths = [int(w) for w in opts.widths.split(",")]
    with tempfile.TemporaryDirectory(prefix="bench-probe-") as tmp:
        script = Path(tmp) / "train.py"
        script.write_text(SCRIPT, encoding="utf-8")
        print(
            f"{opts.iters} iterations x {opts.repeats} repeats per process, best;"
            f" best of {opts.rounds} rounds"
        )
        print(
            f"{'width':>6} {'untraced ms/it':>15} {'traced ms/it':>13} {'ratio':>6}"
            f" {'calls/it':>9} {'startup plain s':>16} {'startup probe s':>16}"
        )
        for width in widths:
            env = {
                "BENCH_WIDTH": str(width),
                "BENCH_ITERS": str(opts.iters),
                "BENCH_REPEATS": str(opts.repeats),
                "BENCH_OUT": str(Path(tmp) / "out.json"),
            }
            plain, traced, plain_start, traced_start, calls = [], [], [], [], 0
            for _ in range(opts.rounds):  # interleaved, so drift hits both modes alike
                loop, outside = run_plain(script, {**os.environ, **env})
                plain.append(loop)
                plain_start.append(outside)
                loop, outside, calls = run_traced(script, env)
                traced.append(loop)
                traced_start.append(outside)
            p, t = min(plain), min(traced)
            total_iters = 50 + opts.repeats * opts.iters
            print(
                f"{width:>6} {p:>15.3f} {t:>13.3f} {t / p:>5.2f}x {calls / total_iters:>9.1f}"
                f" {statistics.median(plain_start):>16.2f} {statistics.median(traced_start):>16.2f}"
            )


if __name__ == "__main__":
    main()
