#!/usr/bin/env bash
# Desktop integration files must pass the tools distributions run on them.
set -euo pipefail
cd "$(dirname "$0")/.."
desktop-file-validate data/io.github.skiff.Skiff.desktop
appstreamcli validate --no-net --pedantic data/io.github.skiff.Skiff.metainfo.xml >/tmp/skiff-appstream.txt 2>&1 || { cat /tmp/skiff-appstream.txt; exit 1; }
glib-compile-schemas --strict --dry-run data/
echo "validate: desktop file, metainfo and GSettings schema are valid"
