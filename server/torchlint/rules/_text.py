"""Small phrasing helpers shared by rule messages."""

from __future__ import annotations

from torchlint.analysis.facts import Why


def because(why: Why | None) -> str:
    """`(made by `torch.rand(...)` on line 3)`-style suffix; empty when unknown."""
    if why is None or not why.text:
        return ""
    return f" ({why.text}, {why.where()})"


def code(text: str) -> str:
    return f"`{text}`" if text else "this tensor"


def origins(*pairs: tuple[str, Why | None]) -> tuple[tuple[str, Why], ...]:
    """Related information for the facts a message names: `(label, why)` becomes "label:
    how it came to be" at the line that made it so; unknown origins are left out, and a
    line named twice is shown once."""
    out: list[tuple[str, Why]] = []
    seen: set[tuple[str | None, int]] = set()
    for label, why in pairs:
        if why is None or not why.text:
            continue
        key = (why.path, why.line)
        if key in seen:
            continue
        seen.add(key)
        out.append((f"{label}: {why.text}", why))
    return tuple(out)
