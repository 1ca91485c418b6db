"""Applying fixes to source text (tests, `source.fixAll`, and anyone scripting torchlint)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from torchlint.findings import Applicability, Edit, Finding, Pos


class OverlappingEdits(ValueError):
    pass


def _offsets(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def _offset(starts: list[int], text: str, pos: Pos) -> int:
    row = min(max(pos.row, 1), len(starts))
    base = starts[row - 1]
    end = starts[row] - 1 if row < len(starts) else len(text)
    if end > base and text[end - 1] == "\r":
        end -= 1
    return min(base + pos.col, end)


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """Apply non-overlapping edits (positions in characters); raises on overlap."""
    starts = _offsets(text)
    spans = sorted(
        (
            (_offset(starts, text, e.span.start), _offset(starts, text, e.span.end), e.content)
            for e in edits
        ),
        key=lambda t: (t[0], t[1]),
    )
    for (s1, e1, _), (s2, _e2, _) in itertools.pairwise(spans):
        if s2 < e1:
            raise OverlappingEdits(f"edits overlap at offsets {s1}-{e1} and {s2}")
    out = text
    for start, end, content in reversed(spans):
        out = out[:start] + content + out[end:]
    return out


def apply_fixes(text: str, findings: Iterable[Finding], *, unsafe: bool = False) -> tuple[str, int]:
    """Apply every fix that does not overlap an earlier one. Returns the text and how many applied."""
    chosen: list[Edit] = []
    taken: list[tuple[int, int]] = []
    starts = _offsets(text)
    applied = 0
    for f in sorted(findings, key=Finding.sort_key):
        if f.fix is None or (f.fix.applicability is Applicability.UNSAFE and not unsafe):
            continue
        # An edit another fix already makes (the same `import torch`) is shared, not a conflict.
        own = [e for e in f.fix.edits if e not in chosen]
        ranges = [
            (_offset(starts, text, e.span.start), _offset(starts, text, e.span.end)) for e in own
        ]
        if any((s < te and ts < e) or (s == e == ts == te) for s, e in ranges for ts, te in taken):
            continue
        chosen.extend(own)
        taken.extend(ranges)
        applied += 1
    return apply_edits(text, chosen), applied
