"""Rule documentation pages, made from each rule's docstring (docs/rules/<code>.md)."""

from __future__ import annotations

from torchlint.rules.base import DOC_HEADINGS, Rule


def rule_markdown(cls: type[Rule]) -> str:
    docs = cls.docs()
    lines = [f"# {cls.code} {cls.name}", "", f"{cls.summary}", ""]
    lines.append(f"- Default severity: **{cls.default_severity.value}**")
    lines.append(
        f"- PyTorch behaviour: {'raises an error' if cls.torch_raises else 'silent: no error, wrong or wasteful result'}"
    )
    if cls.fix_title:
        lines.append(f"- Quick fix: {cls.fix_title} ({cls.fix_applicability.value})")
    lines.append(f"- Suppress on one line: `# torchlint: ignore[{cls.code}]`")
    lines.append("")
    for heading in DOC_HEADINGS:
        body = docs.sections.get(heading)
        if body:
            lines.extend([f"## {heading}", body.strip(), ""])
    return "\n".join(lines).rstrip() + "\n"
