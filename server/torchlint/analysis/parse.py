"""Parsing that survives half-typed code.

Mid-typing, a file usually does not parse. We parse with `ast`; on a syntax error we
blank out the statement it is in (with the lines indented under it) and try again; when
that does not parse either, the smallest enclosing block (the function or class around
the error, or the module-level statement). The rest of the file, and the rest of the
function being typed in, keep their diagnostics. Line numbers never move: a blanked
region becomes `pass` followed by empty lines.

The last parse of each path is remembered: the next version, a keystroke away, is parsed
from it where that is exact (`torchlint.analysis.reparse`).
"""

from __future__ import annotations

import ast
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from torchlint.analysis.reparse import (
    Bounds,
    broken_line_indent,
    nesting_bound,
    openers,
    spliced,
    statement_at,
)

_BLOCK_START = re.compile(r"[ \t]*(?:async[ \t]+def|def|class)\b")
_DECORATOR = re.compile(r"[ \t]*@")
_MAX_ATTEMPTS = 40
# Past this many broken places, whole blocks go at once (a Python 2 file with a `print x`
# on every other line would spend every attempt on single statements).
_STATEMENT_ATTEMPTS = 5


@dataclass(frozen=True, slots=True)
class SkippedRegion:
    start: int  # 1-based, inclusive
    end: int


@dataclass(frozen=True, slots=True)
class ParseResult:
    tree: ast.Module
    skipped: tuple[SkippedRegion, ...]
    text: str  # what parsed: the text with the skipped regions blanked


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _is_code(line: str) -> bool:
    s = line.strip()
    return bool(s) and not s.startswith("#")


def parse_tolerant(text: str, path: str = "<unknown>") -> ParseResult:
    if "\x00" in text:
        text = text.replace("\x00", " ")
    rows = text.split("\n")
    if _starts_indented(rows):
        _forget(path)
        return _snippet(text, rows, path)
    # Python ends a line at a lone \r too: rows split at \n would not be its lines.
    plain = "\r" not in text or _LONE_CR.search(text) is None
    last = _last_parse(path) if plain else None
    # The rows that differ from the last parse's, compared once per keystroke.
    changed = _changed_rows(rows, last.rows) if last is not None else None
    parsed = _half_typed(last, changed, rows, path) if last is not None else None
    if parsed is None:
        parsed = _parse_tolerant(text, rows, last, changed, path)
    if plain:
        _remember(path, parsed)
    else:
        _forget(path)
    return parsed.result


_LONE_CR = re.compile(r"\r(?!\n)")
_WRAPPER = "if True:"


def _starts_indented(rows: list[str]) -> bool:
    """The first line of code is indented: no module can, but a snippet pasted from the
    middle of a function (a loop body, a method) does."""
    for row in rows:
        if _is_code(row):
            return row[:1] in (" ", "\t")
    return False


def _snippet(text: str, rows: list[str], path: str) -> ParseResult:
    """A snippet that starts indented, parsed under `if True:` lines put above it, one per
    indentation it later returns to (`        loss.backward()` then `    print(...)`): its
    statements become the module's, with their own rows and columns."""
    code = [r for r in rows if _is_code(r)]
    first = _indent(code[0])
    # Each indentation as the snippet writes it (tabs stay tabs), shallowest first.
    prefixes = {0: ""}
    for r in code[1:]:
        if _indent(r) < first:
            prefixes.setdefault(_indent(r), r[: _indent(r)])
    headers = [prefixes[level] + _WRAPPER for level in sorted(prefixes)]
    n = len(headers)
    parsed = _parse_tolerant("\n".join([*headers, text]), [*headers, *rows], None, None, path)
    tree = parsed.result.tree
    ast.increment_lineno(tree, -n)
    tree.body = _unwrapped(tree.body)
    skipped = tuple(
        SkippedRegion(max(1, r.start - n), r.end - n) for r in parsed.result.skipped if r.end > n
    )
    blanked = parsed.result.text.split("\n", n)
    return ParseResult(tree, skipped, blanked[n] if len(blanked) > n else "")


def _unwrapped(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of `body` with the wrappers (now above row 1) replaced by their own."""
    out: list[ast.stmt] = []
    for stmt in body:
        if stmt.lineno >= 1:
            out.append(stmt)
        elif isinstance(stmt, ast.If):
            out.extend(_unwrapped(stmt.body))
        # else: the `pass` left where a wrapper was blanked
    return out


@dataclass(slots=True)
class _Parsed:
    result: ParseResult
    rows: list[str]  # result.text split into rows
    bounds: Bounds = field(default_factory=dict)  # `nesting_bound`'s, per top-level statement


def _parse_tolerant(
    text: str, rows: list[str], last: _Parsed | None, changed: list[int] | None, path: str
) -> _Parsed:
    try:
        tree = _parse(text, rows, last, changed, path)
        return _Parsed(ParseResult(tree, (), text), rows, _carried(last))
    except (SyntaxError, ValueError, RecursionError, MemoryError) as first:
        error: BaseException = first
    lines = list(rows)
    skipped: list[SkippedRegion] = []
    for _ in range(_MAX_ATTEMPTS):
        row = getattr(error, "lineno", None) or len(lines)
        row = max(1, min(row, len(lines)))
        start, end = _statement(lines, row)
        if len(skipped) >= _STATEMENT_ATTEMPTS or any(
            s.start <= start and end <= s.end for s in skipped
        ):
            # Blanking the statement did not help (the error spans statements): the block.
            start, end = _enclosing_block(lines, row)
            if any(s.start == start and s.end == end for s in skipped):
                # Nor did the block (the error is elsewhere or spans blocks): widen.
                start, end = _widen(lines, start, end)
        skipped.append(SkippedRegion(start, end))
        _blank(lines, start, end)
        blanked = "\n".join(lines)
        try:
            again = _changed_rows(lines, last.rows) if last is not None else None
            tree = _parse(blanked, lines, last, again, path)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as again:
            error = again
            continue
        return _Parsed(ParseResult(tree, tuple(_merge(skipped)), blanked), lines, _carried(last))
    # Nothing parsed: every line blank, so rows still match the text's
    empty = "\n" * (len(lines) - 1)
    return _Parsed(
        ParseResult(ast.Module(body=[], type_ignores=[]), (SkippedRegion(1, len(lines)),), empty),
        empty.split("\n"),
    )


def _carried(last: _Parsed | None) -> Bounds:
    """The bounds known for the last tree: a tree parsed from it shares its unchanged
    statements (the others are counted when asked)."""
    return last.bounds if last is not None else {}


def _parse(
    text: str, rows: list[str], last: _Parsed | None, changed: list[int] | None, path: str
) -> ast.Module:
    """`ast.parse(text)`, from the last tree of the path where only one of its top-level
    statements changed (`changed`: the rows that differ from its, None when the number of
    rows did) and that one parses alone."""
    if last is not None and changed is not None:
        if not changed:
            return last.result.tree
        tree = spliced(last.result.tree, rows, last.rows, changed[0], changed[-1], path)
        if tree is not None:
            return tree
    return ast.parse(text, filename=path, type_comments=False)


def _changed_rows(rows: list[str], before: list[str]) -> list[int] | None:
    if len(rows) != len(before):
        return None
    if rows == before:
        return []
    return [i + 1 for i, (a, b) in enumerate(zip(rows, before, strict=True)) if a != b]


def _half_typed(
    last: _Parsed, changed: list[int] | None, rows: list[str], path: str
) -> _Parsed | None:
    """What the repair below makes of a keystroke on a half-typed line, known without
    parsing: the line cannot parse wherever it stands, so where it starts a statement the
    error is reported on it and the line becomes `pass` (`broken_line_indent`)."""
    if changed is None or len(changed) != 1:
        return None
    row = changed[0]
    indent = broken_line_indent(rows[row - 1])
    if indent is None or _statement(rows, row) != (row, row):
        return None
    # CPython's error pass reports some valid code on its own row; and the parser's
    # limits (200 levels) must stay far away: the row's open brackets nest every line
    # after it one level deeper, and the error pass takes more stack than the first.
    nesting, quirky, last.bounds = nesting_bound(last.result.tree, last.rows, last.bounds)
    if quirky or nesting + openers(rows[row - 1]) >= _NESTING_MARGIN:
        return None
    blanked_rows = list(rows)
    blanked_rows[row - 1] = indent + "pass"
    # The blanked text differs from the last one at most on this row.
    again = [] if last.rows[row - 1] == blanked_rows[row - 1] else [row]
    try:
        tree = _parse("\n".join(blanked_rows), blanked_rows, last, again, path)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    stmt = statement_at(tree.body, row)
    if not isinstance(stmt, ast.Pass) or stmt.col_offset != len(indent):
        return None  # the line does not start a statement: the full repair decides
    blanked = ParseResult(tree, (SkippedRegion(row, row),), "\n".join(blanked_rows))
    return _Parsed(blanked, blanked_rows, last.bounds)


_NESTING_MARGIN = 100

# The last parse of each of the last few paths, for the next version of the file.
_REMEMBERED_PATHS = 8
_last: OrderedDict[str, _Parsed] = OrderedDict()
_last_lock = threading.Lock()


def _last_parse(path: str) -> _Parsed | None:
    with _last_lock:
        return _last.get(path)


def forget_parses() -> None:
    """Drop the remembered parses: the next parse of every path starts from nothing (for
    benchmarks that measure a first analysis)."""
    with _last_lock:
        _last.clear()


def _forget(path: str) -> None:
    with _last_lock:
        _last.pop(path, None)


def _remember(path: str, parsed: _Parsed) -> None:
    with _last_lock:
        _last[path] = parsed
        _last.move_to_end(path)
        while len(_last) > _REMEMBERED_PATHS:
            _last.popitem(last=False)


# Imported workspace modules are parsed again by every file that imports them; a package's
# big shared module (a `modeling_utils.py`) made `torchlint check` re-parse it hundreds of
# times. Trees are only read by the engine, never changed, so one parse can be shared.
_CACHE_SIZE = 64
_cache: OrderedDict[tuple[str, str], ParseResult] = OrderedDict()
_cache_lock = threading.Lock()


def parse_shared(text: str, path: str) -> ParseResult:
    """`parse_tolerant`, remembered for the last few (path, text) pairs of this process."""
    key = (path, text)
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    result = parse_tolerant(text, path)
    with _cache_lock:
        _cache[key] = result
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return result


def _statement(lines: list[str], row: int) -> tuple[int, int]:
    """The line of `row` (or the code line above a blank one) and the lines indented under
    it: a half-typed simple statement, or a block header with its body. A continuation
    line of a bracketed expression is taken alone: `pass` cannot parse there, so the
    caller falls back to the enclosing block."""
    start = row
    while start > 1 and not _is_code(lines[start - 1]):
        start -= 1
    return start, _block_end(lines, start, start)


def _block_end(lines: list[str], start: int, end: int) -> int:
    """`end` extended over the lines indented under line `start` (and closing brackets at
    its level), blank and comment lines at the end left out."""
    base = _indent(lines[start - 1])
    i = end + 1
    while i <= len(lines):
        line = lines[i - 1]
        if (
            _is_code(line)
            and _indent(line) <= base
            and not line.lstrip().startswith((")", "]", "}"))
        ):
            break
        end = i
        i += 1
    while end > start and not _is_code(lines[end - 1]):
        end -= 1
    return end


def _enclosing_block(lines: list[str], row: int) -> tuple[int, int]:
    """The innermost def/class around `row`, or the module-level statement holding it."""
    probe = row
    while probe > 1 and not _is_code(lines[probe - 1]):
        probe -= 1
    ind = _indent(lines[probe - 1])
    start = 0
    for i in range(row, 0, -1):
        line = lines[i - 1]
        if _BLOCK_START.match(line) and (i == row or _indent(line) < ind):
            start = i
            break
    if start == 0:
        # A module-level statement: back up to its first line at column 0.
        start = probe
        while start > 1 and not (_is_code(lines[start - 1]) and _indent(lines[start - 1]) == 0):
            start -= 1
    while (
        start > 1
        and _DECORATOR.match(lines[start - 2])
        and _indent(lines[start - 2]) == _indent(lines[start - 1])
    ):
        start -= 1
    return start, _block_end(lines, start, max(start, row))


def _widen(lines: list[str], start: int, end: int) -> tuple[int, int]:
    base = _indent(lines[start - 1])
    if base == 0:
        # Already at module level: take everything to the next top-level block or the end.
        i = end + 1
        while i <= len(lines) and not (
            _BLOCK_START.match(lines[i - 1]) and _indent(lines[i - 1]) == 0
        ):
            i += 1
        return start, max(end, i - 1)
    # Take the enclosing block instead.
    for i in range(start - 1, 0, -1):
        if _is_code(lines[i - 1]) and _indent(lines[i - 1]) < base:
            return _enclosing_block(lines, i)
    return 1, len(lines)


def _blank(lines: list[str], start: int, end: int) -> None:
    indent = lines[start - 1][: _indent(lines[start - 1])]
    lines[start - 1] = indent + "pass"
    for i in range(start + 1, end + 1):
        lines[i - 1] = ""


def _merge(regions: list[SkippedRegion]) -> list[SkippedRegion]:
    out: list[SkippedRegion] = []
    for r in sorted(regions, key=lambda r: (r.start, -r.end)):
        if out and r.start <= out[-1].end:
            last = out[-1]
            out[-1] = SkippedRegion(last.start, max(last.end, r.end))
        else:
            out.append(r)
    return out
