"""Small readings of the syntax tree that several parts of the analysis share."""

from __future__ import annotations

import ast


def plain_name(expr: ast.expr) -> str:
    """`name` for `name` or `a.b.name` (a called function, a decorator as written), else ""."""
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return expr.id if isinstance(expr, ast.Name) else ""


def assignment_pairs(targets: list[ast.expr], value: ast.expr) -> list[tuple[ast.expr, ast.expr]]:
    """Each target of an assignment with the part of the value it gets (`gi, gj = int(x),
    int(y)`), the whole value where the shapes do not match (`h, c = repackage(h, c)`)."""
    out: list[tuple[ast.expr, ast.expr]] = []
    for target in targets:
        if isinstance(target, ast.Tuple | ast.List):
            if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(target.elts):
                for t, v in zip(target.elts, value.elts, strict=True):
                    out.extend(assignment_pairs([t], v))
            else:
                out.extend((t, value) for t in target.elts)
        else:
            out.append((target, value))
    return out
