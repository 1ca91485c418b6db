"""Shared test helpers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "rules" / "cases"
_EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9,\s]+)")


def expected_markers(text: str) -> set[tuple[int, str]]:
    """`# expect: TL101, TL202` comments: (line, code) pairs."""
    out: set[tuple[int, str]] = set()
    for i, line in enumerate(text.splitlines(), start=1):
        m = _EXPECT.search(line)
        if m:
            for code in m.group(1).split(","):
                if code.strip():
                    out.add((i, code.strip()))
    return out


def torch_available() -> bool:
    try:
        import torch  # noqa: F401
    except ImportError:
        return False
    return True


needs_torch = pytest.mark.skipif(not torch_available(), reason="torch is not installed")
