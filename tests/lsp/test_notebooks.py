"""Notebooks: code cells analysed together in order, findings mapped back to their cells."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import (
    apply_workspace_edit,
    code_actions,
    diagnostics,
    hover,
    published,
    start,
    vscode,
    with_notebooks,
)

pytestmark = pytest.mark.asyncio

CELLS = [
    (types.NotebookCellKind.Code, "python", "import torch\n%matplotlib inline\n"),
    (types.NotebookCellKind.Markup, "markdown", "# w is a leaf"),
    (types.NotebookCellKind.Code, "python", "w = torch.randn(3, requires_grad=True)\n"),
    (types.NotebookCellKind.Code, "python", "print(w)\nw.add_(1)"),
]


def _cell_uri(notebook: Path, i: int) -> str:
    return f"vscode-notebook-cell:{notebook}#C{i}"


def _open(client: LanguageClient, notebook: Path) -> list[str]:
    uris = [_cell_uri(notebook, i) for i in range(len(CELLS))]
    client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=notebook.as_uri(),
                notebook_type="jupyter-notebook",
                version=1,
                cells=[
                    types.NotebookCell(kind=kind, document=uri)
                    for (kind, _, _), uri in zip(CELLS, uris, strict=True)
                ],
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri=uri, language_id=lang, version=1, text=text)
                for (_, lang, text), uri in zip(CELLS, uris, strict=True)
            ],
        )
    )
    return uris


async def test_cells_analysed_together(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    result = await start(client, tmp_path, capabilities=with_notebooks(vscode()))
    assert result.capabilities.notebook_document_sync is not None
    notebook = tmp_path / "train.ipynb"
    uris = _open(client, notebook)

    (d,) = await diagnostics(client, uris[3], 1)
    assert d.code == "TL101"
    # Lines in the message count within cells, as the user sees them.
    assert "line 1 of an earlier cell" in d.message, d.message
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (1, 0, 9)
    related = (d.related_information or [])[0].location
    assert related.uri == uris[2] and related.range.start.line == 0
    assert await diagnostics(client, uris[0], 1) == []  # the magic line is not an error
    assert await diagnostics(client, uris[2], 1) == []

    text = await hover(client, uris[3], 1, 0)
    assert text is not None and "requires grad: yes" in text

    actions = await code_actions(client, uris[3], [d])
    fix = next(a for a in actions if a.is_preferred)
    assert fix.edit is not None and fix.edit.document_changes
    change = fix.edit.document_changes[0]
    assert isinstance(change, types.TextDocumentEdit)
    assert change.text_document.uri == uris[3] and change.text_document.version == 1
    fixed = apply_workspace_edit(CELLS[3][2], uris[3], fix.edit)
    assert fixed == "print(w)\nwith torch.no_grad():\n    w.add_(1)"

    # Edit the last cell: its diagnostics follow, stamped with the cell's version.
    client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(
                uri=notebook.as_uri(), version=2
            ),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=uris[3], version=2),
                            changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
                        )
                    ]
                )
            ),
        )
    )
    assert await diagnostics(client, uris[3], 2) == []

    # Remove the cell that makes `w`: nothing is known about it any more.
    client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(
                uri=notebook.as_uri(), version=3
            ),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    structure=types.NotebookDocumentCellChangeStructure(
                        array=types.NotebookCellArrayChange(start=2, delete_count=1),
                        did_close=[types.TextDocumentIdentifier(uri=uris[2])],
                    )
                )
            ),
        )
    )
    await published(client, uris[2], version=None)

    client.notebook_document_did_close(
        types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=notebook.as_uri()),
            cell_text_documents=[types.TextDocumentIdentifier(uri=u) for u in uris if u != uris[2]],
        )
    )
    await published(client, uris[0], version=None)
    await published(client, uris[3], version=None)
