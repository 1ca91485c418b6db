"""Keystrokes that change nothing the analysis sees: the first keystrokes of a new statement.

Typing `grad_norm = sum(...)` on a new line, the file parses at `g`, `gr`, ... `grad_norm`
and at `grad_norm = s`, and each of those versions adds a statement that does nothing the
analysis can see: it reads a name that nothing binds, or binds a name that nothing reads.
`inert_rows` recognises such a change, so `torchlint.reuse` keeps the previous result
instead of analysing the file again (the lines after it do not move: the line was already
there, empty).

The engine reads the tree and the text that parsed. Outside the changed rows the texts are
equal; `Skeleton` checks that the statements outside them are the same too (so they
parsed the same); the names of the changed rows are looked up in the rest of the file; the
changed rows may not hold what the engine scans the text for; and the steps the inert
statements add cannot reach a budget of the analysis (`RunTrace`).
"""

from __future__ import annotations

import ast
import re
import unicodedata
from dataclasses import dataclass
from keyword import iskeyword
from typing import TYPE_CHECKING

from torchlint.analysis.interpreter import INLINE_PER_LINE, SMALL_BODY, few_statements

if TYPE_CHECKING:
    from torchlint.analysis.source import SourceInfo
    from torchlint.engine import AnalysisResult


@dataclass(frozen=True, slots=True)
class RunTrace:
    """What of an analysis's run an added statement could change: how close it came to its
    step budgets (see `Interpreter.max_steps`), and which blocks ran to their end."""

    refused: bool  # a budget stopped something: one more step could change the result
    steps: int
    max_steps: int
    alone: tuple[tuple[int, int], ...]  # (steps used, steps allowed) per function run alone
    completed: frozenset[int] = frozenset()  # see `Interpreter.completed`

    def room_for(self, added: int, rows: int) -> bool:
        """Whether `added` more statements in `rows` changed lines of the file surely stop
        nothing. Each runs once per run of its block, whose other statements (or the inert
        one it replaces) count a step each: at any moment at most `1 + added` times the
        steps this run had taken. A function's allowance shrinks by its lines'."""
        if self.refused:
            return False
        grow = 1 + added
        if self.steps * grow >= self.max_steps:
            return False
        cut = INLINE_PER_LINE * rows
        return all(used * grow < allowed - cut for used, allowed in self.alone)


# A changed line may hold a bare name, a name bound to a name or a number, `pass`, a number:
# no call, no attribute, no string, no comment, no bracket (these could reach what the engine
# scans in the text, or span lines).
_INERT_LINE = re.compile(r"[ \t]*[\w. \t=+-]*\r?")
# Words the engine looks for in the whole text (grad-mode regions, default dtypes, ...).
_SCANNED_WORDS = ("no_grad", "inference_mode", "enable_grad", "set_grad_enabled", "set_default")


def inert_rows(
    previous: AnalysisResult, old: SourceInfo, source: SourceInfo, tree: ast.Module
) -> set[int] | None:
    """The rows whose parsed text changed from `old`, the text `previous` analysed, to
    `source` (parsed as `tree`), when every statement on them in both is inert and the rest
    of both trees is the same; None otherwise. With them, the rows where statements that
    now end (or ended) in inert ones end otherwise: findings touching any of these rows
    are made again."""
    if previous.tree is None or previous.run is None:
        return None
    if len(old.scan_lines) != len(source.scan_lines) or not _plain_names(source.text):
        return None
    changed = [
        row
        for row, (a, b) in enumerate(zip(old.scan_lines, source.scan_lines, strict=True), 1)
        if a != b
    ]
    if not changed or len(changed) > 8:
        return None
    rows = set(changed)
    for row in changed:
        for line in (old.scan_lines[row - 1], source.scan_lines[row - 1]):
            if not _INERT_LINE.fullmatch(line) or any(w in line for w in _SCANNED_WORDS):
                return None
    before = _analysed_skeleton(previous, previous.tree, rows)
    after = Skeleton(rows)
    if not (before.ok and after.walk(tree.body, 0)) or before.star or after.star:
        return None  # `from m import *` binds names no text shows
    if before.entries != after.entries:
        return None
    for key in before.open_ends | after.open_ends:
        # Inert statements at the end of a block in a function run when the block runs to
        # its end (see `Skeleton`): the old block's last statement must have.
        if before.last[key] not in previous.run.completed:
            return None
    for key in before.around | after.around:
        # A helper of few statements is inlined deeper (`Interpreter._small`).
        old_func, new_func = before.functions[key], after.functions[key]
        if few_statements(old_func, SMALL_BODY) != few_statements(new_func, SMALL_BODY):
            return None
    rest = "\n".join(line for row, line in enumerate(source.scan_lines, 1) if row not in rows)
    bound = (before.bound | after.bound) - {""}
    read = (before.read | after.read) - bound - {""}
    if _defined(bound | read, rest):
        return None
    if bound and re.search(_words(bound), rest):
        return None  # read or bound elsewhere (also as an attribute: a class body's names)
    scopes = before.scopes | after.scopes  # a line deleted read where it was
    if read and _bound_elsewhere(read, source.scan_lines, rest, after.owners, scopes):
        return None
    if not previous.run.room_for(after.inert, len(changed)):
        return None
    if old.indent_unit != source.indent_unit or old.newline != source.newline:
        return None  # fixes indent and end lines as the file does
    return rows | before.seams | after.seams


# A line typed on an empty one: a name, or a name bound to a name or a number.
_TYPED_LINE = re.compile(
    r"(?P<indent>[ \t]*)(?P<name>[^\W\d]\w*)"
    r"(?P<assign>[ \t]*=[ \t]*(?:(?P<value>[^\W\d]\w*)|\d[\d_]*(?:\.\d*)?))?[ \t]*"
)
# Lines that continue a compound statement: nothing can come between them and its block.
_CLAUSE = re.compile(r"(?:elif|else|except|finally)\b")


def typed_line_rows(
    previous: AnalysisResult, old: SourceInfo, source: SourceInfo
) -> set[int] | None:
    """`inert_rows` without parsing `source`, for its commonest case: one line that was
    empty in `old` (which parsed whole) now holds an inert statement, indented as the
    statement on the next line of code, which it comes before in the same block. Such a
    line cannot change how any other line parses (no brackets, strings or backslashes,
    and an indentation the block already has), so the new tree is the old one with one
    more statement. None when the change is not that (a full parse decides then)."""
    if previous.tree is None or previous.run is None or old.scan_text != old.text:
        return None
    before, after = old.lines, source.lines
    if len(before) != len(after):
        return None
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    if len(changed) != 1:
        return None
    i = changed[0]
    line, was = after[i], before[i]
    if was.strip() or line.endswith("\r") != was.endswith("\r"):
        return None
    m = _TYPED_LINE.fullmatch(line.rstrip("\r"))
    if m is None or any(w in line for w in _SCANNED_WORDS):
        return None
    name, value, indent = m.group("name"), m.group("value"), m.group("indent")
    if not line.isascii() or not _plain_names(old.text):
        return None  # names are compared as typed (the parser normalises them: NFKC)
    try:
        ast.parse(line.strip())
    except SyntaxError:
        return None  # `x = 01`, `x = 1_`: the pattern is looser than Python's numbers
    if iskeyword(name) or (value is not None and (iskeyword(value) or value == name)):
        return None
    row = i + 1
    skeleton = _analysed_skeleton(previous, previous.tree, {row})
    if not skeleton.ok:
        return None
    placed = _placed(before, i, indent, skeleton, previous.run.completed)
    if placed is None:
        return None
    block, index, depth, scope, seams = placed
    if depth == 0 and all(_preamble(other) for other in block[:index]):
        return None  # `import torch` fixes go after the docstring and __future__
    for key in scope:
        # One more statement: a helper of few statements is inlined deeper (`_small`).
        func = skeleton.functions[key]
        if few_statements(func, SMALL_BODY) != few_statements(func, SMALL_BODY - 1):
            return None
    if m.group("assign") is None:
        bound, read = "", name
    else:
        bound, read = name, value or ""
    if bound and re.search(_words({bound}), old.text):
        return None
    if skeleton.star or _defined({bound, read} - {""}, old.text):
        return None
    if read and _bound_elsewhere({read}, before, old.text, skeleton.owners, {scope}):
        return None
    if not previous.run.room_for(1, 1):
        return None
    return {row} | seams


def _analysed_skeleton(previous: AnalysisResult, tree: ast.Module, rows: set[int]) -> Skeleton:
    """The analysed tree's skeleton for `rows`, kept while one line is typed (the rows stay
    the same, and results taken over from `previous` share its cache)."""
    typed_on = frozenset(rows)
    skeleton = previous.skeletons.get(typed_on)
    if skeleton is None:
        skeleton = Skeleton(rows)
        skeleton.ok = skeleton.walk(tree.body, 0)
        previous.skeletons.clear()
        previous.skeletons[typed_on] = skeleton
    return skeleton


def _placed(
    lines: list[str], i: int, indent: str, skeleton: Skeleton, completed: frozenset[int]
) -> tuple[list[ast.stmt], int, int, Scope, set[int]] | None:
    """Where a statement typed on the empty line `i` with `indent` goes in the analysed
    tree: (its block, its index there, the block's depth, its scope, the seam rows), when
    that is sure without parsing: before the statement on the next line of code, indented
    as it is; or after the one that ends on the previous line of code, indented as it is,
    where the next line of code leaves that block (a dedent, or the end of the file)."""
    if i > 0 and lines[i - 1].rstrip("\r").endswith("\\"):
        return None  # the line before continues onto this one
    after = next((k for k in range(i + 1, len(lines)) if _code(lines[k])), None)
    following = lines[after] if after is not None else ""
    lead = following[: len(following) - len(following.lstrip(" \t"))]
    if after is not None and lead == indent:
        if _CLAUSE.match(following, len(indent)):
            return None  # `else:` and the like: nothing can come before them
        start = skeleton.starts.get(after + 1)
        if start is None or start[0].col_offset != len(indent):
            return None
        _, block, index, depth, scope, _ = start
        return block, index, depth, scope, set()
    if after is not None and not (indent.startswith(lead) and len(lead) < len(indent)):
        return None  # an indent the block does not have
    last = next((k for k in range(i - 1, -1, -1) if _code(lines[k])), None)
    if last is None:
        return None
    for stmt, block, index, depth, scope, in_function in skeleton.ends.get(last + 1, ()):
        if stmt.col_offset != len(indent) or index != len(block) - 1:
            continue
        first = lines[stmt.lineno - 1]
        if first[: len(indent)] != indent or first[len(indent) : len(indent) + 1] in " \t":
            return None
        if in_function and id(block[-1]) not in completed:
            return None  # it runs if the block ran to its end (see `Skeleton`)
        # The compound statements around it end on the typed line now: what spans them
        # (a fix wrapping a loop) reaches the row the block ended on.
        return block, index + 1, depth, scope, {last + 1}
    return None


def _code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _plain_names(text: str) -> bool:
    """The parser reads names NFKC-normalised (`ｗ` is `w`); the names here are compared
    as written, so only in a text that normalisation leaves alone."""
    return text.isascii() or unicodedata.is_normalized("NFKC", text)


def _defined(names: set[str], text: str) -> bool:
    """Whether one of `names` is a function's or class's name anywhere in `text`: the
    engine counts those names in the whole text (`Interpreter._prescan`), nested ones too."""
    return bool(names) and re.search(r"(?:def|class)[ \t]+" + _words(names), text) is not None


def _words(names: set[str]) -> str:
    return r"\b(?:" + "|".join(map(re.escape, sorted(names))) + r")\b"


Scope = tuple[tuple[int, int], ...]  # the functions around a place, outermost first
_Place = tuple[ast.stmt, list[ast.stmt], int, int, Scope, bool]


def _bound_elsewhere(
    names: set[str],
    lines: list[str],
    rest: str,
    owners: list[tuple[int, int, ast.AST, Scope]],
    scopes: set[Scope],
) -> bool:
    """Whether code outside the changed rows binds one of `names` where the inert
    statements (in `scopes`) can see it: at module level, or in a function around them.
    Reading a name, as `sum(...)` does, binds nothing; nor does an attribute, a comment,
    a string, or another function's parameter."""
    pattern = re.compile(r"(?<!\.)" + _words(names))
    if not pattern.search(rest):
        return False
    hits = {row for row, line in enumerate(lines, 1) if pattern.search(line)}
    for first, last, node, scope in owners:
        if not any(first <= row <= last for row in hits):
            continue
        if isinstance(node, ast.Global | ast.Nonlocal):
            if not names.isdisjoint(node.names):
                return True
            continue
        groups = [(_bindings(node), scope)]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            # Its parameters are its own; its name, decorators and defaults its scope's.
            inner = (*scope, (node.lineno, node.col_offset))
            groups.append(({a.arg for a in _parameters(node.args)}, inner))
        for bound, where in groups:
            if names.isdisjoint(bound):
                continue
            if any(inside[: len(where)] == where for inside in scopes):
                return True
    return False


def _parameters(args: ast.arguments) -> list[ast.arg]:
    out = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    out.extend(a for a in (args.vararg, args.kwarg) if a is not None)
    return out


_BLOCK_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def _bindings(node: ast.AST) -> set[str]:
    """The names a statement (a compound one's header only) binds: variables stored or
    deleted, parameters, imports, definitions, `global`/`nonlocal`, captures."""
    out: set[str] = set()
    parts: list[ast.AST] = []
    function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    for field, value in ast.iter_fields(node):
        if field in _BLOCK_FIELDS and not isinstance(node, ast.Match):
            continue
        if function and field == "args":
            parts.extend(d for d in (*value.defaults, *value.kw_defaults) if d is not None)
            continue
        if isinstance(value, ast.AST):
            parts.append(value)
        elif isinstance(value, list):
            parts.extend(v for v in value if isinstance(v, ast.AST))
        elif isinstance(value, str) and field in ("name", "rest"):
            out.add(value)  # a def's, class's or handler's name
    if isinstance(node, ast.Global | ast.Nonlocal):
        out.update(node.names)
    for part in parts:
        for sub in ast.walk(part):
            if isinstance(sub, ast.Name):
                if not isinstance(sub.ctx, ast.Load):
                    out.add(sub.id)
            elif isinstance(sub, ast.arg):
                out.add(sub.arg)
            elif isinstance(sub, ast.alias):
                out.update(sub.name.split("."))
                if sub.asname:
                    out.add(sub.asname)
            elif isinstance(sub, ast.Global | ast.Nonlocal):
                out.update(sub.names)
            else:
                for field in ("name", "rest"):
                    value = getattr(sub, field, None)
                    if isinstance(value, str):
                        out.add(value)
    return out


def _inert_names(stmt: ast.stmt) -> tuple[str, str] | None:
    """(the name bound, the name read) by a statement the analysis sees do nothing, given
    that its names are used nowhere else: it reads a name no one binds (or a builtin), or
    binds a name no one reads ('' where none); None for any other statement."""
    if isinstance(stmt, ast.Pass):
        return "", ""
    target = ""
    if isinstance(stmt, ast.Expr):
        value = stmt.value
    elif (
        isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
    ):
        target, value = stmt.targets[0].id, stmt.value
    else:
        return None
    if isinstance(value, ast.Constant):
        return None if isinstance(value.value, str | bytes) else (target, "")
    if isinstance(value, ast.Name):
        return target, value.id
    return None


class Skeleton:
    """The statements of a tree, but the inert ones on the changed rows: kind, position and
    depth. Equal skeletons of texts equal outside those rows parse to the same trees there.

    `walk` gives False where a changed row is part of anything else (a statement spanning
    it, a compound statement's header, an `else:`).

    A function is analysed alone unless calls ran every statement of it (`_fully_covered`),
    so an inert statement must run exactly when the statements around it do. One followed
    by another statement runs when that one does. One that ends a block in a function runs
    when the block runs to its end: `open_ends`, checked against the run (`RunTrace`).
    """

    def __init__(self, rows: set[int]) -> None:
        self.rows = rows
        self.low, self.high = min(rows), max(rows)
        self.ok = False  # what `walk` gave
        self.entries: list[tuple[object, ...]] = []
        self.inert = 0
        self.bound: set[str] = set()
        self.read: set[str] = set()
        # (first row, last row, node) of each statement outside the changed rows, of a
        # compound statement's header and of an `except` clause's.
        self.owners: list[tuple[int, int, ast.AST, Scope]] = []
        self.scopes: set[Scope] = set()  # of the inert statements
        self.star = False  # a `from m import *` anywhere
        # Every function by position, and the positions of those around inert statements.
        self.functions: dict[tuple[int, int], ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.around: set[tuple[int, int]] = set()
        self._stack: list[tuple[int, int]] = []
        self._scope: Scope = ()
        # Each block's last statement (its id), by the block's place; the blocks in
        # functions that end in inert statements.
        self.last: dict[tuple[int, ...], int] = {}
        self.open_ends: set[tuple[int, ...]] = set()
        self.seams: set[int] = set()  # see `walk`
        # Statements by their first row (decorators included) past the changed rows, and
        # by their last row before them: (statement, block, index, depth, scope, whether in
        # a function's body).
        self.starts: dict[int, _Place] = {}
        self.ends: dict[int, list[_Place]] = {}

    def _owns_changed(self, first: int, last: int) -> bool:
        if last < self.low or first > self.high:
            return False
        return any(first <= row <= last for row in self.rows)

    def walk(
        self,
        block: list[ast.stmt],
        depth: int,
        key: tuple[int, ...] = (),
        in_function: bool = False,
    ) -> bool:
        n = len(block)
        if not n:
            return True  # an empty module
        self.last[key] = id(block[-1])
        for i, stmt in enumerate(block):
            if stmt.lineno in self.rows:
                names = _inert_names(stmt) if stmt.end_lineno == stmt.lineno else None
                if names is None:
                    return False
                self.bound.add(names[0])
                self.read.add(names[1])
                if in_function and all(other.lineno in self.rows for other in block[i + 1 : n]):
                    self.open_ends.add(key)  # it runs if the block runs to its end
                if depth == 0 and all(_preamble(other) for other in block[:i]):
                    return False  # `import torch` fixes go after the docstring and __future__
                self.inert += 1
                self.around.update(self._stack)
                self.scopes.add(tuple(self._stack))
                continue
            if stmt.lineno > self.high:  # for `typed_line_rows`
                decorators = getattr(stmt, "decorator_list", None)
                first = min(d.lineno for d in decorators) if decorators else stmt.lineno
                self.starts.setdefault(first, (stmt, block, i, depth, self._scope, in_function))
            elif (stmt.end_lineno or 0) < self.low:
                entry = (stmt, block, i, depth, self._scope, in_function)
                self.ends.setdefault(stmt.end_lineno or 0, []).append(entry)
            if not self._statement(stmt, depth, in_function):
                return False
        if block[-1].lineno in self.rows:
            # Inert statements end the block: the compound statements around it end on a
            # changed row now, or did before. What spans them (a fix wrapping a loop)
            # reaches the row its last other statement ends on.
            others = [stmt for stmt in block if stmt.lineno not in self.rows]
            self.seams.add((others[-1].end_lineno or 0) if others else block[0].lineno - 1)
        return True

    def _statement(self, stmt: ast.stmt, depth: int, in_function: bool) -> bool:
        end = stmt.end_lineno or stmt.lineno
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "*" for a in stmt.names):
            self.star = True
        if type(stmt) not in _COMPOUND:
            self.entries.append((type(stmt), depth, stmt.lineno, stmt.col_offset, end))
            self.owners.append((stmt.lineno, end, stmt, self._scope))
            return not self._owns_changed(stmt.lineno, end)
        blocks = _blocks(stmt)
        self.entries.append((type(stmt), depth, stmt.lineno, stmt.col_offset, 0 if blocks else end))
        first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
        if not blocks or isinstance(stmt, ast.Match):  # a match's cases' patterns span lines
            self.owners.append((first, end, stmt, self._scope))
            return not self._owns_changed(first, end)
        # Headers: from the statement (or its decorators) to its first block, and between
        # one block's last statement and the next block (`else:`, `except E:`).
        seen = first - 1
        if isinstance(stmt, ast.ClassDef):
            in_function = False  # a class body is not its function's (`_own_statements`)
        for index, (header, node, body) in enumerate(blocks):
            start = body[0].lineno
            if node is not None:
                # A body on the header's own row (`for t in xs: f(t)`) shares that row.
                self.owners.append((header, max(header, start - 1), node, self._scope))
            if self._owns_changed(max(seen + 1, header), start - 1):
                return False
            func = stmt if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) else None
            outer = self._scope
            if func is not None:
                self.functions[(func.lineno, func.col_offset)] = func
                self._stack.append((func.lineno, func.col_offset))
                self._scope = tuple(self._stack)
            walked = self.walk(
                body, depth + 1, (stmt.lineno, stmt.col_offset, index), in_function or bool(func)
            )
            if func is not None:
                self._stack.pop()
                self._scope = outer
            if not walked:
                return False
            self.entries.append(("end", depth))
            seen = max(s.end_lineno or s.lineno for s in body)
        return True


# Statements with blocks: `def`, `class`, `if`, loops, `with`, `try`, `match`.
_COMPOUND = frozenset(
    kind for kind in ast.stmt.__subclasses__() if {"body", "cases"} & set(kind._fields)
)


def _preamble(stmt: ast.stmt) -> bool:
    """A module docstring or `from __future__ import ...`."""
    if isinstance(stmt, ast.ImportFrom):
        return stmt.module == "__future__"
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)


def _blocks(stmt: ast.stmt) -> list[tuple[int, ast.AST | None, list[ast.stmt]]]:
    """A compound statement's blocks, in order, each with the row its header starts on and
    the node holding the header's names (none for `else:`/`finally:`)."""
    out: list[tuple[int, ast.AST | None, list[ast.stmt]]] = []
    body = getattr(stmt, "body", None)
    if not isinstance(body, list) or not body or not isinstance(body[0], ast.stmt):
        return out
    first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
    out.append((first, stmt, body))
    for handler in getattr(stmt, "handlers", ()):
        out.append((handler.lineno, handler, handler.body))
    for name in ("orelse", "finalbody"):
        sub = getattr(stmt, name, None)
        if isinstance(sub, list) and sub:
            out.append((0, None, sub))  # no node: from the end of the previous block
    return out
