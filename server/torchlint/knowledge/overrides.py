"""The few facts written by hand, each with the reason torch could not tell.

`apply` edits the generated table in place and returns {"section:key.field": reason}, which
is written into the table's "overrides" section so every hand-written fact stays visible.
"""

from __future__ import annotations

from typing import Any

# (section, key, field) -> (value, why torch cannot tell)
OVERRIDES: dict[tuple[str, str, str], tuple[object, str]] = {}


def apply(table: dict[str, Any]) -> dict[str, str]:
    reasons: dict[str, str] = {}
    for (section, key, field), (value, why) in sorted(OVERRIDES.items()):
        entry = table[section].get(key)
        if entry is None:
            continue
        entry[field] = value
        entry["source"] = "override" if section == "ops" else entry.get("source", "override")
        reasons[f"{section}:{key}.{field}"] = why
    return reasons
