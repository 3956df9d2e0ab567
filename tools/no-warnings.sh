#!/usr/bin/env bash
# Passes the build's output through and fails if the compiler warned about Skiff's own code
# (Sources/ or Tests/). SwiftPM's own "prohibited flag(s)" note about pkg-config is not ours.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
log=$(mktemp)
tee "$log"
status=${PIPESTATUS[0]}
warnings=$(grep -E "^$root/(Sources|Tests)/.*: warning:" "$log" | sort -u)
rm -f "$log"
if [ -n "$warnings" ]; then
  echo "no-warnings: the build warned about Skiff's own code; fix these:" >&2
  echo "$warnings" >&2
  exit 1
fi
exit "$status"
