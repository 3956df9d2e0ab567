#!/usr/bin/env bash
# Launches Skiff on Xvfb, shows a local page and a failed load, and saves screenshots to data/screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."
out=data/screenshots
mkdir -p "$out"
page="file://$PWD/tools/screenshot-page.html"

shoot() { # name, args...
  local name=$1; shift
  .build/debug/skiff --ephemeral --window-size 1100x720 "$@" >/tmp/skiff-shot.log 2>&1 &
  local pid=$!
  local wid=""
  for _ in $(seq 1 100); do
    wid=$(xdotool search --name "$WAIT_TITLE" 2>/dev/null | head -1 || true)
    [ -n "$wid" ] && break
    sleep 0.1
  done
  sleep 1.5
  if [ -n "$wid" ] && xwininfo -id "$wid" >/dev/null 2>&1; then
    timeout 10 import -window root -crop 1100x720+0+0 "$out/$name.png"
    echo "screenshots: $out/$name.png"
  else
    echo "screenshots: window for $name never appeared" >&2
  fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

WAIT_TITLE="^Skiff Browser" shoot browser "$page"
WAIT_TITLE="Open Page" shoot browser-error "http://127.0.0.1:9/unreachable"

# A crashed web process: kill it for real and capture the banner.
.build/debug/skiff --ephemeral --window-size 1000x600 "$page" >/tmp/skiff-shot.log 2>&1 &
app=$!
for _ in $(seq 1 100); do xdotool search --name "^Skiff Browser" >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1
# Only this Skiff's own web processes (its descendants, through bwrap if sandboxed), never others on the machine.
descendants() { local child; for child in $(pgrep -P "$1" || true); do echo "$child"; descendants "$child"; done; }
for p in $(descendants "$app"); do
  [ "$(cat "/proc/$p/comm" 2>/dev/null || true)" = WebKitWebProces ] && kill -KILL "$p" 2>/dev/null || true
done
sleep 1.5
timeout 10 import -window root -crop 1000x600+0+0 "$out/browser-crash.png" && echo "screenshots: $out/browser-crash.png"
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true

# Stars: Pisces centred with its lines drawn in.
.build/debug/skiff --ephemeral --section stars --window-size 1280x800 >/tmp/skiff-shot.log 2>&1 &
app=$!
for _ in $(seq 1 100); do xdotool search --onlyvisible --class skiff >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1.5
timeout 10 import -window root -crop 1280x800+0+0 "$out/stars.png" && echo "screenshots: $out/stars.png"
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
# Home › History, alone in a window until the Home shell pushes it: the bundled sample.
WAIT_TITLE="^History — Skiff" shoot home-history --history-only
# Home (issue 8): wide and light, the rewards tile open, narrow and dark with the header snapped, Scan.
home_shot() { # name, WxH, theme ("" or Adwaita:dark), then xdotool commands run before the capture
  local name=$1 size=$2 theme=$3; shift 3
  GTK_THEME="$theme" GSETTINGS_BACKEND=memory .build/debug/skiff --ephemeral --section home --window-size "$size" >/tmp/skiff-shot.log 2>&1 &
  local pid=$!
  local wid=""
  for _ in $(seq 1 100); do
    wid=$(xdotool search --onlyvisible --class skiff 2>/dev/null | head -1 || true)
    [ -n "$wid" ] && break
    sleep 0.1
  done
  sleep 1.5
  local step
  for step in "$@"; do eval "xdotool $step"; sleep 0.4; done
  sleep 1
  if [ -n "$wid" ] && xwininfo -id "$wid" >/dev/null 2>&1; then
    timeout 10 import -window root -crop "${size}+0+0" "$out/$name.png"
    echo "screenshots: $out/$name.png"
  else
    echo "screenshots: window for $name never appeared" >&2
  fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
home_shot home 1280x800 ""
home_shot home-rewards 1280x800 "" "mousemove 933 244 click 1" "mousemove 640 5"
home_shot home-narrow-dark 600x800 Adwaita:dark "mousemove 300 500 click 5 click 5 click 5" "mousemove 590 120"
home_shot home-scan-dark 600x800 Adwaita:dark "key alt+2"
