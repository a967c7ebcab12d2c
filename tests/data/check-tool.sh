#!/bin/sh
# check-tool.sh TOOL [ARGS…] — run a validator; exit 77 (skipped) when the
# tool is not installed, so a bare build still reports honestly.
tool="$1"
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "SKIP: $tool is not installed" >&2
  exit 77
fi
exec "$@"
