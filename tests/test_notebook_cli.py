"""`torchlint check` on Jupyter notebooks: code cells analysed together, findings per cell."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from torchlint.cli import main
from torchlint.findings import Applicability, Edit, Finding, Fix, Pos, Severity, Span
from torchlint.notebook import NotebookError, in_cells, read_notebook


def _code(source: str | list[str]) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "metadata": {},
        "execution_count": None,
        "outputs": [],
        "source": source,
    }


def _markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {}, "source": [text]}


CELLS = [
    _markdown("# Training a tiny model\n"),
    _code(["%matplotlib inline\n", "import torch\n", "!nvidia-smi\n"]),
    _code("w = torch.randn(3, requires_grad=True)\nb = torch.zeros(3)"),
    _markdown("Now update the weights."),
    _code(["loss = (w * 2).sum()\n", "w.add_(1)\n"]),
]


def notebook(
    tmp_path: Path, cells: list[dict[str, Any]], name: str = "nb.ipynb", language: str = "python"
) -> Path:
    path = tmp_path / name
    meta = {"kernelspec": {"display_name": "Python 3", "language": language, "name": "k"}}
    path.write_text(
        json.dumps({"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}),
        encoding="utf-8",
    )
    return path


def test_finding_is_placed_in_its_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = notebook(tmp_path, CELLS)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:cell 5:2:1: TL101 In-place `add_` on `w`")
    # the leaf was made in another cell: said as the user numbers it
    assert "line 1 of cell 3" in out[0]


def test_json_has_cell_relative_rows_and_a_fix_that_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = notebook(tmp_path, CELLS)
    main(["check", "--format", "json", str(path)])
    (found,) = json.loads(capsys.readouterr().out)
    assert (found["code"], found["cell"], found["location"]) == (
        "TL101",
        5,
        {"row": 2, "column": 1},
    )
    assert found["related"][0]["cell"] == 3 and found["related"][0]["location"]["row"] == 1
    # The fix's rows count within cell 5: applied there, the cells run with torch.
    (edit,) = found["fix"]["edits"]
    lines = "".join(CELLS[4]["source"]).splitlines()
    row = edit["location"]["row"] - 1
    line = lines[row]
    start, end = edit["location"]["column"] - 1, edit["end_location"]["column"] - 1
    lines[row] = line[:start] + edit["content"] + line[end:]
    program = "import torch\n" + CELLS[2]["source"] + "\n" + "\n".join(lines) + "\n"
    pytest.importorskip("torch")
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr


def test_sarif_names_the_cell_and_offers_no_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = notebook(tmp_path, CELLS)
    main(["check", "--format", "sarif", str(path)])
    (result,) = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert result["properties"] == {"cell": 5}
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    assert "fixes" not in result


def test_folders_include_notebooks_and_skip_unreadable_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notebook(tmp_path, CELLS, "a.ipynb")
    notebook(tmp_path, CELLS, "r.ipynb", language="R")
    (tmp_path / "broken.ipynb").write_text('{"cells": [', encoding="utf-8")
    notebook(tmp_path, [_code("import torch\nx = torch.ones(2)\n")], "clean.ipynb")
    assert main(["check", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert [ln.split(":")[0] for ln in captured.out.splitlines()[:-1]] == [
        str(tmp_path / "a.ipynb")
    ]
    assert "Found 1 problem in 4 files" in captured.out
    assert "r.ipynb: a notebook for r, not Python: skipped" in captured.err
    assert "broken.ipynb: not valid JSON (line 1): skipped" in captured.err


def test_suppression_comment_in_a_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cells = [
        *CELLS[:4],
        _code(["loss = (w * 2).sum()\n", "w.add_(1)  # torchlint: ignore[TL101]\n"]),
    ]
    assert main(["check", str(notebook(tmp_path, cells))]) == 0


def test_reading_a_notebook() -> None:
    nb = read_notebook(json.dumps({"cells": CELLS, "metadata": {}}))
    assert [(c.number, c.first_row, c.rows) for c in nb.cells] == [(2, 1, 3), (3, 4, 2), (5, 6, 2)]
    assert nb.text.splitlines()[0] == "#matplotlib inline"  # magics blanked, columns kept
    with pytest.raises(NotebookError, match="no `cells` list"):
        read_notebook("[1, 2]")
    with pytest.raises(NotebookError, match="cell 1: its source is not text"):
        read_notebook(json.dumps({"cells": [_code([1, 2])]}))


def test_fix_reaching_into_another_cell_is_dropped() -> None:
    nb = read_notebook(json.dumps({"cells": CELLS}))
    span = Span(Pos(7, 0), Pos(7, 9))
    across = Fix("f", Applicability.SAFE, (Edit(Span(Pos(5, 0), Pos(7, 0)), ""),))
    inside = Fix("f", Applicability.SAFE, (Edit(span, "x"),))
    base = Finding("TL101", "inplace-on-leaf", "m, line 4", Severity.ERROR, span, "nb.ipynb")
    kept, dropped = in_cells(nb, [replace(base, fix=inside), replace(base, fix=across)])
    assert kept.fix is not None and kept.fix.edits[0].span == Span(Pos(2, 0), Pos(2, 9))
    assert dropped.fix is None
    assert kept.message == "m, line 1 of cell 3"


def test_example_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[1] / "examples" / "notebook_classifier.ipynb"
    assert main(["check", "--format", "json", str(path)]) == 1
    found = [
        (f["code"], f["cell"], f["location"]["row"]) for f in json.loads(capsys.readouterr().out)
    ]
    assert found == [("TL401", 5, 4), ("TL304", 7, 3)]


def test_unreadable_json_and_other_line_breaks_and_kernel_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "deep.ipynb").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (tmp_path / "big.ipynb").write_text('{"cells": ' + "9" * 5000 + "}", encoding="utf-8")
    cr = _code("import torch\rw = torch.randn(3, requires_grad=True)\rw.add_(1)\r")
    notebook(tmp_path, [cr], "cr.ipynb", language="python3")
    assert main(["check", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{tmp_path / 'cr.ipynb'}:cell 1:3:1: TL101")
    assert "deep.ipynb: not JSON this tool can read: skipped" in captured.err
    assert "big.ipynb: not JSON this tool can read: skipped" in captured.err
