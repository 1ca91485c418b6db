"""A synchronous handle on the real server, for hypothesis (whose tests are not async):
the pytest-lsp client runs on an event loop in a background thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import SERVER, make_client, published, recorder, start

T = TypeVar("T")


class ThreadedClient:
    def __init__(self, root: Path, command: list[str] | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="lsp-client", daemon=True)
        self.thread.start()
        self.client: LanguageClient = make_client()
        self.root = root
        self.run(self.client.start_io(*(command or SERVER)), 60)
        self.run(start(self.client, root), 60)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, fn: Any, *args: Any) -> None:
        """Send a notification from the loop's thread (the transport is not thread-safe)."""
        done = threading.Event()

        def send() -> None:
            try:
                fn(*args)
            finally:
                done.set()

        self.loop.call_soon_threadsafe(send)
        assert done.wait(30), "the client loop is stuck"

    # -- documents ------------------------------------------------------------------------
    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.call(
            self.client.text_document_did_open,
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=version, text=text
                )
            ),
        )

    def change(self, uri: str, version: int, text: str, rng: types.Range | None = None) -> None:
        change: types.TextDocumentContentChangeEvent = (
            types.TextDocumentContentChangeWholeDocument(text=text)
            if rng is None
            else types.TextDocumentContentChangePartial(range=rng, text=text)
        )
        self.call(
            self.client.text_document_did_change,
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[change],
            ),
        )

    def close(self, uri: str) -> None:
        self.call(
            self.client.text_document_did_close,
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)),
        )

    def wait_published(
        self, uri: str, version: int, timeout: float
    ) -> types.PublishDiagnosticsParams:
        return self.run(published(self.client, uri, version=version, timeout=timeout), timeout + 5)

    def published(self, uri: str) -> list[types.PublishDiagnosticsParams]:
        return list(recorder(self.client).published.get(uri, []))

    # -- requests -------------------------------------------------------------------------
    def hover(self, uri: str, position: types.Position, timeout: float) -> types.Hover | None:
        return self.run(
            self.client.text_document_hover_async(
                types.HoverParams(
                    text_document=types.TextDocumentIdentifier(uri=uri), position=position
                )
            ),
            timeout,
        )

    def code_actions(
        self, uri: str, rng: types.Range, timeout: float
    ) -> list[types.CodeAction | types.Command] | None:
        diags = [d for p in self.published(uri)[-1:] for d in p.diagnostics]
        return self.run(
            self.client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=rng,
                    context=types.CodeActionContext(diagnostics=diags),
                )
            ),
            timeout,
        )

    def alive(self) -> bool:
        server = self.client._server
        return server is not None and server.returncode is None

    def stop(self) -> None:
        try:
            self.run(self.client.shutdown_session(), 30)
            self.run(self.client.stop(), 30)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
