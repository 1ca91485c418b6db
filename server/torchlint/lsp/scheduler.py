"""When analyses run: at most one at a time per document (or notebook), always on the
newest text, and published only while still current.

Analyses that took under `INLINE_S` last time run on the event loop (two thread
hand-offs would cost more than they do); the rest run in a worker thread. Typing faster
than the engine coalesces by itself: edits that arrive while an analysis runs mark the
unit dirty, and the next round takes the newest text, skipping the ones in between.
Only a burst of edits to a unit whose last analysis was slow is debounced (see
`SLOW_S`): a lone keystroke is analysed at once.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

from torchlint.lsp.diagnostics import Outcome
from torchlint.lsp.guard import Guard
from torchlint.lsp.snapshots import Snapshot

log = logging.getLogger(__name__)

SLOW_S = 0.5  # a unit analysed slower than this waits for a pause in typing...
DEBOUNCE_S = 0.3  # ...of this long before analysing again
INLINE_S = 0.01  # a unit analysed faster than this is analysed on the event loop...
INLINE_CHARS = 20_000  # ...if its text is no longer than this (a paste may make it slow)


T = TypeVar("T")


class DaemonPool(Executor):
    """A thread pool whose threads do not hold up the exit of the process (an analysis
    of a huge file still running when the client says `exit` is simply dropped)."""

    def __init__(self, workers: int, name: str) -> None:
        self._jobs: queue.SimpleQueue[
            tuple[Future[Any], Callable[..., Any], tuple[Any, ...]] | None
        ]
        self._jobs = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True)
            for i in range(workers)
        ]
        for t in self._threads:
            t.start()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        call = (lambda: fn(*args, **kwargs)) if kwargs else fn
        self._jobs.put((future, call, () if kwargs else args))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for _ in self._threads:
            self._jobs.put(None)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, fn, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # handed to whoever awaits the future
                future.set_exception(exc)


@dataclass(slots=True)
class _Unit:
    dirty: bool = False
    typing: bool = False  # the newest request came within DEBOUNCE_S of the previous edit
    last_edit: float = 0.0  # time.monotonic() of the last edit
    delay: float = 0.0  # asked to wait this long first (documents importing an edited one)
    task: asyncio.Task[None] | None = None
    outcome: Outcome | None = None
    last_seconds: float = 0.0
    waiters: list[asyncio.Future[None]] = field(default_factory=list)


class Scheduler:
    def __init__(
        self,
        *,
        snapshot: Callable[[str], Snapshot | None],
        analyse: Callable[[Snapshot], Outcome],
        publish: Callable[[Outcome], None],
        is_current: Callable[[Snapshot], bool],
        guard: Guard,
        workers: int = 2,
    ) -> None:
        self._snapshot = snapshot
        self._analyse = analyse
        self._publish = publish
        self._is_current = is_current
        self._guard = guard
        self._pool = DaemonPool(workers, "torchlint-analysis")
        self._units: dict[str, _Unit] = {}

    # -- requests (event loop) ------------------------------------------------------------
    def request(self, key: str, *, typing: bool = False, delay: float = 0.0) -> None:
        unit = self._units.get(key)
        if unit is None:
            unit = self._units[key] = _Unit()
        unit.dirty = True
        now = time.monotonic()
        unit.typing = typing and now - unit.last_edit < DEBOUNCE_S  # a burst, not one key
        if typing:
            unit.last_edit = now
        unit.delay = delay
        if unit.task is None:
            unit.task = asyncio.get_running_loop().create_task(self._drive(key, unit))

    def forget(self, key: str) -> None:
        """The unit is closed: stop its work and drop what it had."""
        unit = self._units.pop(key, None)
        if unit is None:
            return
        if unit.task is not None:
            unit.task.cancel()
        self._wake(unit)

    def keys(self) -> list[str]:
        return list(self._units)

    def latest(self, key: str) -> Outcome | None:
        unit = self._units.get(key)
        return unit.outcome if unit is not None else None

    async def current(self, key: str, timeout: float = 5.0) -> Outcome | None:
        """The outcome for the unit's current text, waiting for the analysis if it runs."""
        deadline = time.monotonic() + timeout
        requested = False
        while True:
            unit = self._units.get(key)
            outcome = unit.outcome if unit is not None else None
            if outcome is not None and self._is_current(outcome.snapshot):
                return outcome
            if unit is None or unit.task is None:
                if requested:
                    return None  # a round ran and left nothing current: closed
                self.request(key)
                requested = True
                unit = self._units[key]
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            unit.waiters.append(waiter)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                await asyncio.wait_for(waiter, remaining)
            except TimeoutError:
                return None

    def shutdown(self) -> None:
        for unit in self._units.values():
            if unit.task is not None:
                unit.task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)

    # -- the loop of one unit ---------------------------------------------------------------
    async def _drive(self, key: str, unit: _Unit) -> None:
        loop = asyncio.get_running_loop()
        try:
            while unit.dirty:
                wait = unit.delay
                if unit.typing and unit.last_seconds > SLOW_S:
                    wait = max(wait, DEBOUNCE_S)
                unit.delay = 0.0
                if wait > 0:
                    unit.dirty = False
                    await asyncio.sleep(wait)
                    if unit.dirty:
                        continue  # asked again meanwhile: that request decides the wait
                unit.dirty = False
                asked = time.perf_counter()
                snap = self._snapshot(key)
                if snap is None:  # closed meanwhile
                    if self._units.get(key) is unit:
                        del self._units[key]
                    break
                if 0 < unit.last_seconds < INLINE_S and len(snap.text) <= INLINE_CHARS:
                    outcome = self._analyse(snap)  # cheaper than two thread hand-offs
                else:
                    outcome = await loop.run_in_executor(self._pool, self._analyse, snap)
                unit.last_seconds = outcome.seconds
                if self._units.get(key) is not unit or not self._is_current(snap):
                    continue  # a newer text is on its way (dirty is set) or it was closed
                unit.outcome = outcome
                self._publish(outcome)
                self._wake(unit)
                log.debug(
                    "published %s v%s: engine %.2f ms, snapshot to publish %.2f ms",
                    key,
                    snap.parts[0].version if snap.parts else None,
                    outcome.seconds * 1000,
                    (time.perf_counter() - asked) * 1000,
                )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._guard.failed("analysis", exc)
        finally:
            unit.task = None
            self._wake(unit)

    @staticmethod
    def _wake(unit: _Unit) -> None:
        waiters, unit.waiters = unit.waiters, []
        for w in waiters:
            if not w.done():
                w.set_result(None)
