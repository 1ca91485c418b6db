"""Taking over the previous version's analysis while a statement is being typed.

Two kinds of keystroke leave the analysis as it was:

* Between the keystroke that breaks a statement (`loss = crit(` ...) and the one that
  completes it, the file does not parse, and the tolerant parser blanks the half-typed
  statement: the text that parses is the same at every keystroke.
* The first keystrokes of a new statement (`g`, `grad_n`, `grad_norm = su`): the lines
  that changed hold nothing but statements that do nothing the analysis can see, a bare
  name or a name bound to a name or a number, with names used nowhere else in the file
  (`inert_rows`).

The engine reads only the tree and the text that parsed (`SourceInfo.scan_text`, where
it scans text), so the analysis is the same, except where a finding, its related
information or its fix touches the changed or half-typed lines (their text is read
there), and where they mention `set_default_dtype`/`set_default_device` (read in the
whole text: it turns rules off). `take_over` checks exactly that, and that nothing else
the analysis read has changed: settings, suppression comments and the files its imports
resolved to.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from torchlint.analysis.parse import ParseResult, SkippedRegion
from torchlint.analysis.resolver import ForeignModule, Resolver
from torchlint.analysis.source import SourceInfo
from torchlint.config import Config
from torchlint.findings import Finding, Span
from torchlint.inert_edits import inert_rows, typed_line_rows
from torchlint.suppressions import Suppression

if TYPE_CHECKING:
    from torchlint.engine import AnalysisResult


def take_over(
    previous: AnalysisResult,
    source: SourceInfo,
    parsed: ParseResult | None,
    config: Config,
    record_facts: bool,
    resolver: Resolver | None,
    suppressions: dict[int, Suppression],
) -> AnalysisResult | None:
    """`previous`, valid for the new text `source`, or None when it must be analysed anew.
    Without `parsed`, `source` is taken to parse whole where the change is a line typed
    that surely does (`typed_line_rows`); otherwise None."""
    old = previous.source
    if (
        old.path != source.path
        or previous.errors
        or previous.record_facts != record_facts
        or previous.config != config
        or previous.suppressions != suppressions
    ):
        return None
    # The text the findings were made from (`previous` may have been taken over itself).
    base = previous.basis or old
    if "\x00" in source.text or "\x00" in old.text or "\x00" in base.text:
        return None  # the parser reads NUL as a space: the texts may differ where it parsed
    skipped = parsed.skipped if parsed is not None else ()
    rows = _rows(previous.skipped) | _rows(skipped)
    if parsed is None:
        typed = typed_line_rows(previous, base, source)
        if typed is None:
            return None
        rows |= typed
    elif base.scan_text != source.scan_text:
        changed = inert_rows(previous, base, source, parsed.tree)
        if changed is None:
            return None
        rows |= changed
    if rows and any(_touches(f, rows, source.path) for f in previous.findings):
        return None
    if _rows(previous.skipped) != _rows(skipped) and any(
        _fix_withheld(f) for f in previous.findings
    ):
        # a fix may have been left out because its statement ran into the half-typed line
        # (`for ...:` whose last line was `    steps =`): with that line whole, it is offered
        return None
    if any("set_default_" in t.line(row) for row in rows for t in (base, old, source)):
        return None  # read in the whole text (it turns rules off): see `_changes_default_dtype`
    if not _same_imports(previous.resolved, resolver):
        return None
    return dataclasses.replace(previous, source=source, skipped=skipped, basis=base, reused=True)


def _rows(regions: tuple[SkippedRegion, ...]) -> set[int]:
    return {row for r in regions for row in range(r.start, r.end + 1)}


def _touches(finding: Finding, rows: set[int], path: str) -> bool:
    spans: list[Span] = [finding.span]
    spans.extend(r.span for r in finding.related if r.filename in (None, path))
    if finding.fix is not None:
        spans.extend(e.span for e in finding.fix.edits)
    return any(row in rows for s in spans for row in range(s.start.row, s.end.row + 1))


def _fix_withheld(finding: Finding) -> bool:
    """A finding without a fix from a rule that offers one."""
    from torchlint.rules import rule  # the rules import the engine's modules: not at start-up

    found = rule(finding.code)
    return finding.fix is None and found is not None and found.fix_title is not None


def _same_imports(
    answers: tuple[tuple[str, int, ForeignModule | None], ...] | None,
    resolver: Resolver | None,
) -> bool:
    """The resolver answers the previous analysis's questions as it did then (asking again
    also registers this file as a user of what it imports, as an analysis would)."""
    if answers is None or resolver is None:
        return answers is None and resolver is None
    return all(resolver(module, level) == found for module, level, found in answers)
