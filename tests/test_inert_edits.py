"""Keystrokes that add only inert statements (torchlint.inert_edits): the previous result is
taken over exactly when a fresh analysis would give the same result."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_reuse import REAL_FILES, _same
from torchlint.analysis.parse import forget_parses, parse_tolerant
from torchlint.analysis.source import SourceInfo
from torchlint.engine import AnalysisResult, ForeignModule, analyze_source
from torchlint.inert_edits import RunTrace, typed_line_rows

TRAIN = (
    '"""A training script."""\n'
    "import torch\n"
    "import torch.nn as nn\n"
    "\n"
    "model = nn.Linear(3, 1)\n"
    "opt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
    "w = torch.randn(3, requires_grad=True)\n"
    "w.add_(1)  # the grad norm is logged below\n"
    "\n"
    "\n"
    "def train(steps):\n"
    '    print("grad norm")\n'
    "    for _ in range(steps):\n"
    "        x = torch.randn(4, 3)\n"
    "        loss = model(x).sum()\n"
    "        opt.zero_grad()\n"
    "\n"
    "        loss.backward()\n"
    "        opt.step()\n"
    "    return model\n"
    "\n"
    "\n"
    "train(3)\n"
)
TYPING_ROW = 17  # the empty line before `loss.backward()`


def _with_line(text: str, row: int, line: str) -> str:
    lines = text.split("\n")
    lines[row - 1] = line
    return "\n".join(lines)


def _typed(text: str, row: int, line: str) -> tuple[AnalysisResult, AnalysisResult]:
    """The analysis of `text` with `line` on `row`, taking over that of `text`; and a fresh one."""
    before = analyze_source(text, "t.py")
    after = _with_line(text, row, line)
    return analyze_source(after, "t.py", previous=before), analyze_source(after, "t.py")


def test_a_new_name_is_taken_over() -> None:
    for line in (
        "        g",
        "        grad_norm",
        "        grad_norm = s",
        "        grad_norm = 3",
    ):
        taken, fresh = _typed(TRAIN, TYPING_ROW, line)
        assert taken.reused, line
        _same(taken, fresh)
        assert [f.code for f in taken.findings] == ["TL101"]


def test_a_name_in_a_comment_a_string_or_an_attribute_only_is_new() -> None:
    """`grad` and `norm` occur in a comment and a string, `step` and `sum` as attributes,
    `print` is read (called) but bound nowhere."""
    for line in (
        "        grad",
        "        norm",
        "        total = step",
        "        s = sum",
        "        print",
    ):
        taken, fresh = _typed(TRAIN, TYPING_ROW, line)
        assert taken.reused, line
        _same(taken, fresh)


def test_a_name_the_file_uses_is_analysed_anew() -> None:
    """Reading `loss` records its facts for hovers; binding `x` changes what `x` is."""
    # A name bound is looked for in strings too (`getattr(self, "norm")`).
    lines = (
        "        loss",
        "        x = 3",
        "        y = model",
        "        steps",
        "        norm = 1",
    )
    for line in lines:
        taken, fresh = _typed(TRAIN, TYPING_ROW, line)
        assert not taken.reused, line
        _same(taken, fresh)


def test_an_attribute_of_the_same_name_is_read_in_a_class_body() -> None:
    text = (
        "import torch.nn as nn\n"
        "\n"
        "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(3, 1)\n"
        "\n"
        "    def forward(self, x):\n"
        "        return self.fc(x) * self.scale\n"
    )
    taken, _ = _typed(text, 7, "    scale = 2")
    assert not taken.reused


def test_what_is_not_a_bare_name_or_number_is_analysed_anew() -> None:
    for line in (
        "        g()",
        "        g.h",
        "        g = 'text'",
        "        g  # comment",
        "        g == h",
        "        g += 1",
        "        no_grad",
    ):
        taken, fresh = _typed(TRAIN, TYPING_ROW, line)
        assert not taken.reused, line
        _same(taken, fresh)


def test_the_last_statement_of_a_block_is_taken_over_where_the_block_ran_to_its_end() -> None:
    """A function is analysed alone unless calls ran all of it: a statement added at the end
    of a block runs if the block ran to its end, and not after a `return`."""
    text = TRAIN.replace(
        "        loss.backward()\n        opt.step()\n", "        loss.backward()\n\n"
    )
    row = text.split("\n").index("        loss.backward()") + 2
    assert text.split("\n")[row - 1] == ""
    taken, fresh = _typed(text, row, "        g")
    assert taken.reused
    _same(taken, fresh)
    returned = text.replace("        loss.backward()\n", "        return loss.backward()\n")
    taken, fresh = _typed(returned, row, "        g")
    assert not taken.reused
    _same(taken, fresh)


def test_a_fix_spanning_the_block_an_inert_statement_ends_is_made_again() -> None:
    """`with torch.no_grad():` wraps the loop, which now ends on the typed line."""
    text = (
        "import torch\n"
        "import torch.nn as nn\n"
        "\n"
        "model = nn.Linear(3, 1)\n"
        "model.eval()\n"
        "scores = []\n"
        "for batch in [torch.randn(2, 3) for _ in range(5)]:\n"
        "    scores.append(model(batch))\n"
        "\n"
    )
    taken, fresh = _typed(text, 9, "    g")
    assert not taken.reused
    _same(taken, fresh)
    fix = next(f.fix for f in fresh.findings if f.code == "TL302")
    assert fix is not None and any("    g" in e.content for e in fix.edits)


def test_a_statement_before_the_imports_is_analysed_anew() -> None:
    """It would move where an `import torch` fix goes."""
    text = '"""Doc."""\n\nx = 1\n'
    taken, _ = _typed(text, 2, "g")
    assert not taken.reused


def test_a_helper_that_grows_past_a_few_statements_is_analysed_anew() -> None:
    """A helper of a few statements is inlined deeper: one more statement can end that."""
    file = Path(__file__).parent / "rules" / "cases" / "TL102" / "pos_quant_linear_subclass.py"
    text = file.read_text(encoding="utf-8")
    lines = text.split("\n")
    row = lines.index("    levels = 2**bits - 1") + 1
    opened = "\n".join([*lines[:row], "    ", *lines[row:]])
    taken, fresh = _typed(opened, row + 1, "    g")
    assert not taken.reused
    _same(taken, fresh)
    assert [f.code for f in fresh.findings] == []  # the helper is no longer inlined there


def test_budgets_leave_room_for_the_added_steps() -> None:
    roomy = RunTrace(refused=False, steps=100, max_steps=1000, alone=((10, 200),))
    assert roomy.room_for(added=1, rows=1)
    assert not RunTrace(True, 100, 1000, ()).room_for(1, 1)
    assert not RunTrace(False, 600, 1000, ()).room_for(1, 1)  # twice 600 reaches 1,000
    assert not RunTrace(False, 100, 1000, ((100, 200),)).room_for(1, 1)
    assert not roomy.room_for(added=9, rows=1)


INERT_LOOKING = [
    "foo",
    "foo = bar",
    "foo = 3",
    "pass",
    "x",
    "model",
    "loss = foo",
    "foo = loss",
    "sum",
    "foo = sum",
    "torch",
    "y = 2.5e-3",
]


@settings(max_examples=80, deadline=None)
@given(
    file=st.sampled_from(REAL_FILES),
    where=st.floats(min_value=0.0, max_value=1.0),
    statement=st.sampled_from(INERT_LOOKING),
)
def test_taking_over_an_inert_line_gives_what_a_fresh_analysis_gives(
    file: Path, where: float, statement: str
) -> None:
    """An empty line opened anywhere (indented as the line after it), then a statement
    typed on it: taken over or not, the result is the fresh analysis's."""
    lines = file.read_text(encoding="utf-8").split("\n")
    row = 1 + int(where * (len(lines) - 1))
    near = lines[row - 1] if row - 1 < len(lines) and lines[row - 1].strip() else ""
    indent = near[: len(near) - len(near.lstrip())]
    opened = "\n".join([*lines[: row - 1], indent, *lines[row - 1 :]])
    taken, fresh = _typed(opened, row, indent + statement)
    _same(taken, fresh)


def test_an_empty_file_and_a_name_typed_into_it() -> None:
    empty = analyze_source("", "t.py")
    for text in ("g", "", "\n", "g\n"):
        taken = analyze_source(text, "t.py", previous=empty)
        _same(taken, analyze_source(text, "t.py"))


@settings(max_examples=80, deadline=None)
@given(
    file=st.sampled_from(REAL_FILES),
    where=st.floats(min_value=0.0, max_value=1.0),
    statement=st.sampled_from(INERT_LOOKING),
    indent=st.sampled_from(["", "    ", "        ", "\t", "  "]),
)
def test_a_line_taken_over_unparsed_parses(
    file: Path, where: float, statement: str, indent: str
) -> None:
    """Where `typed_line_rows` takes a typed line over without parsing, the text parses
    whole, and the result is the fresh analysis's."""
    lines = file.read_text(encoding="utf-8").split("\n")
    row = 1 + int(where * (len(lines) - 1))
    opened = "\n".join([*lines[: row - 1], "", *lines[row - 1 :]])
    typed = _with_line(opened, row, indent + statement)
    before = analyze_source(opened, "t.py")
    if typed_line_rows(before, before.source, SourceInfo(typed, "t.py")) is not None:
        # whole, as the engine parses it (a snippet that starts indented, under its
        # `if True:` lines): nothing skipped
        forget_parses()
        assert not parse_tolerant(typed, "fresh.py").skipped
    _same(analyze_source(typed, "t.py", previous=before), analyze_source(typed, "t.py"))


def test_a_line_typed_before_the_next_statement_is_taken_over_unparsed() -> None:
    before = analyze_source(TRAIN, "t.py")
    for line, fast in [
        ("        g", True),
        ("        grad_norm = s", True),
        ("        grad_norm = 3", True),
        ("    g", False),  # another indentation: it ends the loop
        ("            g", False),  # an unexpected indent
        ("        if", False),  # a keyword
        ("        loss", False),  # bound where it is read
    ]:
        typed = _with_line(TRAIN, TYPING_ROW, line)
        rows = typed_line_rows(before, before.source, SourceInfo(typed, "t.py"))
        assert (rows == {TYPING_ROW}) is fast, line
        _same(analyze_source(typed, "t.py", previous=before), analyze_source(typed, "t.py"))


def test_a_name_a_star_import_or_a_definition_may_bind_is_analysed_anew() -> None:
    """A star import binds names no text shows (here a tensor: its hover facts); the
    engine counts the names of the file's functions, nested ones too, in the whole text."""
    helpers = ForeignModule(
        "/ws/helpers.py", "import torch\nW = torch.randn(3, requires_grad=True)\n"
    )

    def resolver(module: str, level: int) -> ForeignModule | None:
        return helpers if module == "helpers" else None

    for star in ("from helpers import *", "from helpers import  *"):
        for line in ("W", "v = W"):
            before = f"import torch\n{star}\n\n\nprint(1)\n"
            typed = before.replace("\n\n\n", f"\n\n{line}\n")
            first = analyze_source(before, "/ws/t.py", resolver=resolver)
            taken = analyze_source(typed, "/ws/t.py", resolver=resolver, previous=first)
            assert not taken.reused
            _same(taken, analyze_source(typed, "/ws/t.py", resolver=resolver))
    nested = (
        "import torch\n\nmodel = torch.nn.Linear(2, 2)\n\n\ndef main(run):\n"
        "    def evaluate(x):\n        return model(x).sum().backward()\n\n"
        "    with torch.no_grad():\n        run(evaluate)\n\n"
    )
    taken, fresh = _typed(nested + "\n", 13, "evaluate")
    assert not taken.reused
    _same(taken, fresh)


REVIEWED = [
    # (analysed text, text typed, why the taken-over result would have differed)
    (  # a number Python rejects: the text does not parse
        "import torch\nw = torch.randn(3, requires_grad=True)\n\nw.add_(1)\n",
        "import torch\nw = torch.randn(3, requires_grad=True)\nx = 01\nw.add_(1)\n",
    ),
    (  # a backslash joins the typed line to the one before: `x = 1 z`
        "import torch\nw = torch.randn(3, requires_grad=True)\nx = 1 \\\n\ny = 2\nw.add_(1)\n",
        "import torch\nw = torch.randn(3, requires_grad=True)\nx = 1 \\\nz\ny = 2\nw.add_(1)\n",
    ),
    (  # a name bound in a one-line header, read by the typed line (its hover facts)
        "import torch\n\nfor t in [torch.randn(3, requires_grad=True)]: print(t)\n\n",
        "import torch\n\nfor t in [torch.randn(3, requires_grad=True)]: print(t)\nv = t\n",
    ),
    (  # a line deleted that read a parameter (it named the module in TL101's message)
        "import torch\n\n\ndef run(net):\n    print(1)\n    v = net\n    w = net.weight\n"
        "    w.add_(1)\n\n\nrun(torch.nn.Linear(2, 2))\n",
        "import torch\n\n\ndef run(net):\n    print(1)\n\n    w = net.weight\n"
        "    w.add_(1)\n\n\nrun(torch.nn.Linear(2, 2))\n",
    ),
    (  # `ｗ` is `w` to the parser (NFKC)
        "import torch\n\nｗ = torch.randn(3, requires_grad=True)\n\nｗ.add_(1)\n",
        "import torch\n\nｗ = torch.randn(3, requires_grad=True)\nw = 1\nｗ.add_(1)\n",
    ),
    (  # a star import however it is spelled
        "import torch\nfrom torch import\f*\n\nw = randn(3, requires_grad=True)\n\nw.add_(1)\n",
        "import torch\nfrom torch import\f*\n\nw = randn(3, requires_grad=True)\nv = w\nw.add_(1)\n",
    ),
]


def test_the_reviewers_counterexamples_give_what_a_fresh_analysis_gives() -> None:
    for analysed, typed in REVIEWED:
        taken = analyze_source(typed, "t.py", previous=analyze_source(analysed, "t.py"))
        _same(taken, analyze_source(typed, "t.py"))
