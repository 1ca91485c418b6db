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
