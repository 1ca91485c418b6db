"""The runtime probe, from the editor: the `torchlint.runProbe` command, "Run probe" code
lenses, `$/progress` with cancellation, and what a run adds to diagnostics and hovers.

The probe runs the user's code, so it runs only on the command (never by itself), only
when `torchlint.probe.enabled` is on (the client turns it off in untrusted workspaces),
and only on a saved file. A run's results belong to the document version it ran: they
are dropped on the next change.
"""

from __future__ import annotations

import ast
import asyncio
import logging
import os
import re
import sys
import threading
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from torchlint.findings import Finding, Pos, Span
from torchlint.lsp.diagnostics import SOURCE
from torchlint.lsp.handlers import guarded

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer
    from torchlint.lsp.snapshots import Part, Snapshot
    from torchlint.probe import ProbeFinding, ProbeResult

log = logging.getLogger(__name__)

COMMAND = "torchlint.runProbe"
MAX_MEMORY_MB = 4096
REPORT_EVERY_S = 1.0

# What only the run found becomes a diagnostic of its own (static rules are TL1xx-TL4xx).
RUNTIME_ERROR = "TL901"  # the error that ended the script
NAN_GRADIENT = "TL902"  # where a NaN/Inf gradient (or loss) was born
GRADCHECK_FAILED = "TL903"  # a gradcheck that failed when run
RUNTIME_NOTE = "TL904"  # warnings and other observations
NAMES = {
    RUNTIME_ERROR: "runtime-error",
    NAN_GRADIENT: "nan-gradient",
    GRADCHECK_FAILED: "gradcheck-failed",
    RUNTIME_NOTE: "runtime-note",
}
SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
}


@dataclass(frozen=True, slots=True)
class Overlay:
    """What a probe run adds to one analysis of the text it ran."""

    confirmed: dict[tuple[str, int], str] = field(default_factory=dict)  # (code, row) -> what
    extra: list[tuple[str, types.Diagnostic]] = field(default_factory=list)  # (uri, diag)


EMPTY = Overlay()


@dataclass(frozen=True, slots=True)
class Run:
    stamp: tuple[tuple[str, int | None], ...]  # the snapshot stamp of the text that ran
    path: str  # the file that ran (real path, as the probe reports files)
    result: ProbeResult


class ProbeStore:
    """Runs in progress and finished runs, per unit (thread-safe: the analysis reads it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._runs: dict[str, Run] = {}
        self._running: dict[str, threading.Event] = {}

    def start(self, key: str) -> threading.Event | None:
        """A cancel event for a new run of `key`, or None when one is running already."""
        with self._lock:
            if key in self._running:
                return None
            event = self._running[key] = threading.Event()
            return event

    def finish(self, key: str, run: Run | None) -> None:
        with self._lock:
            self._running.pop(key, None)
            if run is not None:
                self._runs[key] = run

    def drop(self, key: str) -> None:
        with self._lock:
            self._runs.pop(key, None)

    def cancel_all(self) -> None:
        with self._lock:
            for event in self._running.values():
                event.set()

    def run_for(self, snap: Snapshot) -> Run | None:
        with self._lock:
            run = self._runs.get(snap.key)
        return run if run is not None and run.stamp == snap.stamp else None

    def observed(self, snap: Snapshot, row: int) -> str | None:
        """'float32[256, 2] cuda:0, requires grad, leaf': the last tensor line `row` made."""
        run = self.run_for(snap)
        if run is None:
            return None
        record = run.result.line(run.path, row)
        signature = record.result if record is not None else None
        return signature.describe() if signature is not None else None

    def overlay(self, snap: Snapshot, findings: Iterable[Finding]) -> Overlay:
        run = self.run_for(snap)
        if run is None or not snap.parts:
            return EMPTY
        return _overlay(run, snap.parts[0], {(f.code, f.span.start.row) for f in findings})


def _overlay(run: Run, part: Part, static: set[tuple[str, int]]) -> Overlay:
    out = Overlay()
    result = run.result
    for f in result.findings_in(run.path):
        line = f.location.line if f.location else 0
        if f.rule is not None and (f.rule, line) in static:
            out.confirmed[(f.rule, line)] = _first_line(f.message)
            continue
        out.extra.append(
            (part.uri, _diagnostic(run, part, _code(f), f.severity, f.message, line, f))
        )
    for check in result.gradchecks:
        if check.status in ("fail", "error") and _same(check.location.file, run.path):
            message = f"gradcheck of {check.function} (float64) {check.status}ed: {check.message}"
            diag = _diagnostic(run, part, GRADCHECK_FAILED, "error", message, check.location.line)
            out.extra.append((part.uri, diag))
    for w in result.warnings:
        if w.location is not None and _same(w.location.file, run.path):
            message = f"{w.category}: {w.message}" + (f" ({w.count} times)" if w.count > 1 else "")
            diag = _diagnostic(run, part, RUNTIME_NOTE, "information", message, w.location.line)
            out.extra.append((part.uri, diag))
    return out


def _code(f: ProbeFinding) -> str:
    if f.kind in ("nan-gradient", "nan-loss"):
        return NAN_GRADIENT
    if f.kind in ("gradcheck-failed", "function-gradcheck"):
        return GRADCHECK_FAILED
    return RUNTIME_ERROR if f.severity == "error" else RUNTIME_NOTE


def _diagnostic(
    run: Run,
    part: Part,
    code: str,
    severity: str,
    message: str,
    line: int,
    finding: ProbeFinding | None = None,
) -> types.Diagnostic:
    related = []
    for r in finding.related if finding else ():
        uri = part.uri if _same(r.location.file, run.path) else Path(r.location.file).as_uri()
        where = _line_range(part, r.location.line) if uri == part.uri else _bare(r.location.line)
        related.append(
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri, range=where), message=r.message
            )
        )
    return types.Diagnostic(
        range=_line_range(part, line),
        message=f"{message} (seen at run time)",
        severity=SEVERITY.get(severity, types.DiagnosticSeverity.Warning),
        code=code,
        source=SOURCE,
        related_information=related or None,
        data={"uri": part.uri, "version": part.version, "probe": NAMES[code]},
    )


def _line_range(part: Part, line: int) -> types.Range:
    """The line's text without its indentation and trailing blanks."""
    text = part.positions.line(max(0, line - 1))
    start = len(text) - len(text.lstrip())
    return part.positions.range(Span(Pos(line, start), Pos(line, len(text.rstrip()))))


def _bare(line: int) -> types.Range:
    at = types.Position(line=max(0, line - 1), character=0)
    return types.Range(start=at, end=at)


def _same(a: str, b: str) -> bool:
    return a == b or os.path.realpath(a) == os.path.realpath(b)


def _first_line(text: str) -> str:
    first = text.strip().splitlines()[0] if text.strip() else text
    return first if len(first) <= 200 else first[:199] + "…"


# -- the command -------------------------------------------------------------------------
def register(server: TorchlintServer) -> None:
    # pygls resolves a command's annotations at run time to convert its arguments, so the
    # server is annotated with pygls's class here (TorchlintServer would be an import cycle).
    @server.command(COMMAND)
    @guarded("runProbe", default={"status": "failed"})
    async def run_probe_command(ls: LanguageServer, *args: Any) -> dict[str, Any]:
        uri = args[0] if args and isinstance(args[0], str) else None
        function = args[1] if len(args) > 1 and isinstance(args[1], str) else None
        return await run(cast("TorchlintServer", ls), uri, function)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    @guarded("codeLens", default=None)
    def code_lens(ls: TorchlintServer, params: types.CodeLensParams) -> list[types.CodeLens] | None:
        uri = params.text_document.uri
        doc = ls.document(uri)
        path = to_fs_path(uri)
        if doc is None or path is None or ls.workspace.get_notebook_document(cell_uri=uri):
            return None
        settings, _ = ls.settings.settings_for(path, ls.folder_of(path))
        if not settings.probe.enabled:
            return None
        return lenses(uri, doc.source)


async def run(ls: TorchlintServer, uri: str | None, function: str | None) -> dict[str, Any]:
    refusal = _refusal(ls, uri, function)
    if refusal is not None:
        _tell(ls, refusal, types.MessageType.Warning)
        return {"status": "refused", "message": refusal}
    assert uri is not None
    path = to_fs_path(uri)
    assert path is not None
    key = ls.unit_of(uri)
    doc = ls.document(uri)
    snap = ls.snapshot(key) if doc is not None else None
    settings, _ = ls.settings.settings_for(path, ls.folder_of(path))
    cancel = ls.probes.start(key)
    if cancel is None:
        message = "the probe is already running on this file"
        _tell(ls, message, types.MessageType.Info)
        return {"status": "busy", "message": message}
    target = f"{Path(path).name}" + (f":{function}()" if function else "")
    progress = Progress(ls, f"torchlint probe: {target}", cancel)
    run_record: Run | None = None
    try:
        await progress.begin()
        result = await progress.wait(
            asyncio.to_thread(
                _run_probe,
                path,
                function=function,
                device=settings.probe.device,
                timeout=settings.probe.timeout,
                cancel=cancel,
            )
        )
        if isinstance(result, str):  # the run could not start
            _tell(ls, f"torchlint probe: {result}", types.MessageType.Error)
            return {"status": "usage", "message": result}
        if snap is not None and ls.is_current(snap):
            run_record = Run(snap.stamp, os.path.realpath(path), result)
            note = ""
        else:
            note = " (the file changed while it ran: its results were dropped)"
        _tell(ls, f"torchlint probe: {result.message}{note}", _message_type(result))
        return {
            "status": result.status,
            "message": result.message,
            "findings": len(result.findings),
            "seconds": result.timings.wall_s,
        }
    except asyncio.CancelledError:
        cancel.set()  # the client cancelled the request: stop the run
        raise
    finally:
        ls.probes.finish(key, run_record)
        progress.end()
        if run_record is not None:
            ls.redo([key])


def _refusal(ls: TorchlintServer, uri: str | None, function: str | None) -> str | None:
    if uri is None:
        return "runProbe takes the file's URI (and optionally a top-level function's name)"
    path = to_fs_path(uri)
    if path is None or ls.workspace.get_notebook_document(cell_uri=uri) is not None:
        return "the probe runs files saved on disk; notebooks and untitled files are not probed"
    settings, _ = ls.settings.settings_for(path, ls.folder_of(path))
    if not settings.probe.enabled:
        return "the probe runs your code, so it is off until torchlint.probe.enabled is on"
    if function is not None and not function.isidentifier():
        return f"{function!r} is not a function name"
    doc = ls.document(uri)
    try:
        on_disk = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return f"cannot read {path}"
    if doc is not None and doc.source != on_disk:
        return "save the file first: the probe runs the file on disk"
    return None


def _run_probe(
    path: str, *, function: str | None, device: str, timeout: float, cancel: threading.Event
) -> ProbeResult | str:
    """Run the probe (worker thread); a string says why it could not start."""
    from torchlint.probe import ProbeUsageError, run_probe

    try:
        return run_probe(
            path,
            python=sys.executable,  # the server runs in the user's interpreter
            function=function,
            device=device,
            timeout=timeout,
            max_memory_mb=MAX_MEMORY_MB,
            cancel=cancel,
        )
    except ProbeUsageError as exc:
        return str(exc)


def _message_type(result: ProbeResult) -> types.MessageType:
    if result.status in ("ok",) and not result.found_problems:
        return types.MessageType.Info
    return types.MessageType.Warning


def _tell(ls: TorchlintServer, message: str, kind: types.MessageType) -> None:
    log.info("%s", message)
    ls.window_show_message(types.ShowMessageParams(type=kind, message=message))


class Progress:
    """`$/progress` for one run, when the client supports it; its cancel button stops the run."""

    def __init__(self, ls: TorchlintServer, title: str, cancel: threading.Event) -> None:
        self.ls = ls
        self.title = title
        self.cancel = cancel
        self.token: str | None = None
        window = ls.client_capabilities.window
        self.enabled = bool(window and window.work_done_progress)

    async def begin(self) -> None:
        if not self.enabled:
            return
        token = f"torchlint-probe-{uuid.uuid4()}"
        try:
            await asyncio.wait_for(self.ls.work_done_progress.create_async(token), 10)
        except Exception as exc:  # no progress bar: the run goes on without one
            log.info("no progress for the probe (%s)", exc)
            return
        self.token = token
        self.ls.work_done_progress.begin(
            token,
            types.WorkDoneProgressBegin(title=self.title, cancellable=True, message="starting"),
        )
        future = self.ls.work_done_progress.tokens.get(token)
        if future is not None:
            future.add_done_callback(lambda f: self.cancel.set() if f.cancelled() else None)

    async def wait(self, work: Any) -> Any:
        """Await `work`, reporting the elapsed time every second."""
        task = asyncio.ensure_future(work)
        started = time.monotonic()
        while True:
            done, _ = await asyncio.wait({task}, timeout=REPORT_EVERY_S)
            if done:
                return task.result()
            if self.token is not None:
                elapsed = time.monotonic() - started
                message = "cancelling" if self.cancel.is_set() else f"running, {elapsed:.0f} s"
                self.ls.work_done_progress.report(
                    self.token, types.WorkDoneProgressReport(message=message)
                )

    def end(self) -> None:
        if self.token is not None:
            self.ls.work_done_progress.end(self.token, types.WorkDoneProgressEnd(message="done"))
            self.ls.work_done_progress.tokens.pop(self.token, None)
            self.token = None


# -- code lenses -----------------------------------------------------------------------------
_MAIN = re.compile(r"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""")
_ZERO_ARG_DEF = re.compile(r"^(?:async\s+)?def\s+(\w+)\s*\(\s*\)")


def lenses(uri: str, text: str) -> list[types.CodeLens]:
    """ "Run probe" on `if __name__ == "__main__":` and on top-level functions that can be
    called with no arguments (the probe calls them so)."""
    out: list[types.CodeLens] = []
    for line, function in _targets(text):
        at = types.Range(
            start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)
        )
        title = "▶ Run probe" if function is None else f"▶ Run probe on {function}()"
        arguments: list[Any] = [uri] if function is None else [uri, function]
        out.append(
            types.CodeLens(
                range=at, command=types.Command(title=title, command=COMMAND, arguments=arguments)
            )
        )
    return out


def _targets(text: str) -> list[tuple[int, str | None]]:
    """(0-based line, function name or None for the __main__ block)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _targets_by_line(text)
    out: list[tuple[int, str | None]] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _no_required(node.args):
            line = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            out.append((line - 1, node.name))
        elif isinstance(node, ast.If) and _is_main_test(node.test):
            out.append((node.lineno - 1, None))
    return out


def _is_main_test(test: ast.expr) -> bool:
    """`__name__ == "__main__"` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    if not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s.id for s in sides if isinstance(s, ast.Name)]
    values = [s.value for s in sides if isinstance(s, ast.Constant)]
    return names == ["__name__"] and values == ["__main__"]


def _no_required(args: ast.arguments) -> bool:
    positional = [*args.posonlyargs, *args.args]
    return len(args.defaults) == len(positional) and all(d is not None for d in args.kw_defaults)


def _targets_by_line(text: str) -> list[tuple[int, str | None]]:
    out: list[tuple[int, str | None]] = []
    for i, line in enumerate(text.splitlines()):
        if _MAIN.match(line):
            out.append((i, None))
        elif m := _ZERO_ARG_DEF.match(line):
            out.append((i, m.group(1)))
    return out
