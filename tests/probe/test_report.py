"""The versioned JSON document, its dataclasses, the text report and the CLI."""

from __future__ import annotations

import argparse
import json
import re
import subprocess

import pytest

from tests.probe.conftest import ROOT
from torchlint.probe import FORMAT_VERSION, ProbeResult, TensorSignature
from torchlint.probe.cli import add_arguments, exit_code, main
from torchlint.probe.text import render

DOCS = ROOT / "docs" / "probe.md"


def keys_of(value: object, prefix: str = "") -> set[str]:
    """Every key of the document, as dotted paths (list items share their list's path)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if prefix == "findings[].details":
                continue  # free-form, documented as such
            out.add(f"{prefix}{key}")
            out |= keys_of(item, f"{prefix}{key}.")
    elif isinstance(value, list):
        for item in value:
            out |= keys_of(item, prefix.rstrip(".") + "[].")
    return out


@pytest.mark.probe_case("observations")
def test_json_round_trip(case: ProbeResult) -> None:
    doc = case.to_json()
    assert doc["format_version"] == FORMAT_VERSION == 1
    assert ProbeResult.from_json(json.loads(json.dumps(doc))) == case


@pytest.mark.probe_case("observations")
def test_every_field_is_documented(case: ProbeResult) -> None:
    quoted = re.findall(r"`([a-z_\[\]\.]+)`", DOCS.read_text(encoding="utf-8"))
    documented = {token.rsplit(".", 1)[-1] for token in quoted}
    missing = {
        path for path in keys_of(case.to_json()) if path.rsplit(".", 1)[-1] not in documented
    }
    assert not missing, f"fields missing from docs/probe.md: {sorted(missing)}"


def test_from_json_tolerates_a_broken_document() -> None:
    result = ProbeResult.from_json(
        {"status": "weird", "lines": [1, {"ops": "x"}], "findings": [{"line": "3"}], "error": 5}
    )
    assert result.status == "crashed"
    assert result.lines[0].ops == ()
    assert result.findings[0].location is None
    assert result.error is None


def test_signature_wording() -> None:
    sig = TensorSignature("float32", (256, 2), "cuda:0", True, True, None, 1)
    assert sig.describe() == "float32[256, 2] cuda:0, requires grad, leaf"
    sig = TensorSignature("int64", (), "cpu", False, False, "MulBackward0", 3)
    assert sig.describe() == "int64[] cpu, grad_fn MulBackward0"


@pytest.mark.probe_case("observations")
def test_text_report(case: ProbeResult) -> None:
    text = render(case)
    assert "status: ok" in text
    assert "error TL202 nan-gradient: a NaN/Inf gradient was born in DivBackward0" in text
    assert "warning TL103 nonleaf-grad-read" in text
    assert "Tensors produced, per line" in text
    assert "observations.py:7" in text


@pytest.mark.probe_case("cli_json")
def test_cli_json_end_to_end(case: subprocess.CompletedProcess[str]) -> None:
    assert case.returncode == 1, case.stderr  # the script raised
    doc = json.loads(case.stdout)
    assert doc["format_version"] == 1 and doc["status"] == "error"
    assert doc["error"]["type"] == "FileNotFoundError"
    assert "data.csv is missing" in doc["stderr"]["text"]


def test_cli_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert main(parser.parse_args(["no/such/file.py"])) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("train_ok", 0),
        ("no_torch", 0),
        ("observations", 1),
        ("inplace_saved", 1),
        ("function_missing", 2),
        ("timeout_tree", 3),
        ("memory_hog", 3),
    ],
)
def test_exit_codes(name: str, code: int, probe_runs: dict[str, object]) -> None:
    result = probe_runs[name].result(timeout=240)  # type: ignore[attr-defined]
    assert exit_code(result) == code
