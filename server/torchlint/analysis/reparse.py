"""Parsing a new version of a file from the tree of the last version parsed.

A keystroke changes one line. Parsing the whole file again costs about 13 µs a line
(30 ms at 2,300 lines), and while a statement is half-typed the failing parse costs as
much again before the repair. Two facts let most keystrokes skip both:

* Top-level statements tokenize independently. The last text parsed, so every top-level
  statement starts at column 0 with no bracket, string or indentation open. When the
  rows that changed lie inside one top-level statement (with the blank and comment rows
  after it), that chunk is parsed alone, line numbers kept by padding it with newlines,
  and its statements replace the old ones (`spliced`). If the chunk parses alone, the
  whole file parses to exactly that: the text before it is unchanged and ends where a
  statement ends, and the text after it starts a new statement at column 0. If it does
  not, the caller parses the whole file.
* Some half-typed lines cannot parse whatever follows them, and the error is reported on
  that line (`broken_line_indent`): an unclosed bracket (the rest of the file is read
  inside it and the tokenizer reports the bracket at the end), a line ending in a binary
  operator or `=` (the statement ends there), an unterminated one-line string or a
  closing bracket that matches nothing (the tokenizer stops on the line). Where that line
  starts a statement, the tolerant parser would blank it to `pass` and parse: the tree is
  known without trying (`torchlint.analysis.parse`).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from bisect import bisect_right
from itertools import accumulate

_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = frozenset(_OPENERS.values())
# Operators a statement cannot end with. Left out: `*` (`from m import *`), `,` (a
# tuple), `:` (a block header, which the next lines may complete), `;` and `...`.
_DANGLING = frozenset(
    {
        "=", ".", "+", "-", "/", "//", "%", "@", "|", "&", "^", "<<", ">>", "**",
        "<", ">", "==", "!=", "<=", ">=", ":=", "->",
        "+=", "-=", "*=", "/=", "//=", "%=", "@=", "|=", "&=", "^=", "<<=", ">>=", "**=",
    }
)  # fmt: skip
_QUOTES = frozenset({"'", '"'})
_SKIPPED_TOKENS = frozenset({tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER})


def broken_line_indent(line: str) -> str | None:
    """The indentation of `line` when, standing where a statement starts, it surely makes
    the file fail to parse with the error reported on its row; otherwise None."""
    line = line.removesuffix("\r")
    body = line.lstrip(" \t")
    indent = line[: len(line) - len(body)]
    if not body or body.startswith("#") or not line.isascii() or line.endswith("\\"):
        return None
    if any(c in line for c in "\f\v\x00"):
        return None
    depth: list[str] = []
    last = ""
    try:
        for token in tokenize.generate_tokens(io.StringIO(body).readline):
            if token.type == tokenize.ERRORTOKEN:
                if token.string in _QUOTES:
                    return indent  # an unterminated one-line string
                if token.string.isspace():
                    continue
                return None  # a character the tokenizers may read differently
            if token.type in _SKIPPED_TOKENS:
                continue
            if token.type != tokenize.OP:
                last = ""
                continue
            last = token.string
            if token.string in _OPENERS:
                depth.append(_OPENERS[token.string])
            elif token.string in _CLOSERS and (not depth or depth.pop() != token.string):
                return indent  # a closing bracket that matches nothing
    except tokenize.TokenError as error:
        if "string" in str(error.args[0]):
            return None  # a triple-quoted string left open: later lines may close it
    except (SyntaxError, ValueError):
        return None
    if depth or last in _DANGLING:
        return indent
    return None


def first_row(stmt: ast.stmt) -> int:
    """The row a statement starts on, its decorators included."""
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return min([stmt.lineno, *(d.lineno for d in stmt.decorator_list)])
    return stmt.lineno


def spliced(
    tree: ast.Module, rows: list[str], before: list[str], first: int, last: int, path: str
) -> ast.Module | None:
    """The tree of `rows`, which differ from `before` (the text `tree` was parsed from, with
    as many rows) in rows `first`..`last` (1-based) only; None when the change is not
    within one top-level statement or that statement's chunk does not parse alone."""
    body = tree.body
    starts = [first_row(stmt) for stmt in body]
    i = bisect_right(starts, first) - 1
    start = starts[i] if i >= 0 else 1
    stop = starts[i + 1] if i + 1 < len(body) else len(rows) + 1  # the next chunk's row
    if last >= stop:
        return None
    if i >= 1 and (body[i - 1].end_lineno or start) >= start:
        return None  # two statements on one row (`x = 1; y = 2`)
    if 0 <= i < len(body) - 1 and (body[i].end_lineno or stop) >= stop:
        return None
    if any(not _starts_where_found(stmt, before) for stmt in body[max(i, 0) : i + 2]):
        return None
    # A backslash at the end of a row joins it to the next, across the chunk's edges (in
    # the old text too: `x = 1; \` then `    y = 2` made `y` a statement of its own).
    if start > 1 and _continued(rows[start - 2]):
        return None
    if _continued(rows[stop - 2]) or _continued(before[stop - 2]):
        return None
    chunk = "\n" * (start - 1) + "\n".join(rows[start - 1 : stop - 1])
    try:
        part = ast.parse(chunk, filename=path)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return ast.Module(body=body[: max(i, 0)] + part.body + body[i + 1 :], type_ignores=[])


def _starts_where_found(stmt: ast.stmt, rows: list[str]) -> bool:
    """A decorator's position is its expression's: `@(` on the row above `dec)` would
    start the statement a row earlier than `first_row` says. Only an `@` at the start of
    the decorator's row is taken at its word."""
    if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return True
    if not stmt.decorator_list:
        return True
    row: str = rows[min(d.lineno for d in stmt.decorator_list) - 1]
    return row.startswith("@")


def _continued(row: str) -> bool:
    return row.rstrip("\r").endswith("\\")


# id(top-level statement) -> (it, its nesting bound, whether it holds an error-pass quirk)
Bounds = dict[int, tuple[ast.stmt, int, bool]]


def nesting_bound(tree: ast.Module, rows: list[str], known: Bounds) -> tuple[int, bool, Bounds]:
    """An upper bound on how deep brackets nest within any one logical line of the text:
    the opening brackets on the rows of its statement (or, for a block, of each clause
    header: the rows its nested statements leave). Each statement closes what it opens,
    so depths never add up across statements. And whether some statement holds code that
    CPython's error pass reports on its own row (`quirky`). Top-level statements found in
    `known` (the same objects: a spliced tree shares the unchanged ones) are not read again."""
    bounds: Bounds = {}
    prefix: list[int] = []  # openers on rows 1..r, made when a statement must be counted
    for stmt in tree.body:
        entry = known.get(id(stmt))
        if entry is None or entry[0] is not stmt:
            if not prefix:
                prefix = list(accumulate((openers(row) for row in rows), initial=0))
            entry = (stmt, _statement_bound(stmt, prefix), _quirky(stmt, rows))
        bounds[id(stmt)] = entry
    deepest = max((bound for _, bound, _ in bounds.values()), default=0)
    return deepest, any(quirky for _, _, quirky in bounds.values()), bounds


def _statement_bound(top: ast.stmt, prefix: list[int]) -> int:
    deepest = 0
    todo = [top]
    while todo:
        stmt = todo.pop()
        start = first_row(stmt)
        end = stmt.end_lineno or stmt.lineno
        children = sorted((s for b in _blocks(stmt) for s in b), key=first_row)
        todo.extend(children)
        for child in (*children, None):
            # the rows before this child (and after the previous one): a clause header
            stop = first_row(child) - 1 if child is not None else end
            if stop >= start:
                deepest = max(deepest, prefix[stop] - prefix[start - 1])
            if child is not None:
                start = max(start, (child.end_lineno or child.lineno) + 1)
    return deepest


def _quirky(top: ast.stmt, rows: list[str]) -> bool:
    """Code CPython's error pass (run once a later row fails) reports on its own row,
    though it is valid: `print -1`, `exec[0]` (read as Python 2 statements: a `print` or
    `exec` name that is not called), and a statement starting with `match`, `case` or
    `type` (read as the soft keyword's statement; a `match` statement too)."""
    end = top.end_lineno or top.lineno
    if not any(_QUIRK_WORDS.search(rows[r - 1]) for r in range(first_row(top), end + 1)):
        return False
    called: set[int] = set()
    names: list[ast.Name] = []
    for node in ast.walk(top):
        if isinstance(node, ast.Call):
            called.add(id(node.func))
        elif isinstance(node, ast.Name) and node.id in ("print", "exec"):
            names.append(node)
        elif isinstance(node, ast.Match):
            return True
        elif isinstance(node, ast.stmt):
            row = rows[node.lineno - 1]  # col_offset counts UTF-8 bytes
            text = row.encode()[node.col_offset :].decode(errors="replace")
            if _SOFT_KEYWORD_START.match(text):
                return True
    return any(id(name) not in called for name in names)


# What the rows must hold for the walk to be worth it (`print(` alone is a call).
_QUIRK_WORDS = re.compile(r"\b(?:print|exec)\b(?![ \t]*\()|\b(?:match|case|type)\b")
_SOFT_KEYWORD_START = re.compile(r"(?:match|case|type)\b")


def openers(row: str) -> int:
    """How many nesting levels the row may open: brackets, and what nests without them
    (`lambda`, `if`/`not` in expressions, unary operators) for the parser's own stack."""
    count = row.count("(") + row.count("[") + row.count("{")
    count += row.count("-") + row.count("+") + row.count("~") + row.count("*")
    return count + sum(1 for _ in _NESTING_WORDS.finditer(row))


_NESTING_WORDS = re.compile(r"\b(?:lambda|if|not|await)\b")


def _blocks(stmt: ast.stmt) -> list[list[ast.stmt]]:
    blocks: list[list[ast.stmt]] = []
    for name in ("body", "orelse", "finalbody"):
        block = getattr(stmt, name, None)
        if isinstance(block, list):
            blocks.append(block)
    blocks.extend(handler.body for handler in getattr(stmt, "handlers", ()))
    blocks.extend(case.body for case in getattr(stmt, "cases", ()))
    return blocks


def statement_at(body: list[ast.stmt], row: int) -> ast.stmt | None:
    """The innermost statement starting on `row`, searched through nested blocks."""
    while body:
        i = bisect_right([s.lineno for s in body], row) - 1
        if i < 0:
            return None
        stmt = body[i]
        if stmt.lineno == row:
            return stmt
        if (stmt.end_lineno or 0) < row:
            return None
        body = _block_at(stmt, row)
    return None


def _block_at(stmt: ast.stmt, row: int) -> list[ast.stmt]:
    blocks: list[list[ast.stmt]] = []
    for name in ("body", "orelse", "finalbody"):
        block = getattr(stmt, name, None)
        if isinstance(block, list) and block:
            blocks.append(block)
    for handler in getattr(stmt, "handlers", ()):
        blocks.append(handler.body)
    for case in getattr(stmt, "cases", ()):
        blocks.append(case.body)
    for block in sorted(blocks, key=lambda b: b[0].lineno, reverse=True):
        if block[0].lineno <= row:
            return block
    return []
