"""Across files: the engine asks for imported workspace modules; jedi finds them, off the
event loop and off the analysis path.

The engine calls the resolver synchronously while it analyses. The resolver answers from
a cache at once (None when it does not know yet) and queues the question for one jedi
thread (jedi is not thread-safe). When an answer lands, the documents that asked are
analysed again; when an imported file changes, the documents that used it are. So the
first diagnostics never wait for jedi, and a keystroke never runs it.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from torchlint.config import Config
from torchlint.engine import ForeignModule, Resolver
from torchlint.lsp.guard import Guard

log = logging.getLogger(__name__)

_WARM_AFTER_S = 1.0  # jedi starts once the first diagnostics are out, or after this long
_EXCLUDED = Config()  # DEFAULT_EXCLUDE: virtual environments, site-packages, build output


@dataclass(frozen=True, slots=True)
class _Question:
    directory: str | None  # the importing file's folder (None: untitled)
    module: str
    level: int


class CrossFile:
    def __init__(
        self,
        *,
        folders: Callable[[], list[str]],
        open_text: Callable[[str], str | None],
        on_resolved: Callable[[set[str]], None],
        guard: Guard,
        on_warm: Callable[[], None] | None = None,
    ) -> None:
        self._folders = folders  # workspace folder paths (called from the jedi thread)
        self._open_text = open_text  # path -> text of the open document, if it is open
        self._on_resolved = on_resolved  # called from the jedi thread with the units to redo
        self._guard = guard
        self._on_warm = on_warm  # called in the jedi thread once start-up work is done
        self._lock = threading.Lock()
        self._answers: dict[_Question, str | None] = {}
        self._askers: dict[_Question, set[str]] = {}
        self._users: dict[str, set[str]] = {}  # imported path -> units whose analysis used it
        self._disk: dict[str, tuple[tuple[int, int], str]] = {}
        self._queue: queue.Queue[_Question | None] = queue.Queue()
        self._go = threading.Event()
        self._thread: threading.Thread | None = None
        self._projects: dict[str, Any] = {}
        self.ready = threading.Event()  # set once jedi is imported and warm
        self._stopping = threading.Event()

    # -- lifecycle ----------------------------------------------------------------------
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="torchlint-jedi", daemon=True)
            self._thread.start()

    def first_diagnostics_out(self) -> None:
        self._go.set()

    def stop(self) -> None:
        self._stopping.set()
        self._go.set()
        self._queue.put(None)

    # -- the resolver handed to the engine (analysis threads) ----------------------------
    def resolver_for(self, unit: str, fs_path: str | None) -> Resolver:
        directory = os.path.dirname(fs_path) if fs_path else None

        def resolve(module: str, level: int) -> ForeignModule | None:
            if not _could_be_ours(module, level):
                return None
            question = _Question(directory, module, level)
            with self._lock:
                known = question in self._answers
                path = self._answers.get(question)
                if not known:
                    self._askers.setdefault(question, set()).add(unit)
                    first = len(self._askers[question]) == 1
                else:
                    first = False
                    if path is not None:
                        self._users.setdefault(path, set()).add(unit)
            if not known:
                if first:
                    self._queue.put(question)
                return None
            if path is None or path == fs_path:
                return None
            text = self._text(path)
            return ForeignModule(path, text) if text is not None else None

        return resolve

    def _text(self, path: str) -> str | None:
        text = self._open_text(path)
        if text is not None:
            return text
        try:
            st = os.stat(path)
        except OSError:
            return None
        stamp = (st.st_mtime_ns, st.st_size)
        with self._lock:
            cached = self._disk.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
        with self._lock:
            self._disk[path] = (stamp, text)
        return text

    # -- invalidation (event loop) ---------------------------------------------------------
    def changed(self, path: str) -> set[str]:
        """`path` changed (edited, saved, or on disk): the units that used it."""
        with self._lock:
            self._disk.pop(path, None)
            return set(self._users.get(path, ()))

    def files_added_or_removed(self) -> None:
        """Modules may now resolve elsewhere: ask jedi again next time."""
        with self._lock:
            self._answers.clear()
            self._askers.clear()

    def forget_unit(self, unit: str) -> None:
        with self._lock:
            for users in self._users.values():
                users.discard(unit)
            for askers in self._askers.values():
                askers.discard(unit)

    # -- the jedi thread --------------------------------------------------------------------
    def _work(self) -> None:
        self._go.wait(_WARM_AFTER_S)
        if self._stopping.is_set():
            return
        jedi = self._guard.call("jedi start-up", None, self._warm_unless_stopped)
        if self._on_warm is not None:
            self._guard.call("start-up", None, self._on_warm)
        while True:
            question = self._queue.get()
            if question is None:
                return
            path = None
            if jedi is not None or not question.module:
                path = self._guard.call("import resolution", None, partial(self._find, question))
            with self._lock:
                self._answers[question] = path
                askers = self._askers.pop(question, set())
                if path is not None:
                    self._users.setdefault(path, set()).update(askers)
            if path is not None and askers:
                log.debug("resolved %s (level %d) to %s", question.module, question.level, path)
                self._guard.call("re-analysis", None, partial(self._on_resolved, askers))

    def _warm_unless_stopped(self) -> Any:
        try:
            return self._warm()
        except Exception:
            if self._stopping.is_set():
                # The server is exiting: jedi's own exit handler killed its subprocess
                # under the warm-up. Nothing failed that anyone will use.
                return None
            raise

    def _warm(self) -> Any:
        import jedi

        # Loads the grammar, builtins and typeshed. torch itself is not touched: only
        # workspace modules are resolved here, and parsing torch's stubs costs seconds.
        folders = self._folders()
        root = folders[0] if folders else os.getcwd()
        where = os.path.join(root, "__torchlint_warmup__.py")
        script = jedi.Script("import os\nos.path", path=where, project=self._project(jedi, root))
        script.goto(2, 4, follow_imports=True)
        self.ready.set()
        return jedi

    def _project(self, jedi: Any, root: str) -> Any:
        project = self._projects.get(root)
        if project is None:
            project = self._projects[root] = jedi.Project(path=root)
        return project

    def _root_of(self, directory: str | None) -> str | None:
        """The workspace folder holding `directory` (the deepest), else the directory."""
        folders = self._folders()
        inside = [f for f in folders if directory is not None and _inside(directory, f)]
        if inside:
            return max(inside, key=len)
        return directory or (folders[0] if folders else None)

    def _find(self, q: _Question) -> str | None:
        root = self._root_of(q.directory)
        if root is None:
            return None
        if not q.module:  # `from . import x`: the package's __init__
            if q.directory is None:
                return None
            base = Path(q.directory)
            for _ in range(max(0, q.level - 1)):
                base = base.parent
            found: Path | None = base / "__init__.py"
        else:
            found = self._jedi_find(q, root)
        if found is None or not found.is_file() or found.suffix != ".py":
            return None
        return str(found) if _in_workspace(found, root) else None

    def _jedi_find(self, q: _Question, root: str) -> Path | None:
        import jedi

        last = q.module.rsplit(".", 1)[-1]
        if q.level:
            code = f"from {'.' * q.level}{q.module} import _"
            column = len("from ") + q.level + len(q.module) - len(last)
        else:
            code = f"import {q.module}"
            column = len("import ") + len(q.module) - len(last)
        where = os.path.join(q.directory or root, "__torchlint_import__.py")
        script = jedi.Script(code, path=where, project=self._project(jedi, root))
        for name in script.goto(1, column, follow_imports=True):
            if name.module_path is not None:
                return Path(name.module_path)
        return None


def _could_be_ours(module: str, level: int) -> bool:
    """Worth asking jedi: a relative import, or a valid name outside the standard library
    (jedi would parse the stdlib module only for us to throw the answer away)."""
    if level:
        return all(part.isidentifier() for part in module.split(".")) if module else True
    parts = module.split(".")
    return all(p.isidentifier() for p in parts) and parts[0] not in sys.stdlib_module_names


def _inside(path: str, folder: str) -> bool:
    try:
        return os.path.commonpath(
            [os.path.abspath(path), os.path.abspath(folder)]
        ) == os.path.abspath(folder)
    except ValueError:
        return False


def _in_workspace(path: Path, root: str) -> bool:
    """Inside the folder, and not in a virtual environment, site-packages or build output."""
    if not _inside(str(path), root):
        return False
    try:
        relative = Path(os.path.abspath(path)).relative_to(os.path.abspath(root))
    except ValueError:
        return False
    return not _EXCLUDED.is_excluded(relative.parent)
