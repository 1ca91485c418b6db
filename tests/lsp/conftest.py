"""pytest-lsp harness: the real server over stdio, a client that records every
`publishDiagnostics` with its version, and helpers that wait with a deadline."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
SERVER = [sys.executable, "-m", "torchlint", "serve", "--log-level", "WARNING"]
WAIT_S = 30.0  # generous: CI machines are shared; a broken server still fails fast-ish


@dataclass
class Recorder:
    """Everything the server published, per uri, in order."""

    published: dict[str, list[types.PublishDiagnosticsParams]] = field(default_factory=dict)
    event: asyncio.Event = field(default_factory=asyncio.Event)
    registrations: list[types.Registration] = field(default_factory=list)
    lens_refreshes: int = 0

    def latest(self, uri: str) -> types.PublishDiagnosticsParams | None:
        items = self.published.get(uri)
        return items[-1] if items else None


def recorder(client: LanguageClient) -> Recorder:
    rec: Recorder = client.recorder  # type: ignore[attr-defined]
    return rec


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    client.recorder = Recorder()  # type: ignore[attr-defined]

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        rec = recorder(client)
        rec.published.setdefault(params.uri, []).append(params)
        rec.event.set()

    def register_capability(client: LanguageClient, params: types.RegistrationParams) -> None:
        recorder(client).registrations.extend(params.registrations)

    def refresh_lenses(client: LanguageClient, params: None) -> None:
        recorder(client).lens_refreshes += 1

    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    features[types.CLIENT_REGISTER_CAPABILITY] = register_capability
    features[types.WORKSPACE_CODE_LENS_REFRESH] = refresh_lenses
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=SERVER, client_factory=make_client)


def vscode() -> types.ClientCapabilities:
    return client_capabilities("visual-studio-code")


def with_notebooks(caps: types.ClientCapabilities) -> types.ClientCapabilities:
    caps.notebook_document = types.NotebookDocumentClientCapabilities(
        synchronization=types.NotebookDocumentSyncClientCapabilities(dynamic_registration=False)
    )
    return caps


def with_encodings(caps: types.ClientCapabilities, *encodings: str) -> types.ClientCapabilities:
    general = caps.general or types.GeneralClientCapabilities()
    general.position_encodings = list(encodings)
    caps.general = general
    return caps


async def start(
    client: LanguageClient,
    root: Path,
    *,
    capabilities: types.ClientCapabilities | None = None,
    options: Any = None,
) -> types.InitializeResult:
    root.mkdir(parents=True, exist_ok=True)
    client.root = root  # type: ignore[attr-defined]
    return await asyncio.wait_for(
        client.initialize_session(
            types.InitializeParams(
                capabilities=capabilities or vscode(),
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
                initialization_options=options,
            )
        ),
        WAIT_S,
    )


def lsp_client(
    *,
    name: str = "client",
    scope: str = "module",
    capabilities: Callable[[], types.ClientCapabilities] = vscode,
    options: Any = None,
) -> Any:
    """A pytest-lsp fixture: the server started in a fresh workspace folder."""

    @pytest_lsp.fixture(config=CONFIG, scope=scope, name=name)
    async def fixture(client: LanguageClient, tmp_path_factory: Any) -> AsyncIterator[None]:
        await start(
            client, tmp_path_factory.mktemp("ws"), capabilities=capabilities(), options=options
        )
        yield
        await asyncio.wait_for(client.shutdown_session(), WAIT_S)

    return fixture


# -- documents ---------------------------------------------------------------------------
def uri_of(client: LanguageClient, name: str) -> str:
    root: Path = client.root  # type: ignore[attr-defined]
    return (root / name).as_uri()


def open_doc(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=version, text=text
            )
        )
    )


def replace_all(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def edit(
    client: LanguageClient,
    uri: str,
    version: int,
    start: tuple[int, int],
    end: tuple[int, int],
    text: str,
) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=start[0], character=start[1]),
                        end=types.Position(line=end[0], character=end[1]),
                    ),
                    text=text,
                )
            ],
        )
    )


def close_doc(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )


async def published(
    client: LanguageClient,
    uri: str,
    *,
    version: int | None = None,
    where: Callable[[types.PublishDiagnosticsParams], bool] | None = None,
    timeout: float = WAIT_S,
) -> types.PublishDiagnosticsParams:
    """Wait until the latest publish for `uri` has `version` (and satisfies `where`)."""
    rec = recorder(client)
    deadline = asyncio.get_running_loop().time() + timeout

    def done() -> types.PublishDiagnosticsParams | None:
        last = rec.latest(uri)
        if last is None or (version is not None and last.version != version):
            return None
        return last if where is None or where(last) else None

    while (found := done()) is None:
        rec.event.clear()
        remaining = deadline - asyncio.get_running_loop().time()
        if remaining <= 0:
            got = rec.latest(uri)
            raise AssertionError(
                f"no publish for {uri} version {version}; last was "
                f"{got.version if got else None}: {got.diagnostics if got else None}"
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(rec.event.wait(), remaining)
    return found


async def diagnostics(
    client: LanguageClient, uri: str, version: int | None = None
) -> list[types.Diagnostic]:
    return list((await published(client, uri, version=version)).diagnostics)


def codes(diags: list[types.Diagnostic]) -> list[tuple[int, str]]:
    return [(d.range.start.line, str(d.code)) for d in diags]


async def hover(client: LanguageClient, uri: str, line: int, character: int) -> str | None:
    result = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        ),
        WAIT_S,
    )
    if result is None:
        return None
    contents = result.contents
    assert isinstance(contents, types.MarkupContent)
    return contents.value


async def code_actions(
    client: LanguageClient,
    uri: str,
    diags: list[types.Diagnostic],
    *,
    only: list[str] | None = None,
    rng: types.Range | None = None,
) -> list[types.CodeAction]:
    where = rng or (
        diags[0].range
        if diags
        else types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
        )
    )
    result = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=where,
                context=types.CodeActionContext(diagnostics=diags, only=only),
            )
        ),
        WAIT_S,
    )
    return [a for a in result or [] if isinstance(a, types.CodeAction)]


def apply_workspace_edit(
    text: str, uri: str, edit: types.WorkspaceEdit, encoding: str = "utf-16"
) -> str:
    """Apply the edits for `uri` the way an editor does (all ranges refer to `text`)."""
    from torchlint.findings import Edit, Span
    from torchlint.fixer import apply_edits
    from torchlint.lsp.positions import Positions

    edits: list[types.TextEdit] = []
    if edit.document_changes:
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit)
            if change.text_document.uri == uri:
                edits.extend(e for e in change.edits if isinstance(e, types.TextEdit))
    elif edit.changes:
        edits.extend(edit.changes.get(uri, []))
    where = Positions(text, encoding)
    return apply_edits(
        text,
        [Edit(Span(where.pos(e.range.start), where.pos(e.range.end)), e.new_text) for e in edits],
    )


@pytest_lsp.fixture(config=CONFIG)
async def fresh(client: LanguageClient) -> AsyncIterator[None]:
    """A server started but not initialized: the test calls `start` with what it needs."""
    yield
    if client.capabilities is not None:
        await asyncio.wait_for(client.shutdown_session(), WAIT_S)
