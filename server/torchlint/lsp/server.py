"""The torchlint language server: state, the analysis pipeline, and `run_server`.

Features live in their own modules (sync, configuration, code_actions, hover, probe) and
register their handlers on a `TorchlintServer`; handlers take it as `ls`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import logging
import os
import sys
import time
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcException, PyglsError
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from torchlint import __version__
from torchlint.config import Config
from torchlint.engine import AnalysisResult, analyze_source
from torchlint.lsp import notebooks, snapshots
from torchlint.lsp.config import SettingsStore
from torchlint.lsp.crossfile import CrossFile
from torchlint.lsp.diagnostics import Analysed, Outcome, convert
from torchlint.lsp.documents import Document
from torchlint.lsp.guard import Guard
from torchlint.lsp.positions import UTF16, engine_text
from torchlint.lsp.probe import ProbeStore
from torchlint.lsp.scheduler import Scheduler
from torchlint.lsp.snapshots import Snapshot

log = logging.getLogger("torchlint.lsp")

SWITCH_INTERVAL_S = 0.001

NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[
        types.NotebookDocumentFilterWithCells(
            notebook="*", cells=[types.NotebookCellLanguage(language="python")]
        )
    ],
    save=True,
)


class TorchlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "torchlint",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            notebook_document_sync=NOTEBOOK_SYNC,
        )
        self.guard = Guard(self._report_failure)
        self.settings = SettingsStore()
        self.encoding = UTF16
        self.probes = ProbeStore()
        self.open_paths: dict[str, str] = {}  # file system path -> uri, for open documents
        self._published: dict[str, set[str]] = {}  # unit -> uris it last published to
        # unit -> its last analysis, which the next one takes over while the text that
        # parses stays the same (see torchlint.reuse). Written by the unit's analysis; an
        # entry of an older text is harmless: taking over checks the text it was made from.
        self._last_result: dict[str, AnalysisResult] = {}
        self._shown_problems: set[str] = set()
        self._logged_errors: set[str] = set()
        self._first_published = False
        self.scheduler = Scheduler(
            snapshot=self.snapshot,
            engine=self.run_engine,
            present=self.present,
            publish=self.publish,
            is_current=self.is_current,
            guard=self.guard,
        )
        self.crossfile = CrossFile(
            folders=self.folder_paths,
            open_text=self.open_text,
            on_resolved=self._redo_threadsafe,
            guard=self.guard,
            on_warm=freeze_long_lived_objects,
        )
        self.loop: asyncio.AbstractEventLoop | None = None

    # -- documents and units --------------------------------------------------------------
    def document(self, uri: str) -> Document | None:
        """The open document at `uri` (never one read from disk)."""
        doc = self.workspace.text_documents.get(unquote(uri))
        return doc if isinstance(doc, Document) else None

    def unit_of(self, uri: str) -> str:
        """What is analysed for `uri`: its notebook for a notebook cell, else itself."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        return notebook.uri if notebook is not None else uri

    def folder_paths(self) -> list[str]:
        out = []
        for folder in list(self.workspace.folders.values()):
            path = to_fs_path(folder.uri)
            if path:
                out.append(path)
        if not out and self.workspace.root_path:
            out.append(self.workspace.root_path)
        return out

    def folder_of(self, path: str | None) -> str | None:
        if path is None:
            folders = self.folder_paths()
            return folders[0] if len(folders) == 1 else None
        best = None
        for folder in self.folder_paths():
            inside = path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
            if inside and (best is None or len(folder) > len(best)):
                best = folder
        return best

    def open_text(self, path: str) -> str | None:
        """The editor's text of an open file (any thread: plain dict reads)."""
        uri = self.open_paths.get(path)
        doc = self.document(uri) if uri is not None else None
        return doc.source if doc is not None else None

    def snapshot(self, key: str) -> Snapshot | None:
        """What to analyse for unit `key` now; None when it is not open. Event loop only."""
        notebook = self.workspace.get_notebook_document(notebook_uri=key)
        fs_path = to_fs_path(key)
        folder = self.folder_of(fs_path)
        settings, problems = self.settings.settings_for(fs_path, folder)
        self.show_problems(problems)
        if notebook is not None:
            cells = {}
            for cell in notebook.cells:
                doc = self.document(cell.document)
                if doc is not None:
                    cells[cell.document] = doc
            return notebooks.snapshot(
                notebook,
                cells,
                path=fs_path or key,
                fs_path=fs_path,
                folder=folder,
                settings=settings,
                encoding=self.encoding,
            )
        doc = self.document(key)
        if doc is None or not self._analysable(doc, fs_path, folder, settings.config):
            return None
        text = doc.source
        return snapshots.single(
            key,
            doc.version,
            text,
            engine_text(text),
            path=fs_path or key,
            fs_path=fs_path,
            folder=folder,
            settings=settings,
            encoding=self.encoding,
        )

    @staticmethod
    def _analysable(doc: Document, fs_path: str | None, folder: str | None, config: Config) -> bool:
        """Python, and not excluded: by `exclude` and the defaults (virtual environments,
        site-packages, build output) inside a workspace folder, by site-packages outside."""
        if doc.language_id not in (None, "", "python"):
            return False
        if fs_path is None:
            return True
        path = Path(fs_path)
        if folder is not None:
            try:
                return not config.is_excluded(path.relative_to(folder))
            except ValueError:
                pass
        return not any(part in ("site-packages", "dist-packages") for part in path.parts)

    def is_current(self, snap: Snapshot) -> bool:
        """The documents still hold the text `snap` was made from (event loop only)."""
        if snap.notebook:
            notebook = self.workspace.get_notebook_document(notebook_uri=snap.key)
            if notebook is None:
                return False
            uris = [p.uri for p in snap.parts]
            cells = [c.document for c in notebook.cells if self._python_cell(c)]
            if uris != cells:
                return False
        for part in snap.parts:
            doc = self.document(part.uri)
            if doc is None or doc.version != part.version:
                return False
        return bool(snap.parts) or snap.notebook

    def _python_cell(self, cell: types.NotebookCell) -> bool:
        return notebooks.is_python_cell(cell, self.document(cell.document))

    # -- the pipeline -----------------------------------------------------------------------
    def run_engine(self, snap: Snapshot) -> Analysed:
        """The engine on a snapshot. Worker thread; never raises (nor does the engine)."""
        started = time.perf_counter()
        result = analyze_source(
            snap.text,
            snap.path,
            snap.settings.config,
            resolver=self.crossfile.resolver_for(snap.key, snap.fs_path),
            previous=self._last_result.get(snap.key),
        )
        if self.snapshot_possible(snap.key):  # not when closed meanwhile (kept for nothing)
            self._last_result[snap.key] = result
        return Analysed(result, result.seconds, time.perf_counter() - started)

    def present(self, snap: Snapshot, analysed: Analysed) -> Outcome:
        """The engine's result as diagnostics, with what a probe run adds. Event loop."""
        result = analysed.result
        for error in result.errors:
            self._log_error_once(error)
        try:
            overlay = self.probes.overlay(snap, result.findings)
            diagnostics, placed = convert(snap, result.findings, confirmed=overlay.confirmed)
            for uri, extra in overlay.extra:
                diagnostics.setdefault(uri, []).append(extra)
        except Exception as exc:  # publish nothing new rather than nothing at all
            self.guard.failed("diagnostics", exc)
            diagnostics, placed = {p.uri: [] for p in snap.parts}, {}
        return Outcome(snap, result, diagnostics, analysed.seconds, placed)

    def analyse(self, snap: Snapshot) -> Outcome:
        """Both steps at once (tests and tools)."""
        return self.present(snap, self.run_engine(snap))

    def publish(self, outcome: Outcome) -> None:
        """Send an outcome's diagnostics, and clear uris the unit no longer covers."""
        snap = outcome.snapshot
        versions = {p.uri: p.version for p in snap.parts}
        previous = self._published.get(snap.key, set())
        for uri in previous - set(outcome.diagnostics):
            self._send(uri, None, [])
        for uri, diagnostics in outcome.diagnostics.items():
            self._send(uri, versions.get(uri), diagnostics)
        self._published[snap.key] = set(outcome.diagnostics)
        if not self._first_published:
            self._first_published = True
            self.crossfile.first_diagnostics_out()

    def _send(self, uri: str, version: int | None, diagnostics: list[types.Diagnostic]) -> None:
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics)
        )

    def clear(self, key: str) -> None:
        """The unit was closed: stop analysing it and clear what it published."""
        self.scheduler.forget(key)
        self._last_result.pop(key, None)
        self.crossfile.forget_unit(key)
        self.probes.drop(key)
        for uri in self._published.pop(key, set()):
            self._send(uri, None, [])

    def clear_uri(self, key: str, uri: str) -> None:
        """One cell left its notebook: clear what was published for it."""
        published = self._published.get(key)
        if published is not None and uri in published:
            published.discard(uri)
            self._send(uri, None, [])

    def redo(self, keys: set[str] | list[str], *, delay: float = 0.0) -> None:
        for key in keys:
            if self.snapshot_possible(key):
                self.scheduler.request(key, delay=delay)

    def snapshot_possible(self, key: str) -> bool:
        return (
            self.workspace.get_notebook_document(notebook_uri=key) is not None
            or self.document(key) is not None
        )

    def _redo_threadsafe(self, keys: set[str]) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.redo, keys)

    def redo_all(self) -> None:
        keys = set(self.workspace.notebook_documents)
        for uri, doc in list(self.workspace.text_documents.items()):
            if self.workspace.get_notebook_document(cell_uri=uri) is None:
                keys.add(doc.uri)
        self.redo(keys)

    # -- messages to the user --------------------------------------------------------------
    def show_problems(self, problems: list[str]) -> None:
        """Tell the user about each settings problem once (window/showMessage)."""
        new = [p for p in problems if p not in self._shown_problems]
        if not new:
            return
        self._shown_problems.update(new)
        text = "; ".join(new)
        log.warning("settings: %s", text)
        self.window_show_message(
            types.ShowMessageParams(
                type=types.MessageType.Warning,
                message=f"torchlint: invalid settings, using the defaults for them: {text}",
            )
        )

    def forget_shown_problems(self) -> None:
        """Settings changed: a problem that comes back is worth saying again."""
        self._shown_problems.clear()

    def _log_error_once(self, error: str) -> None:
        if error in self._logged_errors or len(self._logged_errors) > 1000:
            return
        self._logged_errors.add(error)
        log.warning("%s", error)

    def _report_failure(self, message: str) -> None:
        if self.loop is None:
            return
        self.loop.call_soon_threadsafe(
            lambda: self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Error, message=message)
            )
        )

    def report_server_error(
        self, error: Exception, source: type[PyglsError] | type[JsonRpcException]
    ) -> None:
        # pygls would show a message box for each; log it (once per kind) instead.
        self.guard.failed(f"protocol ({source.__name__})", error)


def freeze_long_lived_objects() -> None:
    """Move what start-up made (modules, the engine's knowledge tables, jedi's caches) out
    of the garbage collector's sight: every full collection would walk them again. The
    engine runs about 20% faster on a 2,000-line file (measured, scripts/bench_lsp.py)."""
    gc.collect()
    gc.freeze()
    log.debug("froze %d long-lived objects", gc.get_freeze_count())


class ClientLogHandler(logging.Handler):
    """Forwards torchlint's own log records to the client (`window/logMessage`)."""

    LEVELS: ClassVar[dict[int, types.MessageType]] = {
        logging.ERROR: types.MessageType.Error,
        logging.WARNING: types.MessageType.Warning,
        logging.INFO: types.MessageType.Info,
    }

    def __init__(self, server: TorchlintServer) -> None:
        super().__init__(logging.INFO)
        self.server = server

    def emit(self, record: logging.LogRecord) -> None:
        loop = self.server.loop
        if loop is None or loop.is_closed() or record.exc_info:
            return  # tracebacks go to stderr; the guard sends its own summary
        kind = self.LEVELS.get(record.levelno, types.MessageType.Log)
        if record.levelno >= logging.ERROR:
            kind = types.MessageType.Error
        message = self.format(record)
        loop.call_soon_threadsafe(
            lambda: self.server.window_log_message(
                types.LogMessageParams(type=kind, message=message)
            )
        )


def create_server() -> TorchlintServer:
    from torchlint.lsp import code_actions, configuration, hover, probe, sync

    server = TorchlintServer()
    for feature in (configuration, sync, code_actions, hover, probe):
        feature.register(server)
    return server


def _address(value: str) -> tuple[str, int]:
    host, _, port = value.rpartition(":")
    return host or "127.0.0.1", int(port)


def run_server(args: argparse.Namespace) -> int:
    level = getattr(args, "log_level", "INFO") or "INFO"
    logging.basicConfig(
        stream=sys.stderr, level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if level != "DEBUG":  # pygls logs every message body at INFO: slow and noisy
        logging.getLogger("pygls").setLevel(logging.WARNING)
    # The engine runs in a worker thread and holds the GIL; pygls hands each incoming
    # message between three threads. At the default 5 ms switch interval a burst of
    # keystrokes was read at ~30 ms a message while an analysis ran, so the server lagged
    # behind the typing; at 1 ms it keeps up (measured with scripts/bench_lsp.py bursts).
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    server = create_server()
    logging.getLogger("torchlint").addHandler(ClientLogHandler(server))
    tcp: str | None = getattr(args, "tcp", None)
    ws: str | None = getattr(args, "ws", None)
    if ws and importlib.util.find_spec("websockets") is None:
        log.error("--ws needs the websockets package (pip install 'pygls[ws]')")
        return 2
    where = tcp or ws
    try:
        address = _address(where) if where else None
    except ValueError:
        log.error("expected HOST:PORT, not %r", where)
        return 2
    try:
        if tcp and address:
            server.start_tcp(*address)
        elif ws and address:
            server.start_ws(*address)
        else:
            server.start_io()
    finally:
        server.scheduler.shutdown()
        server.crossfile.stop()
    return 0
