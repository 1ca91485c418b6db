"""`guarded`: a handler that fails is logged once (by the server's Guard) and answers a
harmless default, so one broken feature never takes the others, or the server, down."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer

F = TypeVar("F", bound=Callable[..., Any])


def guarded(feature: str, default: Any = None) -> Callable[[F], F]:
    def decorate(fn: F) -> F:
        if asyncio.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(ls: TorchlintServer, *args: Any, **kwargs: Any) -> Any:
                try:
                    return await fn(ls, *args, **kwargs)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    ls.guard.failed(feature, exc)
                    return default

            return cast(F, run_async)

        @functools.wraps(fn)
        def run(ls: TorchlintServer, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(ls, *args, **kwargs)
            except Exception as exc:
                ls.guard.failed(feature, exc)
                return default

        return cast(F, run)

    return decorate
