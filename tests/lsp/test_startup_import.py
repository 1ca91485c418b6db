"""The start-up cache of the methods attrs generates for `lsprotocol.types` and dataclasses
generates for the server's own modules (startup_import).

Each case runs a fresh interpreter (the import happens once per process) with its own
cache home, and checks that the classes built from cached code are those compiled ones
give: the same code, the same behaviour."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from torchlint.lsp.startup_import import DISABLE_ENV

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX cache home and modes")

# Imports the server, exercises generated __init__/__eq__/__repr__ and the converter, and
# prints a digest of every generated method of the protocol's and the engine's classes.
_CHILD = """
import dataclasses, hashlib, json, sys
from torchlint.lsp.startup_import import import_server_modules, cache_file
counts = import_server_modules()
from lsprotocol import types
from pygls.protocol import default_converter
d = types.Diagnostic(range=types.Range(types.Position(1, 2), types.Position(1, 5)), message="m",
                     code="TL101", source="torchlint")
conv = default_converter()
again = conv.structure(conv.unstructure(d), types.Diagnostic)
assert again == d and again is not d, (again, d)
assert "TL101" in repr(d)
from torchlint.analysis.facts import Tensor, Tri
t = Tensor(rg=Tri.YES)
assert t.evolve(rank=2).rank == 2 and t.rg is Tri.YES and "rank=None" in repr(t)

def code_digest(code):
    consts = [code_digest(c) if hasattr(c, "co_code") else repr(c) for c in code.co_consts]
    return (code.co_code.hex(), consts, code.co_names, code.co_varnames, code.co_flags)

digest = hashlib.sha256()
for name in sorted(sys.modules):
    if not name.startswith(("torchlint", "lsprotocol")):
        continue
    for cls in sorted(
        (c for c in vars(sys.modules[name]).values() if isinstance(c, type)),
        key=lambda c: c.__qualname__,
    ):
        if not (dataclasses.is_dataclass(cls) or hasattr(cls, "__attrs_attrs__")):
            continue
        for attr in sorted(vars(cls)):
            fn = vars(cls)[attr]
            code = getattr(fn, "__code__", None)
            if code is not None and code.co_filename.startswith("<"):  # generated
                ann = {k: repr(v) for k, v in getattr(fn, "__annotations__", {}).items()}
                digest.update(repr((name, cls.__qualname__, attr, code_digest(code), ann)).encode())
print(json.dumps({**counts, "file": str(cache_file()), "digest": digest.hexdigest()}))
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


def test_cached_code_is_the_compiled_code(tmp_path: Path) -> None:
    """The methods of every attrs class of the protocol and every dataclass of the server
    are the same code, with the same annotations, from the cache as from the compiler."""
    plain = _run(tmp_path / "off", **{DISABLE_ENV: "1"})
    compiled = _run(tmp_path / "on")
    reused = _run(tmp_path / "on")
    assert compiled["compiled"] and reused["reused"] == compiled["compiled"]
    assert plain["digest"] == compiled["digest"] == reused["digest"]


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
        "from torchlint.lsp.startup_import import import_server_modules\n"
        "print(json.dumps(import_server_modules()))\n"
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
