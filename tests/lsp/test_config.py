"""Configuration: initializationOptions, workspace/configuration, didChangeConfiguration,
pyproject.toml merged under the editor's settings, and invalid settings reported."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import (
    WAIT_S,
    codes,
    diagnostics,
    open_doc,
    published,
    start,
)

pytestmark = pytest.mark.asyncio

TWO_RULES = (
    "import torch\n\n"
    "w = torch.randn(3, requires_grad=True)\n"
    "w.add_(1)\n"
    "x = torch.randn(3, requires_grad=True)\n"
    "print(torch.autograd.gradcheck(torch.sin, (x,)))\n"
)
BOTH = [(3, "TL101"), (5, "TL201")]


def _rules(diags: list[types.Diagnostic]) -> list[tuple[int, str]]:
    return codes(diags)


async def _messages(client: LanguageClient, count: int = 1) -> list[str]:
    async def wait() -> None:
        while len(client.messages) < count:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(wait(), WAIT_S)
    return [m.message for m in client.messages]


async def test_initialization_options(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    await start(client, tmp_path, options={"select": ["TL2"], "severity": {"TL201": "hint"}})
    uri = (tmp_path / "a.py").as_uri()
    open_doc(client, uri, TWO_RULES)
    (d,) = await diagnostics(client, uri, 1)
    assert d.code == "TL201" and d.severity == types.DiagnosticSeverity.Hint


async def test_workspace_configuration_and_change_without_restart(
    fresh: LanguageClient, tmp_path: Path
) -> None:
    client = fresh
    client.set_configuration({"ignore": ["TL101"]}, section="torchlint")
    await start(client, tmp_path)
    uri = (tmp_path / "a.py").as_uri()
    open_doc(client, uri, TWO_RULES)
    # The first diagnostics do not wait for the configuration round trip; its answer
    # makes the server analyse again.
    await published(
        client, uri, version=1, where=lambda p: _rules(list(p.diagnostics)) == [(5, "TL201")]
    )

    client.set_configuration(
        {"ignore": ["TL2"], "severity": {"TL1": "information"}}, section="torchlint"
    )
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    pub = await published(
        client, uri, version=1, where=lambda p: [str(d.code) for d in p.diagnostics] == ["TL101"]
    )
    assert pub.diagnostics[0].severity == types.DiagnosticSeverity.Information


async def test_folder_scoped_configuration(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    client.set_configuration(
        {"select": ["TL101"]}, section="torchlint", scope_uri=tmp_path.as_uri()
    )
    await start(client, tmp_path)
    uri = (tmp_path / "pkg" / "a.py").as_uri()
    open_doc(client, uri, TWO_RULES)
    await published(
        client, uri, version=1, where=lambda p: _rules(list(p.diagnostics)) == [(3, "TL101")]
    )


async def test_invalid_settings_are_named_and_defaults_used(
    fresh: LanguageClient, tmp_path: Path
) -> None:
    client = fresh
    await start(
        client,
        tmp_path,
        options={"select": ["XX1"], "severity": {"TL101": "loud"}, "probe": {"device": "tpu"}},
    )
    uri = (tmp_path / "a.py").as_uri()
    open_doc(client, uri, TWO_RULES)
    assert _rules(await diagnostics(client, uri, 1)) == BOTH
    text = " ".join(await _messages(client))
    assert "select" in text and "severity.TL101" in text and "probe.device" in text
    assert all(m.type == types.MessageType.Warning for m in client.messages)


async def test_pyproject_under_editor_settings_and_reread(
    fresh: LanguageClient, tmp_path: Path
) -> None:
    client = fresh
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[tool.torchlint]\nignore = ["TL101"]\n', encoding="utf-8")
    await start(client, tmp_path, options={"severity": {"TL201": "error"}})
    uri = (tmp_path / "a.py").as_uri()
    open_doc(client, uri, TWO_RULES)
    (d,) = await diagnostics(client, uri, 1)
    assert d.code == "TL201" and d.severity == types.DiagnosticSeverity.Error

    pyproject.write_text('[tool.torchlint]\nignore = ["TL201"]\n', encoding="utf-8")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=pyproject.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    await published(
        client, uri, version=1, where=lambda p: _rules(list(p.diagnostics)) == [(3, "TL101")]
    )


async def test_broken_pyproject_is_reported(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    (tmp_path / "pyproject.toml").write_text("[tool.torchlint\nselect = 1\n", encoding="utf-8")
    await start(client, tmp_path)
    uri = (tmp_path / "a.py").as_uri()
    open_doc(client, uri, TWO_RULES)
    assert _rules(await diagnostics(client, uri, 1)) == BOTH
    assert "pyproject.toml" in " ".join(await _messages(client))
