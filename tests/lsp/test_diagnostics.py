"""Diagnostics over stdio: what is published, when, for which version, and clearing."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import (
    DATA,
    close_doc,
    codes,
    diagnostics,
    edit,
    lsp_client,
    open_doc,
    published,
    recorder,
    replace_all,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = lsp_client()

LEAF = "import torch\n\nw = torch.randn(3, requires_grad=True)\nw.add_(1)\n"
SAVED = (
    "import torch\n\n"
    "a = torch.randn(3, requires_grad=True)\n"
    "b = a * 2\n"
    "c = b * b\n"
    "b.add_(1)\n"
    "c.sum().backward()\n"
)


async def test_open_publishes_versioned_diagnostics(client: LanguageClient) -> None:
    uri = uri_of(client, "leaf.py")
    open_doc(client, uri, LEAF, version=7)
    pub = await published(client, uri, version=7)
    (d,) = pub.diagnostics
    assert d.source == "torchlint"
    assert d.code == "TL101"
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.range == types.Range(
        start=types.Position(line=3, character=0), end=types.Position(line=3, character=9)
    )
    assert d.code_description is not None
    assert d.code_description.href.endswith("TL101.md")
    assert d.related_information
    assert d.related_information[0].location.uri == uri
    assert d.related_information[0].location.range.start.line == 2
    assert d.data["version"] == 7
    assert d.data["fix"]["safe"] is True
    assert d.data["fix"]["edits"][0][4].startswith("with torch.no_grad():")


async def test_related_information_names_the_saving_op(client: LanguageClient) -> None:
    uri = uri_of(client, "saved.py")
    open_doc(client, uri, SAVED)
    diags = await diagnostics(client, uri, 1)
    (d,) = [d for d in diags if d.code == "TL102"]
    assert d.range.start.line == 5
    related = d.related_information or []
    assert any("b * b" in r.message and r.location.range.start.line == 4 for r in related), related


async def test_change_and_save_reanalyse(client: LanguageClient) -> None:
    uri = uri_of(client, "change.py")
    open_doc(client, uri, "import torch\n")
    assert await diagnostics(client, uri, 1) == []
    # Incremental edit: append the mistake.
    edit(client, uri, 2, (1, 0), (1, 0), "w = torch.ones(2, requires_grad=True)\nw.zero_()\n")
    assert codes(await diagnostics(client, uri, 2)) == [(2, "TL101")]
    replace_all(client, uri, "import torch\nw = torch.ones(2)\nw.zero_()\n", 3)
    assert await diagnostics(client, uri, 3) == []
    before = len(recorder(client).published[uri])
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await published(
        client, uri, version=3, where=lambda _: len(recorder(client).published[uri]) > before
    )


async def test_close_clears(client: LanguageClient) -> None:
    uri = uri_of(client, "closing.py")
    open_doc(client, uri, LEAF)
    assert await diagnostics(client, uri, 1)
    close_doc(client, uri)
    pub = await published(client, uri, where=lambda p: not p.diagnostics)
    assert list(pub.diagnostics) == []


async def test_typing_never_publishes_stale_results(client: LanguageClient) -> None:
    """Keystrokes faster than the engine: versions only go up, and the last one wins."""
    uri = uri_of(client, "typing.py")
    text = (DATA / "train_classifier.py").read_text(encoding="utf-8")
    open_doc(client, uri, text)
    await diagnostics(client, uri, 1)
    lines = text.count("\n")
    typed = "x = torch.zeros(3, requires_grad=True); x.add_(1)\n"
    for i, ch in enumerate(typed):
        edit(client, uri, 2 + i, (lines, i), (lines, i), ch)
    final = 1 + len(typed)
    diags = await diagnostics(client, uri, final)
    assert (lines, "TL101") in codes(diags)
    versions = [p.version for p in recorder(client).published[uri]]
    assert versions == sorted(versions), versions


async def test_untitled_documents(client: LanguageClient) -> None:
    uri = "untitled:Untitled-1"
    open_doc(client, uri, LEAF)
    assert codes(await diagnostics(client, uri, 1)) == [(3, "TL101")]
    close_doc(client, uri)


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
async def test_crlf_and_lone_cr_keep_lines(client: LanguageClient, newline: str) -> None:
    uri = uri_of(client, f"newlines_{len(newline)}.py")
    open_doc(client, uri, LEAF.replace("\n", newline))
    (d,) = await diagnostics(client, uri, 1)
    assert (d.range.start.line, d.range.end.line, d.range.end.character) == (3, 3, 9)


async def test_form_feed_does_not_shift_lines(client: LanguageClient) -> None:
    """str.splitlines breaks at \\f: an incremental edit after one must still land right."""
    uri = uri_of(client, "formfeed.py")
    open_doc(client, uri, "import torch\n\x0c\nw = torch.ones(2, requires_grad=True)\n")
    await diagnostics(client, uri, 1)
    edit(client, uri, 2, (3, 0), (3, 0), "w.zero_()\n")
    assert codes(await diagnostics(client, uri, 2)) == [(3, "TL101")]


async def test_many_documents_at_once(client: LanguageClient) -> None:
    uris = [uri_of(client, f"many_{i}.py") for i in range(8)]
    for uri in uris:
        open_doc(client, uri, LEAF)
    results = await asyncio.gather(*(diagnostics(client, uri, 1) for uri in uris))
    assert all(codes(r) == [(3, "TL101")] for r in results)


async def test_excluded_and_other_languages_are_not_analysed(client: LanguageClient) -> None:
    venv = uri_of(client, ".venv/lib/python3.11/site-packages/lib.py")
    build = uri_of(client, "build/lib/x.py")
    open_doc(client, venv, LEAF)
    open_doc(client, build, LEAF)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri_of(client, "notes.md"), language_id="markdown", version=1, text=LEAF
            )
        )
    )
    control = uri_of(client, "control.py")
    open_doc(client, control, LEAF)
    assert codes(await diagnostics(client, control, 1)) == [(3, "TL101")]
    await asyncio.sleep(0.5)
    assert not {venv, build, uri_of(client, "notes.md")} & set(recorder(client).published)
