"""Taking over the previous version's analysis (torchlint.reuse): a result taken over must
be exactly the result a fresh analysis of the new text gives."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from torchlint.analysis.resolver import ForeignModule
from torchlint.config import Config
from torchlint.engine import AnalysisResult, analyze_source
from torchlint.explain import describe_tensor

ROOT = Path(__file__).resolve().parents[1]
REAL_FILES = sorted(
    [
        *(ROOT / "examples").glob("*.py"),
        *(ROOT / "tests" / "lsp" / "data").glob("*.py"),
        *(ROOT / "tests" / "rules" / "cases" / "TL302").glob("pos_*.py"),
        *(ROOT / "tests" / "rules" / "cases" / "TL102").glob("pos_*.py"),
    ]
)
TYPED = [
    "loss = criterion(out.softmax(dim=1), y)",
    "grad_norm = sum(p.grad.norm() for p in model.parameters() if p.grad is not None)",
    "with torch.no_grad(): w.add_(1)",
    "if x.requires_grad and (y > 0).any():",
    'print(f"{x.grad=}")  # torchlint: ignore[TL103]',
    # The first keystrokes of these parse, and some are inert (torchlint.inert_edits).
    "model = model",
    "total_steps = 100",
    "steps = torch",
    "pass",
    "x = y",
]

BASE = (
    "import torch\n"
    "\n"
    "w = torch.randn(3, requires_grad=True)\n"
    "w.add_(1)\n"
    "\n"
    "def step(x):\n"
    "    y = x * 2\n"
    "\n"
    "    return y.sum()\n"
)


def _same(a: AnalysisResult, b: AnalysisResult) -> None:
    assert a.findings == b.findings
    assert a.skipped == b.skipped
    assert a.source.text == b.source.text
    facts_a = {k: describe_tensor(n, t) for k, (n, t) in a.facts.items()}
    facts_b = {k: describe_tensor(n, t) for k, (n, t) in b.facts.items()}
    assert facts_a == facts_b


def _typing(text: str, row: int, typed: str) -> list[str]:
    """The file at every keystroke of typing `typed` on a new line after `row`."""
    lines = text.split("\n")
    row = min(row, len(lines) - 1)
    near = lines[row] if lines[row].strip() else lines[row - 1]
    indent = near[: len(near) - len(near.lstrip())]
    return [
        "\n".join([*lines[:row], indent + typed[:k], *lines[row:]]) for k in range(len(typed) + 1)
    ]


@settings(max_examples=60, deadline=None)
@given(
    file=st.sampled_from(REAL_FILES),
    where=st.floats(min_value=0.0, max_value=1.0),
    typed=st.sampled_from(TYPED),
)
def test_taking_over_gives_what_a_fresh_analysis_gives(
    file: Path, where: float, typed: str
) -> None:
    text = file.read_text(encoding="utf-8")
    row = 1 + int(where * (text.count("\n") - 1))
    previous = None
    for version in _typing(text, row, typed):
        result = analyze_source(version, file.name, previous=previous)
        _same(result, analyze_source(version, file.name))
        previous = result


def test_every_keystroke_before_the_last_of_a_call_is_taken_over() -> None:
    """Typing `grad_norm = sum(...)` in the training loop of a real file: `grad_norm`,
    `grad_norm = s`... add inert statements (a name bound or read nowhere else), and from
    `sum(` to the closing bracket the text that parses does not change."""
    text = (ROOT / "tests" / "lsp" / "data" / "train_classifier.py").read_text(encoding="utf-8")
    row = next(i for i, ln in enumerate(text.split("\n")) if "loss.backward()" in ln) + 1
    previous = None
    taken = []
    for version in _typing(text, row, TYPED[1]):
        previous = analyze_source(version, "train.py", previous=previous)
        taken.append(previous.reused)
    assert not taken[0]  # the empty line: nothing to take over
    assert all(taken[1:-1])
    assert not taken[-1]  # complete: it parses again, and calls


def test_a_half_typed_statement_is_taken_over() -> None:
    versions = _typing(BASE, 7, "z = torch.where(y > 0, y.sqrt(), y")
    first = analyze_source(versions[9], "t.py")  # `z = torch`: parses
    assert not first.reused
    broken = analyze_source(versions[17], "t.py", previous=first)  # `z = torch.where(`
    # The text that parses changed: the assignment is gone, and it read `torch`.
    assert not broken.reused
    later = analyze_source(versions[25], "t.py", previous=broken)
    assert later.reused
    assert [(f.code, f.span.start.row) for f in later.findings] == [("TL101", 4)]
    assert later.source.text == versions[25]
    assert [(s.start, s.end) for s in later.skipped] == [(8, 8)]
    done = analyze_source(versions[-1] + ")", "t.py", previous=later)
    assert not done.reused


def test_a_fix_reading_the_half_typed_line_is_made_again() -> None:
    """The `with torch.no_grad():` fix of TL302 re-indents the loop body, half-typed line
    included: its text must be the one typed now."""
    text = (
        "import torch\n"
        "import torch.nn as nn\n"
        "\n"
        "model = nn.Linear(3, 1)\n"
        "model.eval()\n"
        "scores = []\n"
        "for batch in [torch.randn(2, 3) for _ in range(5)]:\n"
        "    print(batch.sh\n"
        "    scores.append(model(batch))\n"
    )
    first = analyze_source(text, "t.py")
    second = analyze_source(text.replace(".sh\n", ".sha\n"), "t.py", previous=first)
    assert not second.reused
    fix = next(f.fix for f in second.findings if f.code == "TL302")
    assert fix is not None
    assert any("batch.sha" in e.content for e in fix.edits)


def test_settings_and_suppressions_are_part_of_the_result() -> None:
    versions = _typing(BASE, 7, "z = torch.where(y")
    first = analyze_source(versions[-2], "t.py")  # both do not parse
    assert not analyze_source(
        versions[-1], "t.py", Config(ignore=("TL101",)), previous=first
    ).reused
    assert not analyze_source(versions[-1], "t.py", record_facts=False, previous=first).reused
    assert not analyze_source(versions[-1], "u.py", previous=first).reused
    suppressed = versions[-1].replace("(y", "(y  # torchlint: ignore")
    assert not analyze_source(suppressed, "t.py", previous=first).reused
    assert analyze_source(versions[-1], "t.py", previous=first).reused


def test_imports_must_resolve_to_the_same_text() -> None:
    text = "import torch\nfrom helpers import make\n\nw = make()\nw.add_(1)\nz = (\n"
    helper = "import torch\ndef make():\n    return torch.zeros(3, requires_grad=True)\n"
    answers = {"helpers": ForeignModule("/w/helpers.py", helper)}

    def resolve(module: str, level: int) -> ForeignModule | None:
        return answers.get(module)

    first = analyze_source(text, "/w/t.py", resolver=resolve)
    assert [f.code for f in first.findings] == ["TL101"]
    typing = text.replace("z = (", "z = (w")
    again = analyze_source(typing, "/w/t.py", resolver=resolve, previous=first)
    assert again.reused
    assert not analyze_source(typing, "/w/t.py", previous=first).reused  # no resolver now
    answers["helpers"] = ForeignModule("/w/helpers.py", helper.replace(", requires_grad=True", ""))
    changed = analyze_source(typing, "/w/t.py", resolver=resolve, previous=again)
    assert not changed.reused
    assert changed.findings == []


def test_nul_and_default_dtype_lines_are_analysed_anew() -> None:
    """The parser reads NUL as a space, and `set_default_dtype` is looked for in the whole
    text (it turns rules off): neither may hide behind an unchanged parsed text."""
    broken = _typing(BASE, 7, "z = torch.where(y")[-1]
    spaced = broken.replace("y = x * 2", "y = x * 2  # a b")
    first = analyze_source(spaced, "t.py")
    assert analyze_source(spaced, "t.py", previous=first).reused
    with_nul = spaced.replace("a b", "a\x00b")  # parses as the spaced text does
    assert not analyze_source(with_nul, "t.py", previous=first).reused
    typing = _typing(BASE, 7, "torch.set_default_dtype(torch.float64")
    before = analyze_source(typing[-2], "t.py")
    after = analyze_source(typing[-1], "t.py", previous=before)
    assert not after.reused
    assert after.findings == analyze_source(typing[-1], "t.py").findings


def test_a_fix_left_out_while_a_line_was_half_typed_comes_back() -> None:
    """`with torch.no_grad():` around a loop is not offered while the loop's last line is
    `    steps =` (the statement does not own its lines); once the line parses again, a
    taken-over result would lack it (found by the property test above)."""
    text = (ROOT / "tests" / "rules" / "cases" / "TL302" / "pos_multitask_test_loop.py").read_text(
        encoding="utf-8"
    )
    previous = None
    for version in _typing(text, text.count("\n"), "steps = torch"):
        result = analyze_source(version, "loop.py", previous=previous)
        _same(result, analyze_source(version, "loop.py"))
        previous = result
