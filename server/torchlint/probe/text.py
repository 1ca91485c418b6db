"""The probe's result as a readable report (the CLI's `--format text`)."""

from __future__ import annotations

import os

from torchlint.probe.result import LineRecord, Location, OpRecord, ProbeResult

MAX_OPS_PER_LINE = 6
OUTPUT_TAIL_LINES = 20


def render(result: ProbeResult) -> str:
    out: list[str] = []
    base = os.path.dirname(result.target)
    out += _header(result)
    if result.findings:
        out += ["", "Findings"]
        for f in result.findings:
            rule = f" {f.rule}" if f.rule else ""
            count = f" (x{f.count})" if f.count > 1 else ""
            out.append(
                f"  {_where(f.location, base)}: {f.severity}{rule} {f.kind}: {f.message}{count}"
            )
            out += [f"      {_where(r.location, base)}: {r.message}" for r in f.related]
    if result.error is not None and result.error.kind == "exception":
        out += ["", "The script raised", f"  {result.error.type}: {result.error.message}"]
    if result.gradchecks:
        out += ["", "gradcheck (float64) of the file's autograd.Functions"]
        for g in result.gradchecks:
            detail = f": {g.message}" if g.message else ""
            out.append(f"  {_where(g.location, base)}: {g.function} {g.status.upper()}{detail}")
    if result.lines:
        out += ["", "Tensors produced, per line"]
        for record in result.lines:
            out += _line(record, base)
    if result.warnings:
        out += ["", "Warnings"]
        for w in result.warnings:
            count = f" (x{w.count})" if w.count > 1 else ""
            first = w.message.strip().splitlines()[0] if w.message.strip() else ""
            out.append(f"  {_where(w.location, base)}: {w.category}: {first}{count}")
    out += _output("stdout", result.stdout.text, result.stdout.bytes, result.stdout.truncated)
    out += _output("stderr", result.stderr.text, result.stderr.bytes, result.stderr.truncated)
    return "\n".join(out) + "\n"


def _header(r: ProbeResult) -> list[str]:
    target = r.target + (f" --function {r.function}" if r.function else "")
    device = r.device.used or "-"
    if r.device.name:
        device += f" ({r.device.name})"
    torch = f"torch {r.torch_version}" if r.torch_version else "no torch"
    timing = ""
    if r.timings.run_s is not None:
        timing = f", ran {r.timings.run_s:.2f} s"
    if r.timings.wall_s is not None:
        timing += f" ({r.timings.wall_s:.2f} s with startup)"
    return [
        f"torchlint probe: {target}",
        f"  python {r.python_version or '?'} ({r.python}), {torch}, device {device}",
        f"  status: {r.status}: {r.message}{timing}",
    ]


def _where(loc: Location | None, base: str) -> str:
    if loc is None:
        return "?"
    return f"{_short(loc.file, base)}:{loc.line}"


def _short(file: str, base: str) -> str:
    try:
        rel = os.path.relpath(file, base)
    except ValueError:
        return file
    return file if rel.startswith("..") else rel


def _line(record: LineRecord, base: str) -> list[str]:
    where = f"{_short(record.file, base)}:{record.line}"
    lines = []
    for op in record.ops[:MAX_OPS_PER_LINE]:
        lines.append(f"  {where:<24} {_op(op)}")
        where = ""
    hidden = len(record.ops) - MAX_OPS_PER_LINE
    if hidden > 0:
        lines.append(f"  {'':<24} ... {hidden} more ops")
    return lines


def _op(op: OpRecord) -> str:
    name = op.op + (f" (in {op.via})" if op.via else "") + (" [in-place]" if op.inplace else "")
    sig = op.last_signature
    described = sig.describe() if sig else "-"
    extra = ""
    if len(op.signatures) > 1 or op.more_signatures:
        extra = f"; {len(op.signatures) + op.more_signatures} kinds"
    return f"{name}: {described}  x{op.count}{extra}"


def _output(name: str, text: str, size: int, truncated: bool) -> list[str]:
    if not size:
        return []
    lines = text.rstrip("\n").splitlines()
    shown = lines[-OUTPUT_TAIL_LINES:]
    note = ", truncated" if truncated else ""
    head = f"{name} ({size} bytes{note}" + (
        f", last {len(shown)} lines)" if len(shown) < len(lines) else ")"
    )
    return ["", head] + [f"  | {line}" for line in shown]
