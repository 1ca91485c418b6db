"""Building fixes as text edits: wrap a statement, insert a line, add a keyword argument.

Edits keep the file's indentation style (`SourceInfo.indent_unit`) and line endings, and
never produce code that does not parse: when a statement shares its line with other
code, the helpers return None instead of guessing.
"""

from __future__ import annotations

import ast

from torchlint.analysis.source import SourceInfo
from torchlint.findings import Edit, Pos, Span


def stmt_owns_lines(src: SourceInfo, stmt: ast.stmt) -> bool:
    """The statement starts its first line and ends its last (a trailing comment is fine)."""
    span = src.span(stmt)
    first = src.line(span.start.row)
    if first[: span.start.col].strip():
        return False
    rest = src.line(span.end.row)[span.end.col :].strip()
    return not rest or rest.startswith("#")


def wrap_in_with(src: SourceInfo, stmt: ast.stmt, header: str) -> tuple[Edit, ...] | None:
    """`stmt` becomes the body of `with <header>:` at the same indentation."""
    if not stmt_owns_lines(src, stmt):
        return None
    span = src.span(stmt)
    indent = src.indentation(span.start.row)
    unit = src.indent_unit
    nl = src.newline
    lines = [src.line(r) for r in range(span.start.row, span.end.row + 1)]
    body = nl.join(unit + line if line.strip() else line for line in lines)
    new = f"{indent}{header}:{nl}{body}"
    whole = Span(Pos(span.start.row, 0), Pos(span.end.row, len(src.line(span.end.row))))
    return (Edit(whole, new),)


def insert_after(src: SourceInfo, stmt: ast.stmt, code: str) -> tuple[Edit, ...] | None:
    """Insert `code` as a new statement right after `stmt`, at its indentation."""
    if not stmt_owns_lines(src, stmt):
        return None
    span = src.span(stmt)
    indent = src.indentation(span.start.row)
    end = Pos(span.end.row, len(src.line(span.end.row)))
    return (Edit(Span(end, end), f"{src.newline}{indent}{code}"),)


def insert_before(src: SourceInfo, stmt: ast.stmt, code: str) -> tuple[Edit, ...] | None:
    if not stmt_owns_lines(src, stmt):
        return None
    span = src.span(stmt)
    indent = src.indentation(span.start.row)
    start = Pos(span.start.row, 0)
    return (Edit(Span(start, start), f"{indent}{code}{src.newline}"),)


def replace_node(src: SourceInfo, node: ast.AST, text: str) -> Edit:
    return Edit(src.span(node), text)


# Expressions a method call can follow without parentheses.
_ATOMS = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)


def as_receiver(text: str, node: ast.expr | None) -> str:
    """An expression as written, parenthesised where a method call needs it (`(mask == 0)`)."""
    return text if node is None or isinstance(node, _ATOMS) else f"({text})"


def append_to(src: SourceInfo, node: ast.expr, suffix: str) -> tuple[Edit, ...]:
    """`expr` → `expr<suffix>` as insertions only (parenthesised when the expression needs it),
    so the edits never overlap other edits inside the expression."""
    span = src.span(node)
    if isinstance(node, _ATOMS):
        return (Edit(Span(span.end, span.end), suffix),)
    return (Edit(Span(span.start, span.start), "("), Edit(Span(span.end, span.end), f"){suffix}"))


def set_keyword(src: SourceInfo, call: ast.Call, name: str, value: str) -> Edit | None:
    """Add `name=value` to a call, or replace the value of an existing `name=`."""
    for kw in call.keywords:
        if kw.arg == name:
            return Edit(src.span(kw.value), value)
    span = src.span(call)
    parts: list[ast.AST] = [*call.args, *call.keywords]
    if parts:
        last_end = max((src.span(p).end for p in parts), key=lambda p: (p.row, p.col))
        return Edit(Span(last_end, last_end), f", {name}={value}")
    # Empty call: insert right after the opening parenthesis.
    func_end = src.span(call.func).end
    text = src.exact(Span(func_end, span.end))
    paren = text.find("(")
    if paren < 0:
        return None
    pos = _advance(src, func_end, paren + 1)
    return Edit(Span(pos, pos), f"{name}={value}")


def remove_keyword(src: SourceInfo, call: ast.Call, name: str) -> Edit | None:
    """Delete `name=...` and its separating comma."""
    parts: list[ast.AST] = [*call.args, *call.keywords]
    for i, part in enumerate(parts):
        if isinstance(part, ast.keyword) and part.arg == name:
            kw_span = src.span(part)
            if i > 0:
                prev_end = src.span(parts[i - 1]).end
                return Edit(Span(prev_end, kw_span.end), "")
            if len(parts) > 1:
                nxt = src.span(parts[1]).start
                return Edit(Span(kw_span.start, nxt), "")
            return Edit(kw_span, "")
    return None


def _advance(src: SourceInfo, pos: Pos, chars: int) -> Pos:
    row, col = pos.row, pos.col
    while chars > 0:
        line = src.line(row)
        room = len(line) - col
        if chars <= room:
            return Pos(row, col + chars)
        chars -= room + 1  # the newline
        row += 1
        col = 0
    return Pos(row, col)


def receiver_name(node: ast.expr | None) -> str | None:
    """The plain name or dotted attribute path of an expression (`x`, `self.h`), if it is one."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None
