"""Generate ``torch_ops.json`` by running torch.

    python -m torchlint.knowledge.generate [--output PATH] [--check]

Output is deterministic (sorted keys, one entry per line in the big sections, no
timestamps): regenerating with the same torch gives the same bytes. ``--check`` compares
with the committed table and prints a summary of what drifted (exit 1).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

FORMAT = 1
DEFAULT_OUTPUT = Path(__file__).with_name("torch_ops.json")
# Sections written one entry per line, so a drift shows up as a readable git diff.
_LINE_SECTIONS = frozenset(
    {
        "ops",
        "op_names",
        "factories",
        "modules",
        "losses",
        "qualname_aliases",
        "result_type",
        "distributions",
    }
)


def build_table() -> dict[str, Any]:
    """Run every probe and return the table (imports torch: generator only)."""
    # op_db is hundreds of thousands of objects; full GC passes over them dominated the run.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _build_table()
    finally:
        if enabled:
            gc.enable()


def _build_table() -> dict[str, Any]:
    import torch

    from . import _gen_distributions, _gen_dtypes, _gen_factories, _gen_modules, overrides
    from ._gen_assemble import OpsBuilder
    from ._gen_common import public_objects
    from ._gen_schema import aten_schemas, tensor_surface

    torch.set_num_threads(1)  # tiny tensors; keeps runs alike on a shared machine
    methods, attributes = tensor_surface()
    ops, names = OpsBuilder(public_objects(), aten_schemas(), methods).build()
    modules, losses, aliases = _gen_modules.generate(names)
    table: dict[str, Any] = {
        "format": FORMAT,
        "torch_version": torch.__version__,
        **_gen_dtypes.generate(),
        "tensor_methods": methods,
        "tensor_attributes": attributes,
        "ops": ops,
        "op_names": names,
        "factories": _gen_factories.generate(),
        "modules": modules,
        "losses": losses,
        "qualname_aliases": aliases,
        "distributions": _gen_distributions.generate(),
    }
    table["overrides"] = overrides.apply(table)
    return table


def dumps(table: Mapping[str, Any]) -> str:
    lines = ["{"]
    keys = sorted(table)
    for i, key in enumerate(keys):
        value = table[key]
        tail = "," if i < len(keys) - 1 else ""
        if key in _LINE_SECTIONS and isinstance(value, Mapping) and value:
            lines.append(f"{json.dumps(key)}: {{")
            items = sorted(value.items())
            for j, (k, v) in enumerate(items):
                sep = "," if j < len(items) - 1 else ""
                lines.append(f" {json.dumps(k)}: {_compact(v)}{sep}")
            lines.append("}" + tail)
        else:
            lines.append(f"{json.dumps(key)}: {_compact(value)}{tail}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _compact(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _base_version(version: str) -> str:
    return version.split("+")[0]  # "2.13.0+cpu" and "2.13.0" (CUDA wheel) are one torch


def diff_summary(old: Mapping[str, Any], new: Mapping[str, Any], limit: int = 12) -> list[str]:
    """Readable lines saying what changed between two tables (empty: no drift)."""
    out: list[str] = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if key == "torch_version":
            if _base_version(str(a)) != _base_version(str(b)):
                out.append(f"torch_version: {a} -> {b}")
            continue
        if a == b:
            continue
        if isinstance(a, Mapping) and isinstance(b, Mapping):
            added = sorted(set(b) - set(a))
            removed = sorted(set(a) - set(b))
            changed = sorted(k for k in set(a) & set(b) if a[k] != b[k])
            out.append(f"{key}: {len(added)} added, {len(removed)} removed, {len(changed)} changed")
            out += [f"  + {k}" for k in added[:limit]]
            out += [f"  - {k}" for k in removed[:limit]]
            for k in changed[:limit]:
                out.append(f"  ~ {k}: {_field_diff(a[k], b[k])}")
        else:
            out.append(f"{key}: {_short(a)} -> {_short(b)}")
    return out


def _field_diff(a: object, b: object) -> str:
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        fields = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        return "; ".join(f"{f}: {_short(a.get(f))} -> {_short(b.get(f))}" for f in fields)
    return f"{_short(a)} -> {_short(b)}"


def _short(v: object, width: int = 70) -> str:
    s = _compact(v)
    return s if len(s) <= width else s[: width - 3] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m torchlint.knowledge.generate")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument(
        "--check", action="store_true", help="compare with --output instead of writing it"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    text = dumps(build_table())
    took = time.perf_counter() - start
    if args.check:
        try:
            committed = json.loads(args.output.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            print(f"cannot read {args.output}: {e}", file=sys.stderr)
            return 1
        lines = diff_summary(committed, json.loads(text))
        if lines:
            print(f"{args.output} drifted from the installed torch ({took:.1f}s):")
            print("\n".join(lines))
            print("regenerate: python -m torchlint.knowledge.generate")
            return 1
        print(f"{args.output} matches the installed torch ({took:.1f}s)")
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(text) // 1024} KiB, {took:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
