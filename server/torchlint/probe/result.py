"""What a probe run found, as plain data: the versioned JSON document and its dataclasses.

`ProbeResult.from_json` reads the document (format_version 1, `docs/probe.md`);
`ProbeResult.to_json` writes it back. Lines are 1-based; files are absolute paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Literal, cast

from torchlint.probe import _jsonfields as J

FORMAT_VERSION = 1

Status = Literal[
    "ok", "error", "timeout", "memory", "cancelled", "torch-missing", "crashed", "usage"
]
STATUSES: tuple[Status, ...] = (
    "ok",
    "error",
    "timeout",
    "memory",
    "cancelled",
    "torch-missing",
    "crashed",
    "usage",
)
Severity = Literal["error", "warning", "information"]
GradcheckStatus = Literal["pass", "fail", "error", "skipped"]


@dataclass(frozen=True, slots=True)
class Location:
    file: str
    line: int


@dataclass(frozen=True, slots=True)
class TensorSignature:
    """One distinct kind of tensor a call produced, and how many times."""

    dtype: str
    shape: tuple[int, ...]
    device: str
    requires_grad: bool
    is_leaf: bool
    grad_fn: str | None
    count: int

    def describe(self) -> str:
        """'float32[256, 2] cuda:0, requires grad, leaf' (the hover's wording)."""
        parts = [f"{self.dtype}[{', '.join(map(str, self.shape))}] {self.device}"]
        if self.requires_grad:
            parts.append("requires grad")
        parts.append("leaf" if self.is_leaf else f"grad_fn {self.grad_fn}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class OpRecord:
    """Every call of one torch op from one line (`via` names the library frame in between
    for calls made inside e.g. `nn.Linear.forward`; None for a direct call)."""

    op: str
    direct: bool
    via: str | None
    inplace: bool
    count: int
    outputs: int
    signatures: tuple[TensorSignature, ...]
    first: int
    last: int
    more_signatures: int

    @property
    def first_signature(self) -> TensorSignature | None:
        return _pick(self.signatures, self.first)

    @property
    def last_signature(self) -> TensorSignature | None:
        return _pick(self.signatures, self.last)


def _pick(signatures: tuple[TensorSignature, ...], index: int) -> TensorSignature | None:
    return signatures[index] if 0 <= index < len(signatures) else None


@dataclass(frozen=True, slots=True)
class LineRecord:
    """The tensors produced on one source line, ops in the order they last ran."""

    file: str
    line: int
    ops: tuple[OpRecord, ...]

    @property
    def result(self) -> TensorSignature | None:
        """The last tensor the line produced: what an assignment on it most likely bound."""
        for op in reversed(self.ops):
            if op.last_signature is not None:
                return op.last_signature
        return None


@dataclass(frozen=True, slots=True)
class Related:
    message: str
    location: Location


@dataclass(frozen=True, slots=True)
class ProbeFinding:
    """Something the run showed. `rule` is the static rule it confirms (TL102...), if any."""

    kind: str
    rule: str | None
    severity: Severity
    message: str
    location: Location | None
    count: int
    related: tuple[Related, ...]
    details: Mapping[str, J.Scalar] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TracebackEntry:
    file: str
    line: int
    function: str
    user: bool


@dataclass(frozen=True, slots=True)
class ProbeError:
    """The exception that ended the user's script."""

    type: str
    message: str
    kind: str
    location: Location | None
    traceback: tuple[TracebackEntry, ...]


@dataclass(frozen=True, slots=True)
class GradcheckResult:
    """A float64 gradcheck of one autograd.Function defined in the file."""

    function: str
    location: Location
    status: GradcheckStatus
    message: str
    inputs: tuple[str, ...]
    fast_mode: bool


@dataclass(frozen=True, slots=True)
class WarningRecord:
    category: str
    message: str
    location: Location | None
    count: int


@dataclass(frozen=True, slots=True)
class DeviceInfo:
    requested: str
    used: str | None  # "cpu", "cuda:0"; None when the run never got that far
    name: str | None  # the GPU's name
    cuda_available: bool | None


@dataclass(frozen=True, slots=True)
class CapturedOutput:
    text: str  # head and tail when truncated
    bytes: int  # how many bytes the process wrote
    truncated: bool


@dataclass(frozen=True, slots=True)
class Timings:
    interpreter_s: float | None  # process start to the runner's first line
    startup_s: float | None  # runner's first line to the user's code (torch import included)
    import_torch_s: float | None
    run_s: float | None  # the user's code under the tracer
    gradcheck_s: float | None
    wall_s: float | None  # the whole subprocess


@dataclass(frozen=True, slots=True)
class RunStats:
    calls: int
    sites: int
    dropped_sites: int
    backward_calls: int
    probe_errors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ProbeResult:
    status: Status
    message: str
    target: str
    function: str | None
    python: str
    python_version: str | None
    torch_version: str | None
    torch_cuda: str | None
    device: DeviceInfo
    returncode: int | None  # of the subprocess
    exit_code: int | None  # the script's own sys.exit code
    complete: bool  # the runner reached the end of the script (or the error that ended it)
    timeout_s: float
    max_memory_mb: int
    timings: Timings
    lines: tuple[LineRecord, ...]
    findings: tuple[ProbeFinding, ...]
    error: ProbeError | None
    gradchecks: tuple[GradcheckResult, ...]
    warnings: tuple[WarningRecord, ...]
    stdout: CapturedOutput
    stderr: CapturedOutput
    stats: RunStats

    @property
    def found_problems(self) -> bool:
        """The script raised, or the run found an error (a NaN gradient, a failed gradcheck)."""
        return self.status == "error" or any(f.severity == "error" for f in self.findings)

    def lines_in(self, file: str) -> tuple[LineRecord, ...]:
        return tuple(r for r in self.lines if r.file == file)

    def line(self, file: str, line: int) -> LineRecord | None:
        return next((r for r in self.lines if r.file == file and r.line == line), None)

    def findings_in(self, file: str) -> tuple[ProbeFinding, ...]:
        return tuple(f for f in self.findings if f.location is not None and f.location.file == file)

    @staticmethod
    def from_json(doc: Mapping[str, object]) -> ProbeResult:
        return _parse(doc)

    def to_json(self) -> dict[str, object]:
        return _dump(self)


# -- reading ------------------------------------------------------------------------------


def _location(data: J.JSONObject) -> Location | None:
    file = J.opt_text(data, "file")
    line = J.opt_integer(data, "line")
    return Location(file, line) if file is not None and line is not None else None


def _signature(data: J.JSONObject) -> TensorSignature:
    return TensorSignature(
        dtype=J.text(data, "dtype", "?"),
        shape=J.integers(data, "shape"),
        device=J.text(data, "device", "?"),
        requires_grad=J.flag(data, "requires_grad"),
        is_leaf=J.flag(data, "is_leaf", True),
        grad_fn=J.opt_text(data, "grad_fn"),
        count=J.integer(data, "count", 1),
    )


def _op(data: J.JSONObject) -> OpRecord:
    via = J.opt_text(data, "via")
    return OpRecord(
        op=J.text(data, "op", "?"),
        direct=J.flag(data, "direct", via is None),
        via=via,
        inplace=J.flag(data, "inplace"),
        count=J.integer(data, "count"),
        outputs=J.integer(data, "outputs", 1),
        signatures=tuple(_signature(s) for s in J.objs(data.get("signatures"))),
        first=J.integer(data, "first"),
        last=J.integer(data, "last"),
        more_signatures=J.integer(data, "more_signatures"),
    )


def _line(data: J.JSONObject) -> LineRecord:
    return LineRecord(
        file=J.text(data, "file"),
        line=J.integer(data, "line"),
        ops=tuple(_op(o) for o in J.objs(data.get("ops"))),
    )


def _related(items: object) -> tuple[Related, ...]:
    out = []
    for data in J.objs(items):
        loc = _location(data)
        if loc is not None:
            out.append(Related(J.text(data, "message"), loc))
    return tuple(out)


def _severity(value: str) -> Severity:
    return cast(Severity, value) if value in ("error", "warning", "information") else "error"


def _finding(data: J.JSONObject) -> ProbeFinding:
    return ProbeFinding(
        kind=J.text(data, "kind", "exception"),
        rule=J.opt_text(data, "rule"),
        severity=_severity(J.text(data, "severity", "error")),
        message=J.text(data, "message"),
        location=_location(data),
        count=J.integer(data, "count", 1),
        related=_related(data.get("related")),
        details=J.scalars(data.get("details")),
    )


def _error(value: object) -> ProbeError | None:
    if not isinstance(value, dict):
        return None
    data = J.obj(value)
    return ProbeError(
        type=J.text(data, "type", "Exception"),
        message=J.text(data, "message"),
        kind=J.text(data, "kind", "exception"),
        location=_location(data),
        traceback=tuple(
            TracebackEntry(
                J.text(e, "file"), J.integer(e, "line"), J.text(e, "function"), J.flag(e, "user")
            )
            for e in J.objs(data.get("traceback"))
        ),
    )


def _gradcheck(data: J.JSONObject) -> GradcheckResult:
    status = J.text(data, "status", "error")
    return GradcheckResult(
        function=J.text(data, "function", "?"),
        location=_location(data) or Location(J.text(data, "file"), 0),
        status=cast(GradcheckStatus, status)
        if status in ("pass", "fail", "error", "skipped")
        else "error",
        message=J.text(data, "message"),
        inputs=J.texts(data, "inputs"),
        fast_mode=J.flag(data, "fast_mode"),
    )


def _warning(data: J.JSONObject) -> WarningRecord:
    return WarningRecord(
        category=J.text(data, "category", "Warning"),
        message=J.text(data, "message"),
        location=_location(data),
        count=J.integer(data, "count", 1),
    )


def _output(value: object) -> CapturedOutput:
    data = J.obj(value)
    return CapturedOutput(J.text(data, "text"), J.integer(data, "bytes"), J.flag(data, "truncated"))


def _status(value: str) -> Status:
    return next((status for status in STATUSES if status == value), "crashed")


def _parse(doc: Mapping[str, object]) -> ProbeResult:
    python = J.obj(doc.get("python"))
    torch = J.obj(doc.get("torch"))
    device = J.obj(doc.get("device"))
    limits = J.obj(doc.get("limits"))
    timings = J.obj(doc.get("timings"))
    stats = J.obj(doc.get("stats"))
    return ProbeResult(
        status=_status(J.text(doc, "status", "crashed")),
        message=J.text(doc, "message"),
        target=J.text(doc, "target"),
        function=J.opt_text(doc, "function"),
        python=J.text(python, "executable"),
        python_version=J.opt_text(python, "version"),
        torch_version=J.opt_text(torch, "version"),
        torch_cuda=J.opt_text(torch, "cuda"),
        device=DeviceInfo(
            requested=J.text(device, "requested", "auto"),
            used=J.opt_text(device, "used"),
            name=J.opt_text(device, "name"),
            cuda_available=J.opt_flag(device, "cuda_available"),
        ),
        returncode=J.opt_integer(doc, "returncode"),
        exit_code=J.opt_integer(doc, "exit_code"),
        complete=J.flag(doc, "complete"),
        timeout_s=J.opt_number(limits, "timeout_s") or 0.0,
        max_memory_mb=J.integer(limits, "max_memory_mb"),
        timings=Timings(
            interpreter_s=J.opt_number(timings, "interpreter_s"),
            startup_s=J.opt_number(timings, "startup_s"),
            import_torch_s=J.opt_number(timings, "import_torch_s"),
            run_s=J.opt_number(timings, "run_s"),
            gradcheck_s=J.opt_number(timings, "gradcheck_s"),
            wall_s=J.opt_number(timings, "wall_s"),
        ),
        lines=tuple(_line(x) for x in J.objs(doc.get("lines"))),
        findings=tuple(_finding(x) for x in J.objs(doc.get("findings"))),
        error=_error(doc.get("error")),
        gradchecks=tuple(_gradcheck(x) for x in J.objs(doc.get("gradcheck"))),
        warnings=tuple(_warning(x) for x in J.objs(doc.get("warnings"))),
        stdout=_output(doc.get("stdout")),
        stderr=_output(doc.get("stderr")),
        stats=RunStats(
            calls=J.integer(stats, "calls"),
            sites=J.integer(stats, "sites"),
            dropped_sites=J.integer(stats, "dropped_sites"),
            backward_calls=J.integer(stats, "backward_calls"),
            probe_errors=J.texts(stats, "probe_errors"),
        ),
    )


# -- writing ------------------------------------------------------------------------------


def _loc_json(loc: Location | None) -> dict[str, object]:
    return {"file": loc.file if loc else None, "line": loc.line if loc else None}


def _op_json(o: OpRecord) -> dict[str, object]:
    """Field for field (`asdict` also turns the signatures into objects)."""
    data = asdict(o)
    data["signatures"] = [{**sig, "shape": list(sig["shape"])} for sig in data["signatures"]]
    return data


def _finding_json(f: ProbeFinding) -> dict[str, object]:
    return {
        "kind": f.kind,
        "rule": f.rule,
        "severity": f.severity,
        "message": f.message,
        **_loc_json(f.location),
        "count": f.count,
        "related": [{"message": r.message, **_loc_json(r.location)} for r in f.related],
        "details": dict(f.details),
    }


def _error_json(e: ProbeError | None) -> dict[str, object] | None:
    if e is None:
        return None
    return {
        "type": e.type,
        "message": e.message,
        "kind": e.kind,
        **_loc_json(e.location),
        "traceback": [
            {"file": t.file, "line": t.line, "function": t.function, "user": t.user}
            for t in e.traceback
        ],
    }


def _dump(r: ProbeResult) -> dict[str, object]:
    t = r.timings
    return {
        "format_version": FORMAT_VERSION,
        "tool": "torchlint-probe",
        "status": r.status,
        "message": r.message,
        "complete": r.complete,
        "target": r.target,
        "function": r.function,
        "python": {"executable": r.python, "version": r.python_version},
        "torch": None
        if r.torch_version is None
        else {"version": r.torch_version, "cuda": r.torch_cuda},
        "device": {
            "requested": r.device.requested,
            "used": r.device.used,
            "name": r.device.name,
            "cuda_available": r.device.cuda_available,
        },
        "returncode": r.returncode,
        "exit_code": r.exit_code,
        "limits": {"timeout_s": r.timeout_s, "max_memory_mb": r.max_memory_mb},
        "timings": {
            "interpreter_s": t.interpreter_s,
            "startup_s": t.startup_s,
            "import_torch_s": t.import_torch_s,
            "run_s": t.run_s,
            "gradcheck_s": t.gradcheck_s,
            "wall_s": t.wall_s,
        },
        "lines": [
            {"file": x.file, "line": x.line, "ops": [_op_json(o) for o in x.ops]} for x in r.lines
        ],
        "findings": [_finding_json(f) for f in r.findings],
        "error": _error_json(r.error),
        "gradcheck": [
            {
                "function": g.function,
                **_loc_json(g.location),
                "status": g.status,
                "message": g.message,
                "inputs": list(g.inputs),
                "fast_mode": g.fast_mode,
            }
            for g in r.gradchecks
        ],
        "warnings": [
            {
                "category": w.category,
                "message": w.message,
                **_loc_json(w.location),
                "count": w.count,
            }
            for w in r.warnings
        ],
        "stdout": {"text": r.stdout.text, "bytes": r.stdout.bytes, "truncated": r.stdout.truncated},
        "stderr": {"text": r.stderr.text, "bytes": r.stderr.bytes, "truncated": r.stderr.truncated},
        "stats": {
            "calls": r.stats.calls,
            "sites": r.stats.sites,
            "dropped_sites": r.stats.dropped_sites,
            "backward_calls": r.stats.backward_calls,
            "probe_errors": list(r.stats.probe_errors),
        },
    }
