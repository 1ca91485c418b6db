"""The runtime probe: run the user's file under a tracer and report what really happened.

`run_probe` (blocking, cancellable through a `threading.Event`) and `run_probe_async` run
one file in a subprocess of the user's interpreter and return a `ProbeResult`. The probe
runs the user's code: only on an explicit request, never in an untrusted workspace.
See docs/probe.md.
"""

from torchlint.probe.api import DEVICES, ProbeUsageError, run_probe, run_probe_async
from torchlint.probe.result import (
    FORMAT_VERSION,
    CapturedOutput,
    DeviceInfo,
    GradcheckResult,
    LineRecord,
    Location,
    OpRecord,
    ProbeError,
    ProbeFinding,
    ProbeResult,
    Related,
    RunStats,
    Status,
    TensorSignature,
    Timings,
    TracebackEntry,
    WarningRecord,
)

__all__ = [
    "DEVICES",
    "FORMAT_VERSION",
    "CapturedOutput",
    "DeviceInfo",
    "GradcheckResult",
    "LineRecord",
    "Location",
    "OpRecord",
    "ProbeError",
    "ProbeFinding",
    "ProbeResult",
    "ProbeUsageError",
    "Related",
    "RunStats",
    "Status",
    "TensorSignature",
    "Timings",
    "TracebackEntry",
    "WarningRecord",
    "run_probe",
    "run_probe_async",
]
