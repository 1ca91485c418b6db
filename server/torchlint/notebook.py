"""Jupyter notebooks (`.ipynb`) for `torchlint check`: code cells analysed as one text.

Names defined in one cell are used in later ones, so the code cells are joined in order
and analysed together, as the language server does with an open notebook. IPython magics
(`%time`, `!pip`) become comments of the same length. Findings come back in the cell they
are in: rows counted within the cell, the cell numbered as the editor shows it (1-based,
markdown cells included), and "line N" in a message said as "line M of cell K" when it
points into another cell.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from torchlint.findings import Edit, Finding, Fix, Pos, Related, Span

_MAGIC = re.compile(r"^([ \t]*)[%!]", re.MULTILINE)
_LINE_REF = re.compile(r"\bline (\d+)\b(?! of )")
_LONE_CR = re.compile(r"\r(?!\n)")


class NotebookError(ValueError):
    """Not a notebook torchlint can read (bad JSON, no cells, another language)."""


def blank_magics(text: str) -> str:
    """IPython's `%magic` and `!shell` lines as comments, columns unchanged."""
    if "%" not in text and "!" not in text:
        return text
    return _MAGIC.sub(lambda m: m.group(1) + "#", text)


def prepare_cell(text: str) -> str:
    """A code cell's source as the engine reads it after the cells before it: a lone CR is
    a line break (as `ast` counts rows), magics are blanked, and it ends with a newline.
    The CLI and the language server join cells with this."""
    text = blank_magics(_LONE_CR.sub("\n", text) if "\r" in text else text)
    return text if text.endswith("\n") else text + "\n"


@dataclass(frozen=True, slots=True)
class Cell:
    number: int  # 1-based, counting every cell of the notebook
    first_row: int  # its first row in the joined text
    rows: int

    def holds(self, row: int) -> bool:
        return self.first_row <= row < self.first_row + self.rows


@dataclass(frozen=True, slots=True)
class Notebook:
    text: str  # the code cells joined, magics blanked
    cells: tuple[Cell, ...]

    @property
    def lines(self) -> list[str]:
        return [line.removesuffix("\r") for line in self.text.split("\n")]

    def cell_at(self, row: int) -> Cell | None:
        return next((c for c in self.cells if c.holds(row)), None)


def read_notebook(raw: str) -> Notebook:
    """The notebook's Python code cells as one text, with where each one starts."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise NotebookError(f"not valid JSON (line {exc.lineno})") from None
    except (ValueError, RecursionError):  # a 5,000-digit number, nesting past the stack
        raise NotebookError("not JSON this tool can read") from None
    cells = data.get("cells") if isinstance(data, dict) else None
    if not isinstance(cells, list):
        raise NotebookError("no `cells` list: not a Jupyter notebook")
    language = _language(data.get("metadata"))
    if language is not None and not language.startswith(("python", "ipython")):
        raise NotebookError(f"a notebook for {language}, not Python")
    chunks: list[str] = []
    found: list[Cell] = []
    row = 1
    for number, cell in enumerate(cells, 1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(s, str) for s in source):
            source = "".join(source)
        if not isinstance(source, str):
            raise NotebookError(f"cell {number}: its source is not text")
        text = source
        text = prepare_cell(text)
        rows = text.count("\n")
        found.append(Cell(number, row, rows))
        chunks.append(text)
        row += rows
    return Notebook("".join(chunks), tuple(found))


def _language(metadata: object) -> str | None:
    if not isinstance(metadata, dict):
        return None
    for key, field in (("kernelspec", "language"), ("language_info", "name")):
        section = metadata.get(key)
        if isinstance(section, dict) and isinstance(section.get(field), str):
            return str(section[field]).lower()
    return None


def in_cells(notebook: Notebook, findings: list[Finding]) -> list[Finding]:
    """The findings of the joined text, each placed in its cell."""
    out = []
    for f in findings:
        cell = notebook.cell_at(f.span.start.row)
        if cell is None:  # pragma: no cover - every row of the text is in a cell
            continue
        out.append(
            replace(
                f,
                span=_local_span(notebook, cell, f.span),
                message=_cell_lines(notebook, cell, f.message),
                related=tuple(_related(notebook, cell, r) for r in f.related),
                fix=_fix(notebook, cell, f.fix),
                cell=cell.number,
            )
        )
    return out


def _local(cell: Cell, pos: Pos) -> Pos:
    return Pos(pos.row - cell.first_row + 1, pos.col)


def _local_span(notebook: Notebook, cell: Cell, span: Span) -> Span:
    """The span in the cell's rows; one running into the next cell ends with this one."""
    end = span.end
    if not cell.holds(end.row):
        last = cell.first_row + cell.rows - 1
        end = Pos(last, len(notebook.lines[last - 1]))
    return Span(_local(cell, span.start), _local(cell, end))


def _related(notebook: Notebook, cell: Cell, r: Related) -> Related:
    if r.filename is not None:  # another file: its own rows
        return r
    where = notebook.cell_at(r.span.start.row) or cell
    message = _cell_lines(notebook, where, r.message)
    return replace(r, span=_local_span(notebook, where, r.span), message=message, cell=where.number)


def _fix(notebook: Notebook, cell: Cell, fix: Fix | None) -> Fix | None:
    if fix is None or not all(
        cell.holds(e.span.start.row) and cell.holds(e.span.end.row) for e in fix.edits
    ):
        return None  # a fix reaching into another cell is not offered
    edits = tuple(Edit(_local_span(notebook, cell, e.span), e.content) for e in fix.edits)
    return replace(fix, edits=edits)


def _cell_lines(notebook: Notebook, cell: Cell, message: str) -> str:
    def local(m: re.Match[str]) -> str:
        row = int(m.group(1))
        where = notebook.cell_at(row)
        if where is None:
            return m.group(0)
        line = row - where.first_row + 1
        return f"line {line}" if where is cell else f"line {line} of cell {where.number}"

    return _LINE_REF.sub(local, message)
