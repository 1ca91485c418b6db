"""Hover over stdio: tensor facts with their reasons, rule explanations on diagnostics, and
the rules a suppression comment names."""

from __future__ import annotations

import pytest
import pytest_asyncio
from pytest_lsp import LanguageClient

from tests.lsp.conftest import diagnostics, hover, lsp_client, open_doc, uri_of

pytestmark = pytest.mark.asyncio(loop_scope="module")
client = lsp_client()

TEXT = (
    "import torch\n"  # 0
    "import torch.nn as nn\n"  # 1
    "\n"  # 2
    "fc = nn.Linear(4, 2)\n"  # 3
    "w = torch.randn(3, requires_grad=True)\n"  # 4
    "h = w * 2\n"  # 5
    "w.add_(1)\n"  # 6
    "y = fc(torch.randn(8, 4))\n"  # 7
    "y.sum().backward()  # torchlint: ignore[TL101, TL9]\n"  # 8
    "\n"  # 9
)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def doc(client: LanguageClient) -> str:
    uri = uri_of(client, "hover.py")
    open_doc(client, uri, TEXT)
    await diagnostics(client, uri, 1)
    return uri


async def test_tensor_facts_and_why(client: LanguageClient, doc: str) -> None:
    text = await hover(client, doc, 4, 0)
    assert text is not None
    assert "**`w`**" in text
    assert "dtype: `float32`" in text
    assert "requires grad: yes" in text and "line 5" in text
    assert "leaf: yes" in text


async def test_non_leaf(client: LanguageClient, doc: str) -> None:
    text = await hover(client, doc, 5, 0)
    assert text is not None and "leaf: no" in text and "`w * 2`" in text


async def test_module_output_requires_grad_because_of_parameters(
    client: LanguageClient, doc: str
) -> None:
    text = await hover(client, doc, 7, 0)
    assert text is not None and "requires grad: yes" in text


async def test_rule_explanation_on_a_diagnostic(client: LanguageClient, doc: str) -> None:
    text = await hover(client, doc, 6, 4)
    assert text is not None
    assert "**TL101 inplace-on-leaf**" in text
    assert "Fails:" in text and "Instead:" in text and "torch.no_grad()" in text


async def test_suppression_comment_names_its_rules(client: LanguageClient, doc: str) -> None:
    line = TEXT.splitlines()[8]
    text = await hover(client, doc, 8, line.index("ignore") + 2)
    assert text is not None
    assert "**TL101** inplace-on-leaf" in text
    assert "`TL9`: no such rule" in text


async def test_nothing_to_say(client: LanguageClient, doc: str) -> None:
    assert await hover(client, doc, 9, 0) is None
    assert await hover(client, doc, 0, 3) is None
