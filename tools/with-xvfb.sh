#!/usr/bin/env bash
# Runs a command under a private Xvfb display (and says so), then stops the display.
# Used by `make test`, `make bench` and `make screenshots`; CI has no display of its own.
set -euo pipefail

display=""
for n in $(seq 90 140); do
  if [ ! -e "/tmp/.X${n}-lock" ] && [ ! -e "/tmp/.X11-unix/X${n}" ]; then display=":$n"; break; fi
done
[ -n "$display" ] || { echo "with-xvfb: no free X display number between :90 and :140" >&2; exit 1; }

Xvfb "$display" -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp >/tmp/skiff-xvfb-${display#:}.log 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  [ -e "/tmp/.X11-unix/X${display#:}" ] && break
  sleep 0.05
done
[ -e "/tmp/.X11-unix/X${display#:}" ] || { echo "with-xvfb: Xvfb did not start on $display" >&2; cat /tmp/skiff-xvfb-${display#:}.log >&2; exit 1; }

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
