"""Human-readable explanations of inferred facts, for hovers (one line per fact, with why)."""

from __future__ import annotations

from torchlint.analysis.facts import Tensor, Tri, Why


def _why(why: Why | None) -> str:
    if why is None or not why.text:
        return ""
    return f" — {why.text} (line {why.line})"


def _tri(value: Tri) -> str:
    return {Tri.YES: "yes", Tri.NO: "no", Tri.MAYBE: "unknown"}[value]


def describe_tensor(name: str, t: Tensor) -> str:
    """Markdown for a hover over a tensor-valued name."""
    dtype = " or ".join(sorted(t.dtype)) if t.dtype else "unknown"
    lines = [f"**`{name}`**: tensor (torchlint)", ""]
    lines.append(f"- dtype: `{dtype}`{_why(t.why_dtype) if t.dtype else ''}")
    lines.append(f"- requires grad: {_tri(t.rg)}{_why(t.why_rg) if t.rg is not Tri.MAYBE else ''}")
    leaf = _tri(t.leaf)
    leaf_why = ""
    if t.leaf is Tri.NO and t.origin is not None:
        leaf_why = f" — computed by `{t.origin.text}` (line {t.origin.line})"
    elif t.leaf is Tri.YES:
        leaf_why = _why(t.why_leaf)
    lines.append(f"- leaf: {leaf}{leaf_why}")
    lines.append(f"- device: {t.device or 'unknown'}{_why(t.why_device) if t.device else ''}")
    if t.rank is not None:
        lines.append(f"- rank: {t.rank}")
    if t.param_of:
        lines.append(f"- parameter: `{t.param_of}`")
    if t.retains_grad:
        lines.append("- retains grad: yes (`retain_grad()` was called)")
    if t.via_data:
        lines.append("- obtained through `.data`: in-place writes bypass autograd")
    if t.lost_leaf is not None:
        lines.append(
            f"- not a leaf: `{t.lost_leaf.text}` (line {t.lost_leaf.line}) copied a leaf that requires grad"
        )
    return "\n".join(lines)
