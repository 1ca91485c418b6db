"""The runtime probe, seen from the editor (skeleton; filled in below the store)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer
    from torchlint.lsp.snapshots import Snapshot


@dataclass(frozen=True, slots=True)
class Overlay:
    """What a probe run adds to one analysis of the text it ran."""

    confirmed: dict[tuple[str, int], str] = field(default_factory=dict)
    extra: list[tuple[str, types.Diagnostic]] = field(default_factory=list)


EMPTY = Overlay()


class ProbeStore:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancels: dict[str, threading.Event] = {}

    def overlay(self, snap: Snapshot) -> Overlay:
        return EMPTY

    def observed(self, snap: Snapshot, row: int) -> str | None:
        return None

    def drop(self, key: str) -> None:
        pass

    def cancel_all(self) -> None:
        with self._lock:
            for event in self._cancels.values():
                event.set()


def register(server: TorchlintServer) -> None:
    pass
