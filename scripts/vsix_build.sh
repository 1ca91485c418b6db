#!/usr/bin/env bash
# Build torchlint-<version>.vsix: the bundled client (dist/extension.js), the launcher, and the
# server with its pure-Python dependencies, installed into bundled/libs by Python 3.10 (the
# oldest supported) from the hash-locked client/python/bundled-requirements.txt, dist-info kept.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

VERSION=$(node -p 'require("./package.json").version')
PY_VERSION=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
if [ "$VERSION" != "$PY_VERSION" ]; then
    echo "package.json has version $VERSION but pyproject.toml has $PY_VERSION: make them equal" >&2
    exit 1
fi
PY310=$("$ROOT/scripts/vsix_py310.sh")
pip=("$PY310" -m pip --quiet --disable-pip-version-check)
export PIP_ROOT_USER_ACTION=ignore  # CI runs as root; this pip only writes into bundled/libs

rm -rf bundled/libs
"${pip[@]}" install --no-compile --no-deps --require-hashes --only-binary=:all: \
    --target bundled/libs -r client/python/bundled-requirements.txt
WHEELS=$(mktemp -d)
trap 'rm -rf "$WHEELS"' EXIT
"${pip[@]}" wheel --no-deps --wheel-dir "$WHEELS" .
"${pip[@]}" install --no-compile --no-deps --target bundled/libs "$WHEELS"/torchlint-*.whl
rm -rf bundled/libs/bin  # console scripts, written for this machine's paths

npm run --silent build
# vsce's secret scan reads every file: 4.5 min on 2 cores for the ~5,900 files of the
# hash-pinned third-party libs (mostly jedi's typeshed). It is skipped: the files that are
# ours (package.json, dist/extension.js, launch.py) hold no configuration or credentials.
npx vsce package --no-dependencies --allow-missing-repository --readme-path docs/editor.md \
    --allow-package-all-secrets --allow-package-env-file --out "torchlint-$VERSION.vsix"
