"""Start the torchlint language server from the extension's bundled libraries.

The extension runs this file in the user's interpreter, so jedi sees the user's torch,
with the extension's own pinned pygls/lsprotocol/jedi first on sys.path, so whatever
versions that environment holds cannot break the server. The extension has checked that
the interpreter is Python 3.10 or newer before it runs this. Only this process's sys.path
changes: subprocesses (the runtime probe) see the user's environment unchanged.
"""

import os
import sys

EXTENSION_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    libs = os.path.join(EXTENSION_ROOT, "bundled", "libs")
    if os.path.isdir(libs):
        sys.path.insert(0, libs)
    else:
        # A development checkout (no `make vsix` yet): the sources, deps from the interpreter.
        sys.path.insert(0, os.path.join(EXTENSION_ROOT, "server"))
        sys.stderr.write(f"torchlint: {libs} not found; serving from the source tree\n")
    from torchlint.cli import main as cli_main

    return cli_main(["serve"])


if __name__ == "__main__":
    sys.exit(main())
