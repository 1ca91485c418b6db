"""Write docs/rules/<CODE>.md for every rule from its docstring (run `make docs`)."""

from __future__ import annotations

import sys
from pathlib import Path

from torchlint.docs import rule_markdown
from torchlint.rules import ALL_RULES

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def main() -> int:
    DOCS.mkdir(parents=True, exist_ok=True)
    for cls in ALL_RULES:
        (DOCS / f"{cls.code}.md").write_text(rule_markdown(cls), encoding="utf-8")
    print(f"wrote {len(ALL_RULES)} rule pages to {DOCS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
