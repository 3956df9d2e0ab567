#!/usr/bin/env bash
# The README's favourites screenshots: five local sites with icons (served by python3 on 127.0.0.1:8765), each
# added with Ctrl+D in a throw-away data folder, then the start page shot light and dark at 1280 and 600 px,
# and the suggestions with their icons. Run under Xvfb: tools/with-xvfb.sh tools/test-env.sh tools/favourites-screenshots.sh
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-data/screenshots}
data=$(mktemp -d /tmp/skiff-favdata.XXXXXX)
site=$data/site
mkdir -p "$site"
python3 - "$site" <<'PY'
import sys, zlib, struct
site = sys.argv[1]
def png(path, rgb, shape):
    rows = []
    for y in range(32):
        row = b'\x00'
        for x in range(32):
            d = (x - 15.5) ** 2 + (y - 15.5) ** 2
            inside = {'circle': d <= 15.5 ** 2, 'ring': 8 ** 2 <= d <= 15.5 ** 2}.get(shape, True)
            row += bytes(list(rgb) + [255]) if inside else bytes(4)
        rows.append(row)
    def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 32, 32, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b''))
for name, title, rgb, shape in [('debian', 'Debian — The Universal Operating System', (215, 7, 81), 'circle'),
                                ('gnome', 'GNOME Web', (53, 132, 228), 'ring'), ('swift', 'Swift Forums', (240, 81, 56), 'square'),
                                ('webkit', 'WebKit Blog', (46, 194, 126), 'circle'), ('kernel', 'The Linux Kernel Archives', (246, 211, 45), 'square')]:
    png(f'{site}/{name}.png', rgb, shape)
    with open(f'{site}/{name}.html', 'w') as f:
        f.write(f"<!doctype html><html><head><meta charset=utf-8><title>{title}</title><link rel=icon href=/{name}.png></head>"
                f"<body style='font:20px sans-serif;margin:40px'><h1>{title}</h1><p>A page served on 127.0.0.1 for the screenshots.</p></body></html>")
PY
export XDG_DATA_HOME=$data/data XDG_STATE_HOME=$data/state XDG_CONFIG_HOME=$data/config XDG_CACHE_HOME=$data/cache
(cd "$site" && exec python3 -m http.server 8765 --bind 127.0.0.1 >/dev/null 2>&1) &
srv=$!
sleep 1
skiffwin() { for _ in $(seq 1 150); do w=$(xdotool search --onlyvisible --class skiff 2>/dev/null | head -1); [ -n "$w" ] && { echo "$w"; return; }; sleep 0.1; done; }
.build/debug/skiff --window-size 1280x800 http://127.0.0.1:8765/debian.html >/dev/null 2>&1 &
app=$!
w=$(skiffwin); sleep 2
xdotool key --clearmodifiers ctrl+d; sleep 0.5
for site in gnome swift webkit kernel; do
  xdotool key --clearmodifiers ctrl+l; sleep 0.4
  xdotool type --delay 20 "http://127.0.0.1:8765/$site.html"; xdotool key Return; sleep 2
  xdotool key --clearmodifiers ctrl+d; sleep 0.5
done
# Visits for "frequently visited" and a closed tab.
xdotool key --clearmodifiers ctrl+t; sleep 0.5
xdotool type --delay 20 "http://127.0.0.1:8765/swift.html?page=2"; xdotool key Return; sleep 2
xdotool key --clearmodifiers ctrl+w; sleep 0.8
# Suggestions while typing (item 7): narrow and wide.
xdotool key --clearmodifiers ctrl+l; sleep 0.4; xdotool type --delay 40 "127"; sleep 1
timeout 10 import -window root -crop 1280x800+0+0 "$out/browser-suggestions-icons.png"
xdotool key Escape; sleep 0.4
xdotool key --clearmodifiers ctrl+q; sleep 1.5
kill $app 2>/dev/null; wait $app 2>/dev/null
shot() { # name size theme
  GTK_THEME="$3" .build/debug/skiff --window-size "$2" >/dev/null 2>&1 &
  local p=$!
  skiffwin >/dev/null; sleep 2
  xdotool key --clearmodifiers ctrl+t; sleep 0.6; xdotool key Escape; sleep 1.2
  timeout 10 import -window root -crop "$2+0+0" "$out/$1.png" && echo "shot $out/$1.png"
  if [ -n "${4:-}" ]; then
    xdotool key --clearmodifiers ctrl+l; sleep 0.4; xdotool type --delay 40 "127"; sleep 1
    timeout 10 import -window root -crop "$2+0+0" "$out/$4.png" && echo "shot $out/$4.png"
    xdotool key Escape; sleep 0.3
  fi
  xdotool key --clearmodifiers ctrl+q; sleep 1
  kill $p 2>/dev/null; wait $p 2>/dev/null
}
shot browser-favourites 1280x800 ""
shot browser-favourites-dark 1280x800 Adwaita:dark
shot browser-favourites-narrow 600x800 "" browser-suggestions-narrow
shot browser-favourites-narrow-dark 600x800 Adwaita:dark
kill $srv; wait $srv 2>/dev/null
rm -rf "$data"
