#!/usr/bin/env bash
# End to end in a real VS Code: code-server with the built .vsix installed into a fresh
# profile, the server run by a Python with nothing installed (only the .vsix's bundled libs),
# driven by Playwright in Debian's Chromium (vscode_e2e.ts). Screenshots and logs land in
# artifacts/e2e/. Every process started here is in one process group, killed at the end.
# Usage: tests/e2e/run_vscode.sh torchlint-X.Y.Z.vsix
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VSIX=$(realpath "${1:?usage: run_vscode.sh VSIX}")
# (Assigned first: a failure inside `eval "$(...)"` would go unnoticed by set -e.)
setup=$("$ROOT/scripts/e2e_setup.sh")
eval "$setup" # N24, CODE_SERVER, BARE_PYTHON
OUT=${E2E_ARTIFACTS:-$ROOT/artifacts/e2e}
rm -rf "$OUT" && mkdir -p "$OUT"

# A path with a space, on purpose: users have them.
RUN=$(mktemp -d "${TMPDIR:-/tmp}/torchlint e2e.XXXXXX")
CS_PID=
cleanup() {
    if [ -n "$CS_PID" ]; then
        kill -- -"$CS_PID" 2>/dev/null || true # the group: extension host, server, watcher
        wait "$CS_PID" 2>/dev/null || true
    fi
    # Keep the extension's and code-server's logs with the screenshots.
    find "$RUN/user/logs" \( -name torchlint.log -o -name remoteexthost.log \) \
        -exec cp {} "$OUT/" \; 2>/dev/null || true
    rm -rf "$RUN"
}
trap cleanup EXIT

cp -r "$ROOT/tests/e2e/workspace" "$RUN/workspace"
mkdir -p "$RUN/user/User" "$RUN/extensions"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BARE_PYTHON="$BARE_PYTHON" node -e '
  const settings = {
    "torchlint.interpreter": [process.env.BARE_PYTHON],
    "security.workspace.trust.enabled": false,
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.secondarySideBar.defaultVisibility": "hidden",
    "telemetry.telemetryLevel": "off",
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": false,
    "update.mode": "none",
    "workbench.enableExperiments": false,
    "chat.disableAIFeatures": true,
    "editor.hover.delay": 200,
  };
  require("fs").writeFileSync(process.argv[1], JSON.stringify(settings, null, 2));
' "$RUN/user/User/settings.json"
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" >"$RUN/config.yaml"

# code-server's helpers re-exec `node`: it must be Node 24. XDG_* keep $HOME clean.
export PATH=$N24/bin:$PATH
export XDG_CONFIG_HOME=$RUN/xdg/config XDG_DATA_HOME=$RUN/xdg/data XDG_CACHE_HOME=$RUN/xdg/cache
cs=("$N24/bin/node" "$CODE_SERVER" --config "$RUN/config.yaml" --auth none
    --bind-addr "127.0.0.1:$PORT" --disable-telemetry --disable-update-check
    --disable-workspace-trust --reconnection-grace-time 5
    --user-data-dir "$RUN/user" --extensions-dir "$RUN/extensions")

"${cs[@]}" --install-extension "$VSIX" >"$OUT/install.log" 2>&1 || {
    cat "$OUT/install.log" >&2
    exit 3
}
setsid "${cs[@]}" "$RUN/workspace" >"$OUT/code-server.log" 2>&1 &
CS_PID=$!
for _ in $(seq 150); do
    node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
        "http://127.0.0.1:$PORT/healthz" && break
    sleep 0.2
done

FOLDER_URL=$(node -p 'encodeURIComponent(process.argv[1])' "$RUN/workspace")
# The driver runs under the system Node: playwright-core is an npm devDependency.
export PATH=${PATH#"$N24/bin:"}
CS_URL="http://127.0.0.1:$PORT/?folder=$FOLDER_URL" WORKSPACE="$RUN/workspace" \
    OUT_DIR="$OUT" USER_DATA_DIR="$RUN/user" SERVER_PYTHON="$BARE_PYTHON" node "$ROOT/out/e2e/vscode_e2e.js"
