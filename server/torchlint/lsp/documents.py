"""Open documents: pygls's workspace with LSP line breaks and cheap incremental edits.

pygls splits lines with `str.splitlines`, which also breaks at form feeds and U+2028, so
an edit after such a character lands on the wrong line; and it rebuilds the whole text
line by line for every keystroke. `Document` applies each change by character offsets
computed in `positions`, the one place that knows the position encoding.
"""

from __future__ import annotations

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace
from pygls.workspace.position_codec import PositionCodec

from torchlint.lsp.positions import Positions, encoding_name, split_lines


class Document(TextDocument):
    def __init__(
        self,
        uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
        position_codec: PositionCodec | None = None,
    ) -> None:
        super().__init__(
            uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=types.TextDocumentSyncKind.Incremental,
            position_codec=position_codec,
        )
        self.encoding = encoding_name(position_codec.encoding if position_codec else None)
        self._lines_of: tuple[str, list[str]] | None = None

    @property
    def lines(self) -> list[str]:
        text = self.source
        if self._lines_of is None or self._lines_of[0] is not text:
            self._lines_of = (text, split_lines(text))
        return self._lines_of[1]

    def positions(self) -> Positions:
        return Positions(self.source, self.encoding)

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        text = self.source
        where = Positions(text, self.encoding)
        start = where.offset(change.range.start)
        end = where.offset(change.range.end)
        if end < start:
            start, end = end, start
        self._source = text[:start] + change.text + text[end:]


class DocumentWorkspace(Workspace):
    """A pygls Workspace whose text documents are `Document`s."""

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return Document(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            position_codec=self.position_codec,
        )


def adopt(old: Workspace) -> DocumentWorkspace:
    """A DocumentWorkspace in place of pygls's fresh one (called from `initialize`, before
    any document is open)."""
    new = DocumentWorkspace(
        old.root_uri,
        types.TextDocumentSyncKind.Incremental,
        list(old.folders.values()),
        old.position_encoding,
    )
    for uri, doc in old.text_documents.items():  # none in practice; kept for safety
        new.put_text_document(
            types.TextDocumentItem(
                uri=uri,
                language_id=doc.language_id or "python",
                version=doc.version or 0,
                text=doc.source,
            )
        )
    return new
