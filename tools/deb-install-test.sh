#!/usr/bin/env bash
# The .deb as a user gets it (issue 24): apt installs it with its dependencies, then, from the
# installed files alone: the package, `skiff --version` and the metainfo give one version; the
# desktop file, metainfo, icons and GSettings schema are valid and where GNOME looks for them;
# Skiff renders a local page and reads its sample data from /usr/share/skiff; the desktop file
# launches it; and a purge leaves nothing of Skiff outside the user's data folder.
#
#   tools/deb-install-test.sh [skiff_<version>_<arch>.deb]      (default: the one `make deb` made)
#
# It installs and purges the `skiff` package system-wide: run it as root on a machine you can spare
# (CI, .ci/run). The app runs with a throw-away HOME, so no one's browsing data is touched.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
[ "$(id -u)" -eq 0 ] || { echo "deb-install-test: run as root: it installs and purges the skiff package" >&2; exit 1; }
version=$(dpkg-parsechangelog -S Version)
release=$(. /etc/os-release && echo "$VERSION_ID")
deb=${1:-./skiff_${version}~deb${release}_$(dpkg --print-architecture).deb}
[ -f "$deb" ] || { echo "deb-install-test: $deb not found; run 'make deb' first" >&2; exit 1; }
case "$deb" in /*|./*) ;; *) deb=./$deb ;; esac

case "$(dpkg-query -W -f='${Status}' skiff 2>/dev/null || true)" in
  ""|*not-installed) ;;
  *) echo "deb-install-test: skiff is already installed; this test installs and purges it: 'apt-get purge skiff' first" >&2; exit 1 ;;
esac

app_id=io.github.skiff.Skiff
work=$(mktemp -d /tmp/skiff-deb-test.XXXXXX)
# A failed run still purges what it installed (the machine is left as it was found).
trap 'rm -rf "$work"; dpkg-query -W -f="\${Status}" skiff 2>/dev/null | grep -q "ok installed" && DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq skiff >/dev/null 2>&1; true' EXIT
fail() { echo "deb-install-test: FAIL: $*" >&2; exit 1; }
steps=0
# Each step is a check that passed once the next one starts (a failure exits at once).
step() { steps=$((steps + 1)); echo "== $*" >&2; }

step "apt-get install $deb"
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >"$work/apt-install.log" 2>&1 \
  || { cat "$work/apt-install.log" >&2; fail "apt-get install $deb"; }
dpkg -L skiff | sort >"$work/files"
[ "$(dpkg-query -W -f='${Status}' skiff)" = "install ok installed" ] || fail "skiff is not installed"

step "one version: the package, skiff --version, the metainfo's newest release"
# The package's version is the release's plus the Debian release it was built for (~deb13).
pkg_version=$(dpkg-query -W -f='${Version}' skiff)
[ "${pkg_version%~deb"$release"}" != "$pkg_version" ] || fail "the package's version $pkg_version does not name Debian $release"
pkg_version=${pkg_version%~deb"$release"}
cli_version=$(/usr/bin/skiff --version)
meta_version=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' /usr/share/metainfo/$app_id.metainfo.xml | head -1)
[ "$pkg_version" = "$cli_version" ] && [ "$cli_version" = "$meta_version" ] \
  || fail "versions disagree: package $pkg_version, skiff --version $cli_version, metainfo $meta_version"

step "the release binary needs WebKit first (the loader's search order: docs/performance.md \"Start-up\")"
first_needed=$(readelf -d -W /usr/bin/skiff | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | head -1)
case "$first_needed" in libwebkitgtk-6.0.so.*) ;; *) fail "/usr/bin/skiff needs $first_needed first, not WebKit" ;; esac

step "the desktop file, the metainfo and the compiled GSettings schema"
desktop-file-validate /usr/share/applications/$app_id.desktop
appstreamcli validate --no-net /usr/share/metainfo/$app_id.metainfo.xml >"$work/appstream.log" 2>&1 \
  || { cat "$work/appstream.log" >&2; fail "appstreamcli validate"; }
# Read whole before grep: `grep -q` leaving early would end gsettings with SIGPIPE, a failure under pipefail.
keys=$(gsettings list-keys $app_id 2>/dev/null || true)
grep -qx homepage <<<"$keys" \
  || fail "the schema $app_id is not compiled into /usr/share/glib-2.0/schemas: $(ls -l --time-style=+%T.%N /usr/share/glib-2.0/schemas/gschemas.compiled /usr/share/glib-2.0/schemas/$app_id.gschema.xml 2>&1; grep -i 'trigger' "$work/apt-install.log")"
grep -q "$app_id.desktop" /usr/share/applications/mimeinfo.cache || fail "update-desktop-database did not list $app_id.desktop"
[ -f /usr/share/man/man1/skiff.1.gz ] || fail "no manual page"
# The web process extension (blocked-request counts), alone in the folder the app hands WebKit, and
# loadable: every library it needs resolves (ldd prints "not found" for one that does not).
ext_dir=/usr/lib/skiff/web-process-extensions
[ "$(ls "$ext_dir" 2>/dev/null)" = libskiff-web-extension.so ] || fail "$ext_dir should hold libskiff-web-extension.so alone: $(ls "$ext_dir" 2>&1)"
! ldd "$ext_dir/libskiff-web-extension.so" | grep -q "not found" || fail "the web process extension does not load: $(ldd "$ext_dir/libskiff-web-extension.so")"

# Everything below runs Skiff under its own Xvfb with a HOME of its own, from /, so the only
# Skiff it can find is the installed one.
mkdir -p "$work/home"
cat >"$work/page.html" <<'HTML'
<!DOCTYPE html><html><head><title>Skiff install test</title></head>
<body style="margin:0;background:#ff00ff"></body></html>
HTML
cat >"$work/launched.html" <<'HTML'
<!DOCTYPE html><html><head><title>Skiff launched from its desktop file</title></head><body></body></html>
HTML

# Runs inside tools/with-xvfb.sh tools/test-env.sh (a display, no session bus, the web sandbox
# off only where the kernel refuses it).
cat >"$work/on-display.sh" <<'SH'
#!/usr/bin/env bash
set -euo pipefail
work=$1 app_id=$2
# The Skiffs this script started (the one gtk4-launch starts is not its child: found by its window).
pids=()
stop_started() {
  for p in ${pids[@]+"${pids[@]}"}; do kill "$p" 2>/dev/null || true; done
  for p in ${pids[@]+"${pids[@]}"}; do
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  pids=()
}
trap stop_started EXIT
fail() { echo "deb-install-test: FAIL: $*" >&2; exit 1; }
# The window whose title starts with $1 (Skiff shows "<page title> — Skiff"), within $2 seconds.
# The title is read from _NET_WM_NAME (UTF-8, what window managers show): `xdotool search --name`
# reads WM_NAME, which GTK leaves at "Skiff" when the locale cannot encode the em dash (LANG unset).
window_named() {
  for _ in $(seq 1 $(( $2 * 5 ))); do
    for w in $(xdotool search --onlyvisible --class skiff 2>/dev/null || true); do
      case "$(xprop -id "$w" _NET_WM_NAME 2>/dev/null)" in *"= \"$1"*) echo "$w"; return 0 ;; esac
    done
    sleep 0.2
  done
  return 1
}
cd /
export HOME=$work/home
unset XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME XDG_STATE_HOME

echo "== the icon, through GTK's icon theme" >&2
# Debian's own python3, the one python3-gi is for (not a pyenv or venv one first on PATH).
/usr/bin/python3 - "$app_id" <<'PY'
import sys
import gi
gi.require_version("Gtk", "4.0")
from gi.repository import Gtk, Gdk
Gtk.init()
theme = Gtk.IconTheme.get_for_display(Gdk.Display.get_default())
for name, folder in ((sys.argv[1], "/usr/share/icons/hicolor/scalable/apps/"),
                     (sys.argv[1] + "-symbolic", "/usr/share/icons/hicolor/symbolic/apps/")):
    icon = theme.lookup_icon(name, None, 48, 1, Gtk.TextDirection.NONE, 0)
    path = icon.get_file().get_path() if icon.get_file() else None
    if not theme.has_icon(name) or path is None or not path.startswith(folder):
        sys.exit(f"deb-install-test: FAIL: icon {name} found at {path}, not in {folder}")
    print(f"icon {name}: {path}", file=sys.stderr)
PY

echo "== /usr/bin/skiff renders a local page" >&2
/usr/bin/skiff --window-size 800x600 "file://$work/page.html" >"$work/skiff.log" 2>&1 &
pids+=($!)
w=$(window_named "Skiff install test" 60) || { cat "$work/skiff.log" >&2; import -window root /tmp/skiff-deb-test-screen.png
       fail "no window titled with the page's title (screenshot in /tmp/skiff-deb-test-screen.png)"; }
# The page is magenta from edge to edge: somewhere in the window's middle the screen must be too.
magenta=0
for _ in $(seq 1 50); do
  import -window root "$work/screen.png"
  eval "$(xdotool getwindowgeometry --shell "$w")"
  pixel=$(convert "$work/screen.png" -format "%[pixel:p{$((X + WIDTH / 2)),$((Y + HEIGHT / 3))}]" info:)
  case "$pixel" in *"255,0,255"*|magenta|fuchsia) magenta=1; break ;; esac
  sleep 0.2
done
[ "$magenta" = 1 ] || { cp "$work/screen.png" /tmp/skiff-deb-test-screen.png; fail "the page is not on screen (pixel $pixel; screenshot in /tmp/skiff-deb-test-screen.png)"; }
echo "page rendered: window $w, pixel $pixel" >&2
stop_started

echo "== the sample data comes from /usr/share/skiff: Today shows the sample feed's cards" >&2
# SKIFF_TODAY_LOG: each drawing of the feed appends "grid <ms> <offset> <cards on screen> <…>"; a
# feed that cannot be read shows an error instead of cards. (The data folder is the first one with a
# style.css: /usr/share/skiff beside /usr/bin, Sources/SkiffApp/Resources.swift.)
SKIFF_TODAY_LOG="$work/today.log" /usr/bin/skiff --section today --window-size 800x600 >"$work/skiff-today.log" 2>&1 &
pids+=($!)
cards=0
for _ in $(seq 1 150); do
  cards=$(awk '$1 == "grid" && $4 > max { max = $4 } END { print max + 0 }' "$work/today.log" 2>/dev/null || echo 0)
  [ "$cards" -gt 0 ] && break
  sleep 0.2
done
[ "$cards" -gt 0 ] || { cat "$work/skiff-today.log" >&2; fail "Today drew no card: the sample feed in /usr/share/skiff/today was not read"; }
echo "Today: $cards cards on screen" >&2
stop_started

echo "== gtk4-launch $app_id starts it from its desktop file" >&2
gtk4-launch "$app_id" "file://$work/launched.html" >"$work/launch.log" 2>&1 || { cat "$work/launch.log" >&2; fail "gtk4-launch $app_id"; }
w=$(window_named "Skiff launched from its desktop file" 60) || fail "no window after gtk4-launch"
# gtk4-launch has exited and GTK sets no _NET_WM_PID: the process is the /usr/bin/skiff whose
# HOME is this test's own.
pid=""
for exe in /proc/[0-9]*/exe; do
  p=${exe#/proc/}; p=${p%/exe}
  [ "$(readlink "$exe" 2>/dev/null)" = /usr/bin/skiff ] || continue
  grep -qx "HOME=$HOME" < <(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null) && pid=$p
done
[ -n "$pid" ] || fail "a window, but no /usr/bin/skiff process with this test's HOME"
pids+=("$pid")
echo "launched: window $w, process $pid, /usr/bin/skiff" >&2
SH
chmod +x "$work/on-display.sh"
tools/with-xvfb.sh tools/test-env.sh "$work/on-display.sh" "$work" "$app_id"

step "apt-get purge skiff leaves nothing of Skiff outside the user's data folder"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq skiff >"$work/apt-purge.log" 2>&1 \
  || { cat "$work/apt-purge.log" >&2; fail "apt-get purge skiff"; }
status=$(dpkg-query -W -f='${Status}' skiff 2>/dev/null || true)
case "$status" in ""|*not-installed) ;; *) fail "dpkg still has skiff: $status" ;; esac
left=$(while read -r f; do if [ -f "$f" ] || [ -L "$f" ]; then echo "$f"; fi; done <"$work/files")
[ -z "$left" ] || fail "files of the package left behind: $left"
# Anything named after Skiff that the package, its scripts or its triggers could have written.
strays=$(find /usr /etc /var /opt -xdev \( -path "$src" -o -path /var/tmp \) -prune -o \
  \( -iname '*skiff*' -o -iname "*$app_id*" \) -print 2>/dev/null | grep -v "^$src" || true)
[ -z "$strays" ] || fail "left behind: $strays"
schemas=$(gsettings list-schemas)
! grep -qx "$app_id" <<<"$schemas" || fail "the schema $app_id is still compiled in"
! grep -qs "$app_id" /usr/share/applications/mimeinfo.cache || fail "mimeinfo.cache still lists $app_id"
! grep -qs "$app_id" /usr/share/icons/hicolor/icon-theme.cache || fail "the hicolor icon cache still lists $app_id"
echo "deb-install-test: $deb installs, runs, launches from its desktop file and purges cleanly" >&2
# The closing line CI reads: every step passed.
echo "deb-install-test: $steps passed, 0 failed"
