"""Notebooks: the code cells of a notebook are analysed together, in order, as one text.

Names defined in one cell are used in later ones, so a cell alone would be analysed
without its context. Findings are mapped back to the cell they fall in (`Snapshot.parts`).
IPython magics (`%time`, `!pip`) are turned into comments of the same length, so columns
stay where they are.
"""

from __future__ import annotations

from lsprotocol import types

from torchlint.lsp.config import Settings
from torchlint.lsp.documents import Document
from torchlint.lsp.positions import Positions
from torchlint.lsp.snapshots import Part, Snapshot
from torchlint.notebook import blank_magics, prepare_cell

__all__ = ["blank_magics", "is_python_cell", "snapshot"]


def is_python_cell(cell: types.NotebookCell, doc: Document | None) -> bool:
    if cell.kind != types.NotebookCellKind.Code or doc is None:
        return False
    return doc.language_id in (None, "", "python")


def snapshot(
    notebook: types.NotebookDocument,
    cells: dict[str, Document],
    *,
    path: str,
    fs_path: str | None,
    folder: str | None,
    settings: Settings,
    encoding: str,
) -> Snapshot:
    """`cells` maps each cell's uri to its open document."""
    parts: list[Part] = []
    chunks: list[str] = []
    row = 1
    for cell in notebook.cells:
        doc = cells.get(cell.document)
        if doc is None or not is_python_cell(cell, doc):
            continue
        text = doc.source
        prepared = prepare_cell(text)
        rows = prepared.count("\n")
        parts.append(Part(cell.document, doc.version, row, rows, Positions(text, encoding)))
        chunks.append(prepared)
        row += rows
    return Snapshot(
        key=notebook.uri,
        path=path,
        fs_path=fs_path,
        folder=folder,
        text="".join(chunks),
        parts=tuple(parts),
        settings=settings,
        notebook=True,
        _firsts=tuple(p.first_row for p in parts),
    )
