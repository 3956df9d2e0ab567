#!/usr/bin/env bash
# The README's screenshots of find in page and the downloads list (issue 27), light and dark at 1280 and
# 600 px: a page and a slow download served by python3 on 127.0.0.1:8766, a throw-away Downloads folder.
# Run under Xvfb after a debug build: tools/with-xvfb.sh tools/test-env.sh tools/tools-screenshots.sh
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-data/screenshots}
work=$(mktemp -d /tmp/skiff-toolshots.XXXXXX)
mkdir -p "$work/site" "$work/Downloads"
cat > "$work/site/index.html" <<'HTML'
<!doctype html><html><head><meta charset=utf-8><title>Release notes</title></head>
<body style="font:18px/1.5 sans-serif;margin:32px;max-width:46em">
<h1>Release notes</h1>
<p><a href="/debian-12.iso" style="display:block">Download the installer image</a><a href="/notes.pdf" style="display:block">Download these notes (PDF)</a></p>
<p>This release brings a new kernel, a new desktop and a new installer. The kernel supports more hardware;
the desktop is faster; the installer asks fewer questions. Read the kernel notes before you upgrade.</p>
<p>Upgrading from the previous release keeps your files. The kernel is replaced at the next restart, and the
old kernel stays installed until you remove it.</p>
</body></html>
HTML
python3 - "$work/site" > /dev/null 2>&1 <<'PY' &
import http.server, sys, time
root = sys.argv[1]
class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k): super().__init__(*a, directory=root, **k)
    def do_GET(self):
        if self.path in ('/debian-12.iso', '/notes.pdf'):
            size = 3 << 20 if self.path.endswith('iso') else 180_000
            self.send_response(200)
            self.send_header('Content-Type', 'application/octet-stream')
            self.send_header('Content-Disposition', 'attachment; filename="%s"' % self.path[1:])
            self.send_header('Content-Length', str(size)); self.end_headers()
            sent = 0
            while sent < size:
                n = min(32768, size - sent); self.wfile.write(b'x' * n); sent += n
                if self.path.endswith('iso'): time.sleep(0.2)
            return
        super().do_GET()
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(('127.0.0.1', 8766), Handler).serve_forever()
PY
srv=$!
sleep 1
export SKIFF_DOWNLOAD_DIR=$work/Downloads

shoot() { # name width scheme action
  SKIFF_COLOR_SCHEME=$3 .build/debug/skiff --private --window-size "$2x640" http://127.0.0.1:8766/ >/dev/null 2>&1 &
  local app=$! w=""
  for _ in $(seq 1 150); do w=$(xdotool search --onlyvisible --name "Release notes" 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.1; done
  sleep 2
  xdotool windowfocus --sync "$w"
  case $4 in
    find) xdotool key --clearmodifiers ctrl+f; sleep 0.4; xdotool type --delay 40 kernel; sleep 0.6; xdotool key F3; sleep 0.8 ;;
    downloads)
      # The two links, one a line, under the heading.
      xdotool mousemove --window "$w" 80 178 click 1; sleep 1.5
      xdotool mousemove --window "$w" 80 205 click 1; sleep 1.5
      xdotool mousemove --window "$w" $(( $2 - $2 / 12 )) 616 click 1; sleep 1 ;;
  esac
  # The list is a popup of its own: at 600 px it reaches past the window's right edge, as on a desktop.
  local width=$2; [ "$4" = downloads ] && [ "$2" -lt 1000 ] && width=$(( $2 + 130 ))
  timeout 10 import -window root -crop "${width}x640+0+0" "$out/$1.png" && echo "screenshots: $out/$1.png"
  kill "$app" 2>/dev/null; wait "$app" 2>/dev/null
  rm -f "$work"/Downloads/*
}
shoot browser-find 1280 light find
shoot browser-find-dark-narrow 600 dark find
shoot browser-downloads 1280 light downloads
shoot browser-downloads-dark-narrow 600 dark downloads
kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null
rm -rf "$work"
