"""`# torchlint: ignore[TL101, TL102]` and `# torchlint: ignore` comments, per line."""

from __future__ import annotations

import re
from dataclasses import dataclass

_PATTERN = re.compile(r"#\s*torchlint\s*:\s*ignore\b(?:\[([^\]]*)\])?", re.IGNORECASE)
ALL = "*"


@dataclass(frozen=True, slots=True)
class Suppression:
    row: int  # 1-based
    col: int  # where the comment's `#` starts, in characters
    end_col: int
    codes: tuple[str, ...]  # ("*",) for every rule


def parse_suppressions(lines: list[str]) -> dict[int, Suppression]:
    out: dict[int, Suppression] = {}
    for i, line in enumerate(lines, start=1):
        if "torchlint" not in line.lower():  # the comment is matched case-insensitively
            continue
        m = _PATTERN.search(line)
        if m is None or not _in_comment(line, m.start()):
            continue
        codes: tuple[str, ...]
        if m.group(1) is None:
            codes = (ALL,)
        else:
            codes = tuple(c.strip().upper() for c in m.group(1).split(",") if c.strip())
        out[i] = Suppression(i, m.start(), m.end(), codes)
    return out


def _in_comment(line: str, pos: int) -> bool:
    """The `#` at `pos` starts a comment (it is not inside a string literal)."""
    quote: str | None = None
    i = 0
    while i < pos:
        ch = line[i]
        if quote is not None:
            if ch == "\\":
                i += 2
                continue
            if line.startswith(quote, i):
                i += len(quote)
                quote = None
                continue
        elif ch in "'\"":
            quote = line[i : i + 3] if line[i : i + 3] in ('"""', "'''") else ch
            i += len(quote)
            continue
        elif ch == "#":
            return False
        i += 1
    return quote is None


def is_suppressed(code: str, row: int, table: dict[int, Suppression]) -> bool:
    s = table.get(row)
    if s is None:
        return False
    return ALL in s.codes or any(code == c or (c and code.startswith(c)) for c in s.codes)
