"""Code actions over stdio: quick fixes, "ignore on this line", fix-all, and every rule's
fix applied through the protocol and run with torch."""

from __future__ import annotations

import ast
import asyncio
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.lsp.conftest import (
    HERE,
    apply_workspace_edit,
    code_actions,
    codes,
    diagnostics,
    lsp_client,
    open_doc,
    replace_all,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = lsp_client()

ROOT = HERE.parents[1]
FIX_ALL = "source.fixAll.torchlint"
RUN_TIMEOUT_S = 300


def _fix_cases() -> list[Path]:
    """The rule engineers' cases (tests/rules/fixcases) where they exist, ours otherwise."""
    theirs = {p.stem: p for p in (ROOT / "tests" / "rules" / "fixcases").glob("TL*.py")}
    ours = {p.stem: p for p in (HERE / "fixcases").glob("TL*.py")}
    return [theirs.get(code) or ours[code] for code in sorted(ours.keys() | theirs.keys())]


async def _run(path: Path) -> tuple[int, str]:
    """Run a program with this interpreter (asynchronously: the protocol work goes on)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(path),
        cwd=path.parent,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(proc.communicate(), RUN_TIMEOUT_S)
    return proc.returncode or 0, err.decode("utf-8", "replace")


def _document_edit(action: types.CodeAction) -> types.TextDocumentEdit:
    assert action.edit is not None and action.edit.document_changes
    (change,) = action.edit.document_changes
    assert isinstance(change, types.TextDocumentEdit)
    return change


@pytest.mark.torch
@pytest.mark.parametrize("case", _fix_cases(), ids=lambda p: p.stem)
async def test_rule_fix_through_the_protocol_makes_the_program_pass(
    client: LanguageClient, case: Path, tmp_path: Path
) -> None:
    torch = pytest.importorskip("torch")
    code = case.stem.split("_")[0]  # TL101, or TL101_<variant>
    text = case.read_text(encoding="utf-8")
    if text.startswith("# requires: cuda") and not torch.cuda.is_available():
        pytest.skip("the case needs a CUDA GPU")
    before = tmp_path / "before.py"
    before.write_text(text, encoding="utf-8")
    before_run = asyncio.ensure_future(_run(before))

    uri = uri_of(client, f"fixcase_{code}.py")
    open_doc(client, uri, text)
    diags = [d for d in await diagnostics(client, uri, 1) if d.code == code]
    assert diags, f"{code} not reported on {case.name}"
    fixed = text
    # Each fix is applied as the editor would, and the file re-synced, one at a time.
    for version in range(2, 10):
        actions = await code_actions(client, uri, diags[:1])
        fixes = [a for a in actions if a.is_preferred or a.title.endswith(f"({code})")]
        assert fixes, [a.title for a in actions]
        change = _document_edit(fixes[0])
        assert change.text_document.version == version - 1
        fixed = apply_workspace_edit(fixed, uri, fixes[0].edit)  # type: ignore[arg-type]
        ast.parse(fixed)
        replace_all(client, uri, fixed, version)
        diags = [d for d in await diagnostics(client, uri, version) if d.code == code]
        if not diags:
            break
    assert not diags, f"{code} still reported after its fixes:\n{fixed}"

    after = tmp_path / "after.py"
    after.write_text(fixed, encoding="utf-8")
    code_after, err_after = await _run(after)
    code_before, _ = await before_run
    assert code_before != 0, f"{case.name} should fail before the fix"
    assert code_after == 0, f"{case.name} still fails after the fix:\n{fixed}\n{err_after}"


async def test_quick_fix_is_a_versioned_preferred_edit(client: LanguageClient) -> None:
    uri = uri_of(client, "qf.py")
    text = "import torch\n\nw = torch.randn(3, requires_grad=True)\nw.add_(1)\n"
    open_doc(client, uri, text, version=4)
    diags = await diagnostics(client, uri, 4)
    actions = await code_actions(client, uri, diags, only=[types.CodeActionKind.QuickFix])
    titles = [a.title for a in actions]
    assert titles == ["Wrap in `with torch.no_grad():` (TL101)", "Ignore TL101 on this line"]
    fix, ignore = actions
    assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix
    assert list(fix.diagnostics or []) == diags
    assert _document_edit(fix).text_document.version == 4
    assert apply_workspace_edit(text, uri, fix.edit).endswith(  # type: ignore[arg-type]
        "with torch.no_grad():\n    w.add_(1)\n"
    )
    assert not ignore.is_preferred
    assert apply_workspace_edit(text, uri, ignore.edit).endswith(  # type: ignore[arg-type]
        "w.add_(1)  # torchlint: ignore[TL101]\n"
    )


async def test_ignore_extends_an_existing_list_and_precedes_other_comments(
    client: LanguageClient,
) -> None:
    uri = uri_of(client, "ignore.py")
    text = (
        "import torch\n\n"
        "w = torch.randn(3, requires_grad=True)\n"
        "w.add_(1)  # torchlint: ignore[TL102]\n"
        "w.mul_(2)  # noqa: E501\n"
    )
    open_doc(client, uri, text)
    diags = await diagnostics(client, uri, 1)
    assert codes(diags) == [(3, "TL101"), (4, "TL101")]
    for diag, expected in zip(
        diags,
        [
            "w.add_(1)  # torchlint: ignore[TL102, TL101]",
            "w.mul_(2)  # torchlint: ignore[TL101]  # noqa: E501",
        ],
        strict=True,
    ):
        actions = await code_actions(client, uri, [diag])
        (ignore,) = [a for a in actions if a.title.startswith("Ignore")]
        after = apply_workspace_edit(text, uri, ignore.edit)  # type: ignore[arg-type]
        assert expected in after.splitlines()
    replace_all(client, uri, text.replace("ignore[TL102]", "ignore[TL102, TL101]"), 2)
    assert codes(await diagnostics(client, uri, 2)) == [(4, "TL101")]


async def test_fix_all_applies_every_safe_fix_and_keeps_tabs(client: LanguageClient) -> None:
    uri = uri_of(client, "fixall.py")
    text = (
        "import torch\n\n\n"
        "def step(w, b):\n"
        "\tif True:\n"
        "\t\tw.add_(1)\n"
        "\t\tb.add_(1)\n\n\n"
        "w = torch.randn(3, requires_grad=True)\n"
        "b = torch.zeros(3, requires_grad=True)\n"
        "w.sub_(1)\n"
        "step(w, b)\n"
    )
    open_doc(client, uri, text)
    diags = await diagnostics(client, uri, 1)
    assert {c for _, c in codes(diags)} == {"TL101"}
    actions = await code_actions(client, uri, [], only=[FIX_ALL])
    (fix_all,) = actions
    assert fix_all.kind == FIX_ALL
    fixed = apply_workspace_edit(text, uri, fix_all.edit)  # type: ignore[arg-type]
    ast.parse(fixed)
    assert "\twith torch.no_grad():" in fixed or "\t\twith torch.no_grad():" in fixed
    assert "    " not in fixed  # the tab-indented file stays tab-indented
    replace_all(client, uri, fixed, 2)
    assert [c for c in codes(await diagnostics(client, uri, 2)) if c[1] == "TL101"] == []


async def test_stale_diagnostic_data_is_not_applied(client: LanguageClient) -> None:
    uri = uri_of(client, "stale.py")
    text = "import torch\n\nw = torch.randn(3, requires_grad=True)\nw.add_(1)\n"
    open_doc(client, uri, text)
    old = await diagnostics(client, uri, 1)
    replace_all(client, uri, "# a new first line\n" + text, 2)
    await diagnostics(client, uri, 2)
    actions = await code_actions(client, uri, old)
    # The old diagnostic's range now points at another line: no fix from its stale data.
    assert not [a for a in actions if a.is_preferred]


async def test_no_actions_for_foreign_diagnostics(client: LanguageClient) -> None:
    uri = uri_of(client, "foreign.py")
    open_doc(client, uri, "x = 1\n")
    await diagnostics(client, uri, 1)
    other = types.Diagnostic(
        range=types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=1)
        ),
        message="from another linter",
        source="ruff",
        code="F401",
    )
    actions = await code_actions(client, uri, [other], only=[types.CodeActionKind.QuickFix])
    assert actions == []
