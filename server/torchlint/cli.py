"""`torchlint check | serve | probe | rules`.

Exit codes of `check`: 0 nothing found, 1 findings, 2 usage or I/O error (one line on
stderr).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from torchlint import __version__
from torchlint.config import Config, find_pyproject, load_pyproject, parse_settings
from torchlint.findings import Finding

_PARALLEL_THRESHOLD = 8


class UsageError(Exception):
    pass


def _codes(value: str) -> list[str]:
    return [v.strip().upper() for v in value.split(",") if v.strip()]


def build_parser(with_probe: bool = True) -> argparse.ArgumentParser:
    """The command line; `with_probe=False` leaves the probe's options out (importing them
    loads the probe, which `serve` does not need at start-up)."""
    parser = argparse.ArgumentParser(
        prog="torchlint", description="Catch PyTorch autograd and dtype mistakes."
    )
    parser.add_argument("--version", action="version", version=f"torchlint {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="analyse files and folders")
    check.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text")
    check.add_argument(
        "--select", type=_codes, default=None, help="codes or prefixes to enable (TL1,TL201)"
    )
    check.add_argument("--ignore", type=_codes, default=None, help="codes or prefixes to disable")
    check.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when something was found"
    )
    check.add_argument("--statistics", action="store_true", help="count findings per rule")
    check.add_argument(
        "--config",
        type=Path,
        default=None,
        help="a pyproject.toml to use instead of the nearest one",
    )
    check.add_argument(
        "--jobs", type=int, default=0, help="parallel processes (default: CPU count)"
    )
    check.add_argument(
        "-v", "--verbose", action="store_true", help="log internal errors with tracebacks"
    )

    serve = sub.add_parser("serve", help="run the language server (stdio by default)")
    group = serve.add_mutually_exclusive_group()
    group.add_argument("--stdio", action="store_true", default=True)
    group.add_argument("--tcp", metavar="HOST:PORT", default=None)
    group.add_argument("--ws", metavar="HOST:PORT", default=None)
    serve.add_argument("--log-level", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR"))

    probe = sub.add_parser("probe", help="run a file under the runtime tracer (executes your code)")
    if not with_probe:
        probe.add_argument("rest", nargs=argparse.REMAINDER)
    else:
        _add_probe_arguments(probe)

    rules = sub.add_parser("rules", help="list the rules, or show one rule's documentation")
    rules.add_argument("code", nargs="?", default=None)
    rules.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def _add_probe_arguments(probe: argparse.ArgumentParser) -> None:
    try:
        from torchlint.probe.cli import add_arguments as add_probe_arguments

        add_probe_arguments(probe)
    except ImportError:  # pragma: no cover - the probe package is optional at build time
        probe.add_argument("file", type=Path)


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(with_probe=not words or words[0] != "serve")
    args = parser.parse_args(words)
    try:
        if args.command == "check":
            return run_check(args)
        if args.command == "serve":
            # Loading the protocol's types makes many cyclic objects; collecting them
            # meanwhile only delays the first diagnostics (the server freezes them later).
            gc.disable()
            from torchlint.lsp.startup_import import import_server_modules

            import_server_modules()
            from torchlint.lsp.server import run_server

            gc.enable()
            return run_server(args)
        if args.command == "probe":
            from torchlint.probe.cli import main as probe_main

            return probe_main(args)
        if args.command == "rules":
            return run_rules(args)
    except UsageError as exc:
        print(f"torchlint: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `torchlint check . | head`: the reader left; say nothing more (as grep does)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    parser.print_help(sys.stderr)
    return 2


# ============================================================================ check
def _config_for(
    path: Path, explicit: Path | None, cache: dict[Path, tuple[Config, list[str]]]
) -> tuple[Config, list[str]]:
    pyproject = explicit if explicit is not None else find_pyproject(path.resolve())
    if pyproject is None:
        return Config(), []
    if pyproject not in cache:
        cache[pyproject] = load_pyproject(pyproject)
    return cache[pyproject]


def _check_one(job: tuple[str, Config, str]) -> tuple[str, list[Finding], str | None, list[str]]:
    from torchlint.engine import analyze_source
    from torchlint.files import read_source
    from torchlint.resolve_fs import FileSystemResolver

    path, config, root = job
    try:
        read = read_source(Path(path))
    except OSError as exc:
        return path, [], f"io:{exc}", []
    if read.text is None:
        return path, [], read.problem, []
    resolver = FileSystemResolver(Path(path), (Path(root),))
    if path.endswith(".ipynb"):
        from torchlint.notebook import NotebookError, in_cells, read_notebook

        try:
            notebook = read_notebook(read.text)
        except NotebookError as exc:
            return path, [], f"{exc}: skipped", []
        result = analyze_source(notebook.text, path, config, record_facts=False, resolver=resolver)
        return path, in_cells(notebook, result.findings), None, result.errors
    result = analyze_source(read.text, path, config, record_facts=False, resolver=resolver)
    return path, result.findings, None, result.errors


def run_check(args: argparse.Namespace) -> int:
    import logging

    from torchlint.files import iter_python_files
    from torchlint.output import render_json, render_sarif, render_statistics, render_text

    # Internal errors already become one-line warnings; tracebacks only when asked.
    logging.basicConfig(
        level=logging.WARNING if args.verbose else logging.CRITICAL,
        format="%(levelname)s %(message)s",
    )
    if args.config is not None and not args.config.is_file():
        raise UsageError(f"config file not found: {args.config}")
    cache: dict[Path, tuple[Config, list[str]]] = {}
    jobs: list[tuple[str, Config, str]] = []
    config_errors: list[str] = []
    for root in args.paths:
        if not root.exists():
            raise UsageError(f"path not found: {root}")
        base, errors = _config_for(root, args.config, cache)
        config_errors.extend(e for e in errors if e not in config_errors)
        overrides: dict[str, object] = {}
        if args.select is not None:
            overrides["select"] = args.select
        if args.ignore is not None:
            overrides["ignore"] = list(base.ignore) + args.ignore
        if overrides:
            base, errs = parse_settings(overrides, base)
            if errs:
                raise UsageError("; ".join(errs))
        project = root if root.is_dir() else root.parent
        for path in iter_python_files(root, base):
            jobs.append((str(path), base, str(project)))
    for err in config_errors:
        print(f"torchlint: warning: {err}", file=sys.stderr)
    workers = args.jobs or (os.cpu_count() or 1)
    if len(jobs) >= _PARALLEL_THRESHOLD and workers > 1:
        from concurrent.futures import ProcessPoolExecutor  # not on the server's start-up path

        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_check_one, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
    else:
        results = [_check_one(j) for j in jobs]
    findings: list[Finding] = []
    io_error = False
    for name, found, problem, errors in results:
        if problem is not None:
            if problem.startswith("io:"):
                print(f"torchlint: error: {problem[3:]}", file=sys.stderr)
                io_error = True
            else:
                print(f"torchlint: warning: {name}: {problem}", file=sys.stderr)
        for err in errors:
            print(f"torchlint: warning: {err}", file=sys.stderr)
        findings.extend(found)
    findings.sort(key=Finding.sort_key)
    out = sys.stdout
    if args.format == "json":
        out.write(render_json(findings))
    elif args.format == "sarif":
        out.write(render_sarif(findings, Path.cwd()))
    else:
        out.write(render_text(findings))
    if args.statistics:
        stats = render_statistics(findings)
        (out if args.format == "text" else sys.stderr).write(stats)
    if args.format == "text":
        fixable = sum(1 for f in findings if f.fix is not None)
        noun = "problem" if len(findings) == 1 else "problems"
        files = "file" if len(jobs) == 1 else "files"
        summary = (
            f"Found {len(findings)} {noun} in {len(jobs)} {files} ({fixable} with a fix)."
            if findings
            else f"No problems found in {len(jobs)} {files}."
        )
        print(summary)
    if io_error:
        return 2
    if findings and not args.exit_zero:
        return 1
    return 0


# ============================================================================ rules
def run_rules(args: argparse.Namespace) -> int:
    import json

    from torchlint.rules import ALL_RULES, rule

    if args.code:
        cls = rule(args.code)
        if cls is None:
            raise UsageError(f"unknown rule {args.code!r}; `torchlint rules` lists them")
        if args.format == "json":
            print(
                json.dumps(
                    {
                        "code": cls.code,
                        "name": cls.name,
                        "summary": cls.summary,
                        "severity": cls.default_severity.value,
                        "docs": cls.docs().sections,
                    },
                    indent=2,
                )
            )
        else:
            from torchlint.docs import rule_markdown

            print(rule_markdown(cls))
        return 0
    if args.format == "json":
        print(
            json.dumps(
                [
                    {
                        "code": r.code,
                        "name": r.name,
                        "summary": r.summary,
                        "severity": r.default_severity.value,
                        "fix": r.fix_title,
                    }
                    for r in ALL_RULES
                ],
                indent=2,
            )
        )
    else:
        for r in ALL_RULES:
            print(f"{r.code}  {r.name:32s} {r.default_severity.value:8s} {r.summary}")
    return 0


def config_with(config: Config, **changes: object) -> Config:
    return replace(config, **changes)  # type: ignore[arg-type]


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
