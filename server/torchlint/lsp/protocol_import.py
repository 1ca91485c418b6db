"""Importing the protocol's types fast: attrs' generated methods compiled once per machine.

`lsprotocol.types` defines about 570 attrs classes. For each one attrs writes the source of
its `__init__`, `__repr__` and `__eq__` and compiles it: 40 % of the server's start-up, the
same text on every start. `import_protocol_types` keeps the compiled code of those scripts
in the user's cache directory (marshal, keyed by a hash of the script and its file name; the
cache's own name carries the interpreter's bytecode version and the environment), so later
starts only evaluate it. The code objects are exactly what `compile` gives for the same text.

Anything unexpected falls back to the plain import: an attrs without the hook, no cache
directory, an unreadable, corrupt or foreign cache file (another owner, writable by others,
a link, in a folder that is not private to the user).
`TORCHLINT_NO_STARTUP_CACHE=1` turns it off.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import logging
import marshal
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import CodeType
from typing import Any

log = logging.getLogger(__name__)

DISABLE_ENV = "TORCHLINT_NO_STARTUP_CACHE"
_Codes = dict[bytes, CodeType]


def cache_file() -> Path | None:
    """Where the compiled scripts live for this interpreter, or None without a cache home."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        home = Path(base) if base else None
    else:
        base = os.environ.get("XDG_CACHE_HOME")
        try:
            home = Path(base) if base else Path.home() / ".cache"
        except (RuntimeError, KeyError):  # no HOME and no passwd entry (a container's uid)
            return None
    if home is None:
        return None
    magic = importlib.util.MAGIC_NUMBER.hex()
    # One file per environment: two with different attrs would otherwise evict each other.
    env = hashlib.blake2b(sys.prefix.encode(), digest_size=4).hexdigest()
    name = f"protocol-{sys.implementation.cache_tag}-{magic}-{env}.marshal"
    return home / "torchlint" / name


def import_protocol_types() -> dict[str, int]:
    """Import `lsprotocol.types` (once), using and refreshing the compiled-script cache.

    Returns counts for logging: scripts found in the cache (`reused`) and compiled now
    (`compiled`); both 0 when the cache was not used."""
    counts = {"reused": 0, "compiled": 0}
    if "lsprotocol.types" in sys.modules or os.environ.get(DISABLE_ENV):
        import lsprotocol.types

        return counts
    try:
        import attr._make as attrs_make

        original: Callable[..., None] = attrs_make._compile_and_eval
    except (ImportError, AttributeError):  # another attrs: its own way is the only way
        import lsprotocol.types

        return counts
    try:
        path = cache_file()
    except Exception:  # a cache is never worth a failed start
        path = None
    cached = _load(path) if path is not None else {}
    used: _Codes = {}
    fresh: set[bytes] = set()

    def compile_and_eval(
        script: str,
        globs: dict[str, Any] | None,
        locs: Mapping[str, object] | None = None,
        filename: str = "",
    ) -> None:
        key = hashlib.blake2b(f"{filename}\0{script}".encode(), digest_size=16).digest()
        code = cached.get(key)
        if code is None:
            code = compile(script, filename, "exec")
            fresh.add(key)
        used[key] = code
        eval(code, globs, locs)  # attrs' own generated methods, evaluated as attrs does

    attrs_make._compile_and_eval = compile_and_eval
    try:
        import lsprotocol.types  # noqa: F401
    finally:
        attrs_make._compile_and_eval = original
    counts["reused"] = len(used) - len(fresh)
    counts["compiled"] = len(fresh)
    if fresh and path is not None:
        _store(path, used)  # only what this version used: the file never accumulates
    return counts


def _load(path: Path) -> _Codes:
    try:
        if not _trusted(os.stat(path.parent, follow_symlinks=False)):
            log.warning("ignoring %s: its folder is not private to this user", path)
            return {}
        # not through a link: a link planted there could point at any file of the user's
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as stream:
            if not _trusted(os.fstat(stream.fileno())):
                log.warning("ignoring %s: not private to this user", path)
                return {}
            data = marshal.load(stream)
    except FileNotFoundError:
        return {}
    except (OSError, EOFError, ValueError, TypeError) as exc:
        log.info("ignoring the start-up cache %s: %s", path, exc)
        return {}
    if not isinstance(data, dict) or not all(
        isinstance(k, bytes) and isinstance(v, CodeType) for k, v in data.items()
    ):
        return {}
    return data


def _trusted(stat: os.stat_result) -> bool:
    """Code is loaded from it: it must be the user's own and writable by nobody else."""
    if sys.platform == "win32":
        return True
    return stat.st_uid == os.getuid() and not stat.st_mode & 0o022


def _store(path: Path, codes: _Codes) -> None:
    # Written aside and renamed: a server starting meanwhile reads the old file or the new.
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        # a new file only (not an old one, not through a link), private from the start
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        with os.fdopen(os.open(temporary, flags, 0o600), "wb") as stream:
            marshal.dump(codes, stream)
        os.replace(temporary, path)
    except OSError as exc:  # read-only home, full disk: start as fast next time as now
        log.info("could not write the start-up cache %s: %s", path, exc)
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
