"""`torchlint check` as a user runs it: formats, exit codes, selection, configuration."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from torchlint.cli import main

BAD = "import torch\nw = torch.randn(3, requires_grad=True)\nw.add_(1)\n"
GOOD = (
    "import torch\nw = torch.randn(3, requires_grad=True)\nwith torch.no_grad():\n    w.add_(1)\n"
)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_text_output_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.py", BAD)
    good = write(tmp_path, "good.py", GOOD)
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:3:1: TL101 " in out
    assert main(["check", str(good)]) == 0
    assert main(["check", str(bad), "--exit-zero"]) == 0


def test_json_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.py", BAD)
    main(["check", str(bad), "--format", "json"])
    [row] = json.loads(capsys.readouterr().out)
    assert row["code"] == "TL101" and row["name"] == "inplace-on-leaf"
    assert row["severity"] == "error"
    assert row["location"] == {"row": 3, "column": 1}
    assert row["end_location"] == {"row": 3, "column": 10}
    assert row["related"][0]["location"]["row"] == 2
    assert row["fix"]["applicability"] == "safe"
    assert row["fix"]["edits"][0]["content"].startswith("with torch.no_grad():")


def test_sarif_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.py", BAD)
    main(["check", str(bad), "--format", "sarif"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == "2.1.0"
    run = doc["runs"][0]
    rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    assert "TL101" in rule_ids and "TL406" in rule_ids
    [result] = run["results"]
    assert result["ruleId"] == "TL101" and result["level"] == "error"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 3 and region["startColumn"] == 1
    assert result["fixes"][0]["artifactChanges"][0]["replacements"]


def test_select_and_ignore_prefixes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.py", BAD)
    assert main(["check", str(bad), "--ignore", "TL1"]) == 0
    assert main(["check", str(bad), "--select", "TL2"]) == 0
    assert main(["check", str(bad), "--select", "TL10"]) == 1
    assert main(["check", str(bad), "--select", "XX1"]) == 2
    assert "unknown rule codes" in capsys.readouterr().err


def test_pyproject_configuration(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(
        tmp_path,
        "pyproject.toml",
        '[tool.torchlint]\nignore = ["TL101"]\nexclude = ["generated"]\n',
    )
    write(tmp_path, "pkg/bad.py", BAD)
    write(tmp_path, "generated/bad.py", BAD)
    assert main(["check", str(tmp_path)]) == 0
    capsys.readouterr()
    write(tmp_path, "pyproject.toml", '[tool.torchlint]\nseverity = { TL101 = "hint" }\n')
    main(["check", str(tmp_path / "pkg"), "--format", "json"])
    [row] = json.loads(capsys.readouterr().out)
    assert row["severity"] == "hint"


def test_invalid_configuration_is_reported_not_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path,
        "pyproject.toml",
        '[tool.torchlint]\nselect = "nonsense"\nseverity = { TL101 = "loud" }\n',
    )
    write(tmp_path, "bad.py", BAD)
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "`select`" in err and "severity.TL101" in err


def test_suppression_comments(tmp_path: Path) -> None:
    lines = BAD.splitlines()
    one = write(
        tmp_path, "one.py", "\n".join([*lines[:2], lines[2] + "  # torchlint: ignore[TL101]", ""])
    )
    every = write(
        tmp_path, "all.py", "\n".join([*lines[:2], lines[2] + "  # torchlint: ignore", ""])
    )
    other = write(
        tmp_path, "other.py", "\n".join([*lines[:2], lines[2] + "  # torchlint: ignore[TL202]", ""])
    )
    assert main(["check", str(one)]) == 0
    assert main(["check", str(every)]) == 0
    assert main(["check", str(other)]) == 1


def test_missing_path_and_unreadable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path / "nope.py")]) == 2
    assert "path not found" in capsys.readouterr().err
    write(tmp_path, "latin1.py", "# caf\xe9\n".encode("latin-1"))
    write(tmp_path, "blob.py", b"\x00\x01\x02binary")
    write(tmp_path, "bad.py", BAD)
    assert main(["check", str(tmp_path)]) == 1  # the readable file is still checked
    err = capsys.readouterr().err
    assert "not UTF-8" in err and "binary file" in err


def test_directories_skip_hidden_venvs_and_build_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for folder in (".hidden", "node_modules", "build", "__pycache__"):
        write(tmp_path, f"{folder}/bad.py", BAD)
    venv = tmp_path / "myenv"
    write(tmp_path, "myenv/lib/bad.py", BAD)
    (venv / "pyvenv.cfg").write_text("home = /usr\n")
    assert main(["check", str(tmp_path)]) == 0
    assert "No problems found in 0 files" in capsys.readouterr().out


def test_parallel_check_matches_serial(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i in range(12):
        write(tmp_path, f"m{i:02d}.py", BAD if i % 2 else GOOD)
    main(["check", str(tmp_path), "--format", "json", "--jobs", "2"])
    parallel = json.loads(capsys.readouterr().out)
    main(["check", str(tmp_path), "--format", "json", "--jobs", "1"])
    serial = json.loads(capsys.readouterr().out)
    assert parallel == serial and len(parallel) == 6


def test_statistics_and_rules_listing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.py", BAD)
    main(["check", str(bad), "--statistics"])
    assert "1  TL101  inplace-on-leaf" in capsys.readouterr().out
    assert main(["rules"]) == 0
    assert "TL406" in capsys.readouterr().out
    assert main(["rules", "tl202"]) == 0
    assert "## Why is this bad?" in capsys.readouterr().out
    assert main(["rules", "TL999"]) == 2


def test_console_script_runs_as_module(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.py", BAD)
    proc = subprocess.run(
        [sys.executable, "-m", "torchlint", "check", str(bad)], capture_output=True, text=True
    )
    assert proc.returncode == 1 and "TL101" in proc.stdout
    version = subprocess.run(
        [sys.executable, "-m", "torchlint", "--version"], capture_output=True, text=True
    )
    assert version.stdout.startswith("torchlint ")


def test_cross_file_helper_runs_with_its_own_imports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The importer never imports torch: the helper's body must see its own module's names.
    write(tmp_path, "pkg/__init__.py", "")
    write(
        tmp_path,
        "pkg/helpers.py",
        "import torch as th\n\n\ndef make_weights(n):\n    return th.ones(n, requires_grad=True)\n",
    )
    main_py = write(
        tmp_path,
        "main.py",
        "from pkg.helpers import make_weights\n\nw = make_weights(3)\nw.add_(1)\n",
    )
    assert main(["check", str(main_py)]) == 1
    out = capsys.readouterr().out
    assert f"{main_py}:4:1: TL101 " in out
    assert "line 5 of helpers.py" in out


def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path: Path) -> None:
    """`torchlint check . | head -1`: the closed pipe ends the run quietly."""
    for i in range(40):
        write(tmp_path, f"m{i}.py", BAD * 20)
    proc = subprocess.Popen(
        [sys.executable, "-m", "torchlint", "check", "--jobs", "1", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away while output is still coming
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err, err
    assert proc.returncode in (1, 141)


def test_serve_parses_its_arguments_without_loading_the_probe() -> None:
    # The server's start-up is measured in milliseconds; the probe is loaded when used.
    child = (
        "import sys; from torchlint.cli import build_parser; "
        "args = build_parser(with_probe=False).parse_args(['serve', '--log-level', 'DEBUG']); "
        "print(args.command, args.log_level, 'torchlint.probe' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["serve", "DEBUG", "False"]
