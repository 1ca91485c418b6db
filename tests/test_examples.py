"""examples/ shows every rule of the catalogue (what `make check` prints)."""

from __future__ import annotations

from tests.conftest import ROOT
from torchlint.engine import analyze_source
from torchlint.rules import ALL_RULES


def test_examples_cover_every_rule() -> None:
    found: set[str] = set()
    for path in sorted((ROOT / "examples").glob("*.py")):
        result = analyze_source(path.read_text(encoding="utf-8"), str(path))
        assert not result.errors, result.errors
        found.update(f.code for f in result.findings)
    missing = {r.code for r in ALL_RULES} - found
    assert not missing, f"examples/ shows no case of {sorted(missing)}"
