"""The subprocess supervisor on its own, with plain Python children (no torch: fast)."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

from tests.probe.helpers import pid_gone
from torchlint.probe.process import run_supervised

SPAWN_AND_WAIT = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
open("child.pid", "w").write(str(child.pid))
{tail}
"""


def supervise(code: str, cwd: Path, **kwargs: object):  # type: ignore[no-untyped-def]
    options: dict[str, object] = {
        "cwd": str(cwd),
        "env": dict(os.environ),
        "timeout": 30.0,
        "max_rss_mb": None,
        "cancel": None,
        "output_limit": 1000,
        **kwargs,
    }
    return run_supervised([sys.executable, "-c", code], **options)  # type: ignore[arg-type]


def test_output_keeps_head_and_tail(tmp_path: Path) -> None:
    out = supervise("import sys; sys.stdout.write('a' * 100000 + 'END')", tmp_path)
    assert out.returncode == 0 and out.stopped is None
    assert out.stdout.total == 100003 and out.stdout.truncated
    text = out.stdout.text()
    assert text.startswith("aaa") and text.endswith("END") and "bytes not kept" in text
    assert len(out.stdout.data) < 1100


def test_timeout_kills_a_busy_loop_and_its_child(tmp_path: Path) -> None:
    code = SPAWN_AND_WAIT.format(tail="while True: pass")
    out = supervise(code, tmp_path, timeout=2.0)
    assert out.stopped == "timeout"
    assert pid_gone(int((tmp_path / "child.pid").read_text()))


def test_children_left_behind_are_killed_after_a_normal_exit(tmp_path: Path) -> None:
    # The child inherits stdout; without the kill the parent would wait on the pipe.
    out = supervise(SPAWN_AND_WAIT.format(tail="print('bye')"), tmp_path)
    assert out.stopped is None and out.returncode == 0
    assert out.wall_s < 20
    assert pid_gone(int((tmp_path / "child.pid").read_text()))


def test_memory_watch_stops_a_growing_process(tmp_path: Path) -> None:
    code = "x = []\nwhile True: x.append(bytearray(10_000_000))"
    out = supervise(code, tmp_path, max_rss_mb=150)
    assert out.stopped == "memory"
    assert out.peak_rss_mb is not None and out.peak_rss_mb > 150


def test_cancel(tmp_path: Path) -> None:
    cancel = threading.Event()
    cancel.set()
    out = supervise("while True: pass", tmp_path, cancel=cancel)
    assert out.stopped == "cancelled"
    assert out.wall_s < 5
