"""Settings: editor settings merged over `[tool.torchlint]` of the document's pyproject.toml.

Editor settings come from `initializationOptions` and the `torchlint` section of
`workspace/configuration` (per workspace folder). Rule settings go through the engine's
`parse_settings`; `probe.*` is parsed here. Nothing raises: an invalid value is reported
once (naming the setting) and its default is used.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from torchlint.config import Config, find_pyproject, load_pyproject, parse_settings

PROBE_DEVICES = ("auto", "cpu", "cuda")
RULE_KEYS = ("select", "ignore", "severity", "exclude", "extend-select", "extend_select")
# Settings of the client alone (how to start the server, tracing): not ours to judge.
CLIENT_KEYS = ("interpreter", "trace", "path", "importStrategy", "showNotifications")


@dataclass(frozen=True, slots=True)
class ProbeSettings:
    enabled: bool = False
    device: str = "auto"
    timeout: float = 60.0


@dataclass(frozen=True, slots=True)
class EditorSettings:
    rules: Mapping[str, Any]  # the rule keys, as given; parse_settings checks them
    probe: ProbeSettings
    errors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Settings:
    """What one document is analysed with."""

    config: Config
    probe: ProbeSettings


def unwrap(raw: object) -> Mapping[str, Any]:
    """The torchlint settings object, whether given bare or as `{"torchlint": {...}}`."""
    if not isinstance(raw, Mapping):
        return {}
    inner = raw.get("torchlint")
    if isinstance(inner, Mapping):
        return inner
    return raw


def parse_editor_settings(raw: object) -> EditorSettings:
    data = unwrap(raw)
    errors: list[str] = []
    if raw is not None and not isinstance(raw, Mapping):
        errors.append(f"the torchlint settings must be an object, not {type(raw).__name__}")
    rules: dict[str, Any] = {}
    for key, value in data.items():
        if key in RULE_KEYS:
            if isinstance(value, list | tuple | Mapping) and len(value) == 0:
                continue  # empty means "not set": the pyproject's value stays
            if value is None:
                continue
            rules[key] = value
        elif key == "probe" or key in CLIENT_KEYS:
            continue
        else:
            errors.append(f"unknown setting `torchlint.{key}`")
    probe, probe_errors = _parse_probe(data.get("probe"))
    errors.extend(probe_errors)
    return EditorSettings(rules=rules, probe=probe, errors=tuple(errors))


def _parse_probe(raw: object) -> tuple[ProbeSettings, list[str]]:
    default = ProbeSettings()
    if raw is None:
        return default, []
    if not isinstance(raw, Mapping):
        return default, ["`torchlint.probe` must be an object with enabled, device and timeout"]
    errors: list[str] = []
    enabled = raw.get("enabled", default.enabled)
    if not isinstance(enabled, bool):
        errors.append(f"`torchlint.probe.enabled` is {enabled!r}: use true or false")
        enabled = default.enabled
    device = raw.get("device", default.device)
    if device not in PROBE_DEVICES:
        errors.append(f"`torchlint.probe.device` is {device!r}: use auto, cpu or cuda")
        device = default.device
    timeout = raw.get("timeout", default.timeout)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        errors.append(f"`torchlint.probe.timeout` is {timeout!r}: use a number of seconds above 0")
        timeout = default.timeout
    for key in raw:
        if key not in ("enabled", "device", "timeout"):
            errors.append(f"unknown setting `torchlint.probe.{key}`")
    return ProbeSettings(enabled=enabled, device=str(device), timeout=float(timeout)), errors


@dataclass(frozen=True, slots=True)
class _PyprojectEntry:
    stamp: tuple[int, int]  # (mtime_ns, size): re-read when either changes
    config: Config
    errors: tuple[str, ...]


class SettingsStore:
    """Editor settings per workspace folder and parsed pyproject files, merged on demand.

    Thread-safe: the analysis workers ask for settings while the event loop updates them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.generation = 0  # counts effective changes of the editor settings
        self._global = parse_editor_settings(None)
        self._folders: dict[str, EditorSettings] = {}  # folder path -> settings
        self._pyprojects: dict[Path, _PyprojectEntry] = {}
        self._nearest: dict[Path, Path | None] = {}  # folder -> nearest pyproject.toml
        self._merged: dict[
            tuple[int, int], tuple[EditorSettings, Config, Config, tuple[str, ...]]
        ] = {}

    # -- updates (event loop) ----------------------------------------------------------
    def set_global(self, raw: object) -> None:
        parsed = parse_editor_settings(raw)
        with self._lock:
            if parsed != self._global:
                self._global = parsed
                self._changed()

    def set_folder(self, folder: str, raw: object) -> None:
        parsed = parse_editor_settings(raw)
        with self._lock:
            if parsed != self._folders.get(folder):
                self._folders[folder] = parsed
                self._changed()

    def drop_folder(self, folder: str) -> None:
        with self._lock:
            if self._folders.pop(folder, None) is not None:
                self._changed()

    def _changed(self) -> None:
        self.generation += 1
        self._merged.clear()

    def pyproject_changed(self) -> None:
        """A pyproject.toml was created, changed or deleted somewhere: look again."""
        with self._lock:
            self._nearest.clear()
            self._pyprojects.clear()
            self._changed()

    # -- queries (any thread) -----------------------------------------------------------
    def editor_settings(self, folder: str | None) -> EditorSettings:
        with self._lock:
            if folder is not None and folder in self._folders:
                return self._folders[folder]
            return self._global

    def settings_for(self, path: str | None, folder: str | None) -> tuple[Settings, list[str]]:
        """Settings for a document at `path` (None: untitled) in `folder`, and every problem
        found on the way (invalid editor settings, a broken pyproject.toml)."""
        editor = self.editor_settings(folder)
        base, base_errors = self._pyproject_config(path, folder)
        key = (id(editor), id(base))
        with self._lock:
            cached = self._merged.get(key)
        # ids are reused once an object is gone: the entry keeps both and is checked.
        if cached is None or cached[0] is not editor or cached[1] is not base:
            config, errors = parse_settings(editor.rules, base)
            problems = (
                *base_errors,
                *editor.errors,
                *(f"{e} (editor setting `torchlint.*`)" for e in errors),
            )
            cached = (editor, base, config, problems)
            with self._lock:
                if len(self._merged) > 256:  # stale pairs of replaced pyprojects
                    self._merged.clear()
                self._merged[key] = cached
        return Settings(config=cached[2], probe=editor.probe), list(cached[3])

    def _pyproject_config(
        self, path: str | None, folder: str | None
    ) -> tuple[Config, tuple[str, ...]]:
        start = Path(path).parent if path else (Path(folder) if folder else None)
        if start is None:
            return Config(), ()
        with self._lock:
            known = start in self._nearest
            pyproject = self._nearest.get(start)
        if not known:
            pyproject = find_pyproject(start) if start.is_dir() else None
            with self._lock:
                self._nearest[start] = pyproject
        if pyproject is None:
            return Config(), ()
        try:
            st = os.stat(pyproject)
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            return Config(), ()
        with self._lock:
            entry = self._pyprojects.get(pyproject)
        if entry is None or entry.stamp != stamp:
            config, errors = load_pyproject(pyproject)
            entry = _PyprojectEntry(stamp, config, tuple(errors))
            with self._lock:
                self._pyprojects[pyproject] = entry
        return entry.config, entry.errors
