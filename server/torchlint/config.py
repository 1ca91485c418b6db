"""Configuration: `[tool.torchlint]` in pyproject.toml, CLI flags and editor settings.

All sources are parsed by `parse_settings`, which never raises: invalid values are
reported as messages naming the setting, and the default is kept.
"""

from __future__ import annotations

import fnmatch
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from torchlint.findings import Severity

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".*",
    "__pycache__",
    "node_modules",
    "venv",
    ".venv",
    "build",
    "dist",
    "site-packages",
)


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] = ("TL",)  # code prefixes
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, Severity] = field(default_factory=dict)  # code or prefix -> severity
    exclude: tuple[str, ...] = ()  # glob patterns, added to DEFAULT_EXCLUDE
    extend_select: tuple[str, ...] = ()

    def is_enabled(self, code: str) -> bool:
        selected = _longest_prefix(code, self.select + self.extend_select)
        ignored = _longest_prefix(code, self.ignore)
        if selected < 0:
            return False
        # The more specific entry wins: select TL1 + ignore TL = TL1xx only.
        return ignored < 0 or selected > ignored

    def severity_of(self, code: str, default: Severity) -> Severity:
        best, chosen = -1, default
        for prefix, sev in self.severity.items():
            if code.startswith(prefix) and len(prefix) > best:
                best, chosen = len(prefix), sev
        return chosen

    def is_excluded(self, path: Path) -> bool:
        patterns = DEFAULT_EXCLUDE + self.exclude
        for part in path.parts:
            if part in (".", ".."):
                continue
            if any(fnmatch.fnmatch(part, pat) for pat in patterns):
                return True
        posix = path.as_posix()
        return any(fnmatch.fnmatch(posix, pat) for pat in self.exclude)


_SEVERITY_ALIASES: dict[str, Severity] = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "warn": Severity.WARNING,
    "information": Severity.INFORMATION,
    "info": Severity.INFORMATION,
    "hint": Severity.HINT,
}


def _longest_prefix(code: str, prefixes: Iterable[str]) -> int:
    best = -1
    for p in prefixes:
        if p == "ALL" or code.startswith(p):
            best = max(best, 0 if p == "ALL" else len(p))
    return best


def _as_codes(value: Any, key: str, errors: list[str]) -> tuple[str, ...] | None:
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        errors.append(f'`{key}` must be a list of rule codes or prefixes such as "TL1"')
        return None
    bad = [
        v
        for v in value
        if not (v == "ALL" or (v.startswith("TL") and v[2:].isdigit()) or v == "TL")
    ]
    if bad:
        errors.append(
            f"`{key}` has unknown rule codes {bad!r}: codes look like TL101 or a prefix TL1"
        )
        return None
    return tuple(value)


def parse_settings(data: Mapping[str, Any], base: Config | None = None) -> tuple[Config, list[str]]:
    """Apply a `[tool.torchlint]`-shaped mapping over `base`. Returns the config and errors."""
    cfg = base or Config()
    errors: list[str] = []
    known = {"select", "ignore", "severity", "exclude", "extend-select", "extend_select", "probe"}
    for key in data:
        if key not in known:
            errors.append(f"unknown setting `{key}` (known: select, ignore, severity, exclude)")
    if "select" in data and (codes := _as_codes(data["select"], "select", errors)) is not None:
        cfg = replace(cfg, select=codes)
    for key in ("extend-select", "extend_select"):
        if key in data and (codes := _as_codes(data[key], key, errors)) is not None:
            cfg = replace(cfg, extend_select=codes)
    if "ignore" in data and (codes := _as_codes(data["ignore"], "ignore", errors)) is not None:
        cfg = replace(cfg, ignore=codes)
    if "severity" in data:
        sev = data["severity"]
        if not isinstance(sev, Mapping):
            errors.append(
                "`severity` must be a table mapping rule codes to error|warning|information|hint"
            )
        else:
            merged = dict(cfg.severity)
            for code, level in sev.items():
                level_name = _SEVERITY_ALIASES.get(str(level).lower())
                if level_name is not None:
                    merged[str(code)] = level_name
                else:
                    errors.append(
                        f"`severity.{code}` is {level!r}: use error, warning, information or hint"
                    )
            cfg = replace(cfg, severity=merged)
    if "exclude" in data:
        ex = data["exclude"]
        if isinstance(ex, list) and all(isinstance(v, str) for v in ex):
            cfg = replace(cfg, exclude=tuple(ex))
        else:
            errors.append("`exclude` must be a list of glob patterns")
    return cfg, errors


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start` (a file or folder)."""
    here = start if start.is_dir() else start.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def load_pyproject(path: Path) -> tuple[Config, list[str]]:
    """Read `[tool.torchlint]` from a pyproject.toml; a broken file yields defaults and a message."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return Config(), [f"{path}: cannot read [tool.torchlint]: {exc}"]
    section = data.get("tool", {}).get("torchlint", {})
    if not isinstance(section, Mapping):
        return Config(), [f"{path}: [tool.torchlint] must be a table"]
    cfg, errors = parse_settings(section)
    return cfg, [f"{path}: {e}" for e in errors]
