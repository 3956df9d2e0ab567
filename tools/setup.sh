#!/usr/bin/env bash
# Installs what Skiff needs on Debian 12 or 13 that this machine lacks, and finds a Swift 6 toolchain.
# Prints the swift binary to use on its last line.
#   --test       also what `make test` needs (Xvfb, xdotool, validators…)
#   --deb        also what `make deb` and tools/deb-install-test.sh need
#   --find-only  installs nothing, only finds the toolchain (debian/rules: a package build has its
#                build dependencies from debian/control and must not apt-get)
set -euo pipefail
mode="${1:-}"

# librsvg2-common: GTK draws symbolic icons (SVG) through gdk-pixbuf's loader; without it every icon
# is "image-missing" (a minimal Debian 13 lacks it).
# webext-ublock-origin-chromium: EasyList and EasyPrivacy in Adblock Plus syntax, which the browser
# converts into WebKit's content blocker (docs/content-blocking.md); the app blocks with them at run
# time and ContentFiltersTests converts them (failing when they are missing).
packages=(pkg-config libgtk-4-dev libwebkitgtk-6.0-dev libsoup-3.0-dev bubblewrap libsqlite3-dev libqrencode-dev libxml2-dev libsecret-1-dev
          librsvg2-common webext-ublock-origin-chromium)
if [ "$mode" = "--test" ] || [ "$mode" = "--deb" ]; then
  packages+=(poppler-utils xvfb xauth xdotool xclip x11-utils cwm imagemagick desktop-file-utils appstream libglib2.0-bin dbus openssl zbar-tools gcc libc6-dev python3 sqlite3)
fi

# The remembered-login tests run a private session bus and GNOME Keyring of their own, and read it
# with secret-tool.
if [ "$mode" = "--test" ]; then packages+=(dbus-daemon gnome-keyring libsecret-tools); fi
# tools/screenshots.sh serves its local sites and makes its fixtures with python3, and runs xcompmgr (a
# compositing manager: pop-ups drawn as on a desktop).
if [ "$mode" = "--test" ]; then packages+=(python3 xcompmgr); fi
# make bench's content-blocking page loads read a chapter of the Debian Reference, a real page without ads.
if [ "$mode" = "--test" ]; then packages+=(debian-reference-en); fi
# The package build (debian/control's Build-Depends) and the install test: lintian, the icon
# looked up through GTK's own icon theme (python3-gi), gtk4-launch.
if [ "$mode" = "--deb" ]; then
  packages+=(build-essential debhelper dpkg-dev lintian python3 python3-gi gir1.2-gtk-4.0 libgtk-4-bin)
fi
if [ "$mode" = "--find-only" ]; then packages=(); fi

missing=()
for p in ${packages[@]+"${packages[@]}"}; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

swift_bin=""
for candidate in "${SWIFT:-}" "$(command -v swift 2>/dev/null || true)" /opt/swift/usr/bin/swift /usr/share/swift/usr/bin/swift; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then swift_bin="$candidate"; break; fi
done
if [ -z "$swift_bin" ]; then
  cat >&2 <<'MSG'
setup: no Swift toolchain found. Skiff needs Swift 6.0 or newer:
  install it from https://www.swift.org/install/linux/ (Debian 12 tarball) and put its usr/bin on PATH,
  or set SWIFT=/path/to/swift.
MSG
  exit 1
fi
version=$("$swift_bin" --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\)\..*/\1/p' | head -1)
if [ -z "$version" ] || [ "$version" -lt 6 ]; then
  echo "setup: $swift_bin is not Swift 6 or newer ($("$swift_bin" --version 2>&1 | head -1))" >&2
  exit 1
fi
echo "$swift_bin"
