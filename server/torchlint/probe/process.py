"""Run one command under a wall-clock limit and a memory limit, and leave nothing behind.

The child starts in its own session, so its process group holds everything it spawns;
on a timeout, a cancel or too much memory the whole tree is killed (the group, plus any
descendant that left it, found through /proc). Its output is read as it comes, keeping a
bounded head and tail, so a script that prints without end cannot fill the parent's memory.
Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

Stopped = Literal["timeout", "memory", "cancelled"]

_PROC = "/proc"
_POLL_S = 0.05  # how often the wait loop looks at cancel and the clock
_RSS_EVERY_S = 0.2  # how often it adds up the tree's resident memory
_JOIN_READERS_S = 2.0


@dataclass(frozen=True, slots=True)
class Captured:
    data: bytes  # everything, or head + marker + tail
    total: int  # bytes the process wrote
    truncated: bool

    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


@dataclass(frozen=True, slots=True)
class ProcessOutcome:
    returncode: int | None
    stopped: Stopped | None  # why we stopped it; None when it ended by itself
    stdout: Captured
    stderr: Captured
    started_at: float  # time.time() just before the start
    wall_s: float
    peak_rss_mb: float | None  # None where /proc cannot be read


class _Capture:
    """Drains one pipe in a thread, keeping the first `limit - limit // 4` bytes and the
    last `limit // 4`."""

    def __init__(self, fd: int, limit: int) -> None:
        self._fd = fd
        self._head_limit = limit - limit // 4
        self._tail_limit = limit // 4
        self._head = bytearray()
        self._tail = bytearray()
        self._total = 0
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self._fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self._total += len(chunk)
            room = self._head_limit - len(self._head)
            if room > 0:
                self._head += chunk[:room]
                chunk = chunk[room:]
            if chunk and self._tail_limit:
                self._tail += chunk
                del self._tail[: max(0, len(self._tail) - self._tail_limit)]

    def result(self, timeout: float) -> Captured:
        self._thread.join(timeout)
        kept = len(self._head) + len(self._tail)
        if kept >= self._total:
            return Captured(bytes(self._head + self._tail), self._total, False)
        marker = f"\n[... {self._total - kept} bytes not kept ...]\n".encode()
        return Captured(bytes(self._head) + marker + bytes(self._tail), self._total, True)


def run_supervised(
    argv: Sequence[str],
    *,
    cwd: str,
    env: Mapping[str, str],
    timeout: float,
    max_rss_mb: int | None,
    cancel: threading.Event | None,
    output_limit: int,
    grace: float = 1.0,
    on_timeout_signal: int | None = None,
) -> ProcessOutcome:
    """Run `argv` to the end or until stopped. On a timeout, `on_timeout_signal` (if any)
    is sent to the child first and it gets `grace` seconds to write what it has."""
    started_at = time.time()
    t0 = time.monotonic()
    proc = subprocess.Popen(
        list(argv),
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        close_fds=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    out = _Capture(proc.stdout.fileno(), output_limit)
    err = _Capture(proc.stderr.fileno(), output_limit)
    stopped: Stopped | None = None
    peak: float | None = None
    exited = _exit_event(proc.pid)
    try:
        stopped, peak = _wait(proc.pid, exited, t0 + timeout, max_rss_mb, cancel)
        if stopped == "timeout" and on_timeout_signal is not None:
            with contextlib.suppress(OSError):
                os.kill(proc.pid, on_timeout_signal)
            exited.wait(grace)
    finally:
        # The child is not reaped yet, so its pid cannot have been reused. Kill the tree
        # after a normal exit too: what the script left running must not outlive the probe.
        kill_tree(proc.pid)
        proc.wait()
    outcome = ProcessOutcome(
        returncode=proc.returncode,
        stopped=stopped,
        stdout=out.result(_JOIN_READERS_S),
        stderr=err.result(_JOIN_READERS_S),
        started_at=started_at,
        wall_s=time.monotonic() - t0,
        peak_rss_mb=peak,
    )
    proc.stdout.close()
    proc.stderr.close()
    return outcome


def _exit_event(pid: int) -> threading.Event:
    """Set when the child exits. It is left a zombie (WNOWAIT): reaping it would free its
    pid for reuse while we still have its tree to kill."""
    event = threading.Event()

    def wait() -> None:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        event.set()

    threading.Thread(target=wait, daemon=True).start()
    return event


def _wait(
    pid: int,
    exited: threading.Event,
    deadline: float,
    max_rss_mb: int | None,
    cancel: threading.Event | None,
) -> tuple[Stopped | None, float | None]:
    peak: float | None = None
    next_rss = time.monotonic() + _RSS_EVERY_S
    while True:
        if exited.wait(_POLL_S):
            return None, peak
        if cancel is not None and cancel.is_set():
            return "cancelled", peak
        now = time.monotonic()
        if now >= deadline:
            return "timeout", peak
        if now >= next_rss:
            next_rss = now + _RSS_EVERY_S
            rss = tree_rss_mb(pid)
            if rss is not None:
                peak = rss if peak is None else max(peak, rss)
                if max_rss_mb is not None and rss > max_rss_mb:
                    return "memory", peak


# -- the process tree (Linux /proc; elsewhere only the process group is known) -------------


def _stat_fields(pid: int) -> list[str]:
    """/proc/PID/stat after the name: state, parent pid, group, session...; [] if gone."""
    try:
        with open(f"{_PROC}/{pid}/stat", encoding="ascii", errors="replace") as fh:
            data = fh.read()
    except OSError:
        return []
    return data[data.rfind(")") + 2 :].split()  # the name may hold spaces and parentheses


def _stat(pid: int) -> tuple[int, int] | None:
    """(parent pid, session id) of `pid`."""
    fields = _stat_fields(pid)
    try:
        return int(fields[1]), int(fields[3])
    except (IndexError, ValueError):
        return None


def tree_pids(root: int) -> set[int]:
    """`root`, every process in its session, and every descendant of either."""
    try:
        names = os.listdir(_PROC)
    except OSError:
        return {root}
    children: dict[int, list[int]] = {}
    found = {root}
    for name in names:
        if not name.isdigit():
            continue
        pid = int(name)
        info = _stat(pid)
        if info is None:
            continue
        ppid, session = info
        children.setdefault(ppid, []).append(pid)
        if session == root:
            found.add(pid)
    stack = list(found)
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def tree_rss_mb(root: int) -> float | None:
    page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
    total = 0
    seen = False
    for pid in tree_pids(root):
        try:
            with open(f"{_PROC}/{pid}/statm", encoding="ascii") as fh:
                total += int(fh.read().split()[1]) * page
            seen = True
        except (OSError, IndexError, ValueError):
            continue
    return total / (1024 * 1024) if seen else None


def kill_tree(root: int, wait: float = 2.0) -> None:
    """SIGKILL the session `root` leads and every descendant, stopped first so that none
    can fork out from under us; then wait (up to `wait` s) until they are all gone."""
    with contextlib.suppress(OSError):
        os.killpg(root, signal.SIGSTOP)
    pids = tree_pids(root)
    with contextlib.suppress(OSError):
        os.killpg(root, signal.SIGKILL)
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + wait
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.005)  # SIGKILL is delivered asynchronously


def _running(pid: int) -> bool:
    """Not yet dead (a zombie waiting for its reaper counts as dead)."""
    fields = _stat_fields(pid)
    return bool(fields) and fields[0] not in ("Z", "X")
