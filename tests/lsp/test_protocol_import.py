"""The start-up cache of attrs' compiled scripts for `lsprotocol.types` (protocol_import).

Each case runs a fresh interpreter (the import happens once per process) with its own
cache home, and checks that the types built from cached code behave as compiled ones do."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from torchlint.lsp.protocol_import import DISABLE_ENV

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX cache home and modes")

# Imports the types, then exercises generated __init__/__eq__/__repr__ and the converter.
_CHILD = """
import json
from torchlint.lsp.protocol_import import import_protocol_types, cache_file
counts = import_protocol_types()
from lsprotocol import types
from pygls.protocol import default_converter
d = types.Diagnostic(range=types.Range(types.Position(1, 2), types.Position(1, 5)), message="m",
                     code="TL101", source="torchlint")
conv = default_converter()
again = conv.structure(conv.unstructure(d), types.Diagnostic)
assert again == d and again is not d, (again, d)
assert "TL101" in repr(d)
print(json.dumps({**counts, "file": str(cache_file())}))
"""


def _run(home: Path, **env: str) -> dict[str, object]:
    environ = {k: v for k, v in os.environ.items() if k != DISABLE_ENV}
    environ.update(XDG_CACHE_HOME=str(home), **env)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        capture_output=True,
        text=True,
        env=environ,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_second_start_reuses_every_compiled_script(tmp_path: Path) -> None:
    first = _run(tmp_path)
    assert first["reused"] == 0
    assert isinstance(first["compiled"], int) and first["compiled"] > 400
    cache = Path(str(first["file"]))
    assert cache.parent.parent == tmp_path
    assert stat.S_IMODE(cache.stat().st_mode) == 0o600
    second = _run(tmp_path)
    assert second == {**first, "reused": first["compiled"], "compiled": 0}


def test_corrupt_cache_is_replaced(tmp_path: Path) -> None:
    cache = Path(str(_run(tmp_path)["file"]))
    cache.write_bytes(b"\x00not marshal")
    cache.chmod(0o600)
    again = _run(tmp_path)
    assert again["reused"] == 0 and isinstance(again["compiled"], int) and again["compiled"] > 400
    assert _run(tmp_path)["compiled"] == 0


def test_cache_writable_by_others_is_not_loaded(tmp_path: Path) -> None:
    cache = Path(str(_run(tmp_path)["file"]))
    cache.chmod(0o666)
    assert _run(tmp_path)["reused"] == 0


def test_switch_turns_it_off(tmp_path: Path) -> None:
    result = _run(tmp_path, **{DISABLE_ENV: "1"})
    assert (result["reused"], result["compiled"]) == (0, 0)
    assert not (tmp_path / "torchlint").exists()


def test_unusable_cache_home_still_imports(tmp_path: Path) -> None:
    home = tmp_path / "a-file"  # a cache home that cannot hold a folder, even for root
    home.write_text("", encoding="utf-8")
    result = _run(home)
    assert isinstance(result["compiled"], int) and result["compiled"] > 400
    assert home.read_text(encoding="utf-8") == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_no_home_directory_still_imports(tmp_path: Path) -> None:
    # no XDG_CACHE_HOME, no HOME and no passwd entry: Path.home() raises
    child = (
        "import os, pwd, json\n"
        "os.environ.pop('XDG_CACHE_HOME', None); os.environ.pop('HOME', None)\n"
        "def nobody(uid): raise KeyError(uid)\n"
        "pwd.getpwuid = nobody\n"
        "from torchlint.lsp.protocol_import import import_protocol_types\n"
        "print(json.dumps(import_protocol_types()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    counts = json.loads(done.stdout)
    assert counts["reused"] == 0 and counts["compiled"] > 400  # no cache, and no failure


def test_cache_reached_through_a_link_is_not_loaded(tmp_path: Path) -> None:
    cache = Path(str(_run(tmp_path)["file"]))
    real = tmp_path / "elsewhere.marshal"
    cache.rename(real)
    cache.symlink_to(real)
    assert _run(tmp_path)["reused"] == 0
    assert real.stat().st_size > 0  # the file the link pointed at was not overwritten...
    assert not cache.is_symlink()  # ...the link was replaced by a fresh cache
