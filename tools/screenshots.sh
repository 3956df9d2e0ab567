#!/usr/bin/env bash
# Makes every picture of data/screenshots from tools/screenshots.list, one Skiff per shot, each in a
# throw-away data folder. Run by `make screenshots` (under its own Xvfb, after a debug build), or by hand:
#   tools/with-xvfb.sh tools/test-env.sh tools/screenshots.sh [NAME-REGEX]   (LIST=FILE and OUT=DIR to try other shots)
# Fails (naming the shot) when a shot cannot be made. Every process it starts is ended by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."
only=${1:-.}
out=${OUT:-data/screenshots}
list=${LIST:-tools/screenshots.list}
skiff=$PWD/.build/debug/skiff
[ -x "$skiff" ] || { echo "screenshots: build first (swift build)" >&2; exit 1; }
[ -n "${DISPLAY:-}" ] || { echo "screenshots: no X display; run under tools/with-xvfb.sh" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d /tmp/skiff-shots.XXXXXX)
server="" compositor="" app="" failed=()
log=$work/skiff.log

# This Skiff's descendants (its web processes, through bwrap if sandboxed), never others on the machine.
descendants() { local child; for child in $(pgrep -P "$1" || true); do echo "$child"; descendants "$child"; done; }
stop() { # pid: TERM, a moment to save, then KILL, and the same for whatever it started
  local pid=$1 kids
  kids=$(descendants "$pid")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  for kid in $kids; do kill -KILL "$kid" 2>/dev/null || true; done
}
cleanup() {
  [ -z "$app" ] || stop "$app"
  [ -z "$server" ] || stop "$server"
  [ -z "$compositor" ] || stop "$compositor"
  rm -rf "$work"
}
trap cleanup EXIT

# A fresh set of XDG folders for one Skiff, copied from a prepared profile when one is named.
profile_dir() { # name of the copy, profile ("-" for none)
  local dir=$work/run/$1
  rm -rf "$dir"; mkdir -p "$dir"
  if [ "$2" != - ]; then cp -a "$work/profiles/$2/." "$dir/"; fi
  mkdir -p "$dir"/{data,state,config/gtk-4.0,cache,runtime,downloads}
  chmod 700 "$dir/runtime"
  # A blinking caret would make two runs differ.
  printf '[Settings]\ngtk-cursor-blink=false\n' > "$dir/config/gtk-4.0/settings.ini"
  echo "$dir"
}

# The pointer out of the way: the screen's bottom right corner, below every window.
park() { local w h; read -r w h < <(xdotool getdisplaygeometry); xdotool mousemove "$((w - 1))" "$((h - 1))"; }

launch() { # dir scheme WxH args...
  local dir=$1 scheme=$2 size=$3; shift 3
  park # the previous shot may have left the pointer over a button
  XDG_DATA_HOME=$dir/data XDG_STATE_HOME=$dir/state XDG_CONFIG_HOME=$dir/config XDG_CACHE_HOME=$dir/cache \
    XDG_RUNTIME_DIR=$dir/runtime SKIFF_COLOR_SCHEME=$scheme SKIFF_DOWNLOAD_DIR=$dir/downloads \
    "$skiff" --window-size "$size" "$@" >"$log" 2>&1 &
  app=$!
  wait_for --class skiff || { echo "no Skiff window appeared"; return 1; }
}

wait_for() { # xdotool search arguments: a visible window, within 30 s
  for _ in $(seq 1 300); do
    kill -0 "$app" 2>/dev/null || { echo "Skiff exited: $(tail -3 "$log")"; return 1; }
    xdotool search --onlyvisible "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

quit() { [ -z "$app" ] || stop "$app"; app=""; }

# One step of a shot. Words of our own, else an xdotool command (its arguments quoted as in a shell).
step() {
  local verb=${1%% *} rest=""
  [ "$verb" = "$1" ] || rest=${1#* }
  case $verb in
    sleep) sleep "$rest" ;;
    title) wait_for --name "$rest" || { echo "no window titled /$rest/"; return 1; }
      last=$(xdotool search --onlyvisible --name "$rest" | tail -1) ;;
    windows) # N: wait until this Skiff shows N windows (a dialog without a title)
      local n
      for n in $(seq 1 300); do
        [ "$(xdotool search --onlyvisible --class skiff 2>/dev/null | wc -l)" -ge "$rest" ] && break
        sleep 0.1
      done
      [ "$n" -lt 300 ] || { echo "fewer than $rest windows"; return 1; }
      last=$(xdotool search --onlyvisible --class skiff | tail -1) ;;
    colour) # X Y RRGGBB: wait until the screen's pixel there is about that colour (a page has painted)
      local args want got i; read -r -a args <<<"$rest"
      want=${args[2]}
      for i in $(seq 1 200); do
        got=$(import -window root -crop "1x1+${args[0]}+${args[1]}" -depth 8 txt:- 2>/dev/null | grep -o '#[0-9A-Fa-f]\{6\}' | head -1)
        if [ -n "$got" ] && python3 -c "import sys; a,b=sys.argv[1][1:],sys.argv[2]; sys.exit(sum(abs(int(a[i:i+2],16)-int(b[i:i+2],16)) for i in (0,2,4)) > 60)" "$got" "$want"; then break; fi
        sleep 0.1
      done
      [ "$i" -lt 200 ] || { echo "pixel ${args[0]},${args[1]} is $got, not about #$want"; return 1; } ;;
    now) settle=0 ;;
    midway) # N: N frames back to back; the picture is the one furthest from both the first and the last
      local k d1 d2 score best=-1 frames=$work/frames.miff last_frame=$((rest - 1))
      import -silent -window root -snaps "$rest" "$frames" || { echo "import failed"; return 1; }
      for k in $(seq 1 $((rest - 2))); do
        d1=$(compare -metric AE -fuzz 3% "$frames[$k]" "$frames[0]" null: 2>&1 || true)
        d2=$(compare -metric AE -fuzz 3% "$frames[$k]" "$frames[$last_frame]" null: 2>&1 || true)
        score=$(awk -v a="$d1" -v b="$d2" 'BEGIN { m = a + 0 < b + 0 ? a + 0 : b + 0; printf "%d", m }')
        if [ "$score" -gt "$best" ]; then best=$score; frame="$frames[$k]"; fi
      done
      [ "$best" -gt 0 ] || { echo "nothing moved in $rest frames"; return 1; }
      settle=0 ;;
    park) park ;;
    crash) # kill this Skiff's web processes, as a crash would
      local p found=""
      for p in $(descendants "$app"); do
        if [ "$(cat "/proc/$p/comm" 2>/dev/null || true)" = WebKitWebProces ]; then kill -KILL "$p"; found=1; fi
      done
      [ -n "$found" ] || { echo "no web process to crash"; return 1; } ;;
    place) # title-regex WxH X Y: size and move a window of this Skiff (Y "bottom": down to the screen's bottom)
      local args wid y; read -r -a args <<<"$rest"
      wait_for --name "${args[0]}" || { echo "no window titled /${args[0]}/"; return 1; }
      wid=$(xdotool search --onlyvisible --name "${args[0]}" | head -1)
      y=${args[3]}
      [ "$y" != bottom ] || y=$(( $(xdotool getdisplaygeometry | cut -d' ' -f2) - ${args[1]#*x} ))
      xdotool windowsize --sync "$wid" "${args[1]%x*}" "${args[1]#*x}" windowmove --sync "$wid" "${args[2]}" "$y"
      last=$wid ;;
    *) eval "xdotool $1" ;;
  esac
}

expand() { # the list's $SITE and $WORK
  local s=$1
  s=${s//\$SITE/$site}
  s=${s//\$WORK/$work}
  echo "$s"
}

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; echo "$s"; }

# A compositing manager, as every desktop has: without one, a pop-up's shadow, rounded corners and the
# room beside its arrow are drawn on a surface without alpha and come out black. -n: no shadows of its own.
command -v xcompmgr >/dev/null || { echo "screenshots: xcompmgr is missing (tools/setup.sh --test installs it)" >&2; exit 1; }
xcompmgr -n >/dev/null 2>&1 &
compositor=$!

# --- What the shots show, made once per run -------------------------------------------------------------

python3 tools/screenshot-fixtures.py site "$work/site"
python3 tools/screenshot-fixtures.py hostile-feed "$work/hostile"
# The sites on 127.0.0.1, for as long as the run lasts.
python3 - "$work/site" "$work/port" >/dev/null 2>&1 <<'PY' &
import functools, http.server, os, sys, time
class Handler(http.server.SimpleHTTPRequestHandler):
    # /files/NAME: an attachment (a download); the .iso comes slowly, so that its progress shows.
    def do_GET(self):
        if not self.path.startswith('/files/'):
            return super().do_GET()
        name = self.path[len('/files/'):]
        size = 3 << 20 if name.endswith('.iso') else 180_000
        self.send_response(200)
        self.send_header('Content-Type', 'application/octet-stream')
        self.send_header('Content-Disposition', 'attachment; filename="%s"' % name)
        self.send_header('Content-Length', str(size))
        self.end_headers()
        sent = 0
        try:
            while sent < size:
                n = min(32768, size - sent); self.wfile.write(b'x' * n); sent += n
                if name.endswith('.iso'): time.sleep(0.2)
        except OSError:
            pass
    def log_message(self, *args): pass
handler = functools.partial(Handler, directory=sys.argv[1])
# A fixed port keeps the addresses the pictures show the same from run to run; any free one if it is taken.
try: server = http.server.ThreadingHTTPServer(('127.0.0.1', 18765), handler)
except OSError: server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), handler)
server.daemon_threads = True
with open(sys.argv[2] + '.tmp', 'w') as f: f.write(str(server.server_address[1]))
os.rename(sys.argv[2] + '.tmp', sys.argv[2])
server.serve_forever()
PY
server=$!
for _ in $(seq 1 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || { echo "screenshots: the local web server did not start" >&2; exit 1; }
site=http://127.0.0.1:$(cat "$work/port")
# Today's feeds name each other by the server's address, known only now.
find "$work/site/feeds" -type f -exec sed -i "s#@SITE@#$site#g" {} +

# Profiles: data folders prepared by driving Skiff itself, copied for every shot that names them.
prepare() { # profile
  local dir
  dir=$(profile_dir "prepare-$1" -)
  case $1 in
    favourites|visited) # five sites with icons (bookmarked with Ctrl+D into Favourites), a visit, a closed tab
      local add=favourite name
      [ "$1" = favourites ] || add=""
      # Ctrl+D's popover: Tab to its folder drop-down, Space, Down to "Favourites", Return; back to the
      # name and Return (Done). The bookmarks of the Favourites folder are the start page's tiles.
      add_page() {
        [ -n "$add" ] || return 0
        step "key --clearmodifiers ctrl+d"; sleep 0.6
        step "key Tab"; step "key space"; sleep 0.4; step "key Down"; step "key Return"; sleep 0.3
        step "key --clearmodifiers shift+Tab"; step "key Return"
      }
      launch "$dir" light 1280x800 "$site/debian.html"
      step "title ^Debian" || return 1; sleep 1; add_page; sleep 0.5
      for name in gnome swift webkit kernel; do
        step "key --clearmodifiers ctrl+l"; sleep 0.4
        step "type --delay 20 $site/$name.html"; step "key Return"; sleep 0.5
        step "title ^$(sed -n 's/.*<title>\([^ <]*\).*/\1/p' "$work/site/$name.html")" || return 1; sleep 1
        add_page; sleep 0.5
      done
      step "key --clearmodifiers ctrl+t"; sleep 0.5
      step "type --delay 20 $site/swift.html?page=2"; step "key Return"; step "title ^Swift Forums" || return 1; sleep 1
      step "key --clearmodifiers ctrl+w"; sleep 1.5
      quit ;;
    history|big-history) # Skiff makes the database with its own schema; then the pages go in; then it ranks them
      launch "$dir" light 1280x800 about:blank; sleep 2; quit
      python3 tools/screenshot-fixtures.py "$1" "$dir/data/skiff/browser.sqlite" 100000
      launch "$dir" light 1280x800 about:blank; sleep 4; quit ;;
    corrupt) # browsing data that is not a database
      mkdir -p "$dir/data/skiff"; head -c 65536 /dev/urandom > "$dir/data/skiff/browser.sqlite" ;;
    *) echo "unknown profile $1"; return 1 ;;
  esac
  rm -rf "$dir/runtime"
  mkdir -p "$work/profiles"; mv "$dir" "$work/profiles/$1"
}

# --- The shots -------------------------------------------------------------------------------------------

shoot() { # name size scheme profile crop args steps
  local name=$1 size=$2 scheme=$3 profile=$4 crop=$5 args=$6 steps=$7 dir s
  local -a argv=()
  if [ "$profile" != - ] && [ ! -d "$work/profiles/$profile" ]; then prepare "$profile" || return 1; fi
  dir=$(profile_dir "$name" "$profile")
  [ -z "$args" ] || eval "argv=($args)"
  launch "$dir" "$scheme" "$size" "${argv[@]}" || return 1
  sleep 1.5
  settle=1 last="" frame=""
  IFS=';' read -r -a parts <<<"$steps"
  for s in "${parts[@]}"; do
    s=$(trim "$s")
    [ -z "$s" ] || step "$s" || return 1
  done
  sleep "$settle"
  kill -0 "$app" 2>/dev/null || { echo "Skiff exited: $(tail -3 "$log")"; return 1; }
  [ "$crop" != - ] || crop=$size
  local at=+0+0
  if [ "$crop" = last ]; then # the window the steps waited for last, without its shadow (the compositor's)
    [ -n "$last" ] || { echo "crop 'last' without a window waited for"; return 1; }
    eval "$(xdotool getwindowgeometry --shell "$last")"
    local l=0 r=0 t=0 b=0
    read -r l r t b < <(xprop -id "$last" _GTK_FRAME_EXTENTS | grep -o '[0-9]\+, [0-9]\+, [0-9]\+, [0-9]\+' | tr -d ,) || true
    crop=$((WIDTH - l - r))x$((HEIGHT - t - b)) at=+$((X + l))+$((Y + t))
  fi
  read -r sw sh < <(xdotool getdisplaygeometry)
  local right=$(( ${crop%x*} + $(echo "$at" | cut -d+ -f2) )) bottom=$(( ${crop#*x} + $(echo "$at" | cut -d+ -f3) ))
  if [ "$right" -gt "$sw" ] || [ "$bottom" -gt "$sh" ]; then
    echo "needs a ${right}x${bottom} screen, this one is ${sw}x${sh} (XVFB_SCREEN)"; return 1
  fi
  if [ -n "$frame" ]; then
    convert "$frame" -crop "${crop}${at}" +repage "$out/$name.png" || { echo "convert failed"; return 1; }
  else
    timeout 20 import -window root -crop "${crop}${at}" +repage "$out/$name.png" || { echo "import failed"; return 1; }
  fi
  quit
}

while IFS='|' read -r name size scheme profile crop args steps; do
  name=$(trim "$name")
  case $name in ''|'#'*) continue ;; esac
  [[ $name =~ $only ]] || continue
  # Not in a subshell: the Skiff it starts must stay known here, to be ended whatever happens.
  # A second try when the first fails: on a loaded machine a page may take longer than the waits allow.
  for attempt in 1 2; do
    shoot "$name" "$(trim "$size")" "$(trim "$scheme")" "$(trim "$profile")" "$(trim "$crop")" \
          "$(expand "$(trim "$args")")" "$(expand "$(trim "$steps")")" >"$work/why" 2>&1 </dev/null && status=0 || status=$?
    quit
    [ $status -ne 0 ] || break
    [ $attempt = 2 ] || echo "screenshots: $name failed once ($(tail -1 "$work/why")), trying again" >&2
  done
  why=$(tail -5 "$work/why")
  if [ $status -eq 0 ]; then
    echo "screenshots: $out/$name.png"
  else
    echo "screenshots: FAILED $name: ${why:-exit $status}" >&2
    failed+=("$name")
  fi
done < "$list"

if [ ${#failed[@]} -gt 0 ]; then
  echo "screenshots: ${#failed[@]} shot(s) could not be made: ${failed[*]}" >&2
  exit 1
fi
