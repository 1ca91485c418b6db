"""How the engine reaches other files of the workspace: a callback the caller provides.

The engine calls `resolver(module, level)` for each import of a non-torch module (level
is the number of leading dots of a relative import). The language server answers from a
cache filled by jedi in the background; the CLI answers from the file system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ForeignModule:
    path: str
    text: str


Resolver = Callable[[str, int], ForeignModule | None]
