"""Data-driven rule tests: every file under cases/<CODE>/ is analysed and compared with its
`# expect: CODE` markers. `pos_*` files must expect something, `neg_*` files nothing.
Files whose first line is `# strict` are compared on every code, not just their folder's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CASES, expected_markers
from torchlint.engine import analyze_source

CASE_FILES = sorted(CASES.glob("*/*.py"))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    code = path.parent.name
    strict = text.startswith("# strict")
    expected = expected_markers(text)
    result = analyze_source(text, str(path))
    assert not result.errors, result.errors
    actual = {(f.span.start.row, f.code) for f in result.findings}
    if not strict:
        expected = {e for e in expected if e[1] == code}
        actual = {a for a in actual if a[1] == code}
    details = "\n".join(f"  {f.span.start.row}: {f.code} {f.message}" for f in result.findings)
    assert actual == expected, (
        f"missing {sorted(expected - actual)}, unexpected {sorted(actual - expected)}\n{details}"
    )
    if path.name.startswith("pos_"):
        assert any(e[1] == code for e in expected), "a pos_ case must expect its rule"
    if path.name.startswith("neg_"):
        assert not any(e[1] == code for e in expected), "a neg_ case must not expect its rule"
