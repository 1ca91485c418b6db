"""`torchlint probe FILE ...`: run a file under the probe and print what it found.

`torchlint.cli` wires the subcommand with `add_arguments` and `main`; until then
`python -m torchlint.probe.cli FILE ...` runs it. Exit codes: 0 ran and found nothing,
1 found errors or NaN gradients, 2 usage or I/O errors (torch missing included),
3 timeout, memory limit, crash or cancel.
"""

from __future__ import annotations

import argparse
import json
import sys

from torchlint.probe.api import DEVICES, ProbeUsageError, run_probe
from torchlint.probe.result import ProbeResult
from torchlint.probe.text import render

EXIT_CLEAN, EXIT_FOUND, EXIT_USAGE, EXIT_STOPPED = 0, 1, 2, 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the Python file to run")
    parser.add_argument(
        "--function",
        metavar="NAME",
        help="import FILE and call this top-level function with no arguments "
        "(default: run FILE as __main__)",
    )
    parser.add_argument(
        "--device",
        choices=DEVICES,
        default="auto",
        help="auto: CUDA when the interpreter's torch sees a GPU (default: auto)",
    )
    parser.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="wall-clock limit (default: 60)"
    )
    parser.add_argument(
        "--max-memory",
        type=int,
        default=4096,
        metavar="MB",
        help="resident memory limit for the whole process tree; 0 for none (default: 4096)",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--gradcheck",
        action="store_true",
        help="also gradcheck (float64) every autograd.Function defined in FILE",
    )
    parser.add_argument(
        "--python",
        metavar="PATH",
        default=sys.executable,
        help="the interpreter to run FILE with (default: this one)",
    )


def main(args: argparse.Namespace) -> int:
    try:
        result = run_probe(
            args.file,
            python=args.python,
            function=args.function,
            device=args.device,
            timeout=args.timeout,
            max_memory_mb=args.max_memory,
            gradcheck=args.gradcheck,
        )
    except ProbeUsageError as exc:
        print(f"torchlint probe: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"torchlint probe: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        if args.format == "json":
            json.dump(result.to_json(), sys.stdout, indent=2)
            sys.stdout.write("\n")
        else:
            sys.stdout.write(render(result))
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return exit_code(result)


def exit_code(result: ProbeResult) -> int:
    if result.status in ("usage", "torch-missing"):
        return EXIT_USAGE
    if result.status in ("timeout", "memory", "crashed", "cancelled"):
        return EXIT_STOPPED
    return EXIT_FOUND if result.found_problems else EXIT_CLEAN


def _standalone(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="torchlint probe",
        description="Run a file under the torchlint runtime probe (it runs your code).",
    )
    add_arguments(parser)
    return main(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(_standalone())
