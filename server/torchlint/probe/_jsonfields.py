"""Typed reads from parsed JSON: a missing or mistyped field gives the default.

The runner's report comes from another interpreter (and may be cut short by a timeout),
so nothing in it is trusted to have the right shape.
"""

from __future__ import annotations

from collections.abc import Mapping

JSONObject = Mapping[str, object]


def obj(value: object) -> JSONObject:
    return value if isinstance(value, dict) else {}


def objs(value: object) -> list[JSONObject]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def text(data: JSONObject, key: str, default: str = "") -> str:
    value = data.get(key)
    return value if isinstance(value, str) else default


def opt_text(data: JSONObject, key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) else None


def texts(data: JSONObject, key: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list):
        return ()
    return tuple(item for item in value if isinstance(item, str))


def integer(data: JSONObject, key: str, default: int = 0) -> int:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def opt_integer(data: JSONObject, key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def integers(data: JSONObject, key: str) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list):
        return ()
    return tuple(i for i in value if isinstance(i, int) and not isinstance(i, bool))


def opt_number(data: JSONObject, key: str) -> float | None:
    value = data.get(key)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def flag(data: JSONObject, key: str, default: bool = False) -> bool:
    value = data.get(key)
    return value if isinstance(value, bool) else default


def opt_flag(data: JSONObject, key: str) -> bool | None:
    value = data.get(key)
    return value if isinstance(value, bool) else None


Scalar = str | int | float | bool | None


def scalars(value: object) -> dict[str, Scalar]:
    """A flat mapping of scalar values (the `details` of a finding)."""
    out: dict[str, Scalar] = {}
    for key, item in obj(value).items():
        if item is None or isinstance(item, (str, int, float, bool)):
            out[key] = item
    return out
