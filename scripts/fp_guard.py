"""False-positive guard: torchlint over real, correct PyTorch code (torchvision and timm).

Every finding must be listed in tests/fp/accepted.toml with a one-line justification (a real
mistake in that code, or a deliberate pattern). A new unexplained finding fails (exit 1);
an accepted finding that no longer appears is reported so the list stays honest.
Prints findings per 1,000 lines and the most frequent codes. Run with `make fp`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import ROOT, ensure_corpus

from torchlint.engine import analyze_source
from torchlint.files import read_source

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ACCEPTED = ROOT / "tests" / "fp" / "accepted.toml"


def load_accepted() -> dict[tuple[str, str, int], str]:
    """(package-relative path, code, line) -> justification."""
    if not ACCEPTED.is_file():
        return {}
    data = tomllib.loads(ACCEPTED.read_text(encoding="utf-8"))
    out: dict[tuple[str, str, int], str] = {}
    for entry in data.get("finding", []):
        why = str(entry.get("why", "")).strip()
        if not why:
            raise SystemExit(
                f"{ACCEPTED}: the entry for {entry.get('path')}:{entry.get('line')} has no `why`"
            )
        out[(str(entry["path"]), str(entry["code"]), int(entry["line"]))] = why
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--show", type=int, default=40, help="print at most this many unexplained findings"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    accepted = load_accepted()
    seen: set[tuple[str, str, int]] = set()
    unexplained: list[str] = []
    counts: Counter[str] = Counter()
    lines = files = 0
    for name, folder in ensure_corpus().items():
        for path in sorted(folder.rglob("*.py")):
            read = read_source(path)
            if read.text is None:
                continue
            files += 1
            lines += read.text.count("\n") + 1
            rel = f"{name}/{path.relative_to(folder).as_posix()}"
            result = analyze_source(read.text, str(path), record_facts=False)
            if result.errors:
                unexplained.extend(f"{rel}: engine error: {e}" for e in result.errors)
            for f in result.findings:
                key = (rel, f.code, f.span.start.row)
                counts[f.code] += 1
                seen.add(key)
                if key not in accepted:
                    unexplained.append(f"{rel}:{f.span.start.row}: {f.code} {f.message}")
    total = sum(counts.values())
    print(
        f"false-positive guard: {files} files, {lines} lines, {total} findings "
        f"({1000 * total / max(lines, 1):.3f} per 1,000 lines) in {time.perf_counter() - started:.1f}s"
    )
    if counts:
        print("most frequent codes: " + ", ".join(f"{c} {n}" for c, n in counts.most_common(10)))
    stale = sorted(set(accepted) - seen)
    for rel, code, line in stale:
        print(
            f"note: accepted finding no longer reported: {rel}:{line} {code} (remove it from {ACCEPTED.name})"
        )
    if unexplained:
        print(
            f"{len(unexplained)} unexplained finding(s) — fix the rule, or justify them in {ACCEPTED}:"
        )
        for row in unexplained[: args.show]:
            print("  " + row)
        return 1
    print(
        f"all {total} findings are accepted ({len(accepted)} entries in {ACCEPTED.relative_to(ROOT)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
