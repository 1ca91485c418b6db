#!/usr/bin/env bash
# Regenerate client/python/bundled-requirements.txt: the server's runtime dependencies from
# pyproject.toml, pinned with hashes, resolved for the oldest supported Python (3.10) so the
# bundle carries everything any supported Python needs (tomli, exceptiongroup...).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY310=$("$ROOT/scripts/vsix_py310.sh")
TOOLS=$(mktemp -d)
trap 'rm -rf "$TOOLS"' EXIT
"$PY310" -m venv "$TOOLS/venv"
"$TOOLS/venv/bin/pip" install --quiet pip-tools
cd "$ROOT"
"$TOOLS/venv/bin/pip-compile" --quiet --generate-hashes --strip-extras --no-header --no-emit-index-url --no-emit-find-links \
    --output-file client/python/bundled-requirements.txt pyproject.toml
