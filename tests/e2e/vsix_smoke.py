"""Packaging test: the .vsix alone holds a server that starts and answers `initialize`.

Unpacks the .vsix into a temporary folder, checks what it holds, then runs its launcher the
way the extension does, in a fresh virtual environment with nothing installed, once per
Python given. Nothing outside the .vsix can be imported, so a missing dependency fails here.

Usage: python tests/e2e/vsix_smoke.py torchlint-X.Y.Z.vsix PYTHON [PYTHON ...]
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Any, BinaryIO

TIMEOUT = 60.0  # seconds for one answer; the first start compiles every module
REQUIRED = (
    "extension/package.json",
    "extension/dist/extension.js",
    "extension/client/python/launch.py",
    "extension/bundled/libs/torchlint/cli.py",
    "extension/bundled/libs/pygls/__init__.py",
    "extension/bundled/libs/jedi/__init__.py",
    "extension/LICENSE.txt",
)
# Sources, tests and build leftovers stay out (.vscodeignore); bytecode is built per Python.
FORBIDDEN_DIRS = (
    "node_modules",
    "client/src",
    "client/test",
    "tests",
    "server",
    "out",
    "bundled/libs/bin",
)
LIBS = "extension/bundled/libs/"


def check_contents(archive: zipfile.ZipFile) -> list[str]:
    names = archive.namelist()
    problems = [f"missing {name}" for name in REQUIRED if name not in names]
    problems += [
        f"should not ship {name}"
        for name in names
        if "/__pycache__/" in name
        or any(name.startswith(f"extension/{d}/") for d in FORBIDDEN_DIRS)
    ]
    return problems + check_requirements(archive)


def _dist_name(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def check_requirements(archive: zipfile.ZipFile) -> list[str]:
    """Every bundled distribution's requirements are bundled too (a stale lock fails here).

    Extras are skipped, and so are markers other than python_version (platform-specific
    needs cannot be judged here); python_version markers count, since the bundle serves
    every supported Python from 3.10 on.
    """
    metadata = [
        n for n in archive.namelist() if re.fullmatch(rf"{LIBS}[^/]+\.dist-info/METADATA", n)
    ]
    bundled = {_dist_name(n[len(LIBS) :].split("-")[0]) for n in metadata}
    problems = [] if "torchlint" in bundled else ["torchlint's dist-info is not in bundled/libs"]
    for name in metadata:
        text = archive.read(name).decode()
        for requirement in re.findall(r"^Requires-Dist: (.+)$", text, re.MULTILINE):
            spec, _, marker = requirement.partition(";")
            if "extra" in marker or (marker.strip() and "python_version" not in marker):
                continue
            needed = _dist_name(re.split(r"[\s<>=!~(\[]", spec.strip(), maxsplit=1)[0])
            if needed not in bundled:
                owner = name[len(LIBS) :].split("/")[0]
                problems.append(
                    f"{owner} requires {spec.strip()}, which is not bundled: "
                    "run scripts/vsix_lock.sh to update client/python/bundled-requirements.txt"
                )
    return problems


class LspProcess:
    """A server process spoken to over stdio with LSP's Content-Length framing."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self.stdin: BinaryIO = self.proc.stdin
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        threading.Thread(target=self.stderr.extend, args=(self.proc.stderr,), daemon=True).start()

    def _read(self, stream: BinaryIO) -> None:
        while True:
            length = None
            while (line := stream.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if line == b"" or length is None:
                self.messages.put(None)  # the server closed stdout
                return
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.stdin.flush()

    def request(self, id_: int, method: str, params: Any) -> Any:
        self.send({"id": id_, "method": method, "params": params})
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self.messages.get(timeout=max(0.0, deadline - time.monotonic()))
            if message is None:
                raise RuntimeError(f"the server exited before answering {method}")
            if message.get("id") == id_ and "method" not in message:
                if "error" in message:
                    raise RuntimeError(f"{method} failed: {message['error']}")
                return message.get("result")
            if "id" in message and "method" in message:  # a request to the client: answer it
                self.send({"id": message["id"], "result": None})

    def stderr_text(self) -> str:
        return b"".join(self.stderr).decode(errors="replace")


def handshake(python: str, extension: Path, venv: Path) -> str:
    """Start the bundled server under a fresh venv of `python`; return a one-line report."""
    scratch = venv.parent
    subprocess.run([python, "-m", "venv", "--without-pip", str(venv)], check=True)
    venv_python = str(venv / "bin" / "python")
    version = subprocess.run(
        [venv_python, "-c", "import sys; print(sys.version.split()[0])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    launcher = str(extension / "client" / "python" / "launch.py")
    started = time.monotonic()
    server = LspProcess([venv_python, launcher], cwd=scratch, env=env)
    try:
        params = {
            "processId": os.getpid(),
            "rootUri": scratch.as_uri(),
            "capabilities": {},
            "initializationOptions": {"probe": {"enabled": False, "device": "auto", "timeout": 60}},
        }
        result = server.request(1, "initialize", params)
        elapsed = time.monotonic() - started
        if not isinstance(result, dict) or "capabilities" not in result:
            raise RuntimeError(f"initialize answered without capabilities: {result!r}")
        info = result.get("serverInfo") or {}
        server.send({"method": "initialized", "params": {}})
        server.request(2, "shutdown", None)
        server.send({"method": "exit", "params": None})
        code = server.proc.wait(timeout=TIMEOUT)
        if code != 0:
            raise RuntimeError(f"the server exited with status {code} after shutdown/exit")
    except (RuntimeError, queue.Empty, OSError, subprocess.SubprocessError) as error:
        server.proc.kill()
        server.proc.wait()
        reason = str(error) or f"no answer within {TIMEOUT:.0f} s"
        raise RuntimeError(
            f"Python {version}: {reason}\n--- server stderr ---\n{server.stderr_text()}"
        ) from None
    name = f"{info.get('name', '?')} {info.get('version', '')}".strip()
    return f"Python {version}: initialize answered in {elapsed:.1f} s by {name}; clean exit"


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    vsix, pythons = Path(argv[0]), argv[1:]
    with tempfile.TemporaryDirectory(prefix="torchlint vsix ") as tmp:  # a space, on purpose
        scratch = Path(tmp)
        with zipfile.ZipFile(vsix) as archive:
            problems = check_contents(archive)
            archive.extractall(scratch / "unpacked")
        for problem in problems:
            print(f"FAIL {vsix.name}: {problem}")
        if problems:
            return 1
        print(f"ok   {vsix.name}: contents ({vsix.stat().st_size // 1024} KiB)")
        failed = False
        for i, python in enumerate(pythons):
            try:
                print(
                    f"ok   {handshake(python, scratch / 'unpacked' / 'extension', scratch / f'venv{i}')}"
                )
            except (RuntimeError, subprocess.SubprocessError, OSError) as error:
                failed = True
                print(f"FAIL {python}: {error}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
