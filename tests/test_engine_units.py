"""Unit tests of the engine's plumbing: tolerant parsing, config, suppressions, fixes."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from torchlint.analysis.parse import parse_tolerant
from torchlint.config import Config, parse_settings
from torchlint.engine import analyze_source
from torchlint.findings import Edit, Pos, Span
from torchlint.fixer import OverlappingEdits, apply_edits
from torchlint.suppressions import is_suppressed, parse_suppressions

BAD_LINE = "w.add_(1)"


def test_syntax_error_in_one_function_keeps_the_others() -> None:
    text = (
        "import torch\n"
        "def broken(x):\n"
        "    y = x +\n"
        "    return y\n"
        "\n"
        "def fine():\n"
        "    w = torch.randn(3, requires_grad=True)\n"
        "    w.add_(1)\n"
    )
    result = analyze_source(text, "t.py")
    assert [(f.code, f.span.start.row) for f in result.findings] == [("TL101", 8)]
    assert [(s.start, s.end) for s in result.skipped] == [(3, 3)]


def test_a_half_typed_line_keeps_the_rest_of_its_function() -> None:
    """Typing a new line in a function must not make the function's findings flicker off."""
    text = (
        "import torch\n"
        "def train(model):\n"
        "    w = torch.randn(3, requires_grad=True)\n"
        "    w.add_(1)\n"
        "    grad_norm = sum(p.grad.norm() for p in model.parameters(\n"
        "    for step in range(3):\n"
        "        w.mul_(2)\n"
    )
    result = analyze_source(text, "t.py")
    assert [(f.code, f.span.start.row) for f in result.findings] == [
        ("TL101", 4),
        ("TL101", 7),
    ]
    assert [(s.start, s.end) for s in result.skipped] == [(5, 5)]


def test_a_broken_continuation_line_blanks_its_function() -> None:
    """`pass` cannot stand inside brackets: the enclosing function is blanked instead."""
    text = (
        "import torch\n"
        "def f(x):\n"
        "    a = torch.cat([x,\n"
        "        x x,\n"
        "        x])\n"
        "    return a\n"
        "def g():\n"
        "    w = torch.randn(3, requires_grad=True)\n"
        "    w.add_(1)\n"
    )
    result = analyze_source(text, "t.py")
    assert [(f.code, f.span.start.row) for f in result.findings] == [("TL101", 9)]
    assert [(s.start, s.end) for s in result.skipped] == [(2, 6)]


@pytest.mark.parametrize(
    "text",
    [
        "x = (1,\n",
        "def f(:\n  pass\n",
        "class A:\n    def m(self):\n        return [\n",
        "s = 'unterminated\n",
        "x = 1\x00\n",
        "\tif True:\n  x = 1\n",
        "x = " + "(" * 400 + "1" + ")" * 400 + "\n",
    ],
)
def test_broken_input_never_raises(text: str) -> None:
    parsed = parse_tolerant(text)
    assert isinstance(parsed.tree, ast.Module)
    result = analyze_source(text, "t.py")
    assert result.errors == [] or all("deeply nested" in e for e in result.errors)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300))
def test_any_text_is_analysed_without_crashing(text: str) -> None:
    result = analyze_source("import torch\n" + text, "fuzz.py")
    assert not [e for e in result.errors if "internal error" in e]


def test_non_ascii_columns_are_characters() -> None:
    text = "import torch\nпоток = torch.randn(3, requires_grad=True)\nпоток.add_(1)  # 🔥\n"
    [finding] = analyze_source(text, "u.py").findings
    assert finding.span == Span(Pos(3, 0), Pos(3, len("поток.add_(1)")))


def test_config_selection_prefers_the_more_specific_entry() -> None:
    cfg, errors = parse_settings(
        {"select": ["TL1"], "ignore": ["TL10"], "extend-select": ["TL101"]}
    )
    assert not errors
    assert cfg.is_enabled("TL101") and cfg.is_enabled("TL110") and not cfg.is_enabled("TL102")
    assert not cfg.is_enabled("TL201")
    assert Config().is_enabled("TL406")


def test_config_errors_name_the_setting_and_keep_defaults() -> None:
    cfg, errors = parse_settings({"select": 3, "severity": {"TL101": "shout"}, "colour": "blue"})
    assert cfg == Config()
    assert any("`select`" in e for e in errors)
    assert any("severity.TL101" in e for e in errors)
    assert any("`colour`" in e for e in errors)


def test_suppressions_ignore_hashes_in_strings() -> None:
    lines = [
        "x = 1  # torchlint: ignore[TL101, tl202]",
        "s = '# torchlint: ignore'",
        "y = 2  # torchlint: ignore",
        "z = 3  # torchlint:ignore[TL3]",
    ]
    table = parse_suppressions(lines)
    assert is_suppressed("TL101", 1, table) and is_suppressed("TL202", 1, table)
    assert not is_suppressed("TL102", 1, table)
    assert not is_suppressed("TL101", 2, table)
    assert is_suppressed("TL406", 3, table)
    assert is_suppressed("TL303", 4, table) and not is_suppressed("TL401", 4, table)


def test_suppression_comment_is_case_insensitive() -> None:
    text = "import torch\nw = torch.ones(2, requires_grad=True)\nw.add_(1)  # TorchLint: Ignore[tl101]\n"
    assert analyze_source(text, "t.py").findings == []
    assert [f.code for f in analyze_source(text.replace("# TorchLint", "#"), "t.py").findings] == [
        "TL101"
    ]


def test_apply_edits_in_characters_and_rejects_overlaps() -> None:
    text = "a = 'é'\r\nb = 2\n"
    out = apply_edits(
        text, [Edit(Span(Pos(1, 5), Pos(1, 6)), "è"), Edit(Span(Pos(2, 4), Pos(2, 5)), "3")]
    )
    assert out == "a = 'è'\r\nb = 3\n"
    with pytest.raises(OverlappingEdits):
        apply_edits(
            text, [Edit(Span(Pos(1, 0), Pos(1, 3)), ""), Edit(Span(Pos(1, 2), Pos(1, 4)), "")]
        )


def test_fix_keeps_tab_indentation_and_crlf() -> None:
    text = "import torch\r\ndef f():\r\n\tw = torch.randn(3, requires_grad=True)\r\n\tw.add_(1)\r\n"
    [finding] = analyze_source(text, "t.py").findings
    assert finding.fix is not None
    fixed = apply_edits(text, finding.fix.edits)
    assert "\twith torch.no_grad():\r\n\t\tw.add_(1)\r\n" in fixed
    ast.parse(fixed)


def test_hover_facts_for_names() -> None:
    result = analyze_source(
        "import torch\nx = torch.zeros(2, 3, dtype=torch.float64)\ny = x\n", "h.py"
    )
    hit = result.tensor_at(3, 4)
    assert hit is not None
    span, name, facts = hit
    assert span == Span(Pos(3, 4), Pos(3, 5))
    assert name == "x" and facts.dtype == frozenset({"float64"}) and facts.rank == 2


def test_an_engine_bug_loses_one_function_not_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from torchlint.analysis import interpreter

    def broken(self: object, stmt: ast.Assert, state: object) -> None:
        raise ValueError("simulated engine bug")

    monkeypatch.setattr(interpreter.Interpreter, "stmt_Assert", broken)
    monkeypatch.setitem(interpreter._STMT_DISPATCH, ast.Assert, broken)
    text = (
        "import torch\n"
        "assert True\n"
        "def first(x):\n"
        "    assert x\n"
        "def second():\n"
        "    w = torch.ones(3, requires_grad=True)\n"
        "    w.add_(1)\n"
        "v = torch.zeros(2, requires_grad=True)\n"
        "v.mul_(2)\n"
    )
    result = analyze_source(text, "bug.py")
    assert [(f.code, f.span.start.row) for f in result.findings] == [("TL101", 7), ("TL101", 9)]
    assert len(result.errors) == 2
    assert all("simulated engine bug" in e for e in result.errors)
    assert {e.split(":")[1] for e in result.errors} == {"2", "3"}


def test_factories_with_keyword_sizes() -> None:
    text = (
        "import torch\n"
        "t = torch.full(size=(2, 3), fill_value=1.0, requires_grad=True)\n"
        "t.add_(1)\n"
        "r = torch.randint(low=0, high=3, size=(4,))\n"
    )
    result = analyze_source(text, "kw.py")
    assert result.errors == []
    assert [f.code for f in result.findings] == ["TL101"]


def test_fix_adds_import_torch_after_docstring_and_future_imports() -> None:
    from torchlint.fixer import apply_fixes

    text = (
        '"""A script."""\n'
        "from __future__ import annotations\n"
        "\n"
        "from torch import ones\n"
        "w = ones(3, requires_grad=True)\n"
        "w.add_(1)\n"
    )
    (finding,) = analyze_source(text, "f.py").findings
    fixed, applied = apply_fixes(text, [finding])
    assert applied == 1
    assert fixed.splitlines()[2:5] == ["", "import torch", "from torch import ones"]
    assert "with torch.no_grad():\n    w.add_(1)" in fixed
    ast.parse(fixed)
    # A file that binds torch under another name gets no import.
    aliased = "import torch as th\nw = th.ones(3, requires_grad=True)\nw.add_(1)\n"
    (finding,) = analyze_source(aliased, "g.py").findings
    assert finding.fix is not None and len(finding.fix.edits) == 1
    assert "th.no_grad()" in finding.fix.edits[0].content


def test_lone_carriage_returns_end_lines_as_in_python() -> None:
    text = "import torch\rw = torch.ones(3, requires_grad=True)\r\nw.add_(1)\r"
    (finding,) = analyze_source(text, "cr.py").findings
    assert (finding.code, finding.span.start.row) == ("TL101", 3)


def test_comparing_an_int_known_only_by_type_is_unknown() -> None:
    """`t` after a loop join is "some int": `t == 2` and `not t` may go either way, so both
    branches run (they used to fold to False and skip the branch)."""
    text = (
        "import torch\n"
        "w = torch.randn(3, requires_grad=True)\n"
        "for t in range(5):\n"
        "    if t == 2:\n"
        "        a = w.double()\n"
        "    if not t:\n"
        "        b = w.double()\n"
    )
    result = analyze_source(text, "t.py")
    for name, row in (("a", 5), ("b", 7)):
        hit = result.tensor_at(row, 8)
        assert hit is not None and hit[1] == name
        assert hit[2].dtype == frozenset({"float64"})


def test_basic_indexing_keeps_track_of_the_rank() -> None:
    text = (
        "import numpy as np\n"
        "import torch\n"
        "x = torch.randn(32, 4)\n"
        "a = x[:, None, :]\n"
        "b = x[0]\n"
        "c = x[..., None]\n"
        "d = torch.tensor(np.linspace(0, 1, 10).reshape(10, 1))\n"
        "e = torch.from_numpy(np.zeros((2, 3, 4)))\n"
        "f = x[x > 0]\n"
    )
    result = analyze_source(text, "t.py")
    ranks = {}
    for row in range(4, 10):
        hit = result.tensor_at(row, 0)
        assert hit is not None
        ranks[hit[1]] = hit[2].rank
    assert ranks == {"a": 3, "b": 1, "c": 3, "d": 2, "e": 3, "f": 1}  # a full mask: 1-D


def test_many_broken_statements_blank_their_block_not_the_file() -> None:
    """A Python 2 function with a `print x` per line: past a few statements the block goes
    at once, so the attempts do not run out and the rest of the file is still analysed."""
    body = "".join(f'    print "value", a{i}\n' for i in range(45))
    text = (
        "import torch\n"
        f"def report(a):\n{body}"
        "def fine():\n"
        "    w = torch.ones(3, requires_grad=True)\n"
        "    w.add_(1)\n"
    )
    result = analyze_source(text, "t.py")
    assert [(f.code, f.span.start.row) for f in result.findings] == [("TL101", 50)]


def test_a_snippet_that_starts_indented_is_parsed_where_it_stands() -> None:
    """A loop body pasted from a function: its statements at their own rows and columns."""
    text = (
        "    # pasted from train()\n"
        "    for x, y in loader:\n"
        "        loss = crit(model(x), y)\n"
        "        loss.backward()\n"
        "print('done')\n"
    )
    parsed = parse_tolerant(text)
    assert parsed.skipped == ()
    assert parsed.text == text
    loop, call = parsed.tree.body
    assert isinstance(loop, ast.For) and (loop.lineno, loop.col_offset) == (2, 4)
    assert (loop.body[1].lineno, loop.body[1].col_offset) == (4, 8)
    assert isinstance(call, ast.Expr) and call.lineno == 5


def test_a_snippet_that_starts_indented_and_breaks_keeps_its_rows() -> None:
    text = "    x = torch.ones(2, requires_grad=True)\n    y = (\n    x.add_(1)\n"
    parsed = parse_tolerant(text)
    assert len(parsed.text.split("\n")) == len(text.split("\n"))
    assert all(1 <= r.start <= r.end <= 4 for r in parsed.skipped)
    assert parsed.tree.body[0].lineno == 1


def test_a_snippet_that_returns_to_shallower_indentation_parses() -> None:
    """An excerpt that starts deep in a loop and returns to its function, then the module."""
    text = "        loss.backward()\n        optimizer.step()\n    print(running)\nprint('done')\n"
    parsed = parse_tolerant(text)
    assert parsed.skipped == ()
    assert [(s.lineno, s.col_offset) for s in parsed.tree.body] == [(1, 8), (2, 8), (3, 4), (4, 0)]


def test_a_models_own_step_method_is_not_an_optimizer_step() -> None:
    from torchlint.analysis.training import trains_in_text

    def trains(body: str, model: str = "") -> bool:
        text = f"def f(model, opt):\n{body}\n"
        return trains_in_text(ast.parse(text).body[0], text.splitlines(), model)

    assert trains("    logits, h = model.step(tok, h)")  # without a model: any `.step(`
    assert not trains("    logits, h = model.step(tok, h)", "model")
    assert not trains("    out = self.model.step(tok)", "self.model")
    assert trains("    big_model.step(tok)", "model")
    assert trains("    model.step(tok)\n    opt.step()", "model")
    assert trains("    model.step(tok)\n    loss.backward()", "model")
