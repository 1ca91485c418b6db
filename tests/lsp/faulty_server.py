"""The real server with two injected failures, for test_robustness: hover's rule
explanation raises, and rule TL102's check raises on every event."""

from __future__ import annotations

import argparse
from typing import NoReturn

import torchlint.lsp.hover
from torchlint.lsp.server import run_server
from torchlint.rules import RULES_BY_CODE


def _broken(*_: object) -> NoReturn:
    raise RuntimeError("injected failure")


torchlint.lsp.hover.rule_markdown = _broken  # type: ignore[assignment]
RULES_BY_CODE["TL102"].check = _broken  # type: ignore[method-assign]

if __name__ == "__main__":
    raise SystemExit(run_server(argparse.Namespace(tcp=None, ws=None, log_level="WARNING")))
