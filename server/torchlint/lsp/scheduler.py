"""When analyses run: at most one at a time per document (or notebook), always on the
newest text, and published only while still current.

The engine runs in a worker thread, or on the event loop when it recently took under
`INLINE_S` (two thread hand-offs would cost more). The cyclic garbage collector is paused
from the start of an analysis to its publication and run right after: the engine makes
many objects and leaves its garbage in reference cycles, and the collection passes they
cause (20-80 ms on 2,000 lines, between the engine's return and the publication, or
inside the next analysis) then fall where nobody waits. Typing faster than the engine
coalesces by itself: edits that arrive while an analysis runs mark the unit dirty, and
the next round takes the newest text, skipping the ones in between. Only a burst of
edits to a unit whose recent analyses were slow is debounced (see `SLOW_S`): a lone
keystroke is analysed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

from torchlint.lsp.diagnostics import Analysed, Outcome
from torchlint.lsp.guard import Guard
from torchlint.lsp.snapshots import Snapshot

log = logging.getLogger(__name__)

SLOW_S = 0.5  # a unit analysed slower than this (3 times running) waits for a pause...
DEBOUNCE_S = 0.3  # ...of this long before analysing again
INLINE_S = 0.01  # a unit analysed faster than this (3 times running) is analysed inline...
INLINE_CHARS = 20_000  # ...if its text is no longer than this (a paste may make it slow)
GC_PAUSE_CHARS = 400_000  # larger texts analyse with the collector on (their garbage is big)


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
    recent: deque[float] = field(default_factory=lambda: deque(maxlen=3))  # engine seconds

    def slow(self) -> bool:
        """Every recent analysis was slow (one slow outlier does not make a unit slow)."""
        return bool(self.recent) and min(self.recent) > SLOW_S

    def fast(self) -> bool:
        """Every recent analysis was fast."""
        return bool(self.recent) and max(self.recent) < INLINE_S

    waiters: list[asyncio.Future[None]] = field(default_factory=list)


class Scheduler:
    def __init__(
        self,
        *,
        snapshot: Callable[[str], Snapshot | None],
        engine: Callable[[Snapshot], Analysed],
        present: Callable[[Snapshot, Analysed], Outcome],
        publish: Callable[[Outcome], None],
        is_current: Callable[[Snapshot], bool],
        guard: Guard,
        workers: int = 2,
    ) -> None:
        self._snapshot = snapshot
        self._engine = engine  # worker thread
        self._present = present  # event loop
        self._publish = publish
        self._is_current = is_current
        self._guard = guard
        self._pool = DaemonPool(workers, "torchlint-analysis")
        self._units: dict[str, _Unit] = {}
        self._gc_holds = 0

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

    @contextlib.contextmanager
    def _gc_paused(self, pause: bool) -> Iterator[None]:
        """No cyclic garbage collection while an analysis runs and is published (nested
        holds from concurrent units count); collected right after. Event loop only."""
        if not pause:
            yield
            return
        self._gc_holds += 1
        if self._gc_holds == 1:
            gc.disable()
        try:
            yield
        finally:
            self._gc_holds -= 1
            if self._gc_holds == 0:
                gc.enable()

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
                if unit.typing and unit.slow():
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
                with self._gc_paused(len(snap.text) <= GC_PAUSE_CHARS):
                    if unit.fast() and len(snap.text) <= INLINE_CHARS:
                        analysed = self._engine(snap)  # cheaper than two thread hand-offs
                    else:
                        analysed = await loop.run_in_executor(self._pool, self._engine, snap)
                    if not analysed.result.reused:  # taking over costs a parse: not a speed
                        unit.recent.append(analysed.seconds)
                    stale = self._units.get(key) is not unit or not self._is_current(snap)
                    if stale:  # a newer text is on its way (dirty is set), or it was closed
                        outcome = None
                    else:
                        outcome = self._present(snap, analysed)
                        self._publish(outcome)
                        previous, unit.outcome = unit.outcome, outcome
                        del previous
                if outcome is not None:
                    log.debug(
                        "published %s v%s: engine %.2f ms, call %.2f ms, snapshot to publish %.2f ms%s",
                        key,
                        snap.parts[0].version if snap.parts else None,
                        analysed.seconds * 1000,
                        analysed.call_seconds * 1000,
                        (time.perf_counter() - asked) * 1000,
                        ", taken over" if analysed.result.reused else "",
                    )
                if self._gc_holds == 0:
                    gc.collect()  # what the pause left, now that nobody waits
                if outcome is None:
                    continue
                self._wake(unit)
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
