#!/usr/bin/env bash
# Desktop integration files must pass the tools distributions run on them.
set -euo pipefail
cd "$(dirname "$0")/.."
desktop-file-validate data/io.github.skiff.Skiff.desktop
appstreamcli validate --no-net --pedantic data/io.github.skiff.Skiff.metainfo.xml >/tmp/skiff-appstream.txt 2>&1 || { cat /tmp/skiff-appstream.txt; exit 1; }
glib-compile-schemas --strict --dry-run data/
# One version (issue 24): the metainfo's newest <release> is where a release is made; skiff
# --version and the About window (Options.version), the .deb (debian/changelog) and the manual page
# must say the same. tools/deb-install-test.sh checks the installed package the same way.
release=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' data/io.github.skiff.Skiff.metainfo.xml | head -1)
for place in "Sources/SkiffApp/Options.swift:$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' Sources/SkiffApp/Options.swift)" \
             "debian/changelog:$(sed -n '1s/^skiff (\([^)]*\)).*/\1/p' debian/changelog)" \
             "data/skiff.1:$(sed -n 's/^\.TH SKIFF 1 "[^"]*" "Skiff \([^"]*\)".*/\1/p' data/skiff.1)"; do
  if [ -z "$release" ] || [ "${place#*:}" != "$release" ]; then
    echo "validate: ${place%%:*} says version '${place#*:}', the metainfo's newest release is '$release'" >&2
    exit 1
  fi
done
echo "validate: desktop file, metainfo and GSettings schema are valid; version $release everywhere"
