"""Code pasted without its imports: a question's snippet that writes `torch.`, `nn.`, `F.`
without the lines that bind them.

Such a name, used as a module (`F.softmax(...)`) and imported nowhere in the file, stands for
what the PyTorch documentation and tutorials bind it to. A file that star-imports another
module may bind it there, so it gets none. A binding the file does make (an import inside a
function, an assignment) replaces the implicit one where it runs.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from typing import Final

# The conventional names, and the import each stands for.
CONVENTIONAL: Final = {
    "torch": "import torch",
    "nn": "import torch.nn as nn",
    "F": "import torch.nn.functional as F",
    "optim": "import torch.optim as optim",
    "np": "import numpy as np",
}
_IMPORT_LINE: Final = re.compile(r"^[ \t]*(from[ \t]+\S+[ \t]+)?import[ \t]+(.*)$", re.M)
_STAR: Final = re.compile(r"^[ \t]*from[ \t]+(\S+)[ \t]+import[ \t]+\*", re.M)


def implicit_imports(text: str) -> list[ast.stmt]:
    """The import statements for the conventional names `text` uses but never imports."""
    # Most files import what they use: plain substring tests settle them before any regex.
    candidates = [
        name
        for name in CONVENTIONAL
        if f"{name}." in text and f"import {name}\n" not in text and f"as {name}\n" not in text
    ]
    if not candidates or ("import *" in text and _star_elsewhere(text)):
        return []
    candidates = [name for name in candidates if _used_as_module(text, name)]
    if not candidates:
        return []
    imported = {name for m in _IMPORT_LINE.finditer(text) for name in _bound(m)}
    missing = tuple(name for name in candidates if name not in imported)
    return list(_statements(missing)) if missing else []


def _used_as_module(text: str, name: str) -> bool:
    """`name.attr` somewhere, not as part of a longer name or attribute (`torch.nn.X` is no
    use of `nn`). str.find, not a regular expression: its lookbehind is tried at every
    position of the text, many times slower on a long file."""
    probe = name + "."
    size = len(probe)
    at = text.find(probe)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + size : at + size + 1]
        if not (before.isalnum() or before in "_.") and (after.isalpha() or after == "_"):
            return True
        at = text.find(probe, at + size)
    return False


def _star_elsewhere(text: str) -> bool:
    """A star import of a module other than torch's, which may bind any name."""
    return any(not m.group(1).startswith("torch") for m in _STAR.finditer(text))


def _bound(line: re.Match[str]) -> list[str]:
    """The names an import line binds: `import torch.nn as nn` binds `nn` (not `torch`),
    `import torch.nn` binds `torch`, `from torch import nn, optim as o` binds `nn` and `o`."""
    names = []
    for item in line.group(2).strip("() \\").split(","):
        words = item.split()
        if not words or words[0].startswith("#"):
            continue
        if len(words) >= 3 and words[1] == "as":
            names.append(words[2])
        else:
            names.append(words[0] if line.group(1) else words[0].split(".")[0])
    return names


@cache
def _statements(names: tuple[str, ...]) -> tuple[ast.stmt, ...]:
    # Line 1, column 0: nothing an import does is reported, so no position is ever shown.
    return tuple(ast.parse(CONVENTIONAL[name]).body[0] for name in names)
