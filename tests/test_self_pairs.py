"""The syntax of a tensor paired with itself (TL202's zero diagonal)."""

from __future__ import annotations

import ast

from torchlint.analysis.self_pairs import _new_axis


def _axis(code: str) -> tuple[str, int] | None:
    found = _new_axis(ast.parse(code, mode="eval").body)
    return None if found is None else (ast.unparse(found[0]), found[1])


def test_one_new_axis_by_indexing_or_unsqueeze() -> None:
    assert _axis("x[:, None]") == ("x", 1)
    assert _axis("x[None]") == ("x", 0)
    assert _axis("pos[:, :, None, :]") == ("pos", 2)
    assert _axis("x.unsqueeze(0)") == ("x", 0)
    assert _axis("batch.x[None, :, :]") == ("batch.x", 0)


def test_not_a_plain_new_axis() -> None:
    assert _axis("x[1:, None]") is None  # a slice that drops rows: not the same points
    assert _axis("x[:, None, None]") is None  # two new axes
    assert _axis("x[..., None, :]") is None  # counted from the end
    assert _axis("x.unsqueeze(-2)") is None
    assert _axis("x[idx]") is None
