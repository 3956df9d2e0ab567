#!/usr/bin/env bash
# The browser's History window (Ctrl+H) over a few weeks of made-up pages: light and dark, the main
# window 1280 px wide and History at 600 px. Run under Xvfb (tools/with-xvfb.sh), after a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
out=data/screenshots
mkdir -p "$out"
home=$(mktemp -d /tmp/skiff-history-shots.XXXXXX)
trap 'rm -rf "$home"' EXIT
export XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache"
mkdir -p "$XDG_CONFIG_HOME/gtk-4.0"
printf '[Settings]\ngtk-cursor-blink=false\n' > "$XDG_CONFIG_HOME/gtk-4.0/settings.ini"

launch() { # seconds to wait for the window; args...
  .build/debug/skiff --window-size 1280x800 "${@:2}" >/tmp/skiff-history-shot.log 2>&1 &
  app=$!
  for _ in $(seq 1 100); do xdotool search --onlyvisible --class skiff >/dev/null 2>&1 && break; sleep 0.1; done
  sleep "$1"
}
quit() { kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; }

# A first start makes the database with Skiff's own schema (and its search index's triggers).
launch 2 about:blank; quit
python3 - "$XDG_DATA_HOME/skiff/browser.sqlite" <<'PY'
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1])
now = time.time()
day = time.localtime()
midnight = time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 0, 0, 0, 0, 0, -1))
pages = [
    ("https://www.debian.org/doc/manuals/debian-reference/", "Debian Reference", now - 240),
    ("https://docs.gtk.org/gtk4/", "GTK 4 Reference Manual", now - 1500),
    ("https://webkitgtk.org/reference/webkitgtk/stable/", "WebKitGTK Reference", now - 3900),
    ("https://www.swift.org/documentation/", "Swift Documentation", max(midnight + 60, now - 4 * 3600)),
    ("https://apps.gnome.org/", "Apps for GNOME", midnight - 2 * 3600),
    ("https://gitlab.gnome.org/GNOME/epiphany", "GNOME / Epiphany · GitLab", midnight - 5 * 3600),
    ("https://en.wikipedia.org/wiki/Skiff", "Skiff - Wikipedia", midnight - 9 * 3600),
    ("https://www.openstreetmap.org/", "OpenStreetMap", midnight - 86400 - 3 * 3600),
    ("https://lwn.net/", "LWN.net", midnight - 86400 - 7 * 3600),
    ("https://sqlite.org/fts5.html", "SQLite FTS5 Extension", midnight - 3 * 86400 - 3600),
    ("https://github.com/groue/GRDB.swift", "groue/GRDB.swift: A toolkit for SQLite databases", midnight - 3 * 86400 - 5000),
    ("https://www.bbc.co.uk/weather", "BBC Weather", midnight - 6 * 86400 - 7200),
]
for uri, title, t in pages:
    db.execute("INSERT OR REPLACE INTO history (uri, title, visitCount, lastVisit) VALUES (?, ?, 1, ?)", (uri, title, t))
db.commit()
PY

shoot() { # name, scheme, history width
  SKIFF_COLOR_SCHEME=$2 launch 2 about:blank
  xdotool key --clearmodifiers ctrl+h
  sleep 1.5
  local hid
  hid=$(xdotool search --onlyvisible --name '^History$' | head -1)
  xdotool windowsize "$hid" "$3" 720
  xdotool windowmove "$hid" 40 40
  sleep 0.5
  xdotool key Down
  sleep 0.8
  timeout 10 import -window root -crop 1280x800+0+0 "$out/$1.png" && echo "screenshots: $out/$1.png"
  quit
}
shoot browser-history light 640
shoot browser-history-dark dark 640
shoot browser-history-narrow light 600
shoot browser-history-narrow-dark dark 600
