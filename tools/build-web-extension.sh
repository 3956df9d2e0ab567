#!/usr/bin/env bash
# Builds Skiff's web process extension (Sources/CWebProcessExtension; docs/content-blocking.md,
# "Blocked requests") into OUT (default .build/web-process-extensions), the folder the app hands
# WebKit: WebKit loads every library in it into each web process, so nothing else goes there. Built
# with the C compiler, not SwiftPM: a SwiftPM library would need the Swift runtime, which WebKit's
# process neither has nor needs. Rebuilt only when the source or this script is newer. Linked
# --as-needed (WebKit and GLib, not GTK), and against libc, as Debian's policy (lintian) wants.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/web-process-extensions}"
lib="$out/libskiff-web-extension.so"
src=Sources/CWebProcessExtension
mkdir -p "$out"
if [ -e "$lib" ] && [ -z "$(find "$src" "$0" -newer "$lib" -print -quit)" ]; then exit 0; fi
# shellcheck disable=SC2046 # pkg-config's words are separate flags
${CC:-cc} -shared -fPIC -O2 -g -Wall -Wextra -Werror -Wl,--as-needed -Wl,-z,relro -Wl,-z,now \
  -o "$lib.tmp" "$src/blocked-requests.c" \
  $(pkg-config --cflags --libs webkitgtk-web-process-extension-6.0) -Wl,--no-as-needed -lc
mv "$lib.tmp" "$lib"
