"""Importing the server fast: the methods attrs and dataclasses generate, compiled once.

`lsprotocol.types` defines about 570 attrs classes, and the server's own modules about 100
dataclasses. For each one attrs or dataclasses writes the source of its `__init__`,
`__repr__`, `__eq__`, ... and compiles it: about a third of the server's start-up, the same
text on every start. `import_server_modules` keeps the compiled code of those scripts in
the user's cache directory (marshal, keyed by a hash of the script, its file name and its
compiler flags; the cache's own name carries the interpreter's bytecode version and the
environment), so later starts only evaluate it. The code objects are exactly what
`compile` gives for the same text with the same flags.

Anything unexpected falls back to the plain import: an attrs without the hook, a
dataclasses module that does not compile through `exec`, no cache directory, an
unreadable, corrupt or foreign cache file (another owner, writable by others, a link, in a
folder that is not private to the user).
`TORCHLINT_NO_STARTUP_CACHE=1` turns it off.
"""

from __future__ import annotations
import __future__

import builtins
import contextlib
import hashlib
import importlib
import importlib.util
import logging
import marshal
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import CodeType
from typing import Any

log = logging.getLogger(__name__)

DISABLE_ENV = "TORCHLINT_NO_STARTUP_CACHE"
SERVER_MODULE = "torchlint.lsp.server"
_Codes = dict[bytes, CodeType]
_FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag


def _future_flags(function: Callable[..., object]) -> int:
    """The `from __future__` flags a `compile` or `exec` called in `function`'s module
    inherits (attr/_make.py has `annotations`; dataclasses.py has none)."""
    code = getattr(function, "__code__", None)
    return code.co_flags & _FUTURE_FLAGS if isinstance(code, CodeType) else 0


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
    name = f"startup-{sys.implementation.cache_tag}-{magic}-{env}.marshal"
    return home / "torchlint" / name


class _CodeCache:
    """Compiled scripts by key: those loaded from the cache file, and those used this run."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.cached = _load(path) if path is not None else {}
        self.used: _Codes = {}
        self.fresh: set[bytes] = set()

    def code(self, script: str, filename: str, flags: int) -> CodeType:
        text = f"{filename}\0{flags}\0{script}"
        key = hashlib.blake2b(text.encode(), digest_size=16).digest()
        code = self.cached.get(key)
        if code is None:
            code = compile(script, filename, "exec", flags=flags, dont_inherit=True)
            self.fresh.add(key)
        self.used[key] = code
        return code

    def store(self) -> None:
        if self.fresh and self.path is not None:
            _store(self.path, self.used)  # only what this version used: never accumulates

    def counts(self) -> dict[str, int]:
        return {"reused": len(self.used) - len(self.fresh), "compiled": len(self.fresh)}


def import_server_modules() -> dict[str, int]:
    """Import `lsprotocol.types` and the server (once each), using and refreshing the
    compiled-script cache.

    Returns counts for logging: scripts found in the cache (`reused`) and compiled now
    (`compiled`); both 0 when the cache was not used."""
    if os.environ.get(DISABLE_ENV):
        importlib.import_module("lsprotocol.types")
        importlib.import_module(SERVER_MODULE)
        return {"reused": 0, "compiled": 0}
    try:
        path = cache_file()
    except Exception:  # a cache is never worth a failed start
        path = None
    cache = _CodeCache(path)
    with _attrs_compiled_by(cache):
        importlib.import_module("lsprotocol.types")
    with _dataclasses_compiled_by(cache):
        importlib.import_module(SERVER_MODULE)
    cache.store()
    return cache.counts()


@contextlib.contextmanager
def _attrs_compiled_by(cache: _CodeCache) -> Iterator[None]:
    """attrs' scripts compiled through `cache` meanwhile (attrs' own hook for it)."""
    try:
        import attr._make as attrs_make

        original: Callable[..., None] = attrs_make._compile_and_eval
    except (ImportError, AttributeError):  # another attrs: its own way is the only way
        yield
        return

    flags = _future_flags(original)

    def compile_and_eval(
        script: str,
        globs: dict[str, Any] | None,
        locs: Mapping[str, object] | None = None,
        filename: str = "",
    ) -> None:
        eval(cache.code(script, filename, flags), globs, locs)  # as attrs does

    attrs_make._compile_and_eval = compile_and_eval
    try:
        yield
    finally:
        attrs_make._compile_and_eval = original


@contextlib.contextmanager
def _dataclasses_compiled_by(cache: _CodeCache) -> Iterator[None]:
    """dataclasses' generated methods compiled through `cache` meanwhile: `dataclasses`
    runs its text with `exec(text, globals, namespace)`; a module-level `exec` there shadows
    the builtin for that module alone, and takes only that call's shape."""
    import dataclasses

    if hasattr(dataclasses, "exec"):  # something else hooks it already: leave it be
        yield
        return

    flags = _future_flags(dataclasses.fields)

    def cached_exec(
        source: object,
        globs: dict[str, Any] | None = None,
        locs: Mapping[str, object] | None = None,
    ) -> None:
        if isinstance(source, str):
            source = cache.code(source, "<string>", flags)
        builtins.exec(source, globs, locs)  # type: ignore[arg-type]

    setattr(dataclasses, "exec", cached_exec)  # noqa: B010 (a new module attribute)
    try:
        yield
    finally:
        delattr(dataclasses, "exec")


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
            # one read: marshal.load on a stream reads it in many small pieces (7x slower)
            data = marshal.loads(stream.read())
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
