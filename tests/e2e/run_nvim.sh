#!/usr/bin/env bash
# The e2e scenario in a second real client: Neovim (Debian's 0.7) headless, built-in LSP.
# Usage: tests/e2e/run_nvim.sh SERVER-COMMAND...   e.g. .venv/bin/python -m torchlint serve
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -gt 0 ] || { echo "usage: run_nvim.sh SERVER-COMMAND..." >&2; exit 2; }
"$ROOT/scripts/e2e_setup.sh" nvim # installs Neovim when missing
RUN=$(mktemp -d "${TMPDIR:-/tmp}/torchlint nvim.XXXXXX")
trap 'rm -rf "$RUN"' EXIT
cp -r "$ROOT/tests/e2e/workspace" "$RUN/workspace"
# The command runs from the workspace copy: make a relative program path absolute
# (without resolving symlinks, which would step out of a venv).
prog=$1
[[ $prog != */* ]] || prog=$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog")
set -- "$prog" "${@:2}"
TORCHLINT_CMD=$(python3 -c 'import json, sys; print(json.dumps(sys.argv[1:]))' "$@")
cd "$RUN/workspace"
# XDG_* keep nvim's state and lsp.log out of $HOME; the buffer is never written.
XDG_CACHE_HOME=$RUN/cache XDG_STATE_HOME=$RUN/state XDG_CONFIG_HOME=$RUN/config \
    TORCHLINT_CMD=$TORCHLINT_CMD timeout 180 \
    nvim --headless --clean -u "$ROOT/tests/e2e/nvim_e2e.lua" autograd_mistakes.py && status=0 || status=$?
[ "$status" = 0 ] || cat "$RUN/cache/nvim/lsp.log" >&2 2>/dev/null || true
exit "$status"
