"""What a rule is: metadata, documentation and a check over interpreter events.

One module per rule. Its docstring holds the documentation under ruff's fixed headings
(What it does / Why is this bad? / Example / Use instead / Fix safety / Known problems /
References); `docs/rules/<code>.md`, `torchlint rules CODE` and the editor's hover are
all made from it.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from torchlint.analysis.events import Event
from torchlint.findings import Applicability, Edit, Finding, Fix, Related, Severity, Span

if TYPE_CHECKING:
    from torchlint.analysis.facts import Why
    from torchlint.rules.context import RuleContext

DOC_HEADINGS: tuple[str, ...] = (
    "What it does",
    "Why is this bad?",
    "Example",
    "Use instead",
    "Fix safety",
    "Known problems",
    "References",
)
REQUIRED_HEADINGS: tuple[str, ...] = ("What it does", "Why is this bad?", "Example", "Use instead")
DOCS_BASE_URL = "https://github.com/torchlint/torchlint/blob/main/docs/rules/"

_HEADING = re.compile(r"^## (.+?)\s*$", re.MULTILINE)
_NAMES_TORCH = re.compile(r"(?<![\w.])torch\.")
_CODE_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


@dataclass(frozen=True, slots=True)
class RuleDocs:
    sections: dict[str, str]

    @property
    def what(self) -> str:
        return self.sections.get("What it does", "").strip()

    @property
    def why(self) -> str:
        return self.sections.get("Why is this bad?", "").strip()

    def example_code(self, heading: str) -> str:
        m = _CODE_BLOCK.search(self.sections.get(heading, ""))
        return m.group(1).rstrip() + "\n" if m else ""


def parse_docs(doc: str) -> RuleDocs:
    sections: dict[str, str] = {}
    matches = list(_HEADING.finditer(doc))
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(doc)
        sections[m.group(1)] = doc[m.end() : end].strip("\n")
    return RuleDocs(sections)


class Rule:
    """Subclass per rule; set the class attributes and implement `check`."""

    code: ClassVar[str]
    name: ClassVar[str]  # kebab-case
    summary: ClassVar[str]  # one sentence: the mistake, for hovers and tables
    default_severity: ClassVar[Severity]
    events: ClassVar[tuple[type[Event], ...]]
    fix_title: ClassVar[str | None] = None
    fix_applicability: ClassVar[Applicability] = Applicability.SAFE
    deprecated_api: ClassVar[bool] = False  # diagnostics get the Deprecated tag
    # For TorchCall events: the qualnames (or prefixes ending in "*") the rule looks at.
    # None: every call. Lets the interpreter skip building events nobody reads.
    torch_calls: ClassVar[frozenset[str] | None] = None
    torch_raises: ClassVar[bool] = False  # torch raises at run time (otherwise: silent/wrong)

    def check(self, event: Event, ctx: RuleContext) -> None:
        raise NotImplementedError

    # -- documentation ---------------------------------------------------------------
    @classmethod
    def docs(cls) -> RuleDocs:
        module = sys.modules[cls.__module__]
        return parse_docs(module.__doc__ or "")

    @classmethod
    def doc_url(cls) -> str:
        return f"{DOCS_BASE_URL}{cls.code}.md"

    # -- building findings -----------------------------------------------------------
    def finding(
        self,
        ctx: RuleContext,
        where: ast.AST | Span,
        message: str,
        *,
        related: tuple[tuple[str, Why], ...] = (),
        fix_edits: tuple[Edit, ...] | None = None,
        fix_message: str | None = None,
        applicability: Applicability | None = None,
    ) -> Finding:
        span = where if isinstance(where, Span) else ctx.source.span(where)
        fix = None
        if fix_edits:
            if ctx.imports.torch is None and any(_NAMES_TORCH.search(e.content) for e in fix_edits):
                # The fix spells `torch.`, which this file does not bind (it may use only
                # `from torch import nn`, or get its tensors from another module).
                fix_edits = (*fix_edits, *ctx.torch_import_edits())
            fix = Fix(
                fix_message or self.fix_title or "Fix",
                applicability or self.fix_applicability,
                fix_edits,
            )
        return Finding(
            code=self.code,
            name=self.name,
            message=message,
            severity=ctx.config.severity_of(self.code, self.default_severity),
            span=span,
            filename=ctx.source.path,
            related=tuple(Related(msg, ctx.why_span(why), why.path) for msg, why in related),
            fix=fix,
            deprecated=self.deprecated_api,
        )
