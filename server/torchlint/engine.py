"""One pipeline for every face: source text in, findings (and facts for hovers) out.

The CLI and the language server both call `analyze_source`. It never raises: a failure
inside the analysis is logged and the findings made so far are returned.
"""

from __future__ import annotations

import ast
import gc
import logging
import re
import time
from dataclasses import dataclass, field

from torchlint.analysis.facts import Tensor
from torchlint.analysis.interpreter import Interpreter
from torchlint.analysis.parse import ParseResult, SkippedRegion, parse_tolerant
from torchlint.analysis.resolver import ForeignModule, Resolver
from torchlint.analysis.source import SourceInfo
from torchlint.config import Config
from torchlint.findings import Finding, Pos, Span
from torchlint.inert_edits import RunTrace, Skeleton
from torchlint.reuse import take_over
from torchlint.rules import enabled_rules
from torchlint.rules.context import RuleContext
from torchlint.suppressions import Suppression, is_suppressed, parse_suppressions

_LONE_CR = re.compile(r"\r(?!\n)")

log = logging.getLogger(__name__)

__all__ = ["AnalysisResult", "ForeignModule", "Resolver", "analyze_source"]


@dataclass
class AnalysisResult:
    findings: list[Finding]
    source: SourceInfo
    skipped: tuple[SkippedRegion, ...] = ()
    facts: dict[tuple[int, int], tuple[str, Tensor]] = field(
        default_factory=dict
    )  # (row, byte col) -> (name, facts)
    errors: list[str] = field(default_factory=list)  # internal errors, for logs
    seconds: float = 0.0
    # What the result depends on beyond the parsed text, for `torchlint.reuse`:
    config: Config | None = None
    record_facts: bool = True
    # The imports the resolver answered, and how (None: analysed without a resolver).
    resolved: tuple[tuple[str, int, ForeignModule | None], ...] | None = None
    suppressions: dict[int, Suppression] = field(default_factory=dict)
    reused: bool = False  # taken over from the previous version's analysis
    # The text and tree analysed (`basis`: when taken over, the text the findings were made
    # from), and what of the run inert statements could change: a later version that
    # differs from `basis` by inert statements only can take this result over.
    basis: SourceInfo | None = field(default=None, repr=False, compare=False)
    tree: ast.Module | None = field(default=None, repr=False, compare=False)
    # The tree's skeleton for the rows last typed on (`torchlint.inert_edits`), shared by
    # the results that take this one over.
    skeletons: dict[frozenset[int], Skeleton] = field(
        default_factory=dict, repr=False, compare=False
    )
    run: RunTrace | None = None

    def tensor_at(self, row: int, col: int) -> tuple[Span, str, Tensor] | None:
        """The tensor-valued name under (row, col in characters), with its span and facts."""
        line = self.source.line(row)
        for (r, byte_col), (name, tensor) in self.facts.items():
            if r != row:
                continue
            start = self.source.char_col(row, byte_col)
            if start <= col <= start + len(name) and line[start : start + len(name)] == name:
                return Span(Pos(row, start), Pos(row, start + len(name))), name, tensor
        return None


_SET_DEFAULT = re.compile(r"set_default_(?:dtype|tensor_type)\s*\(\s*([\w.]*)")
_DEFAULT_DTYPE_RULES = frozenset({"TL201", "TL402"})


def _changes_default_dtype(text: str) -> bool:
    """`torch.set_default_dtype(...)` or `set_default_tensor_type(...)` to anything but float32."""
    if "set_default_" not in text:
        return False
    return any(
        arg.rsplit(".", 1)[-1] not in ("float32", "float", "FloatTensor")
        for arg in _SET_DEFAULT.findall(text)
    )


def analyze_source(
    text: str,
    path: str = "<unknown>",
    config: Config | None = None,
    *,
    record_facts: bool = True,
    resolver: Resolver | None = None,
    previous: AnalysisResult | None = None,
) -> AnalysisResult:
    """Analyse `text`. With `previous`, the result of an earlier version of the same file,
    that result is taken over when the text that parses is the same (a statement being
    typed that does not parse yet) and nothing it reports touches the half-typed lines."""
    # The cyclic collector would repeatedly walk the whole AST while the analysis allocates
    # small objects; reference counting frees almost everything, so pause it meanwhile.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _analyze(text, path, config or Config(), record_facts, resolver, previous)
    finally:
        if gc_was_enabled:
            gc.enable()


def _analyze(
    text: str,
    path: str,
    config: Config,
    record_facts: bool,
    resolver: Resolver | None,
    previous: AnalysisResult | None,
) -> AnalysisResult:
    started = time.perf_counter()
    if "\r" in text:
        # Python and editors end a line at a lone \r too; the engine splits at \n only.
        # One character for one: columns and offsets stay where they were.
        text = _LONE_CR.sub("\n", text)
    whole = SourceInfo(text, path)  # as if it parsed whole
    # One test on the whole text spares a pass over every line in most files.
    table = parse_suppressions(whole.lines) if "torchlint" in text.lower() else {}
    if previous is not None:
        # A line typed that surely parses (`typed_line_rows`) is taken over unparsed.
        reused = _take_over(previous, whole, None, config, record_facts, resolver, table)
        if reused is not None:
            reused.seconds = time.perf_counter() - started
            return reused
    parsed = parse_tolerant(text, path)
    source = whole if parsed.text == text else SourceInfo(text, path, parsed.text)
    if previous is not None:
        reused = _take_over(previous, source, parsed, config, record_facts, resolver, table)
        if reused is not None:
            reused.seconds = time.perf_counter() - started
            return reused
    resolved: list[tuple[str, int, ForeignModule | None]] | None = None
    if resolver is not None:
        resolved = []
        resolver = _recording(resolver, resolved)
    errors: list[str] = []
    ctx = RuleContext(source, config, parsed.tree)
    rules = enabled_rules(config)
    # Read in the whole text, half-typed lines included: it only ever turns rules off
    # (`torchlint.reuse` does not take a result over when those lines mention it).
    if _changes_default_dtype(text):
        # The analysis assumes torch's default float32; a file that changes it (physics code,
        # test suites: `set_default_dtype(torch.float64)`) gets no precision or dtype verdicts.
        rules = [r for r in rules if r.code not in _DEFAULT_DTYPE_RULES]
    interp = Interpreter(source, ctx, rules, resolver=resolver)
    interp.record_facts = record_facts
    try:
        interp.run_module(parsed.tree)
    except RecursionError:
        errors.append(f"{path}: the file is too deeply nested to analyse completely")
    except Exception as exc:  # never take the caller down; report what we have
        log.exception("analysis of %s failed", path)
        errors.append(f"{path}: internal error during analysis: {type(exc).__name__}: {exc}")
    errors.extend(interp.errors)
    for code in interp.broken_rules:
        errors.append(f"{path}: rule {code} failed and was skipped (see the log)")
    interp.release()
    findings = [f for f in ctx.findings if not is_suppressed(f.code, f.span.start.row, table)]
    findings.sort(key=Finding.sort_key)
    return AnalysisResult(
        findings=findings,
        source=source,
        skipped=parsed.skipped,
        facts=interp.facts_at,
        errors=errors,
        seconds=time.perf_counter() - started,
        config=config,
        record_facts=record_facts,
        resolved=None if resolved is None else tuple(resolved),
        suppressions=table,
        tree=parsed.tree,
        run=RunTrace(
            interp.budget_refused or bool(errors),
            interp.steps,
            interp.max_steps,
            tuple(interp.alone_use),
            frozenset(interp.completed),
        ),
    )


def _take_over(
    previous: AnalysisResult,
    source: SourceInfo,
    parsed: ParseResult | None,
    config: Config,
    record_facts: bool,
    resolver: Resolver | None,
    table: dict[int, Suppression],
) -> AnalysisResult | None:
    try:
        return take_over(previous, source, parsed, config, record_facts, resolver, table)
    except Exception:  # a bug there costs a fresh analysis, never the result
        log.exception("taking over the previous analysis of %s failed", source.path)
        return None


def _recording(
    resolver: Resolver, answers: list[tuple[str, int, ForeignModule | None]]
) -> Resolver:
    """`resolver`, noting each question and its answer: a later version's analysis can only
    be taken over while the imported files still read the same."""

    def resolve(module: str, level: int) -> ForeignModule | None:
        found = resolver(module, level)
        answers.append((module, level, found))
        return found

    return resolve
