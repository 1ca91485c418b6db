"""Findings as text, JSON and SARIF 2.1.0.

JSON rows and columns are 1-based, columns counted in characters (as the CLI prints them).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from torchlint import __version__
from torchlint.findings import Finding, Pos, Severity
from torchlint.rules import ALL_RULES, RULES_BY_CODE

_SARIF_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFORMATION: "note",
    Severity.HINT: "note",
}


def _loc(p: Pos) -> dict[str, int]:
    return {"row": p.row, "column": p.col + 1}


def finding_to_json(f: Finding) -> dict[str, Any]:
    out = _finding_json(f)
    if f.cell is not None:  # a notebook's finding: rows count within this cell
        out["cell"] = f.cell
        for entry, r in zip(out["related"], f.related, strict=True):
            if r.cell is not None:
                entry["cell"] = r.cell
    return out


def _finding_json(f: Finding) -> dict[str, Any]:
    return {
        "code": f.code,
        "name": f.name,
        "message": f.message,
        "severity": f.severity.value,
        "filename": f.filename,
        "location": _loc(f.span.start),
        "end_location": _loc(f.span.end),
        "related": [
            {
                "message": r.message,
                "filename": r.filename or f.filename,
                "location": _loc(r.span.start),
            }
            for r in f.related
        ],
        "fix": None
        if f.fix is None
        else {
            "message": f.fix.message,
            "applicability": f.fix.applicability.value,
            "edits": [
                {
                    "content": e.content,
                    "location": _loc(e.span.start),
                    "end_location": _loc(e.span.end),
                }
                for e in f.fix.edits
            ],
        },
    }


def render_text(findings: Sequence[Finding]) -> str:
    lines = [
        f"{f.filename}:{'' if f.cell is None else f'cell {f.cell}:'}"
        f"{f.span.start.row}:{f.span.start.col + 1}: {f.code} {f.message}"
        for f in findings
    ]
    return "\n".join(lines) + ("\n" if lines else "")


def render_json(findings: Sequence[Finding]) -> str:
    return json.dumps([finding_to_json(f) for f in findings], indent=2, ensure_ascii=False) + "\n"


def render_sarif(findings: Sequence[Finding], root: Path | None = None) -> str:
    used = sorted({f.code for f in findings} | {r.code for r in ALL_RULES})
    rules = []
    for code in used:
        cls = RULES_BY_CODE.get(code)
        if cls is None:
            continue
        docs = cls.docs()
        rules.append(
            {
                "id": cls.code,
                "name": cls.name,
                "shortDescription": {"text": cls.summary},
                "fullDescription": {"text": docs.what or cls.summary},
                "helpUri": cls.doc_url(),
                "help": {"text": docs.why or cls.summary},
                "defaultConfiguration": {"level": _SARIF_LEVEL[cls.default_severity]},
            }
        )
    index = {r["id"]: i for i, r in enumerate(rules)}

    def uri(name: str) -> str:
        p = Path(name)
        if root is not None:
            try:
                return p.resolve().relative_to(root.resolve()).as_posix()
            except ValueError:
                pass
        return p.as_posix()

    def region(start: Pos, end: Pos) -> dict[str, int]:
        return {
            "startLine": start.row,
            "startColumn": start.col + 1,
            "endLine": end.row,
            "endColumn": end.col + 1,
        }

    results = []
    for f in findings:
        result: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index.get(f.code, 0),
            "level": _SARIF_LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri(f.filename)},
                        "region": region(f.span.start, f.span.end),
                    }
                }
            ],
        }
        if f.related:
            result["relatedLocations"] = [
                {
                    "id": i,
                    "message": {"text": r.message},
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri(r.filename or f.filename)},
                        "region": region(r.span.start, r.span.end),
                    },
                    **({"properties": {"cell": r.cell}} if r.cell is not None else {}),
                }
                for i, r in enumerate(f.related)
            ]
        if f.cell is not None:
            # SARIF has no cells: the rows count within this cell, and no fix is offered
            # (its regions would not address the notebook's JSON).
            result["properties"] = {"cell": f.cell}
        elif f.fix is not None:
            result["fixes"] = [
                {
                    "description": {"text": f.fix.message},
                    "artifactChanges": [
                        {
                            "artifactLocation": {"uri": uri(f.filename)},
                            "replacements": [
                                {
                                    "deletedRegion": region(e.span.start, e.span.end),
                                    "insertedContent": {"text": e.content},
                                }
                                for e in f.fix.edits
                            ],
                        }
                    ],
                }
            ]
        results.append(result)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "torchlint",
                        "version": __version__,
                        "informationUri": "https://github.com/torchlint/torchlint",
                        "rules": rules,
                    }
                },
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def render_statistics(findings: Iterable[Finding]) -> str:
    counts = Counter(f.code for f in findings)
    lines = []
    for code, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        cls = RULES_BY_CODE.get(code)
        lines.append(f"{n:6d}  {code}  {cls.name if cls else ''}")
    return "\n".join(lines) + ("\n" if lines else "")
