"""Where a rule's page is, for `codeDescription.href` and hovers.

A repository checkout has `docs/rules/<code>.md` beside the package: link it. An installed
package writes the page (made from the rule's docstring) into a cache folder once and
links that. The web URL is the last resort.
"""

from __future__ import annotations

import functools
import logging
import os
import tempfile
from pathlib import Path

from torchlint import __version__
from torchlint.docs import rule_markdown
from torchlint.rules import RULES_BY_CODE

log = logging.getLogger(__name__)

_REPO_DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "torchlint" / f"rules-{__version__}"


@functools.cache
def doc_href(code: str) -> str | None:
    cls = RULES_BY_CODE.get(code)
    if cls is None:
        return None
    page = _REPO_DOCS / f"{code}.md"
    if page.is_file():
        return page.as_uri()
    try:
        folder = _cache_dir()
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{code}.md"
        text = rule_markdown(cls)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            # Written whole and renamed: another server may be reading it.
            fd, tmp = tempfile.mkstemp(dir=folder, suffix=".md")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, target)
        return target.as_uri()
    except OSError as exc:
        log.info("cannot write the page of %s (%s); linking the web page", code, exc)
        return cls.doc_url()
