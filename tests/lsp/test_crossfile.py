"""Across files: facts of an imported workspace module, found by jedi in the background."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_lsp import LanguageClient

from tests.lsp.conftest import codes, open_doc, published, recorder, replace_all, start

pytestmark = pytest.mark.asyncio

HELPERS = "import torch\n\n\ndef make_weights(n):\n    return torch.randn(n, requires_grad=True)\n"
TRAIN = "import torch\nfrom pkg.helpers import make_weights\n\nw = make_weights(3)\nw.add_(1)\n"
RELATIVE = "import torch\nfrom .helpers import make_weights\n\nv = make_weights(2)\nv.mul_(2)\n"


def _tl101(pub: object) -> bool:
    return (4, "TL101") in codes(list(pub.diagnostics))  # type: ignore[attr-defined]


async def test_imported_facts_arrive_without_delaying_the_first_diagnostics(
    fresh: LanguageClient, tmp_path: Path
) -> None:
    client = fresh
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    helpers = pkg / "helpers.py"
    helpers.write_text(HELPERS, encoding="utf-8")
    await start(client, tmp_path)

    uri = (tmp_path / "train.py").as_uri()
    open_doc(client, uri, TRAIN)
    first = await published(client, uri, version=1)
    assert not _tl101(first), "the first diagnostics must not wait for jedi"
    await published(client, uri, version=1, where=_tl101)

    relative = (pkg / "step.py").as_uri()
    open_doc(client, relative, RELATIVE)
    await published(client, relative, version=1, where=_tl101)

    # Edit the imported module in the editor: its importers follow its new text.
    open_doc(client, helpers.as_uri(), HELPERS)
    await published(client, helpers.as_uri(), version=1)
    replace_all(client, helpers.as_uri(), HELPERS.replace(", requires_grad=True", ""), 2)
    await published(client, uri, version=1, where=lambda p: not _tl101(p))
    await published(client, relative, version=1, where=lambda p: not _tl101(p))
    assert all(p.version == 1 for p in recorder(client).published[uri])
