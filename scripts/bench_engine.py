"""Engine benchmark (not a test): analysis time against `ast.parse` time on the same files.

Corpus: torchvision and timm sources from their PyPI wheels, plus examples/. Reports lines
per second, per-file p50/p95, and the ratio of analysis to parsing (target: <= 3x).
Run with `make bench`.
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import ROOT, corpus_files

from torchlint.analysis.parse import forget_parses
from torchlint.engine import analyze_source


def best_of(n: int, fn) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _analysed_anew(text: str, path: str) -> None:
    forget_parses()  # the parser would start from the last run's tree of the same text
    analyze_source(text, path, record_facts=False)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--top", type=int, default=8, help="show the slowest files")
    args = parser.parse_args()
    files = corpus_files() + sorted((ROOT / "examples").rglob("*.py"))
    analyze_source("import torch\n", "warmup.py")  # load the torch table once
    rows = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        lines = text.count("\n") + 1
        t_parse = best_of(args.repeat, lambda text=text: ast.parse(text))
        t_an = best_of(args.repeat, lambda text=text, path=path: _analysed_anew(text, str(path)))
        rows.append((path, lines, t_parse, t_an))
    total_lines = sum(r[1] for r in rows)
    parse_s = sum(r[2] for r in rows)
    an_s = sum(r[3] for r in rows)
    ratios = [r[3] / r[2] for r in rows if r[2] > 0]
    per_file_ms = [r[3] * 1000 for r in rows]
    print(f"files: {len(rows)}   lines: {total_lines}")
    print(f"ast.parse:  {parse_s * 1000:8.1f} ms total   {total_lines / parse_s:10.0f} lines/s")
    print(
        f"torchlint:  {an_s * 1000:8.1f} ms total   {total_lines / an_s:10.0f} lines/s (includes its own parse)"
    )
    print(
        f"ratio analysis/parse: overall {an_s / parse_s:.2f}x   per-file p50 {pct(ratios, 0.5):.2f}x   p95 {pct(ratios, 0.95):.2f}x"
    )
    print(
        f"per-file analysis: p50 {pct(per_file_ms, 0.5):.2f} ms   p95 {pct(per_file_ms, 0.95):.2f} ms   max {max(per_file_ms):.1f} ms"
    )
    print("slowest files:")
    for path, lines, tp, ta in sorted(rows, key=lambda r: -r[3])[: args.top]:
        rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"  {ta * 1000:7.1f} ms  ({ta / tp:5.1f}x parse)  {lines:6d} lines  {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
