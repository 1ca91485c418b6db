"""Parsing a version of a file from the last one parsed (torchlint.analysis.reparse): the
result is exactly what parsing the whole text gives, with and without syntax errors."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import torchlint.analysis.parse as parse
from tests.test_reuse import REAL_FILES
from torchlint.analysis.parse import ParseResult, parse_tolerant
from torchlint.analysis.reparse import broken_line_indent, spliced

ROOT = Path(__file__).resolve().parent.parent
# Lines typed while they are written: prefixes of these are what the editor sends.
TYPED_LINES = [
    "grad_norm = sum(p.grad.norm() for p in model.parameters() if p.grad is not None)",
    'print(f"epoch {epoch}: loss {loss.item():.4f}")',
    "x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)",
    "loss = criterion(model(x), y) + 0.1 * reg",
    "if step % 10 == 0 and not (a or b):",
    "for i, (xb, yb) in enumerate(loader):",
    "w.data[mask] = w.data[mask] * 0.5",
    "return {'loss': loss, \"acc\": [a, b]}",
    "self.scale = nn.Parameter(torch.ones(1))",
    "from torch.nn import functional as F",
    "y = x @ w.T - b ** 2 // 3",
    "result = (a if cond else b)[1:-1]",
    "x = 1.; z = ...",
]


def _full(text: str) -> ParseResult:
    """What the tolerant parser gives without a previous version to start from."""
    rows = text.split("\n")
    if parse._starts_indented(rows):
        return parse._snippet(text, rows, "<reference>")
    return parse._parse_tolerant(text, rows, None, None, "<reference>").result


def _assert_same(got: ParseResult, want: ParseResult) -> None:
    assert got.text == want.text
    assert got.skipped == want.skipped
    assert ast.dump(got.tree, include_attributes=True) == ast.dump(
        want.tree, include_attributes=True
    )


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


@pytest.mark.parametrize(
    "line",
    [
        "x =",
        "        grad_norm = ",
        "loss = crit(out",
        "y = x[1:",
        "d = {'a': [1, (2,",
        "z = a +",
        "z = a.",
        "z += ",
        "    if a ==",
        'x = "unterminated',
        "x = f'{a}",
        "a = b)",
        "a = (b]",
        "\tfoo(a,  # a comment",
    ],
)
def test_lines_that_cannot_parse_wherever_they_stand(line: str) -> None:
    assert broken_line_indent(line) == _indent(line)


@pytest.mark.parametrize(
    "line",
    [
        "",
        "    ",
        "x = 1",
        "x = 1,",  # a tuple
        "from m import *",
        "x = 1.",  # a float
        "x = ...",
        "if x:",  # a header: the next lines may complete it
        "x = a if",  # keywords are not judged
        'x = """docstring',  # later lines may close it
        "x = foo(a, \\",  # a backslash joins the next line
        "x = 1  # (",
        "# foo(",
        "x = é(",  # non-ASCII: left to the parser
        "x = $",
    ],
)
def test_lines_that_may_parse_are_left_to_the_parser(line: str) -> None:
    assert broken_line_indent(line) is None


TWO_FUNCTIONS = (
    "import torch\n"
    "\n"
    "\n"
    "@torch.no_grad()\n"
    "def first(x):\n"
    "    y = x * 2\n"
    "\n"
    "    return y\n"
    "\n"
    "\n"
    "def second(x):\n"
    "    return x + 1\n"
)


def _splice(text: str, row: int, line: str) -> tuple[ast.Module | None, str]:
    rows = text.split("\n")
    rows[row - 1] = line
    return spliced(ast.parse(text), rows, text.split("\n"), row, row, "t.py"), "\n".join(rows)


@pytest.mark.parametrize(
    ("row", "line"),
    [
        (6, "    y = x * 3"),  # inside a function
        (7, "    z = y.double()"),  # a blank row inside it
        (9, "    print(y)"),  # a blank row after its last statement joins it
        (10, "    y = 1"),  # likewise, two rows below
        (4, "@torch.enable_grad()"),  # its decorator
        (2, "import numpy as np"),  # between top-level statements
        (12, "    return x - 1"),  # the last statement of the file
    ],
)
def test_a_change_within_one_top_level_statement_is_parsed_alone(row: int, line: str) -> None:
    tree, text = _splice(TWO_FUNCTIONS, row, line)
    assert tree is not None
    assert ast.dump(tree, include_attributes=True) == ast.dump(
        ast.parse(text), include_attributes=True
    )


@pytest.mark.parametrize(
    ("row", "line"),
    [
        (6, "    y = (x *"),  # does not parse alone
        (11, "    def second(x):"),  # indented into the function above
        (2, "    y = 1"),  # indented after a simple statement
        (10, "    y = 1 \\"),  # a backslash joins the next statement's row
    ],
)
def test_a_chunk_that_does_not_parse_alone_is_left_to_the_whole_parse(row: int, line: str) -> None:
    tree, _ = _splice(TWO_FUNCTIONS, row, line)
    assert tree is None


def test_statements_sharing_a_row_are_not_split() -> None:
    text = "x = 1; y = 2\nz = 3\n"
    rows = text.split("\n")
    rows[0] = "x = 1; y = 3"
    assert spliced(ast.parse(text), rows, text.split("\n"), 1, 1, "t.py") is None
    rows = text.split("\n")
    rows[1] = "z = 4"
    tree = spliced(ast.parse(text), rows, text.split("\n"), 2, 2, "t.py")
    assert tree is not None
    assert ast.dump(tree) == ast.dump(ast.parse("\n".join(rows)))


def test_a_half_typed_line_in_a_large_file_is_never_parsed_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Typing a statement into one function of a 2,000-line file: every version is parsed
    from the last one, by the chunk of the function typed in, or not at all."""
    example = (ROOT / "examples" / "training_loop.py").read_text(encoding="utf-8")
    text = "\n".join(example.replace("def ", f"def v{i}_") for i in range(50))
    rows = text.split("\n")
    assert len(rows) > 2000
    row = next(
        i + 1 for i in range(len(rows) // 2, len(rows)) if rows[i].strip() == "loss.backward()"
    )
    indent = _indent(rows[row - 1])
    rows.insert(row - 1, indent)
    rows.pop()  # as many rows as before: the text parsed last
    path = "large.py"
    parse_tolerant("\n".join(rows), path)
    parsed: list[int] = []
    real_parse = ast.parse

    def counting_parse(source: str, *args: object, **kwargs: object) -> ast.Module:
        parsed.append(len(source.strip().split("\n")))
        return real_parse(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parse.ast, "parse", counting_parse)
    line = indent + TYPED_LINES[0]
    for end in range(len(indent) + 1, len(line) + 1):
        rows[row - 1] = line[:end]
        got = parse_tolerant("\n".join(rows), path)
        assert got.skipped in ((), (parse.SkippedRegion(row, row),))
    monkeypatch.undo()
    assert parsed, "the chunks were parsed"
    assert max(parsed) < 100, "only the function typed in was parsed"
    _assert_same(parse_tolerant("\n".join(rows), path), _full("\n".join(rows)))


@settings(max_examples=60, deadline=None)
@given(
    file=st.sampled_from(REAL_FILES),
    where=st.floats(min_value=0.0, max_value=1.0),
    typed=st.sampled_from(TYPED_LINES),
    blank_first=st.booleans(),
    step=st.sampled_from([1, 2, 5]),
)
def test_typing_a_line_parses_as_the_whole_text_does(
    file: Path, where: float, typed: str, blank_first: bool, step: int
) -> None:
    """A line typed over any row of a real file, a few characters at a time: each version
    parsed from the last one gives what parsing it anew gives."""
    rows = file.read_text(encoding="utf-8").split("\n")
    row = 1 + int(where * (len(rows) - 1))
    below = next((r for r in rows[row - 1 :] if r.strip()), "")
    indent = _indent(below)
    if blank_first:
        rows[row - 1] = ""
    path = "typed.py"
    parse_tolerant("\n".join(rows), path)
    line = indent + typed
    for end in range(len(indent) + 1, len(line) + 1, step):
        rows[row - 1] = line[:end]
        text = "\n".join(rows)
        _assert_same(parse_tolerant(text, path), _full(text))


# Random characters make string escapes Python warns about (`"\k"`): the user's, not ours.
@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::SyntaxWarning")
@settings(max_examples=80, deadline=None)
@given(
    file=st.sampled_from(REAL_FILES),
    edits=st.lists(
        st.tuples(
            st.floats(min_value=0.0, max_value=1.0),
            st.integers(min_value=0, max_value=200),
            st.text(alphabet="abx_ ()[]{}:=.,+-*/'\"#\\\t01\n", max_size=3),
            st.integers(min_value=0, max_value=3),
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_random_edits_parse_as_the_whole_text_does(
    file: Path, edits: list[tuple[float, int, str, int]]
) -> None:
    """Characters inserted and deleted anywhere (new lines included): each version parsed
    from the last one gives what parsing it anew gives."""
    text = file.read_text(encoding="utf-8")
    path = "edited.py"
    parse_tolerant(text, path)
    for where, col, inserted, deleted in edits:
        rows = text.split("\n")
        row = int(where * (len(rows) - 1))
        offset = sum(len(r) + 1 for r in rows[:row]) + min(col, len(rows[row]))
        text = text[:offset] + inserted + text[offset + deleted :]
        _assert_same(parse_tolerant(text, path), _full(text))


# Found by a review that had not read the code: each pair is an earlier and a later
# version of one file, where the later was parsed wrongly from the earlier's tree.
REVIEWED = [
    # a lone \r ends a line for Python, not for rows split at \n
    ("a = 1\rb = 2\nc = 3\nd = 4", "a = 1\rb = 2\nc = 5\nd = 4"),
    # a backslash in the old text made `y` a statement of its own at column 4
    ("x = 1; \\\n    y = 2\n", "x = 1;\n    y = 2\n"),
    # the half-typed bracket nests the next line one level deeper: past the parser's limit
    ("x = 1\ny = " + "(" * 200 + ")" * 200, "x = foo(\ny = " + "(" * 200 + ")" * 200),
    ("x = 1\ny = " + "(" * 199 + ")" * 199, "x = [\ny = " + "(" * 199 + ")" * 199),
    # a decorator's position is its expression's, a row below `@(`
    ("x = 1\n@(\n  dec\n)\ndef f(): pass\n", "x = 1\n#(\n  dec\n)\ndef f(): pass\n"),
    ("x = 1\n@(\n  dec\n)\ndef f(): pass\n", "x = 1\ny = (\n  dec\n)\ndef f(): pass\n"),
    # nesting without brackets fills the parser's stack too
    (
        "x = 1\ny = " + "lambda a=" * 745 + "0" + ": 0" * 745,
        "x = foo(\ny = " + "lambda a=" * 745 + "0" + ": 0" * 745,
    ),
    # CPython's error pass reports valid code above the half-typed row
    (
        "import re\nmatch(pattern, flags=re.I)\ny = 1\n",
        "import re\nmatch(pattern, flags=re.I)\ny = a +\n",
    ),
    ("print -1\nx = 1\n", "print -1\nx =\n"),
    ("y = exec[0]\nx = 1\n", "y = exec[0]\nx = a +\n"),
    ("\fmatch(p, flags=2)\nx = 1\n", "\fmatch(p, flags=2)\nx = a +\n"),
    ("y = (print\n     -1)\nx = 1\nz = 2\n", "y = (print\n     -1)\nx =\nz = 2\n"),
    ("y = (exec  # runs\n     [0])\nx = 1\n", "y = (exec  # runs\n     [0])\nx = a +\n"),
    # the error pass takes more stack than the first: deep nesting above a dangling `=`
    (
        "y = " + "(a, " * 190 + "0" + ")" * 190 + "\nx = 1\nz = 2\n",
        "y = " + "(a, " * 190 + "0" + ")" * 190 + "\nx =\nz = 2\n",
    ),
    ("x = 1\n@\\\ndec\ndef f(): pass\n", "x = 1\n\ndec\ndef f(): pass\n"),
]


@pytest.mark.parametrize(("before", "after"), REVIEWED)
def test_the_reviewers_counterexamples_parse_as_the_whole_text_does(
    before: str, after: str
) -> None:
    path = "reviewed.py"
    parse_tolerant(before, path)
    _assert_same(parse_tolerant(after, path), _full(after))
