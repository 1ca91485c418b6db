"""Failure isolation: an exception inside one feature is logged once and answered with a
harmless default, so the other features, and the server, go on.

"Once" means once per feature and place of failure: a hover that breaks on every
keystroke must not flood the log or the client's output.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from typing import Protocol, TypeVar

log = logging.getLogger("torchlint.lsp")

T = TypeVar("T")


class Reporter(Protocol):
    def __call__(self, message: str) -> None: ...


class Guard:
    def __init__(self, report: Reporter | None = None, limit: int = 512) -> None:
        self._report = report
        self._seen: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()
        self._limit = limit

    def set_reporter(self, report: Reporter) -> None:
        self._report = report

    def failed(self, feature: str, exc: BaseException) -> None:
        """Record a failure of `feature`; logs the first of each kind with its traceback."""
        frames = traceback.extract_tb(exc.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        key = (feature, f"{type(exc).__name__}@{where}")
        with self._lock:
            count = self._seen.get(key, 0) + 1
            if len(self._seen) < self._limit or key in self._seen:
                self._seen[key] = count
        if count == 1:
            log.error("%s failed: %s: %s", feature, type(exc).__name__, exc, exc_info=exc)
            if self._report is not None:
                tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                try:
                    self._report(
                        f"torchlint: {feature} failed (logged once; it keeps running): "
                        f"{type(exc).__name__}: {exc}\n{tb}"
                    )
                except Exception:  # the reporter itself must never raise into a feature
                    log.debug("could not report a failure to the client", exc_info=True)
        else:
            log.debug("%s failed again (%d times): %s", feature, count, exc)

    def call(self, feature: str, default: T, fn: Callable[[], T]) -> T:
        try:
            return fn()
        except Exception as exc:
            self.failed(feature, exc)
            return default

    def count(self, feature: str) -> int:
        with self._lock:
            return sum(n for (f, _), n in self._seen.items() if f == feature)
