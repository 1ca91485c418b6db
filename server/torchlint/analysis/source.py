"""The analysed text: lines, AST positions in characters, source slices, indentation.

`ast` reports columns as UTF-8 byte offsets; everything the engine hands out is in code
points (characters). The LSP layer converts code points to its negotiated encoding.
"""

from __future__ import annotations

import ast
import re
from functools import cached_property

from torchlint.findings import Pos, Span

_INDENT = re.compile(r"[ \t]*")


class SourceInfo:
    __slots__ = (
        "__dict__",
        "_segments",
        "_spans",
        "lines",
        "path",
        "scan_lines",
        "scan_text",
        "text",
    )

    def __init__(self, text: str, path: str, parsed_text: str | None = None) -> None:
        self.text = text
        self.path = path
        self.lines: list[str] = text.split("\n")
        # What the engine reads when it scans text rather than the tree (names in `no_grad`
        # regions, a function's text): the text that parsed, half-typed statements blanked,
        # so the analysis depends on that text alone (`torchlint.reuse` relies on it).
        if parsed_text is None or parsed_text == text:
            self.scan_text, self.scan_lines = text, self.lines
        else:
            self.scan_text, self.scan_lines = parsed_text, parsed_text.split("\n")
        # Nodes are visited many times (loops, inlined calls): positions and snippets are memoised.
        self._spans: dict[int, tuple[ast.AST, Span]] = {}
        self._segments: dict[tuple[int, int], str] = {}

    def line(self, row: int) -> str:
        """Line `row` (1-based) without its line ending ('' when out of range)."""
        if 1 <= row <= len(self.lines):
            return self.lines[row - 1].rstrip("\r")
        return ""

    def char_col(self, row: int, byte_col: int) -> int:
        text = self.line(row)
        if text.isascii():
            return min(byte_col, len(text))
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))

    def span(self, node: ast.AST) -> Span:
        hit = self._spans.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        span = self._compute_span(node)
        self._spans[id(node)] = (node, span)
        return span

    def _compute_span(self, node: ast.AST) -> Span:
        row = getattr(node, "lineno", 1)
        end_row = getattr(node, "end_lineno", None) or row
        col = self.char_col(row, getattr(node, "col_offset", 0))
        end_col = self.char_col(end_row, getattr(node, "end_col_offset", None) or 0)
        return Span(Pos(row, col), Pos(end_row, end_col))

    def segment(self, node: ast.AST, limit: int = 80) -> str:
        """The node's source text on one line, shortened to `limit` characters."""
        key = (id(node), limit)
        hit = self._segments.get(key)
        if hit is not None and self._spans.get(id(node), (None,))[0] is node:
            return hit
        text = self._compute_segment(node, limit)
        self._segments[key] = text
        return text

    def _compute_segment(self, node: ast.AST, limit: int) -> str:
        span = self.span(node)
        if span.start.row == span.end.row:
            text = self.line(span.start.row)[span.start.col : span.end.col]
        else:
            first = self.line(span.start.row)[span.start.col :]
            text = first.rstrip() + " …"
        text = " ".join(text.split())
        if len(text) > limit:
            text = text[: limit - 1] + "…"
        return text

    def exact(self, span: Span) -> str:
        """The exact source text of a span (multi-line spans keep their line breaks)."""
        if span.start.row == span.end.row:
            return self.line(span.start.row)[span.start.col : span.end.col]
        parts = [self.line(span.start.row)[span.start.col :]]
        for row in range(span.start.row + 1, span.end.row):
            parts.append(self.line(row))
        parts.append(self.line(span.end.row)[: span.end.col])
        return "\n".join(parts)

    def indentation(self, row: int) -> str:
        m = _INDENT.match(self.line(row))
        return m.group(0) if m else ""

    @cached_property
    def indent_unit(self) -> str:
        """The file's indentation step: a tab, or the smallest space step in use (4 by default)."""
        steps: dict[int, int] = {}
        for line in self.scan_lines:
            stripped = line.lstrip(" \t")
            if not stripped or stripped.startswith("#"):
                continue
            lead = line[: len(line) - len(stripped)]
            if lead.startswith("\t"):
                return "\t"
            if lead:
                steps[len(lead)] = steps.get(len(lead), 0) + 1
        if not steps:
            return "    "
        smallest = min(steps)
        return " " * (smallest if smallest in (2, 3, 4, 8) else 4)

    @cached_property
    def newline(self) -> str:
        return "\r\n" if "\r\n" in self.scan_text else "\n"
