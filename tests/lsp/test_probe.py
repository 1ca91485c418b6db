"""The runtime probe through the protocol: code lenses, the command with $/progress and
cancellation, confirmed and run-time-only diagnostics, hovers, and results dropped on
change. These run the test files under torch (a few seconds each)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import (
    WAIT_S,
    diagnostics,
    hover,
    open_doc,
    published,
    recorder,
    replace_all,
    start,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.torch]
PROBE_S = 240.0  # torch import and the run, on a busy machine

SCRIPT = """import torch


def helper(x):
    return x * 2


def main():
    w = torch.randn(3, requires_grad=True)
    y = w.sigmoid()
    y.mul_(2)
    y.sum().backward()


if __name__ == "__main__":
    a = torch.randn(3, requires_grad=True)
    b = torch.randn(4)
    print(a @ b)
"""
ENABLED = {"probe": {"enabled": True, "device": "cpu", "timeout": 120}}


async def _command(client: LanguageClient, *arguments: Any, timeout: float = PROBE_S) -> Any:
    return await asyncio.wait_for(
        client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="torchlint.runProbe", arguments=list(arguments))
        ),
        timeout,
    )


async def _lenses(client: LanguageClient, uri: str) -> list[types.CodeLens]:
    result = await asyncio.wait_for(
        client.text_document_code_lens_async(
            types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
        ),
        WAIT_S,
    )
    return list(result or [])


async def test_lenses_command_progress_and_results(fresh: LanguageClient, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    client = fresh
    result = await start(client, tmp_path, options=ENABLED)
    assert result.capabilities.execute_command_provider is not None
    assert "torchlint.runProbe" in result.capabilities.execute_command_provider.commands
    path = tmp_path / "script.py"
    path.write_text(SCRIPT, encoding="utf-8")
    uri = path.as_uri()
    open_doc(client, uri, SCRIPT)
    static = await diagnostics(client, uri, 1)

    lenses = await _lenses(client, uri)
    assert [
        (lens.range.start.line, list(lens.command.arguments or []))
        for lens in lenses
        if lens.command
    ] == [
        (7, [uri, "main"]),
        (14, [uri]),
    ]

    # The __main__ block: a shape error the static rules do not know about.
    outcome = await _command(client, uri)
    assert outcome["status"] == "error", outcome
    pub = await published(
        client, uri, version=1, where=lambda p: any(d.code == "TL901" for d in p.diagnostics)
    )
    (runtime,) = [d for d in pub.diagnostics if d.code == "TL901"]
    assert runtime.range.start.line == 17 and "seen at run time" in runtime.message
    assert runtime.severity == types.DiagnosticSeverity.Error
    text = await hover(client, uri, 15, 4)  # `a` on the line that made it
    assert text is not None and "observed at run time: float32[3] cpu, requires grad, leaf" in text
    reports = [r for reports in client.progress_reports.values() for r in reports]
    assert [r.kind for r in reports][:1] == ["begin"] and reports[-1].kind == "end"

    # main(): the static TL102 is confirmed by the run.
    outcome = await _command(client, uri, "main")
    assert outcome["status"] == "error", outcome
    confirmed = await published(
        client,
        uri,
        version=1,
        where=lambda p: any("confirmed at run time" in d.message for d in p.diagnostics),
    )
    assert [d.code for d in confirmed.diagnostics if "confirmed" in d.message] == ["TL102"]
    assert [d.code for d in static if d.code == "TL102"] == ["TL102"]

    # A change drops what the run saw.
    replace_all(client, uri, SCRIPT + "\n", 2)
    after = await diagnostics(client, uri, 2)
    assert not any("run time" in d.message for d in after)


async def test_cancel_from_the_progress_bar(fresh: LanguageClient, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    client = fresh
    await start(client, tmp_path, options=ENABLED)
    path = tmp_path / "slow.py"
    text = "import time\n\nimport torch\n\nif __name__ == '__main__':\n    time.sleep(100)\n"
    path.write_text(text, encoding="utf-8")
    open_doc(client, path.as_uri(), text)
    await diagnostics(client, path.as_uri(), 1)
    running = asyncio.ensure_future(_command(client, path.as_uri()))

    async def token() -> str:
        while not client.progress_reports:
            await asyncio.sleep(0.05)
        return str(next(iter(client.progress_reports)))

    client.window_work_done_progress_cancel(
        types.WorkDoneProgressCancelParams(token=await asyncio.wait_for(token(), WAIT_S))
    )
    outcome = await asyncio.wait_for(running, 60)
    assert outcome["status"] == "cancelled", outcome


async def test_refusals(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    await start(client, tmp_path)  # probe.enabled is off by default
    path = tmp_path / "off.py"
    path.write_text(SCRIPT, encoding="utf-8")
    open_doc(client, path.as_uri(), SCRIPT)
    await diagnostics(client, path.as_uri(), 1)
    assert await _lenses(client, path.as_uri()) == []
    outcome = await _command(client, path.as_uri(), timeout=WAIT_S)
    assert outcome["status"] == "refused" and "probe.enabled" in outcome["message"]

    client.set_configuration(ENABLED, section="torchlint")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    for _ in range(100):  # the pulled settings turn the lenses on
        if await _lenses(client, path.as_uri()):
            break
        await asyncio.sleep(0.1)
    assert recorder(client).lens_refreshes >= 1  # the client was told to ask again
    replace_all(client, path.as_uri(), SCRIPT + "# not saved\n", 2)
    outcome = await _command(client, path.as_uri(), timeout=WAIT_S)
    assert outcome["status"] == "refused" and "save" in outcome["message"]
    assert any("save the file first" in m.message for m in client.messages)
    outcome = await _command(client, "untitled:Untitled-1", timeout=WAIT_S)
    assert outcome["status"] == "refused"


def _cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


@pytest.mark.skipif(not _cuda(), reason="needs a CUDA GPU")
async def test_probe_on_the_gpu(fresh: LanguageClient, tmp_path: Path) -> None:
    client = fresh
    await start(client, tmp_path, options={"probe": {"enabled": True, "device": "cuda"}})
    text = (
        "import torch\n\n"
        "if __name__ == '__main__':\n"
        "    x = torch.randn(256, 2, requires_grad=True)\n"
        "    y = (x * 2).sum()\n"
        "    y.backward()\n"
    )
    path = tmp_path / "gpu.py"
    path.write_text(text, encoding="utf-8")
    open_doc(client, path.as_uri(), text)
    await diagnostics(client, path.as_uri(), 1)
    outcome = await _command(client, path.as_uri())
    assert outcome["status"] == "ok", outcome
    await published(client, path.as_uri(), version=1, where=lambda p: True)
    observed = None
    for _ in range(100):  # the re-analysis with the run's results lands shortly after
        observed = await hover(client, path.as_uri(), 3, 4)
        if observed and "observed at run time" in observed:
            break
        await asyncio.sleep(0.1)
    assert observed is not None
    assert "observed at run time: float32[256, 2] cuda:0, requires grad, leaf" in observed
