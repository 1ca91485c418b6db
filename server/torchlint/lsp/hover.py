"""Hover: what the engine knows about the tensor under the cursor and why; on a
diagnostic, its rule explained with the failing and the fixed example; on a
`# torchlint: ignore[...]` comment, the rules it names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from torchlint.explain import describe_tensor
from torchlint.findings import Pos, Span
from torchlint.lsp.handlers import guarded
from torchlint.lsp.rule_docs import doc_href
from torchlint.rules import RULES_BY_CODE
from torchlint.suppressions import ALL, parse_suppressions

if TYPE_CHECKING:
    from torchlint.lsp.server import TorchlintServer

HOVER_TIMEOUT_S = 3.0
RULE_SEP = "\n\n---\n\n"


def register(server: TorchlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded("hover")
    async def hover(ls: TorchlintServer, params: types.HoverParams) -> types.Hover | None:
        uri = params.text_document.uri
        if ls.document(uri) is None:
            return None
        outcome = await ls.scheduler.current(ls.unit_of(uri), HOVER_TIMEOUT_S)
        if outcome is None:
            return None
        part = outcome.snapshot.part(uri)
        if part is None:
            return None
        local = part.positions.pos(params.position)
        here = part.combined(local)
        sections: list[str] = []
        hover_range: types.Range | None = None

        found = outcome.result.tensor_at(here.row, here.col)
        if found is not None:
            span, name, tensor = found
            text = describe_tensor(name, tensor)
            observed = ls.probes.observed(outcome.snapshot, here.row)
            if observed:
                text += f"\n- observed at run time: {observed}"
            sections.append(text)
            hover_range = part.positions.range(Span(part.local(span.start), part.local(span.end)))

        at = (params.position.line, params.position.character)
        codes: list[str] = []
        for finding, rng in outcome.findings_by_uri.get(uri, []):
            inside = (
                (rng.start.line, rng.start.character) <= at <= (rng.end.line, rng.end.character)
            )
            if inside and finding.code not in codes:
                codes.append(finding.code)
                hover_range = hover_range or rng
        sections.extend(rule_markdown(code) for code in codes)

        comment = suppression_markdown(part.positions.line(params.position.line), local)
        if comment:
            sections.append(comment)
        if not sections:
            return None
        return types.Hover(
            contents=types.MarkupContent(kind=_markup(ls), value=RULE_SEP.join(sections)),
            range=hover_range,
        )


def _markup(ls: TorchlintServer) -> types.MarkupKind:
    doc = ls.client_capabilities.text_document
    formats = doc.hover.content_format if doc and doc.hover else None
    if formats and types.MarkupKind.Markdown not in formats:
        return types.MarkupKind.PlainText
    return types.MarkupKind.Markdown


def rule_markdown(code: str) -> str:
    """The rule's short explanation, with the failing and the fixed example."""
    cls = RULES_BY_CODE.get(code)
    if cls is None:
        return f"**{code}**"
    docs = cls.docs()
    lines = [f"**{cls.code} {cls.name}** ({cls.default_severity.value})", "", cls.summary]
    if docs.what:
        lines += ["", docs.what]
    failing = docs.example_code("Example")
    fixed = docs.example_code("Use instead")
    if failing:
        lines += ["", "Fails:", "```python", failing.rstrip(), "```"]
    if fixed:
        lines += ["", "Instead:", "```python", fixed.rstrip(), "```"]
    href = doc_href(code)
    if href:
        lines += ["", f"[{cls.code} documentation]({href})"]
    return "\n".join(lines)


def suppression_markdown(line: str, pos: Pos) -> str | None:
    """On a `# torchlint: ignore[...]` comment: the rules it silences on its line."""
    found = parse_suppressions([line]).get(1)
    if found is None or not found.col <= pos.col <= found.end_col:
        return None
    if ALL in found.codes:
        return "`# torchlint: ignore` silences every torchlint rule on this line."
    lines = ["`# torchlint: ignore[...]` silences on this line:"]
    for code in found.codes:
        matching = [c for c in RULES_BY_CODE.values() if c.code.startswith(code)]
        if not matching:
            lines.append(f"- `{code}`: no such rule")
        for cls in matching:
            lines.append(f"- **{cls.code}** {cls.name}: {cls.summary}")
    return "\n".join(lines)
