"""A resolver that finds imported workspace modules on disk (used by `torchlint check`)."""

from __future__ import annotations

from pathlib import Path

from torchlint.analysis.resolver import ForeignModule
from torchlint.files import read_source


class FileSystemResolver:
    """Looks for `pkg/mod.py` or `pkg/mod/__init__.py` next to the importing file and under roots."""

    def __init__(self, importer: Path, roots: tuple[Path, ...]) -> None:
        self.importer = importer.resolve()
        self.roots = tuple(r.resolve() for r in roots)
        self._cache: dict[tuple[str, int], ForeignModule | None] = {}

    def __call__(self, module: str, level: int) -> ForeignModule | None:
        key = (module, level)
        if key not in self._cache:
            self._cache[key] = self._find(module, level)
        return self._cache[key]

    def _find(self, module: str, level: int) -> ForeignModule | None:
        parts = [p for p in module.split(".") if p]
        if level:
            base = self.importer.parent
            for _ in range(level - 1):
                base = base.parent
            bases = [base]
        else:
            bases = [self.importer.parent, *self.roots]
        for base in bases:
            target = base.joinpath(*parts) if parts else base
            for candidate in (target.with_suffix(".py"), target / "__init__.py"):
                if candidate.is_file() and candidate.resolve() != self.importer:
                    try:
                        read = read_source(candidate)
                    except OSError:
                        return None
                    if read.text is None:
                        return None
                    return ForeignModule(str(candidate), read.text)
        return None
