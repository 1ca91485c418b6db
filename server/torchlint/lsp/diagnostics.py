"""Findings to `Diagnostic`s: ranges in the client's encoding, the rule's page, related
places, tags, and the fix carried as `data` so code actions need not analyse again.

Runs in the analysis worker; publishing happens on the event loop (`server.publish`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path

from torchlint.engine import AnalysisResult
from torchlint.findings import Applicability, Finding, Pos, Related, Severity, Span
from torchlint.lsp.rule_docs import doc_href
from torchlint.lsp.snapshots import Part, Snapshot

SOURCE = "torchlint"
_LINE_END = 1 << 30  # a column past any line: positions clamp it to the line's end

SEVERITIES: Mapping[Severity, types.DiagnosticSeverity] = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}


@dataclass(frozen=True, slots=True)
class Extra:
    """A diagnostic that does not come from a static finding (the probe's), already placed."""

    uri: str
    diagnostic: types.Diagnostic


@dataclass(frozen=True, slots=True)
class Analysed:
    """What the engine returned for one snapshot (made in the worker thread)."""

    result: AnalysisResult
    seconds: float  # the engine's own measure
    call_seconds: float  # the call as seen from outside (its clean-up included)


@dataclass(slots=True)
class Outcome:
    """One finished analysis: what was analysed, what came out, what to publish per uri."""

    snapshot: Snapshot
    result: AnalysisResult
    diagnostics: dict[str, list[types.Diagnostic]]
    seconds: float  # the engine's own measure
    findings_by_uri: dict[str, list[tuple[Finding, types.Range]]] = field(default_factory=dict)


def convert(
    snap: Snapshot,
    findings: Iterable[Finding],
    *,
    confirmed: Mapping[tuple[str, int], str] | None = None,
) -> tuple[dict[str, list[types.Diagnostic]], dict[str, list[tuple[Finding, types.Range]]]]:
    """Diagnostics per part uri (every part present, empty lists included).

    `confirmed` maps (code, engine row) of a finding the runtime probe saw happen to what
    it saw; the message then says so."""
    out: dict[str, list[types.Diagnostic]] = {p.uri: [] for p in snap.parts}
    placed: dict[str, list[tuple[Finding, types.Range]]] = {p.uri: [] for p in snap.parts}
    for f in findings:
        part = snap.part_at(f.span.start.row)
        if part is None:
            continue
        rng = part.positions.range(_clip(part, f.span))
        note = (confirmed or {}).get((f.code, f.span.start.row))
        out[part.uri].append(to_diagnostic(snap, part, f, rng, note))
        placed[part.uri].append((f, rng))
    return out, placed


_LINE_REF = re.compile(r"\bline (\d+)\b(?! of )")


def cell_lines(snap: Snapshot, part: Part, message: str) -> str:
    """A notebook's cells are analysed as one text: "line 12" in a message counts over all
    of them. Say it as the user sees it: the line within the cell, and which cell."""

    def local(m: re.Match[str]) -> str:
        row = int(m.group(1))
        where = snap.part_at(row)
        if where is None:
            return m.group(0)
        line = where.local(Pos(row, 0)).row
        if where is part:
            return f"line {line}"
        # Cells have no names the user sees (markdown cells sit between them): say which way.
        earlier = snap.parts.index(where) < snap.parts.index(part)
        return f"line {line} of {'an earlier' if earlier else 'a later'} cell"

    return _LINE_REF.sub(local, message)


def _clip(part: Part, span: Span) -> Span:
    """The span in the part's own rows; a span running into the next cell ends with this one."""
    start = part.local(span.start)
    if part.holds(span):
        return Span(start, part.local(span.end))
    return Span(start, Pos(part.rows, _LINE_END))


def to_diagnostic(
    snap: Snapshot, part: Part, f: Finding, rng: types.Range, confirmed: str | None = None
) -> types.Diagnostic:
    tags: list[types.DiagnosticTag] = []
    if f.deprecated:
        tags.append(types.DiagnosticTag.Deprecated)
    if f.unnecessary:
        tags.append(types.DiagnosticTag.Unnecessary)
    href = doc_href(f.code)
    message = f.message if not snap.notebook else cell_lines(snap, part, f.message)
    if confirmed is not None:
        message = f"{message} (confirmed at run time: {confirmed})"
    return types.Diagnostic(
        range=rng,
        message=message,
        severity=SEVERITIES.get(f.severity, types.DiagnosticSeverity.Warning),
        code=f.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        tags=tags or None,
        related_information=_related(snap, part, f.related) or None,
        data=fix_data(part, f),
    )


def _related(
    snap: Snapshot, part: Part, related: tuple[Related, ...]
) -> list[types.DiagnosticRelatedInformation]:
    out: list[types.DiagnosticRelatedInformation] = []
    for r in related:
        if r.filename is not None and r.filename != snap.path:
            uri = from_fs_path(r.filename)
            if uri is None:
                continue
            # Another file: its text is not at hand, so columns are taken as they are.
            rng = types.Range(
                start=types.Position(line=max(0, r.span.start.row - 1), character=r.span.start.col),
                end=types.Position(line=max(0, r.span.end.row - 1), character=r.span.end.col),
            )
        else:
            where = snap.part_at(r.span.start.row) or part
            uri = where.uri
            rng = where.positions.range(_clip(where, r.span))
        out.append(
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri, range=rng), message=r.message
            )
        )
    return out


def fix_data(part: Part, f: Finding) -> dict[str, Any]:
    """`Diagnostic.data`: the document version the fix is for, and the fix in client units."""
    data: dict[str, Any] = {"uri": part.uri, "version": part.version}
    fix = f.fix
    if fix is None or not fix.edits or not all(part.holds(e.span) for e in fix.edits):
        return data  # a fix reaching into another cell is not offered
    edits = []
    for e in fix.edits:
        rng = part.positions.range(Span(part.local(e.span.start), part.local(e.span.end)))
        edits.append(
            [rng.start.line, rng.start.character, rng.end.line, rng.end.character, e.content]
        )
    data["fix"] = {
        "title": fix.message,
        "safe": fix.applicability is Applicability.SAFE,
        "edits": edits,
    }
    return data


def read_fix(data: object) -> tuple[str, bool, list[types.TextEdit], int | None] | None:
    """The fix stored in a diagnostic's data: (title, safe, edits, version), or None."""
    if not isinstance(data, Mapping):
        return None
    fix = data.get("fix")
    version = data.get("version")
    if not isinstance(fix, Mapping) or not isinstance(fix.get("edits"), list):
        return None
    edits: list[types.TextEdit] = []
    for item in fix["edits"]:
        if not (isinstance(item, list) and len(item) == 5 and isinstance(item[4], str)):
            return None
        if not all(isinstance(n, int) and n >= 0 for n in item[:4]):
            return None
        sl, sc, el, ec, text = item
        edits.append(
            types.TextEdit(
                range=types.Range(
                    start=types.Position(line=sl, character=sc),
                    end=types.Position(line=el, character=ec),
                ),
                new_text=text,
            )
        )
    title = fix.get("title")
    return (
        title if isinstance(title, str) else "Fix",
        bool(fix.get("safe")),
        edits,
        version if isinstance(version, int) else None,
    )
