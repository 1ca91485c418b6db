"""Robustness through the real server: hypothesis drives random and Python-shaped edits
(half statements, unbalanced brackets, tabs and CRLF, non-ASCII), interleaved with
requests; the server must stay up, answer every request, and publish for the final
version of every open document. Plus a 50,000-line file, deep nesting, and failures
injected into one feature and one rule."""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    initialize,
    invariant,
    rule,
)
from lsprotocol import types

from tests.lsp.harness import ThreadedClient
from torchlint.lsp.positions import Positions

ANSWER_S = 60.0  # a request must be answered within this (the machine may be busy)
FINAL_S = 180.0  # the final version's diagnostics must be out within this

SNIPPETS = [
    "import torch\n",
    "import torch.nn as nn\n",
    "w = torch.randn(3, requires_grad=True)\n",
    "w.add_(1)\n",
    "h = w * 2\nprint(h.grad)\n",
    "loss = (h * h).sum()\nloss.backward()\nloss.backward()\n",
    "with torch.no_grad():\n    w.zero_()\n",
    "def f(x):\n    return x.exp()\n",
    "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n",
    "        self.fc = nn.Linear(4, 2)\n",
    "torch.autograd.gradcheck(torch.sin, (w,))\n",
    "x = torch.randn(",
    "y = [(",
    "]]))",
    "def g(:\n",
    "if True:\n\tpass\n",
    "größe = torch.ones(2)  # 🔥 naïve\n",
    's = "🧪 \\u00e9 \\" unterminated\n',
    '"""docstring\n',
    "\r\n",
    "\t",
    "    ",
    "#",
    "\\\n",
    "lambda: (",
    "x" * 80,
]
python_text = st.lists(st.sampled_from(SNIPPETS), min_size=0, max_size=8).map("".join)
random_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)
any_text = st.one_of(python_text, random_text, st.sampled_from(["", "(", ")", "\r", "\n"]))

_names = itertools.count()


class EditingSession(RuleBasedStateMachine):
    """One server for the whole run; each example opens its own documents."""

    server: ThreadedClient  # set by the fixture
    steps = 0  # edits and requests sent, over all examples
    docs = Bundle("docs")

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}

    @initialize(target=docs, text=python_text)
    def open_first(self, text: str) -> str:
        return self._open(text)

    @rule(target=docs, text=any_text)
    def open_another(self, text: str) -> str:
        return self._open(text)

    def _open(self, text: str) -> str:
        uri = (self.server.root / f"doc_{next(_names)}.py").as_uri()
        self.texts[uri] = text
        self.versions[uri] = 1
        self.server.open(uri, text)
        return uri

    @rule(uri=docs, data=st.data(), new=any_text)
    def edit(self, uri: str, data: st.DataObject, new: str) -> None:
        if uri not in self.texts:
            return
        text = self.texts[uri]
        a = data.draw(st.integers(0, len(text)), label="start")
        b = data.draw(st.integers(a, min(len(text), a + 60)), label="end")
        where = Positions(text)
        rng = types.Range(
            start=where.position(where.pos_at(a)), end=where.position(where.pos_at(b))
        )
        # The model applies the edit by LSP positions, as the server must.
        start, end = where.offset(rng.start), where.offset(rng.end)
        self.texts[uri] = text[:start] + new + text[end:]
        self.versions[uri] += 1
        EditingSession.steps += 1
        self.server.change(uri, self.versions[uri], new, rng)

    @rule(uri=docs, new=any_text)
    def replace(self, uri: str, new: str) -> None:
        if uri not in self.texts:
            return
        self.texts[uri] = new
        self.versions[uri] += 1
        EditingSession.steps += 1
        self.server.change(uri, self.versions[uri], new)

    @rule(uri=docs, line=st.integers(0, 30), char=st.integers(0, 90))
    def ask(self, uri: str, line: int, char: int) -> None:
        if uri not in self.texts:
            return
        at = types.Position(line=line, character=char)
        EditingSession.steps += 1
        self.server.hover(uri, at, ANSWER_S)  # answered (None is an answer)
        self.server.code_actions(uri, types.Range(start=at, end=at), ANSWER_S)

    @rule(uri=consumes(docs))
    def close(self, uri: str) -> None:
        if uri in self.texts:
            del self.texts[uri]
            self.server.close(uri)

    @invariant()
    def server_is_up(self) -> None:
        assert self.server.alive()

    def teardown(self) -> None:
        for uri, version in self.versions.items():
            if uri in self.texts:
                self.server.wait_published(uri, version, FINAL_S)
                self.server.close(uri)
        assert self.server.alive()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ThreadedClient:
    harness = ThreadedClient(tmp_path_factory.mktemp("robust"))
    yield harness  # type: ignore[misc]
    harness.stop()


def test_random_edits(server: ThreadedClient) -> None:
    EditingSession.server = server
    run = EditingSession.TestCase
    run.settings = settings(
        max_examples=40,
        stateful_step_count=30,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
    run().runTest()
    print(f"{EditingSession.steps} edits and requests")
    assert EditingSession.steps > 200, EditingSession.steps


def test_huge_file_while_other_requests_are_answered(server: ThreadedClient) -> None:
    lines = ["import torch", ""]
    for i in range(25_000):
        lines += [f"x{i} = torch.ones({i % 7 + 1}) * {i}", f"# step {i}: accumulate ☃ {i}"]
    lines += ["w = torch.randn(3, requires_grad=True)", "w.add_(1)", ""]
    text = "\n".join(lines)
    big = (server.root / "huge.py").as_uri()
    small = (server.root / "small.py").as_uri()
    server.open(big, text)
    server.open(small, "import torch\nw = torch.randn(2, requires_grad=True)\nw.add_(1)\n")
    # Edits while the first analysis runs: only the last text counts.
    for version in (2, 3, 4):
        at = types.Position(line=1, character=0)  # the blank line after the import
        server.change(big, version, "#", types.Range(start=at, end=at))
    started = time.monotonic()
    assert server.hover(small, types.Position(line=1, character=0), ANSWER_S) is not None
    pub = server.wait_published(big, 4, FINAL_S)
    assert [(d.range.start.line, d.code) for d in pub.diagnostics] == [(len(lines) - 2, "TL101")]
    assert all(p.version in (None, 1, 4) for p in server.published(big)), "stale publish"
    print(f"50,000 lines analysed and published in {time.monotonic() - started:.1f} s")
    server.close(big)
    server.close(small)


@pytest.mark.parametrize(
    "text",
    [
        "x = " + "(" * 300 + "1" + ")" * 300 + "\n",
        "x = " + "[" * 5000 + "\n",
        "y = " + "-" * 20_000 + "1\n",
        "import torch\nz = " + " + ".join(["torch.ones(1)"] * 3000) + "\n",
        "def f():\n"
        + "".join("    " * (i + 1) + "if x:\n" for i in range(98))
        + "    " * 99
        + "pass\n",
    ],
    ids=["parens", "open-brackets", "unary", "long-sum", "deep-blocks"],
)
def test_deep_nesting(server: ThreadedClient, text: str) -> None:
    uri = (server.root / f"deep_{next(_names)}.py").as_uri()
    server.open(uri, text)
    server.wait_published(uri, 1, FINAL_S)
    assert server.alive()
    server.close(uri)


def test_a_failing_feature_and_rule_are_logged_once(tmp_path: Path) -> None:
    command = [sys.executable, str(Path(__file__).with_name("faulty_server.py"))]
    harness = ThreadedClient(tmp_path, command)
    try:
        uri = (tmp_path / "f.py").as_uri()
        text = (
            "import torch\nw = torch.randn(3, requires_grad=True)\nw.add_(1)\n"
            "(w * 2).sum().backward()\n"  # TL102 looks at backward calls
        )
        harness.open(uri, text)
        pub = harness.wait_published(uri, 1, FINAL_S)
        assert [d.code for d in pub.diagnostics] == ["TL101"]  # the other rules still run
        for version in (2, 3):
            harness.change(uri, version, text)
            harness.wait_published(uri, version, FINAL_S)
        on_diag = types.Position(line=2, character=2)
        for _ in range(3):
            assert harness.hover(uri, on_diag, ANSWER_S) is None  # failed, answered
        actions = harness.code_actions(uri, pub.diagnostics[0].range, ANSWER_S)
        assert actions, "code actions still work"
        logs = [m.message for m in harness.client.log_messages]
        assert sum("hover failed" in m for m in logs) == 1, logs
        assert sum("rule TL102 failed" in m for m in logs) == 1, logs
        assert harness.alive()
    finally:
        harness.stop()
