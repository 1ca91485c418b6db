"""Every conversion between engine positions and LSP positions lives here.

The engine counts rows from 1 and columns in code points. The LSP counts lines from 0 and
columns in the code units of the negotiated position encoding: UTF-16 unless the client
offered UTF-8 or UTF-32. A line ends at `\\r\\n`, `\\n` or `\\r` and nowhere else
(`str.splitlines` also splits at form feeds and U+2028, which would shift every line after
one). The engine splits at `\\n` only, so `engine_text` turns a lone `\\r` into `\\n`: one
character for one, so offsets stay put and engine rows are LSP lines.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cached_property

from lsprotocol import types

from torchlint.findings import Pos, Span

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value

_BREAK = re.compile(r"\r\n|\r|\n")
_LONE_CR = re.compile(r"\r(?!\n)")
# Where str.splitlines breaks lines and the LSP does not (ASCII part).
_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c-\x1e]")


def encoding_name(value: object) -> str:
    """The negotiated encoding as one of UTF8/UTF16/UTF32 (UTF-16 for anything unknown)."""
    text = str(getattr(value, "value", value) or UTF16).lower()
    return text if text in (UTF8, UTF16, UTF32) else UTF16


def engine_text(text: str) -> str:
    """`text` with each lone `\\r` made `\\n`, so the engine's rows are the LSP's lines."""
    return _LONE_CR.sub("\n", text) if "\r" in text else text


def split_lines(text: str) -> list[str]:
    """The LSP's lines, each with its line ending; a final empty line is not included."""
    if text.isascii() and _OTHER_BREAKS.search(text) is None:
        return text.splitlines(True)  # the same split here, and faster
    return _split_slow(text)


def _split_slow(text: str) -> list[str]:
    out: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        out.append(text[start : m.end()])
        start = m.end()
    if start < len(text):
        out.append(text[start:])
    return out


def line_starts(text: str) -> list[int]:
    """Offsets (in characters) where each LSP line starts; always at least [0]."""
    starts = [0]
    starts.extend(m.end() for m in _BREAK.finditer(text))
    return starts


def units_of(text: str, encoding: str) -> int:
    """How many code units `text` takes in `encoding`."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def chars_to_units(line: str, chars: int, encoding: str) -> int:
    """Column `chars` (code points) of `line` in code units, clamped to the line."""
    chars = max(0, min(chars, len(line)))
    if encoding == UTF32 or line.isascii():
        return chars
    return units_of(line[:chars], encoding)


def units_to_chars(line: str, units: int, encoding: str) -> int:
    """Column `units` (code units) of `line` in code points, clamped to the line.

    A column inside a character (half a surrogate pair, the middle of a UTF-8 sequence)
    counts as that character's start."""
    units = max(0, units)
    if encoding == UTF32 or line.isascii():
        return min(units, len(line))
    seen = 0
    for i, ch in enumerate(line):
        width = _width(ch, encoding)
        if seen + width > units:
            return i
        seen += width
    return len(line)


def _width(ch: str, encoding: str) -> int:
    code = ord(ch)
    if encoding == UTF16:
        return 2 if code > 0xFFFF else 1
    if code < 0x80:
        return 1
    if code < 0x800:
        return 2
    return 3 if code < 0x10000 else 4


class Positions:
    """Conversions for one text, in one encoding. Cheap to make; lines are split on demand."""

    __slots__ = ("__dict__", "encoding", "text")

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.text = text
        self.encoding = encoding

    @cached_property
    def starts(self) -> list[int]:
        return line_starts(self.text)

    @property
    def line_count(self) -> int:
        return len(self.starts)

    def line(self, index: int) -> str:
        """LSP line `index` (0-based) without its line ending; '' past the end."""
        starts = self.starts
        if not 0 <= index < len(starts):
            return ""
        end = starts[index + 1] if index + 1 < len(starts) else len(self.text)
        return self.text[starts[index] : end].rstrip("\r\n")

    # -- engine -> LSP --------------------------------------------------------------------
    def position(self, pos: Pos) -> types.Position:
        index = pos.row - 1
        if index < 0:
            return types.Position(line=0, character=0)
        last = self.line_count - 1
        if index > last:  # past the end: the end of the text
            return types.Position(line=last, character=units_of(self.line(last), self.encoding))
        return types.Position(
            line=index, character=chars_to_units(self.line(index), pos.col, self.encoding)
        )

    def position_at(self, index: int, col: int) -> types.Position:
        """LSP position of column `col` (code points) on LSP line `index` (0-based)."""
        return self.position(Pos(index + 1, col))

    def range(self, span: Span) -> types.Range:
        start = self.position(span.start)
        end = self.position(span.end)
        if (end.line, end.character) < (start.line, start.character):
            end = start
        return types.Range(start=start, end=end)

    # -- LSP -> engine --------------------------------------------------------------------
    def pos(self, position: types.Position) -> Pos:
        """The engine position of a client position, clamped into the text."""
        last = self.line_count - 1
        index = max(0, min(position.line, last))
        if position.line > last:
            return Pos(last + 1, len(self.line(last)))
        line = self.line(index)
        return Pos(index + 1, units_to_chars(line, position.character, self.encoding))

    def offset(self, position: types.Position) -> int:
        """The character offset of a client position in the text (for incremental sync)."""
        p = self.pos(position)
        return self.starts[p.row - 1] + p.col

    def offset_of(self, pos: Pos) -> int:
        index = max(0, min(pos.row - 1, self.line_count - 1))
        return self.starts[index] + max(0, min(pos.col, len(self.line(index))))

    def pos_at(self, offset: int) -> Pos:
        """The engine position of a character offset."""
        offset = max(0, min(offset, len(self.text)))
        index = bisect_right(self.starts, offset) - 1
        col = min(offset - self.starts[index], len(self.line(index)))
        return Pos(index + 1, col)

    def end(self) -> types.Position:
        last = self.line_count - 1
        return types.Position(line=last, character=units_of(self.line(last), self.encoding))
