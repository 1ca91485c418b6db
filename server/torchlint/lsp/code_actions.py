"""Code actions: each rule's quick fix, "ignore TLxxx on this line", and
`source.fixAll.torchlint` (every safe fix in the file).

Quick fixes come from the diagnostic's `data` (made with the diagnostic), so nothing is
analysed again. Every edit is a versioned `TextDocumentEdit`: a client holding a newer
text refuses it instead of corrupting the file. An edit that would break a file that
parses is not offered.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from lsprotocol import types

from torchlint.findings import Applicability, Edit, Finding, Span
from torchlint.fixer import OverlappingEdits, apply_edits
from torchlint.lsp.diagnostics import SOURCE, read_fix
from torchlint.lsp.documents import Document
from torchlint.lsp.handlers import guarded
from torchlint.lsp.notebooks import blank_magics
from torchlint.lsp.positions import engine_text
from torchlint.suppressions import ALL, _in_comment, parse_suppressions

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer
    from torchlint.lsp.snapshots import Part

FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.torchlint"
QUICK_FIX = types.CodeActionKind.QuickFix.value
FIX_ALL_TIMEOUT_S = 5.0


def register(server: TorchlintServer) -> None:
    options = types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL], resolve_provider=False
    )

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, options)
    @guarded("codeAction")
    async def code_action(
        ls: TorchlintServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        doc = ls.document(uri)
        if doc is None:
            return None
        only = params.context.only
        actions: list[types.CodeAction] = []
        if _wanted(only, QUICK_FIX):
            for diag in params.context.diagnostics:
                if diag.source != SOURCE or not isinstance(diag.code, str):
                    continue
                fix = ls.guard.call("quick fix", None, partial(quick_fix, ls, doc, diag))
                if fix is not None:
                    actions.append(fix)
                ignore = ls.guard.call("ignore action", None, partial(ignore_line, ls, doc, diag))
                if ignore is not None:
                    actions.append(ignore)
        if _wanted(only, FIX_ALL):
            fix_all = await fix_all_action(ls, doc)
            if fix_all is not None:
                actions.append(fix_all)
        return actions


def _wanted(only: Sequence[str] | None, kind: str) -> bool:
    """`only` (None: everything) asks for `kind` itself or a kind it falls under."""
    if not only:
        return True
    asked = [str(getattr(k, "value", k)) for k in only]
    return any(kind == k or kind.startswith(f"{k}.") for k in asked)


def _edit(
    ls: TorchlintServer, doc: Document, version: int | None, edits: list[types.TextEdit]
) -> types.WorkspaceEdit:
    caps = ls.client_capabilities.workspace
    versioned = bool(caps and caps.workspace_edit and caps.workspace_edit.document_changes)
    if not versioned:
        return types.WorkspaceEdit(changes={doc.uri: edits})
    return types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=doc.uri, version=version
                ),
                edits=list(edits),
            )
        ]
    )


# -- the rule's quick fix ----------------------------------------------------------------
def quick_fix(
    ls: TorchlintServer, doc: Document, diag: types.Diagnostic
) -> types.CodeAction | None:
    fix = read_fix(diag.data)
    if fix is not None and fix[3] != doc.version:
        fix = _fresh_fix(ls, doc, diag)  # the diagnostic is older than the text
    if fix is None:
        return None
    title, safe, edits, version = fix
    if not _keeps_parsing(doc, edits):
        return None
    return types.CodeAction(
        title=f"{title} ({diag.code})",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diag],
        is_preferred=safe,
        edit=_edit(ls, doc, version, edits),
    )


def _fresh_fix(
    ls: TorchlintServer, doc: Document, diag: types.Diagnostic
) -> tuple[str, bool, list[types.TextEdit], int | None] | None:
    """The same diagnostic (code and range) in the current outcome, if there is one."""
    outcome = ls.scheduler.latest(ls.unit_of(doc.uri))
    if outcome is None or not ls.is_current(outcome.snapshot):
        return None
    for current in outcome.diagnostics.get(doc.uri, []):
        if current.code == diag.code and current.range == diag.range:
            return read_fix(current.data)
    return None


def _keeps_parsing(doc: Document, edits: list[types.TextEdit]) -> bool:
    """The edits leave the document parsing if it parsed before (checked by `ast`)."""
    where = doc.positions()
    local = [
        Edit(Span(where.pos(e.range.start), where.pos(e.range.end)), e.new_text) for e in edits
    ]
    try:
        after = apply_edits(where.text, local)
    except OverlappingEdits:
        return False
    return not _parses(where.text) or _parses(after)


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for odd escapes is not ours
            ast.parse(blank_magics(engine_text(text)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


# -- ignore on this line ------------------------------------------------------------------
def ignore_line(
    ls: TorchlintServer, doc: Document, diag: types.Diagnostic
) -> types.CodeAction | None:
    code = str(diag.code)
    where = doc.positions()
    index = diag.range.start.line
    line = where.line(index)
    existing = parse_suppressions([line]).get(1)
    if existing is not None:
        if ALL in existing.codes or code in existing.codes:
            return None  # already ignored here
        comment = line[existing.col : existing.end_col]
        if not comment.endswith("]"):
            return None
        insert_at = existing.end_col - 1  # before the closing bracket
        new_text = f", {code}" if existing.codes else code
        edit = _insert(where.position_at(index, insert_at), new_text)
    else:
        content = line.rstrip()
        if content.endswith("\\"):
            return None  # a comment cannot follow a line continuation
        comment_at = _comment_start(content)
        if comment_at is not None:  # ours must come first to count as a suppression
            edit = _insert(where.position_at(index, comment_at), f"# torchlint: ignore[{code}]  ")
        else:
            start = where.position_at(index, len(content))
            end = where.position_at(index, len(line))
            edit = types.TextEdit(
                range=types.Range(start=start, end=end), new_text=f"  # torchlint: ignore[{code}]"
            )
    if not _keeps_parsing(doc, [edit]):
        return None
    return types.CodeAction(
        title=f"Ignore {code} on this line",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diag],
        is_preferred=False,
        edit=_edit(ls, doc, doc.version, [edit]),
    )


def _insert(at: types.Position, text: str) -> types.TextEdit:
    return types.TextEdit(range=types.Range(start=at, end=at), new_text=text)


def _comment_start(line: str) -> int | None:
    """Where a comment starts on `line` (a `#` outside string literals), as the engine's
    suppression parser sees it."""
    return next((i for i, ch in enumerate(line) if ch == "#" and _in_comment(line, i)), None)


# -- fix all ---------------------------------------------------------------------------------
async def fix_all_action(ls: TorchlintServer, doc: Document) -> types.CodeAction | None:
    outcome = await ls.scheduler.current(ls.unit_of(doc.uri), FIX_ALL_TIMEOUT_S)
    if outcome is None:
        return None
    part = outcome.snapshot.part(doc.uri)
    if part is None or part.version != doc.version:
        return None
    chosen = _non_overlapping(part, outcome.result.findings)
    if not chosen:
        return None
    # Fixes may share an edit (each adds the same `import torch`): make it once.
    unique = dict.fromkeys(e for f in chosen for e in (f.fix.edits if f.fix else ()))
    edits = [
        types.TextEdit(range=part.positions.range(_local(part, e.span)), new_text=e.content)
        for e in unique
    ]
    if not _keeps_parsing(doc, edits):
        ls.guard.failed("fix all", ValueError("the safe fixes together break the file"))
        return None
    return types.CodeAction(
        title=f"Fix all torchlint problems with a safe fix ({len(chosen)})",
        kind=FIX_ALL,
        edit=_edit(ls, doc, doc.version, edits),
    )


def _local(part: Part, span: Span) -> Span:
    return Span(part.local(span.start), part.local(span.end))


def _non_overlapping(part: Part, findings: list[Finding]) -> list[Finding]:
    """Safe fixes inside this part, earliest first, skipping any that touch a taken range."""
    taken: list[tuple[int, int]] = []
    made: set[Edit] = set()
    chosen: list[Finding] = []
    for f in sorted(findings, key=Finding.sort_key):
        fix = f.fix
        if fix is None or fix.applicability is not Applicability.SAFE or not fix.edits:
            continue
        if not all(part.holds(e.span) for e in fix.edits):
            continue
        own = [e for e in fix.edits if e not in made]  # a shared edit is not a conflict
        ranges = [
            (
                part.positions.offset_of(part.local(e.span.start)),
                part.positions.offset_of(part.local(e.span.end)),
            )
            for e in own
        ]
        if any((s < te and ts < e) or s == e == ts == te for s, e in ranges for ts, te in taken):
            continue
        chosen.append(f)
        taken.extend(ranges)
        made.update(own)
    return chosen
