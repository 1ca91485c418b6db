"""What one analysis sees: the text of a document, or of a notebook's code cells in order.

A `Snapshot` is immutable and made on the event loop, so a worker thread can analyse it
while the documents change. Its `stamp` (every part's uri and version) tells whether a
result is still current when it comes back.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from torchlint.findings import Pos, Span
from torchlint.lsp.config import Settings
from torchlint.lsp.positions import Positions


@dataclass(frozen=True, slots=True)
class Part:
    """One text document inside the analysed text: a whole file, or one notebook cell."""

    uri: str
    version: int | None
    first_row: int  # the engine row of this part's first line
    rows: int  # how many engine rows it spans
    positions: Positions  # over the part's own text, in the client's encoding

    def local(self, pos: Pos) -> Pos:
        return Pos(pos.row - self.first_row + 1, pos.col)

    def combined(self, pos: Pos) -> Pos:
        return Pos(pos.row + self.first_row - 1, pos.col)

    def holds(self, span: Span) -> bool:
        last = self.first_row + self.rows - 1
        return self.first_row <= span.start.row <= last and self.first_row <= span.end.row <= last


@dataclass(frozen=True, slots=True)
class Snapshot:
    key: str  # the document's uri, or the notebook's
    path: str  # what the engine calls the file (a file system path when there is one)
    fs_path: str | None  # None for `untitled:` and other non-file documents
    folder: str | None  # the workspace folder (a path) it belongs to
    text: str  # what the engine analyses
    parts: tuple[Part, ...]
    settings: Settings
    notebook: bool = False
    _firsts: tuple[int, ...] = field(default=(), repr=False)

    @property
    def stamp(self) -> tuple[tuple[str, int | None], ...]:
        return tuple((p.uri, p.version) for p in self.parts)

    def part_at(self, row: int) -> Part | None:
        """The part holding engine row `row`."""
        firsts = self._firsts or tuple(p.first_row for p in self.parts)
        i = bisect_right(firsts, row) - 1
        if i < 0:
            return None
        part = self.parts[i]
        return part if row < part.first_row + part.rows else None

    def part(self, uri: str) -> Part | None:
        return next((p for p in self.parts if p.uri == uri), None)


def single(
    uri: str,
    version: int | None,
    text: str,
    engine_text: str,
    *,
    path: str,
    fs_path: str | None,
    folder: str | None,
    settings: Settings,
    encoding: str,
) -> Snapshot:
    rows = engine_text.count("\n") + 1
    part = Part(uri, version, 1, rows, Positions(text, encoding))
    return Snapshot(
        key=uri,
        path=path,
        fs_path=fs_path,
        folder=folder,
        text=engine_text,
        parts=(part,),
        settings=settings,
        _firsts=(1,),
    )
