"""Lifecycle and configuration: initialize, settings from the client, watched files.

The first diagnostics use `initializationOptions` and never wait for the
`workspace/configuration` round trip; when its answer differs, everything open is
analysed again. Settings apply without a restart.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import to_fs_path

from torchlint.lsp.documents import adopt
from torchlint.lsp.handlers import guarded
from torchlint.lsp.positions import encoding_name

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer

log = logging.getLogger(__name__)

SECTION = "torchlint"
CONFIG_TIMEOUT_S = 10.0
WATCHERS = ("**/pyproject.toml", "**/*.py")


def register(server: TorchlintServer) -> None:
    @server.feature(types.INITIALIZE)
    @guarded("initialize")
    def initialize(ls: TorchlintServer, params: types.InitializeParams) -> None:
        ls.loop = asyncio.get_running_loop()
        ls.protocol._workspace = adopt(ls.workspace)
        ls.encoding = encoding_name(ls.workspace.position_encoding)
        ls.settings.set_global(params.initialization_options)
        ls.crossfile.start()
        log.info("torchlint %s, position encoding %s", ls.version, ls.encoding)

    @server.feature(types.INITIALIZED)
    @guarded("initialized")
    async def initialized(ls: TorchlintServer, params: types.InitializedParams) -> None:
        if _can(ls, "workspace.did_change_watched_files.dynamic_registration"):
            await _watch_files(ls)
        before = ls.settings.generation
        await pull_configuration(ls)
        if ls.settings.generation != before:  # differs from initializationOptions
            ls.redo_all()
            refresh_lenses(ls)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    @guarded("didChangeConfiguration")
    async def did_change_configuration(
        ls: TorchlintServer, params: types.DidChangeConfigurationParams
    ) -> None:
        ls.forget_shown_problems()
        if not await pull_configuration(ls):
            settings = params.settings
            if isinstance(settings, dict) and SECTION in settings:
                ls.settings.set_global(settings[SECTION])
        ls.redo_all()
        refresh_lenses(ls)

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    @guarded("didChangeWorkspaceFolders")
    async def did_change_folders(
        ls: TorchlintServer, params: types.DidChangeWorkspaceFoldersParams
    ) -> None:
        for folder in params.event.removed:
            path = to_fs_path(folder.uri)
            if path:
                ls.settings.drop_folder(path)
        ls.crossfile.files_added_or_removed()
        await pull_configuration(ls)
        ls.redo_all()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @guarded("didChangeWatchedFiles")
    def did_change_watched_files(
        ls: TorchlintServer, params: types.DidChangeWatchedFilesParams
    ) -> None:
        redo: set[str] = set()
        everything = False
        for change in params.changes:
            path = to_fs_path(change.uri)
            name = PurePosixPath(change.uri).name
            if name == "pyproject.toml":
                ls.settings.pyproject_changed()
                everything = True
            elif path and path.endswith(".py"):
                if change.type != types.FileChangeType.Changed:
                    ls.crossfile.files_added_or_removed()
                    everything = True
                elif path not in ls.open_paths:  # an open file's text is the editor's
                    redo |= ls.crossfile.changed(path)
        if everything:
            ls.redo_all()
        else:
            ls.redo(redo)

    @server.feature(types.SHUTDOWN)
    @guarded("shutdown")
    def shutdown(ls: TorchlintServer, params: None) -> None:
        ls.scheduler.shutdown()
        ls.crossfile.stop()
        ls.probes.cancel_all()


def refresh_lenses(ls: TorchlintServer) -> None:
    """The "Run probe" lenses depend on `probe.enabled`: ask the client to ask again."""
    if _can(ls, "workspace.code_lens.refresh_support"):
        ls.workspace_code_lens_refresh(None)


def _can(ls: TorchlintServer, dotted: str) -> bool:
    """Whether the client declared the capability at `dotted` (attribute path) as true."""
    value: Any = ls.client_capabilities
    for name in dotted.split("."):
        value = getattr(value, name, None)
        if value is None:
            return False
    return bool(value)


async def _watch_files(ls: TorchlintServer) -> None:
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=g) for g in WATCHERS]
    )
    registration = types.Registration(
        id="torchlint-watched-files",
        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=options,
    )
    try:
        await asyncio.wait_for(
            ls.client_register_capability_async(
                types.RegistrationParams(registrations=[registration])
            ),
            CONFIG_TIMEOUT_S,
        )
    except (TimeoutError, Exception) as exc:  # the client may refuse; files are then not watched
        log.info("could not watch files (%s): pyproject.toml is re-read when it changes", exc)


async def pull_configuration(ls: TorchlintServer) -> bool:
    """Ask the client for the `torchlint` section, globally and per workspace folder.

    Returns False when the client cannot answer `workspace/configuration`; True when it
    answered (whether or not anything changed)."""
    if not _can(ls, "workspace.configuration"):
        return False
    folders = [(f.uri, to_fs_path(f.uri)) for f in ls.workspace.folders.values()]
    items = [types.ConfigurationItem(section=SECTION)]
    items += [types.ConfigurationItem(scope_uri=uri, section=SECTION) for uri, _ in folders]
    try:
        answers = await asyncio.wait_for(
            ls.workspace_configuration_async(types.ConfigurationParams(items=items)),
            CONFIG_TIMEOUT_S,
        )
    except (TimeoutError, Exception) as exc:
        log.warning("workspace/configuration failed (%r); keeping the current settings", exc)
        return False
    if not isinstance(answers, list | tuple) or len(answers) != len(items):
        return False
    if answers[0] is not None:
        ls.settings.set_global(answers[0])
    for (_, path), answer in zip(folders, answers[1:], strict=True):
        if path and answer is not None:
            ls.settings.set_folder(path, answer)
    return True
