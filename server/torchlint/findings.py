"""What the engine reports: plain data, shared by the CLI and the language server.

Positions are 1-based rows and 0-based columns counted in code points (characters).
The CLI prints columns 1-based; the language server converts to the negotiated
encoding (UTF-16 by default) in `torchlint.positions`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"
    HINT = "hint"


class Applicability(str, enum.Enum):
    """`safe` fixes keep the program's meaning apart from the mistake; `unsafe` may change more."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True, slots=True, order=True)
class Pos:
    row: int  # 1-based
    col: int  # 0-based, in code points


@dataclass(frozen=True, slots=True)
class Span:
    start: Pos
    end: Pos

    @staticmethod
    def of(row: int, col: int, end_row: int, end_col: int) -> Span:
        return Span(Pos(row, col), Pos(end_row, end_col))


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text in `span` with `content` (an insertion when the span is empty)."""

    span: Span
    content: str


@dataclass(frozen=True, slots=True)
class Fix:
    message: str
    applicability: Applicability
    edits: tuple[Edit, ...]


@dataclass(frozen=True, slots=True)
class Related:
    message: str
    span: Span
    filename: str | None = None  # None: the same file
    cell: int | None = None  # a notebook's cell (then rows count within it)


@dataclass(frozen=True, slots=True)
class Finding:
    code: str  # "TL101"
    name: str  # "inplace-on-leaf"
    message: str
    severity: Severity
    span: Span
    filename: str
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    deprecated: bool = False  # the LSP tags these `Deprecated`
    unnecessary: bool = False
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    cell: int | None = None  # a notebook's cell, numbered from 1 (then rows count within it)

    def sort_key(self) -> tuple[str, int, int, int, str]:
        return (self.filename, self.cell or 0, self.span.start.row, self.span.start.col, self.code)
