"""Each failure of the seed articles: the probe finds it and names the right line."""

from __future__ import annotations

import pytest

from tests.probe.helpers import line_of
from torchlint.probe import ProbeFinding, ProbeResult


def only(result: ProbeResult, kind: str) -> ProbeFinding:
    found = [f for f in result.findings if f.kind == kind]
    assert len(found) == 1, f"expected one {kind} finding, got {result.findings}"
    return found[0]


def related_lines(finding: ProbeFinding) -> set[int]:
    return {r.location.line for r in finding.related}


@pytest.mark.probe_case("inplace_saved")
def test_inplace_on_saved_names_the_modifying_line(case: ProbeResult) -> None:
    fixture = "inplace_saved.py"
    assert case.status == "error"
    finding = only(case, "inplace-on-saved")
    assert finding.rule == "TL102"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "MODIFIES")  # not the backward line
    assert line_of(fixture, "BACKWARD") in related_lines(finding)
    assert line_of(fixture, "MODIFIES") - 1 in related_lines(finding)  # f = matmul(d, w2)
    assert case.error is not None and case.error.kind == "inplace-on-saved"
    assert case.error.location is not None
    assert case.error.location.line == line_of(fixture, "BACKWARD")


@pytest.mark.probe_case("inplace_saved_loss")
def test_inplace_on_saved_through_setitem(case: ProbeResult) -> None:
    fixture = "inplace_saved_loss.py"
    finding = only(case, "inplace-on-saved")
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "MODIFIES")
    assert line_of(fixture, "SAVES") in related_lines(finding)
    assert "`mul`" in finding.message and "`__setitem__`" in finding.message
    # The script still fails as it would without the probe.
    assert case.error is not None and case.error.type == "RuntimeError"
    assert "modified by an inplace operation" in case.error.message


@pytest.mark.probe_case("inplace_leaf")
def test_inplace_on_leaf(case: ProbeResult) -> None:
    fixture = "inplace_leaf.py"
    finding = only(case, "inplace-on-leaf")
    assert finding.rule == "TL101"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "LEAF_INPLACE")
    assert line_of(fixture, "MADE") in related_lines(finding)


@pytest.mark.probe_case("observations")
def test_nonleaf_grad_read_is_an_observation(case: ProbeResult) -> None:
    fixture = "observations.py"
    assert case.status == "ok"
    finding = only(case, "nonleaf-grad-read")
    assert finding.severity == "warning" and finding.rule == "TL103"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "NONLEAF_READ")
    assert line_of(fixture, "NONLEAF_MADE") in related_lines(finding)


@pytest.mark.probe_case("nan_pow_mask")
def test_nan_gradient_behind_a_multiplied_mask(case: ProbeResult) -> None:
    fixture = "nan_pow_mask.py"
    assert case.status == "ok"  # NaN gradients raise nothing: that is why they hurt
    finding = only(case, "nan-gradient")
    assert finding.rule == "TL202"
    assert finding.details.get("node") == "PowBackward0"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "BORN")  # inside loss_function
    assert line_of(fixture, "BACKWARD") in related_lines(finding)
    assert case.found_problems


def nan_at(result: ProbeResult, line: int) -> ProbeFinding:
    found = [
        f
        for f in result.findings
        if f.kind == "nan-gradient" and f.location is not None and f.location.line == line
    ]
    assert len(found) == 1, f"no NaN gradient born at line {line}: {result.findings}"
    return found[0]


@pytest.mark.probe_case("observations")
def test_nan_gradient_behind_a_boolean_index(case: ProbeResult) -> None:
    fixture = "observations.py"
    finding = nan_at(case, line_of(fixture, "DIV_BORN"))
    assert finding.details.get("node") == "DivBackward0"
    assert line_of(fixture, "DIV_BACKWARD") in related_lines(finding)


@pytest.mark.probe_case("observations")
def test_nan_gradient_behind_where(case: ProbeResult) -> None:
    finding = nan_at(case, line_of("observations.py", "SQRT_BORN"))
    assert finding.details.get("node") == "SqrtBackward0"


@pytest.mark.probe_case("observations")
def test_only_errors_that_happened_are_reported(case: ProbeResult) -> None:
    kinds = sorted(f.kind for f in case.findings)
    assert kinds == ["nan-gradient", "nan-gradient", "nonleaf-grad-read"]
    assert case.error is None and case.found_problems


@pytest.mark.probe_case("backward_twice")
def test_backward_twice_points_at_the_backward_that_freed_the_graph(case: ProbeResult) -> None:
    fixture = "backward_twice.py"
    finding = only(case, "backward-twice")
    assert finding.rule == "TL106"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "SECOND")
    assert line_of(fixture, "FREES") in related_lines(finding)


@pytest.mark.probe_case("backward_no_grad")
def test_backward_after_no_grad(case: ProbeResult) -> None:
    fixture = "backward_no_grad.py"
    finding = only(case, "backward-without-graph")
    assert finding.rule == "TL107"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "BACKWARD")
    made = [r for r in finding.related if r.location.line == line_of(fixture, "MADE")]
    assert made and "no_grad" in made[0].message


@pytest.mark.probe_case("gradcheck_float32")
def test_gradcheck_with_float32_inputs(case: ProbeResult) -> None:
    fixture = "gradcheck_float32.py"
    finding = only(case, "gradcheck-failed")
    assert finding.rule == "TL201"
    assert finding.location is not None
    assert finding.location.line == line_of(fixture, "GRADCHECK")
    assert "float32" in finding.message
    assert any("double precision" in w.message for w in case.warnings)


@pytest.mark.probe_case("custom_functions")
def test_gradcheck_of_the_files_autograd_functions(case: ProbeResult) -> None:
    fixture = "custom_functions.py"
    by_name = {g.function: g for g in case.gradchecks}
    assert by_name["MF"].status == "pass"
    assert by_name["BadSquare"].status == "fail"
    assert by_name["NeverCalled"].status == "skipped"
    assert by_name["BadSquare"].location.line == line_of(fixture, "BAD")
    assert by_name["MF"].inputs == ("float64[4, 3] cpu",)  # shaped like the run's input
    finding = only(case, "function-gradcheck")
    assert finding.location is not None and finding.location.line == line_of(fixture, "BAD")
    # apply() is not a torch function, yet its result is recorded at the calling line.
    applied = [op.op for record in case.lines for op in record.ops]
    assert "MF.apply" in applied and "BadSquare.apply" in applied


@pytest.mark.probe_case("dtype_mismatch")
def test_dtype_mismatch(case: ProbeResult) -> None:
    finding = only(case, "dtype-mismatch")
    assert finding.rule == "TL402"
    assert finding.location is not None
    assert finding.location.line == line_of("dtype_mismatch.py", "MISMATCH")
    arguments = str(finding.details.get("arguments"))
    assert "float32[3, 4]" in arguments and "float64[2, 4]" in arguments


@pytest.mark.probe_case("train_ok")
def test_a_correct_training_script(case: ProbeResult) -> None:
    fixture = "train_ok.py"
    assert case.status == "ok" and case.findings == ()
    assert case.device.used == "cpu"
    logits = case.line(case.target, line_of(fixture, "LOGITS"))
    assert logits is not None
    assert logits.result is not None
    assert logits.result.describe() == "float32[32, 3] cpu, requires grad, grad_fn AddmmBackward0"
    linear = next(op for op in logits.ops if op.op == "linear")
    assert not linear.direct and linear.via == "linear.py:forward"
    assert linear.count == 40  # two layers, twenty steps: summarised, not listed
    assert len(linear.signatures) == 2
    leaf = case.line(case.target, line_of(fixture, "LEAF"))
    assert leaf is not None and leaf.result is not None
    assert leaf.result.describe() == "float32[256, 2] cpu, requires grad, leaf"
    assert case.stats.backward_calls == 20
    assert case.stats.probe_errors == ()
