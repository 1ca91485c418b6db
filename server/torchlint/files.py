"""Finding the files to check and reading them safely.

Directories recurse, skipping hidden folders, virtual environments, node_modules and build
output (and the config's `exclude` patterns); Jupyter notebooks are checked too. Files are decoded as UTF-8 (with or without
a BOM); binary or non-UTF-8 files are reported and skipped, never fatal.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from torchlint.config import Config


@dataclass(frozen=True, slots=True)
class ReadResult:
    text: str | None
    problem: str | None  # why the file was skipped


def iter_python_files(root: Path, config: Config) -> Iterator[Path]:
    if root.is_file():
        yield root
        return
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        keep = []
        for d in sorted(dirnames):
            sub = here / d
            if config.is_excluded(sub.relative_to(root)) or (sub / "pyvenv.cfg").exists():
                continue
            keep.append(d)
        dirnames[:] = keep
        for name in sorted(filenames):
            if name.endswith((".py", ".pyi", ".ipynb")):
                path = here / name
                if not config.is_excluded(path.relative_to(root)):
                    yield path


def read_source(path: Path, max_bytes: int = 20_000_000) -> ReadResult:
    try:
        size = path.stat().st_size
        if size > max_bytes:
            return ReadResult(None, f"larger than {max_bytes // 1_000_000} MB: skipped")
        data = path.read_bytes()
    except OSError as exc:
        raise OSError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if b"\x00" in data[:8192]:
        return ReadResult(None, "binary file: skipped")
    try:
        return ReadResult(data.decode("utf-8-sig"), None)
    except UnicodeDecodeError as exc:
        return ReadResult(None, f"not UTF-8 (byte {exc.start}): skipped")
