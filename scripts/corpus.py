"""The real-code corpus: torchvision and timm sources, taken from their PyPI wheels.

Downloaded once into .cache/corpus (never imported, never installed): the benchmark and
the false-positive guard both read these files.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "corpus"
PACKAGES = {
    "torchvision": "torchvision==0.29.1",
    "timm": "timm==1.0.31",
}
# A fixed platform makes the corpus the same on every machine.
PLATFORM = [
    "--platform",
    "manylinux_2_28_x86_64",
    "--python-version",
    "3.11",
    "--implementation",
    "cp",
]


def ensure_corpus() -> dict[str, Path]:
    """Folders of extracted sources, one per package (downloads on first use)."""
    wheels = CACHE / "wheels"
    out: dict[str, Path] = {}
    for name, spec in PACKAGES.items():
        target = CACHE / spec.replace("==", "-")
        if not (target / ".complete").exists():
            wheels.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--no-deps",
                    "--only-binary=:all:",
                    *PLATFORM,
                    spec,
                    "-d",
                    str(wheels),
                ],
                check=True,
                stdin=subprocess.DEVNULL,
            )
            wheel = next(wheels.glob(f"{name}-{spec.split('==')[1]}-*.whl"))
            with zipfile.ZipFile(wheel) as zf:
                for member in zf.namelist():
                    if member.endswith(".py") and member.startswith(f"{name}/"):
                        zf.extract(member, target)
            (target / ".complete").write_text(spec)
        out[name] = target / name
    return out


def corpus_files() -> list[Path]:
    files: list[Path] = []
    for folder in ensure_corpus().values():
        files.extend(sorted(folder.rglob("*.py")))
    return files


if __name__ == "__main__":
    files = corpus_files()
    lines = sum(len(p.read_text(encoding="utf-8", errors="replace").splitlines()) for p in files)
    print(f"{len(files)} files, {lines} lines under {CACHE}")
