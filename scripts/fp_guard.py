"""False-positive guard: torchlint over real, correct PyTorch code (torchvision and timm;
with --wide, twenty more well-known code bases).

Every finding must be listed in tests/fp/accepted.toml with a one-line justification (a real
mistake in that code, or a deliberate pattern). A new unexplained finding fails (exit 1);
an accepted finding that no longer appears is reported so the list stays honest.
Prints findings per 1,000 lines and the most frequent codes. Run with `make fp`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import PACKAGES, ROOT, WIDE_PACKAGES, ensure_corpus

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
    parser.add_argument(
        "--wide",
        action="store_true",
        help="also the twenty code bases of corpus.WIDE_PACKAGES (about 3 million lines)",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    accepted = load_accepted()
    packages = {**PACKAGES, **WIDE_PACKAGES} if args.wide else PACKAGES
    folders = ensure_corpus(packages)
    # What a path is called in accepted.toml: from the package folder (`timm/...`).
    bases = {
        folder: folder if name in WIDE_PACKAGES else folder.parent
        for name, folder in folders.items()
    }
    files = lines = 0
    for folder in folders.values():
        for path in folder.rglob("*.py"):
            read = read_source(path)
            if read.text is not None:
                files += 1
                lines += read.text.count("\n") + 1
    # `torchlint check` as a user runs it: parallel processes, imports followed across files.
    run = subprocess.run(
        [sys.executable, "-m", "torchlint", "check", "--format", "json", "--exit-zero"]
        + [str(f) for f in folders.values()],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    if run.returncode != 0:
        print(f"torchlint check failed (exit {run.returncode}):\n{run.stderr[-4000:]}")
        return 1
    unexplained = [
        f"engine: {line.removeprefix('torchlint: warning: ')}"
        for line in run.stderr.splitlines()
        if "internal error" in line or "failed and was skipped" in line
    ]
    seen: set[tuple[str, str, int]] = set()
    counts: Counter[str] = Counter()
    for f in json.loads(run.stdout or "[]"):
        path = Path(f["filename"])
        base = next((b for folder, b in bases.items() if path.is_relative_to(folder)), path.parent)
        rel = path.relative_to(base).as_posix()
        key = (rel, f["code"], int(f["location"]["row"]))
        counts[f["code"]] += 1
        seen.add(key)
        if key not in accepted:
            unexplained.append(f"{rel}:{key[2]}: {f['code']} {f['message']}")
    total = sum(counts.values())
    print(
        f"false-positive guard: {files} files, {lines} lines, {total} findings "
        f"({1000 * total / max(lines, 1):.3f} per 1,000 lines) in {time.perf_counter() - started:.1f}s"
    )
    if counts:
        print("most frequent codes: " + ", ".join(f"{c} {n}" for c, n in counts.most_common(10)))
    # Entries for packages this run did not read (the wide ones, without --wide) are not stale.
    tops = {
        child.name
        for name, folder in folders.items()
        for child in ([folder] if name not in WIDE_PACKAGES else folder.iterdir())
    }
    stale = sorted(k for k in set(accepted) - seen if k[0].split("/", 1)[0] in tops)
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
