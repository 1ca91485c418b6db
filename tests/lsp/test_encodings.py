"""Positions in every encoding a client may negotiate, with non-ASCII identifiers and
emoji before the diagnostic on the same line, for publishing, hover and incremental edits."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import diagnostics, edit, hover, open_doc, start, vscode, with_encodings

pytestmark = pytest.mark.asyncio

PREFIX = 'msg = "🔥 naïve 🧪"; größe = torch.ones(2, requires_grad=True); '
LINE = PREFIX + "größe.add_(1)"
TEXT = f"import torch\n\n{LINE}\n"
CODECS = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}
WIDTH = {"utf-8": 1, "utf-16": 2, "utf-32": 4}


def units(text: str, encoding: str) -> int:
    return len(text.encode(CODECS[encoding])) // WIDTH[encoding]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32", None])
async def test_positions_in_the_negotiated_encoding(
    fresh: LanguageClient, tmp_path: object, encoding: str | None
) -> None:
    client = fresh
    caps = vscode() if encoding is None else with_encodings(vscode(), encoding)
    result = await start(client, tmp_path, capabilities=caps)  # type: ignore[arg-type]
    negotiated = encoding or "utf-16"
    assert result.capabilities.position_encoding == negotiated
    uri = f"{tmp_path.as_uri()}/enc.py"  # type: ignore[attr-defined]
    open_doc(client, uri, TEXT)

    (d,) = await diagnostics(client, uri, 1)
    assert d.range.start == types.Position(line=2, character=units(PREFIX, negotiated))
    assert d.range.end == types.Position(line=2, character=units(LINE, negotiated))

    name_at = units(PREFIX, negotiated) + units("grö", negotiated)
    text = await hover(client, uri, 2, name_at)
    assert text is not None and "größe" in text

    # An incremental edit after the emoji: replace `add_(1)` by `mul_(2)` on that line.
    start_col = units(PREFIX + "größe.", negotiated)
    edit(client, uri, 2, (2, start_col), (2, start_col + len("add_(1)")), "mul_(2)")
    (d2,) = await diagnostics(client, uri, 2)
    assert "mul_" in d2.message
    assert d2.range == d.range
