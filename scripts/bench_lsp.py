"""`make bench-lsp`: latency of the real language server over stdio.

For a ~300-line and a ~2,000-line PyTorch training file it measures
  * spawn -> first diagnostics: from starting the process to the first
    `publishDiagnostics` of the opened file (initialize, initialized and didOpen sent
    at once, as editors do);
  * didChange -> publishDiagnostics while typing one character at a time, each keystroke
    sent once the previous one was answered (the pipeline's own latency), p50/p95;
  * a burst: keystrokes every 30 ms without waiting; the time from the last keystroke to
    the diagnostics of the final text, and how many versions were skipped;
  * the engine alone (`analyze_source` in this process) on the same texts, so what the
    server adds is visible.

This is a benchmark, not a test: it prints figures and exits 0. `--json FILE` saves them.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import contextlib
import json
import os
import re
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "lsp" / "data"
SMALL = DATA / "train_classifier.py"
PARTS = [DATA / "transformer_lm.py", DATA / "train_classifier.py"]
TYPED = "grad_norm = sum(p.grad.norm() for p in model.parameters() if p.grad is not None)"
WAIT_S = 120.0
# The real server, with only the scheduler's per-publish timing line logged (to stderr):
# pygls's own DEBUG logging would slow the very thing measured.
BOOT = """
import logging, sys
from torchlint.cli import main
timing = logging.getLogger("torchlint.lsp.scheduler")
timing.setLevel(logging.DEBUG)
timing.propagate = False
handler = logging.StreamHandler(sys.stderr)
handler.setFormatter(logging.Formatter("%(message)s"))
timing.addHandler(handler)
sys.exit(main(["serve", "--log-level", "WARNING"]))
"""
_TIMING = re.compile(
    r"published (\S+) v(\d+): engine ([\d.]+) ms, call ([\d.]+) ms.*?(, taken over)?$"
)


# -- the files ---------------------------------------------------------------------------
def _renamed(text: str, suffix: str) -> str:
    """`text` with its top-level names suffixed, its docstring and __future__ import dropped,
    so copies of real modules can follow each other in one file."""
    tree = ast.parse(text)
    names = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
    }
    lines = [ln for ln in text.splitlines() if not ln.startswith("from __future__")]
    body = "\n".join(lines)
    if tree.body and isinstance(tree.body[0], ast.Expr):  # the module docstring
        doc = ast.get_source_segment(text, tree.body[0]) or ""
        body = body.replace(doc, f"# part {suffix}", 1)
    if names:
        pattern = re.compile(r"\b(" + "|".join(sorted(names, key=len, reverse=True)) + r")\b")
        body = pattern.sub(lambda m: f"{m.group(1)}{suffix}", body)
    return body.replace('if __name__ == "__main__":', f"if __name__ == 'part{suffix}':")


def large_file(target_lines: int = 2000) -> str:
    head = PARTS[0].read_text(encoding="utf-8")
    chunks = [head]
    i = 0
    while sum(c.count("\n") + 1 for c in chunks) < target_lines:
        part = PARTS[i % len(PARTS)].read_text(encoding="utf-8")
        chunks.append(_renamed(part, f"_{i + 1}"))
        i += 1
    text = "\n\n".join(chunks) + "\n"
    ast.parse(text)  # the benchmark file must be valid Python
    return text


def typing_point(text: str) -> tuple[int, str]:
    """A line inside a training loop past the middle of the file, and its indentation."""
    lines = text.splitlines()
    for i in range(len(lines) // 2, len(lines)):
        m = re.match(r"(\s+)\S*loss\S*\.backward\(\)", lines[i])
        if m:
            return i + 1, m.group(1)
    return len(lines), ""


# -- measuring ---------------------------------------------------------------------------
@dataclass
class Figures:
    name: str
    lines: int
    spawn_to_first_ms: float
    keystroke_ms: list[float] = field(default_factory=list)
    server_engine_ms: list[float] = field(default_factory=list)
    call_ms: list[float] = field(default_factory=list)
    overhead_ms: list[float] = field(default_factory=list)
    taken_over: list[bool] = field(default_factory=list)  # per keystroke: previous result kept
    engine_ms: list[float] = field(default_factory=list)
    burst_last_ms: float = 0.0
    burst_versions: int = 0
    burst_published: int = 0
    cold_start_ms: float = 0.0  # spawn -> first diagnostics with an empty start-up cache

    def summary(self) -> dict[str, float]:
        return {
            "p50": _pct(self.keystroke_ms, 50),
            "p95": _pct(self.keystroke_ms, 95),
            "max": max(self.keystroke_ms, default=0.0),
            "server_engine_p50": _pct(self.server_engine_ms, 50),
            "call_p50": _pct(self.call_ms, 50),
            "overhead_p50": _pct(self.overhead_ms, 50),
            "overhead_p95": _pct(self.overhead_ms, 95),
            "engine_p50": _pct(self.engine_ms, 50),
            "engine_p95": _pct(self.engine_ms, 95),
            "taken_over": float(sum(self.taken_over)),
            "anew_p50": _pct(self._split(False), 50),
            "anew_p95": _pct(self._split(False), 95),
            "taken_p50": _pct(self._split(True), 50),
            "taken_p95": _pct(self._split(True), 95),
        }

    def _split(self, taken: bool) -> list[float]:
        """Keystroke latencies of the versions analysed anew, or of those taken over."""
        return [ms for ms, t in zip(self.keystroke_ms, self.taken_over, strict=True) if t is taken]


def _pct(values: list[float], q: int) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


class Session:
    def __init__(self) -> None:
        self.client = LanguageClient("torchlint-bench", "1")
        self.versions: dict[str, dict[int, float]] = {}
        # (uri, version) -> the engine's time in the server, the call's (clean-up included),
        # and whether the previous version's result was taken over
        self.engine: dict[tuple[str, int], tuple[float, float, bool]] = {}
        self.changed = asyncio.Event()
        self._stderr: asyncio.Task[None] | None = None

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def publish(params: types.PublishDiagnosticsParams) -> None:
            if params.version is not None:
                self.versions.setdefault(params.uri, {})[params.version] = time.perf_counter()
            self.changed.set()

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def log(params: types.LogMessageParams) -> None:
            if params.type <= types.MessageType.Warning:
                print(f"  server: {params.message.splitlines()[0]}", file=sys.stderr)

    async def start(self, root: Path, env: dict[str, str] | None = None) -> None:
        await self.client.start_io(sys.executable, "-c", BOOT, env=env)
        self._stderr = asyncio.ensure_future(self._read_stderr())
        await self.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(
                    workspace=types.WorkspaceClientCapabilities(configuration=False)
                ),
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="bench")],
            )
        )
        self.client.initialized(types.InitializedParams())

    async def _read_stderr(self) -> None:
        """Keep the pipe drained, and keep the server's own timings."""
        server = self.client._server
        if server is None or server.stderr is None:
            return
        while line := await server.stderr.readline():
            text = line.decode("utf-8", "replace").rstrip()
            m = _TIMING.match(text)
            if m:
                self.engine[(m.group(1), int(m.group(2)))] = (
                    float(m.group(3)),
                    float(m.group(4)),
                    m.group(5) is not None,
                )
            elif text:
                print(f"  server: {text}", file=sys.stderr)

    async def published(self, uri: str, version: int) -> float:
        deadline = time.perf_counter() + WAIT_S
        while version not in self.versions.get(uri, {}):
            self.changed.clear()
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no diagnostics for version {version} of {uri}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)
        return self.versions[uri][version]

    def open(self, uri: str, text: str) -> None:
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=1, text=text
                )
            )
        )

    def insert(self, uri: str, version: int, line: int, col: int, text: str) -> None:
        at = types.Position(line=line, character=col)
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(start=at, end=at), text=text
                    )
                ],
            )
        )

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), 10)
            self.client.exit(None)
        finally:
            await self.client.stop()


async def bench_file(
    name: str, text: str, keystrokes: int, root: Path, settle: float, gap: float
) -> Figures:
    from torchlint.analysis.parse import forget_parses
    from torchlint.engine import analyze_source

    uri = (root / f"{name}.py").as_uri()
    started = time.perf_counter()
    session = Session()
    await session.start(root)
    session.open(uri, text)
    first = await session.published(uri, 1)
    fig = Figures(name, text.count("\n"), (first - started) * 1000)
    await asyncio.sleep(settle)  # as a user reads the file: background start-up work ends

    line, indent = typing_point(text)
    version = 2
    session.insert(uri, version, line, 0, indent + "\n")  # a new, empty line to type on
    await session.published(uri, version)
    current = text.splitlines(True)
    current.insert(line, indent + "\n")
    typed = TYPED[:keystrokes]
    for i, ch in enumerate(typed):
        version += 1
        await asyncio.sleep(gap)
        sent = time.perf_counter()
        session.insert(uri, version, line, len(indent) + i, ch)
        done = await session.published(uri, version)
        fig.keystroke_ms.append((done - sent) * 1000)
        for _ in range(100):  # its timing line follows the publish on stderr
            if (uri, version) in session.engine:
                break
            await asyncio.sleep(0.002)
        timing = session.engine.get((uri, version))
        if timing is not None:
            fig.server_engine_ms.append(timing[0])
            fig.call_ms.append(timing[1])
            fig.overhead_ms.append(fig.keystroke_ms[-1] - timing[1])
        fig.taken_over.append(timing is not None and timing[2])  # one per keystroke
        current[line] = indent + typed[: i + 1] + "\n"
        forget_parses()  # a first analysis: no earlier tree to parse from
        t0 = time.perf_counter()
        analyze_source("".join(current), f"{name}.py")
        fig.engine_ms.append((time.perf_counter() - t0) * 1000)

    # Burst: type the same again on the next line without waiting (30 ms per key).
    session.insert(uri, version + 1, line + 1, 0, indent + "\n")
    version += 1
    first_burst = version + 1
    last_sent = time.perf_counter()
    for i, ch in enumerate(typed):
        version += 1
        session.insert(uri, version, line + 1, len(indent) + i, ch)
        last_sent = time.perf_counter()
        if i < len(typed) - 1:
            await asyncio.sleep(0.03)
    done = await session.published(uri, version)
    fig.burst_last_ms = (done - last_sent) * 1000
    fig.burst_versions = version - first_burst + 1
    fig.burst_published = sum(1 for v in session.versions[uri] if v >= first_burst)
    await session.stop()
    return fig


async def cold_start_ms(name: str, text: str, root: Path) -> float:
    """Spawn -> first diagnostics with an empty start-up cache, as the first start after
    installing (or upgrading Python or attrs) has it: the server compiles and stores the
    methods attrs and dataclasses generate (torchlint/lsp/startup_import.py)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="torchlint-cache-") as cache:
        env = {**os.environ, "XDG_CACHE_HOME": cache, "LOCALAPPDATA": cache}
        uri = (root / f"{name}-cold.py").as_uri()
        started = time.perf_counter()
        session = Session()
        await session.start(root, env)
        session.open(uri, text)
        first = await session.published(uri, 1)
        await session.stop()
    return (first - started) * 1000


def report(figures: list[Figures]) -> None:
    print(f"\ntorchlint language server latency (python {sys.version.split()[0]})\n")
    head = (
        f"{'file':<6} {'lines':>6} {'spawn->1st':>11} {'p50':>8} {'p95':>8} {'max':>8}"
        f" {'engine*':>8} {'call*':>8} {'added p50':>10} {'added p95':>10} {'alone p50':>10}"
        f" {'alone p95':>10} {'burst end':>10} {'analysed':>9}"
    )
    print(head)
    for f in figures:
        s = f.summary()
        print(
            f"{f.name:<6} {f.lines:>6} {f.spawn_to_first_ms:>9.0f}ms {s['p50']:>6.1f}ms"
            f" {s['p95']:>6.1f}ms {s['max']:>6.1f}ms {s['server_engine_p50']:>6.1f}ms"
            f" {s['call_p50']:>6.1f}ms"
            f" {s['overhead_p50']:>8.1f}ms {s['overhead_p95']:>8.1f}ms"
            f" {s['engine_p50']:>8.1f}ms {s['engine_p95']:>8.1f}ms {f.burst_last_ms:>8.0f}ms"
            f" {f.burst_published:>4}/{f.burst_versions:<4}"
        )
    print()
    for f in figures:
        print(
            f"{f.name:<6} spawn->1st with an empty start-up cache (the first start after"
            f" installing): {f.cold_start_ms:.0f} ms"
        )
    for f in figures:
        s = f.summary()
        print(
            f"{f.name:<6} keystrokes taken over {int(s['taken_over'])}/{len(f.taken_over)}:"
            f" p50 {s['taken_p50']:.1f} ms, p95 {s['taken_p95']:.1f} ms;"
            f" analysed anew p50 {s['anew_p50']:.1f} ms, p95 {s['anew_p95']:.1f} ms"
        )
    print(
        "\np50/p95/max: didChange -> publishDiagnostics per keystroke (each sent --gap after"
        " the previous answer)."
        "\nengine*: the engine's own measure inside the server (p50); call*: the same call timed"
        " from outside, its clean-up on return included;\nadded: latency minus call, per"
        " keystroke: what the server and the transport add."
        "\nalone: analyze_source on the same texts in this process, from nothing (no earlier result or tree)."
        "\nburst end: last keystroke of a 30 ms/key burst -> diagnostics of the final text;"
        " analysed: versions published / typed in the burst (the rest were coalesced)."
        "\ntaken over: the text that parses did not change (a statement typed that does not"
        " parse yet), so the previous result was kept (torchlint.reuse)."
        "\ntargets: p95 <= 15 ms (300 lines), <= 50 ms (2,000 lines), first diagnostics <= 1 s."
    )


async def main_async(args: argparse.Namespace) -> list[Figures]:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="torchlint-bench-") as tmp:
        root = Path(tmp)
        small = SMALL.read_text(encoding="utf-8")
        out = [await bench_file("300", small, args.keys, root, args.settle, args.gap)]
        out[0].cold_start_ms = await cold_start_ms("300", small, root)
        if not args.small_only:
            big = large_file()
            out.append(await bench_file("2000", big, args.keys_large, root, args.settle, args.gap))
            out[1].cold_start_ms = await cold_start_ms("2000", big, root)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="latency of the torchlint language server")
    parser.add_argument(
        "--keys", type=int, default=40, help="keystrokes typed in the 300-line file"
    )
    parser.add_argument(
        "--keys-large", type=int, default=20, help="keystrokes in the 2,000-line file"
    )
    parser.add_argument("--small-only", action="store_true")
    parser.add_argument(
        "--settle", type=float, default=3.0, help="seconds between first diagnostics and typing"
    )
    parser.add_argument(
        "--gap", type=float, default=0.05, help="seconds between an answer and the next key"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    figures = asyncio.run(main_async(args))
    report(figures)
    if args.json:
        args.json.write_text(
            json.dumps([{**asdict(f), **f.summary()} for f in figures], indent=2), encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
