#!/usr/bin/env bash
# Print a Python 3.10 (the oldest torchlint supports, so the bundle is built for it):
# $PY310, else pyenv's, else python3.10 on PATH.
set -u
for py in ${PY310:-} "$(pyenv prefix 3.10 2>/dev/null)/bin/python" /root/.pyenv/versions/3.10.13/bin/python python3.10; do
    if "$py" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 10))' 2>/dev/null; then
        command -v "$py"
        exit 0
    fi
done
echo "No Python 3.10 found: set PY310=/path/to/python3.10 (the bundle is built with the oldest supported Python)" >&2
exit 1
