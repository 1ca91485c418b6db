"""Document and notebook synchronisation: each change asks for an analysis; closing clears.

The handlers only bookkeep and schedule (microseconds); the analysis itself runs in the
scheduler's worker thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import to_fs_path

from torchlint.lsp.handlers import guarded

DEPENDENTS_DELAY_S = 0.5  # importers wait for a pause in the imported file's edits

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer


def register(server: TorchlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded("didOpen")
    def did_open(ls: TorchlintServer, params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = to_fs_path(uri)
        if path:
            ls.open_paths[path] = uri
        ls.redo([uri])
        _dependents_changed(ls, path)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded("didChange")
    def did_change(ls: TorchlintServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.probes.drop(ls.unit_of(uri))  # a run's observations belong to the text it ran
        ls.scheduler.request(ls.unit_of(uri), typing=True)
        _dependents_changed(ls, to_fs_path(uri))

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded("didSave")
    def did_save(ls: TorchlintServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.redo([ls.unit_of(uri)])
        _dependents_changed(ls, to_fs_path(uri))

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded("didClose")
    def did_close(ls: TorchlintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        path = to_fs_path(uri)
        if path and ls.open_paths.get(path) == uri:
            del ls.open_paths[path]
        ls.clear(uri)
        _dependents_changed(ls, path)  # they now read the file from disk

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    @guarded("notebookDocument/didOpen")
    def notebook_open(ls: TorchlintServer, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.redo([params.notebook_document.uri])

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    @guarded("notebookDocument/didChange")
    def notebook_change(ls: TorchlintServer, params: types.DidChangeNotebookDocumentParams) -> None:
        key = params.notebook_document.uri
        ls.probes.drop(key)
        structure = params.change.cells.structure if params.change.cells else None
        for closed in (structure.did_close or []) if structure else []:
            ls.clear_uri(key, closed.uri)
        ls.scheduler.request(key, typing=True)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    @guarded("notebookDocument/didSave")
    def notebook_save(ls: TorchlintServer, params: types.DidSaveNotebookDocumentParams) -> None:
        ls.redo([params.notebook_document.uri])

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    @guarded("notebookDocument/didClose")
    def notebook_close(ls: TorchlintServer, params: types.DidCloseNotebookDocumentParams) -> None:
        ls.clear(params.notebook_document.uri)
        for cell in params.cell_text_documents:
            ls.clear_uri(params.notebook_document.uri, cell.uri)


def _dependents_changed(ls: TorchlintServer, path: str | None) -> None:
    """Documents that import `path` are analysed again with its new text."""
    if path and path.endswith(".py"):
        ls.redo(ls.crossfile.changed(path), delay=DEPENDENTS_DELAY_S)
