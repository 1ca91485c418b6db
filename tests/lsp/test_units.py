"""Unit tests of the server's pure parts: positions, documents, conversion to diagnostics,
settings, notebooks and probe lenses (fast; the end-to-end tests cover the wiring)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsprotocol import types

from torchlint.config import Config
from torchlint.findings import Applicability, Edit, Finding, Fix, Pos, Related, Severity, Span
from torchlint.lsp.code_actions import _comment_start, _wanted
from torchlint.lsp.config import ProbeSettings, Settings, SettingsStore, parse_editor_settings
from torchlint.lsp.crossfile import CrossFile
from torchlint.lsp.diagnostics import convert, read_fix
from torchlint.lsp.documents import Document
from torchlint.lsp.guard import Guard
from torchlint.lsp.notebooks import blank_magics
from torchlint.lsp.positions import (
    UTF8,
    UTF16,
    UTF32,
    Positions,
    chars_to_units,
    engine_text,
    line_starts,
    split_lines,
    units_to_chars,
)
from torchlint.lsp.probe import lenses
from torchlint.lsp.snapshots import single

ENCODINGS = [UTF8, UTF16, UTF32]
CODECS = {UTF8: ("utf-8", 1), UTF16: ("utf-16-le", 2), UTF32: ("utf-32-le", 4)}
tricky = st.lists(
    st.one_of(
        st.characters(codec="utf-8", exclude_categories=["Cs"]),
        st.sampled_from(["\r\n", "\r", "\n", "\x0c", "\u2028", "🔥", "ß", "\t"]),
    ),
    max_size=60,
).map("".join)


def _units(text: str, encoding: str) -> int:
    codec, width = CODECS[encoding]
    return len(text.encode(codec)) // width


def _lsp_lines(text: str) -> list[str]:
    """The LSP definition, written the slow obvious way."""
    lines, current, i = [], "", 0
    while i < len(text):
        if text.startswith("\r\n", i):
            lines.append(current + "\r\n")
            current, i = "", i + 2
            continue
        current += text[i]
        if text[i] in "\r\n":
            lines.append(current)
            current = ""
        i += 1
    if current:
        lines.append(current)
    return lines


@settings(max_examples=300, deadline=None)
@given(tricky)
def test_lines_follow_the_lsp(text: str) -> None:
    assert split_lines(text) == _lsp_lines(text)
    starts = line_starts(text)
    assert len(starts) == len(_lsp_lines(text + "x"))
    fixed = engine_text(text)
    assert len(fixed) == len(text)
    assert [ln.rstrip("\r") for ln in fixed.split("\n")] == [
        Positions(text).line(i) for i in range(len(starts))
    ]


@settings(max_examples=300, deadline=None)
@given(tricky, st.data())
def test_columns_round_trip(text: str, data: st.DataObject) -> None:
    for encoding in ENCODINGS:
        col = data.draw(st.integers(0, len(text)))
        units = chars_to_units(text, col, encoding)
        assert units == _units(text[:col], encoding)
        assert units_to_chars(text, units, encoding) == col


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_position_and_offset(encoding: str) -> None:
    text = 'a = "🔥"\r\nb = größe\rc\n'
    where = Positions(text, encoding)
    p = where.position(Pos(2, 4))
    assert p == types.Position(line=1, character=4)
    after_emoji = where.position(Pos(1, 6))
    assert after_emoji.character == _units('a = "🔥', encoding)
    assert where.pos(after_emoji) == Pos(1, 6)
    assert where.offset(types.Position(line=2, character=1)) == text.index("c") + 1
    assert where.position(Pos(99, 0)) == where.end()
    assert where.pos(types.Position(line=0, character=999)) == Pos(1, 7)


@settings(max_examples=200, deadline=None)
@given(tricky, st.data(), st.text(max_size=10))
def test_document_incremental_change(text: str, data: st.DataObject, new: str) -> None:
    doc = Document("file:///t.py", source=text, version=1)
    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, len(text)))
    where = Positions(text)
    rng = types.Range(start=where.position(where.pos_at(a)), end=where.position(where.pos_at(b)))
    start, end = where.offset(rng.start), where.offset(rng.end)
    doc.apply_change(types.TextDocumentContentChangePartial(range=rng, text=new))
    assert doc.source == text[:start] + new + text[end:]
    assert doc.lines == _lsp_lines(doc.source)


def _snapshot(text: str, encoding: str = UTF16, path: str = "/w/t.py") -> object:
    return single(
        "file:///w/t.py",
        3,
        text,
        engine_text(text),
        path=path,
        fs_path=path,
        folder="/w",
        settings=Settings(Config(), ProbeSettings()),
        encoding=encoding,
    )


def test_finding_to_diagnostic() -> None:
    text = 'x = "🔥"; old = Variable(t)\nprint(old)\n'
    span = Span(Pos(1, 15), Pos(1, 26))
    finding = Finding(
        code="TL301",
        name="legacy-variable",
        message="Variable is deprecated",
        severity=Severity.HINT,
        span=span,
        filename="/w/t.py",
        related=(
            Related("used here", Span(Pos(2, 6), Pos(2, 9))),
            Related("defined there", Span(Pos(4, 0), Pos(4, 3)), "/w/other.py"),
        ),
        fix=Fix("Drop Variable", Applicability.UNSAFE, (Edit(span, "t"),)),
        deprecated=True,
        unnecessary=True,
    )
    out, placed = convert(_snapshot(text), [finding])  # type: ignore[arg-type]
    (d,) = out["file:///w/t.py"]
    assert d.range.start == types.Position(line=0, character=16)  # 🔥 is 2 UTF-16 units
    assert d.tags == [types.DiagnosticTag.Deprecated, types.DiagnosticTag.Unnecessary]
    assert d.severity == types.DiagnosticSeverity.Hint
    related = d.related_information or []
    assert related[0].location.uri == "file:///w/t.py"
    assert related[1].location.uri == "file:///w/other.py"
    title, safe, edits, version = read_fix(d.data)  # type: ignore[misc]
    assert (title, safe, version) == ("Drop Variable", False, 3)
    assert edits[0].range == d.range and edits[0].new_text == "t"
    assert placed["file:///w/t.py"][0][0] is finding


def test_read_fix_rejects_garbage() -> None:
    assert read_fix(None) is None
    assert read_fix({"fix": {"edits": [[0, 0, 0]]}}) is None
    assert read_fix({"fix": {"edits": [[0, -1, 0, 0, "x"]]}}) is None


def test_editor_settings() -> None:
    parsed = parse_editor_settings(
        {"select": [], "ignore": ["TL1"], "interpreter": ["python"], "colour": 1, "probe": {}}
    )
    assert dict(parsed.rules) == {"ignore": ["TL1"]}  # empty select: not set
    assert parsed.errors == ("unknown setting `torchlint.colour`",)
    assert parse_editor_settings({"torchlint": {"ignore": ["TL2"]}}).rules == {"ignore": ["TL2"]}
    probe = parse_editor_settings({"probe": {"enabled": "yes", "timeout": -1, "device": "cuda"}})
    assert probe.probe == ProbeSettings(enabled=False, device="cuda", timeout=60.0)
    assert len(probe.errors) == 2


def test_settings_store_merges_editor_over_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.torchlint]\nignore = ["TL101"]\nseverity = {TL2 = "hint"}\n', encoding="utf-8"
    )
    store = SettingsStore()
    store.set_global({"severity": {"TL201": "error"}, "select": ["TL1", "TL2"]})
    got, problems = store.settings_for(str(tmp_path / "a.py"), str(tmp_path))
    assert problems == []
    assert not got.config.is_enabled("TL101") and got.config.is_enabled("TL102")
    assert got.config.severity_of("TL201", Severity.WARNING) is Severity.ERROR
    assert got.config.severity_of("TL202", Severity.WARNING) is Severity.HINT
    before = store.generation
    store.set_global({"severity": {"TL201": "error"}, "select": ["TL1", "TL2"]})
    assert store.generation == before  # nothing changed: nothing to redo


def test_notebook_magics_keep_columns() -> None:
    assert blank_magics("%time x = 1\n  !ls\ny = 2 % 3\n") == "#time x = 1\n  #ls\ny = 2 % 3\n"


def test_comment_start_and_kinds() -> None:
    assert _comment_start('x = "#not"  # yes') == 12
    assert _comment_start("x = '''#'''") is None
    assert _wanted(None, "quickfix") and _wanted(["source"], "source.fixAll.torchlint")
    assert not _wanted(["quickfix"], "source.fixAll.torchlint")


def test_probe_lenses() -> None:
    text = (
        "import torch\n\n"
        "@torch.no_grad()\ndef evaluate(n=3):\n    pass\n\n"
        "def needs(x):\n    pass\n\n"
        "async def main():\n    pass\n\n"
        "if '__main__' == __name__:\n    main()\n"
    )
    got = [
        (lens.range.start.line, lens.command.arguments)
        for lens in lenses("u", text)
        if lens.command
    ]
    assert got == [(2, ["u", "evaluate"]), (9, ["u", "main"]), (12, ["u"])]
    broken = "def main():\n    x = (\nif __name__ == '__main__':\n    main()\n"
    assert [lens.range.start.line for lens in lenses("u", broken)] == [0, 2]


def _crossfile(guard: Guard) -> CrossFile:
    return CrossFile(
        folders=list, open_text=lambda path: None, on_resolved=lambda units: None, guard=guard
    )


def test_jedi_killed_under_its_warm_up_at_exit_is_no_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At exit jedi's own handler kills its subprocess; a warm-up still running then fails.
    After `stop()` that is no error for the user's log; before it, it is one."""

    def killed() -> None:
        raise EOFError("Ran out of input")

    reports: list[str] = []
    guard = Guard(reports.append)
    running, exiting = _crossfile(guard), _crossfile(guard)
    monkeypatch.setattr(running, "_warm", killed)
    monkeypatch.setattr(exiting, "_warm", killed)
    exiting.stop()
    assert guard.call("jedi start-up", "x", exiting._warm_unless_stopped) is None
    assert reports == [] and guard.count("jedi start-up") == 0
    assert guard.call("jedi start-up", "x", running._warm_unless_stopped) == "x"
    assert guard.count("jedi start-up") == 1 and "EOFError" in reports[0]
