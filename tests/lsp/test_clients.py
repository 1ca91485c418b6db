"""Other clients and transports: Neovim's recorded capabilities (UTF-8 positions, plain
`changes` edits, no dynamic registration), and the TCP transport."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient as PlainClient
from pytest_lsp import LanguageClient, client_capabilities

from tests.lsp.conftest import (
    WAIT_S,
    apply_workspace_edit,
    code_actions,
    diagnostics,
    hover,
    open_doc,
    start,
)

pytestmark = pytest.mark.asyncio

TEXT = 'import torch\n\nname = "ñandú 🐦"; w = torch.randn(3, requires_grad=True)\nw.add_(1)\n'


async def test_neovim(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    result = await start(client, tmp_path, capabilities=client_capabilities("neovim"))
    assert result.capabilities.position_encoding == "utf-8"
    uri = (tmp_path / "nvim.py").as_uri()
    open_doc(client, uri, TEXT)
    diags = await diagnostics(client, uri, 1)
    (d,) = diags
    assert d.code == "TL101" and d.range.start.line == 3
    related = d.related_information or []
    # `torch.randn(...)` starts after a 4-byte emoji and the 2-byte ñ and ú.
    prefix = 'name = "ñandú 🐦"; '
    made_at = len((prefix + "w = ").encode("utf-8"))
    assert related[0].location.range.start.character == made_at
    actions = await code_actions(client, uri, diags)
    fix = next(a for a in actions if a.is_preferred)
    assert fix.edit is not None and fix.edit.changes and not fix.edit.document_changes
    fixed = apply_workspace_edit(TEXT, uri, fix.edit, encoding="utf-8")
    assert fixed.endswith("with torch.no_grad():\n    w.add_(1)\n")
    text = await hover(client, uri, 2, len(prefix.encode("utf-8")))
    assert text is not None and "requires grad: yes" in text


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_tcp_transport(tmp_path: Path) -> None:
    port = _free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "torchlint",
        "serve",
        "--tcp",
        f"127.0.0.1:{port}",
        stderr=asyncio.subprocess.PIPE,
    )
    client = PlainClient("tcp-test", "1")
    got: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish(params: types.PublishDiagnosticsParams) -> None:
        got.put_nowait(params)

    try:
        for _ in range(200):  # wait for the server to listen
            try:
                await client.start_tcp("127.0.0.1", port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        else:
            pytest.fail("the TCP server never listened")
        await asyncio.wait_for(
            client.initialize_async(
                types.InitializeParams(
                    capabilities=types.ClientCapabilities(), root_uri=tmp_path.as_uri()
                )
            ),
            WAIT_S,
        )
        client.initialized(types.InitializedParams())
        uri = (tmp_path / "tcp.py").as_uri()
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=1, text=TEXT
                )
            )
        )
        params = await asyncio.wait_for(got.get(), WAIT_S)
        assert params.uri == uri and [d.code for d in params.diagnostics] == ["TL101"]
        await asyncio.wait_for(client.shutdown_async(None), WAIT_S)
        client.exit(None)
    finally:
        await client.stop()
        if server.returncode is None:
            server.terminate()
        await server.wait()
