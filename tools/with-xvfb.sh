#!/usr/bin/env bash
# Runs a command under a private Xvfb display (and says so), then stops the display.
# Used by `make test`, `make bench` and `make screenshots`; CI has no display of its own.
set -euo pipefail

# Xvfb picks a free display number itself (-displayfd) and writes it once it accepts connections: two
# runs started at the same moment (make test and make screenshots, or two worktrees) can no longer both
# choose the same number, where the second server's failure left the first one's clients without a display.
numberfile=$(mktemp /tmp/skiff-xvfb-display.XXXXXX)
Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp 3>"$numberfile" >"$numberfile.log" 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; rm -f "$numberfile" "$numberfile.log"' EXIT
for _ in $(seq 1 200); do
  grep -q . "$numberfile" 2>/dev/null && break
  kill -0 "$xvfb_pid" 2>/dev/null || break
  sleep 0.05
done
display=":$(head -1 "$numberfile" | tr -dc 0-9)"
[ "$display" != ":" ] || { echo "with-xvfb: Xvfb did not start" >&2; cat "$numberfile.log" >&2; exit 1; }

export DISPLAY="$display"
unset WAYLAND_DISPLAY
# Cairo is the cheaper renderer on llvmpipe, and lets the accessibility bus keep up.
export GSK_RENDERER="${GSK_RENDERER:-cairo}"
# No session bus: GIO would otherwise auto-start a bus and portal daemons that outlive the run.
export DBUS_SESSION_BUS_ADDRESS="${SKIFF_TEST_DBUS:-unix:path=/nonexistent}"
export NO_AT_BRIDGE=1
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d /tmp/skiff-runtime.XXXXXX)}"
chmod 700 "$XDG_RUNTIME_DIR"
echo "with-xvfb: running on Xvfb $display" >&2
"$@"
