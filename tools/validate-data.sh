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
# Screenshots that cannot go stale (issue 25): every picture README.md or the metainfo shows is one
# tools/screenshots.sh makes (`make screenshots`), from its list.
listed=$(sed -e 's/#.*//' -e 's/|.*//' -e 's/[[:space:]]//g' tools/screenshots.list | grep -v '^$' | sort)
twice=$(echo "$listed" | uniq -d)
[ -z "$twice" ] || { echo "validate: tools/screenshots.list makes these twice:" $twice >&2; exit 1; }
shown=$(grep -oh 'data/screenshots/[^)"<[:space:]]*\.png' README.md data/io.github.skiff.Skiff.metainfo.xml \
        | sed 's|data/screenshots/||; s|\.png$||' | sort -u)
missing=$(comm -13 <(echo "$listed") <(echo "$shown"))
if [ -n "$missing" ]; then
  echo "validate: README.md or the metainfo shows pictures that tools/screenshots.list does not make:" $missing >&2
  exit 1
fi
absent=$(for name in $shown; do [ -f "data/screenshots/$name.png" ] || echo "$name"; done)
[ -z "$absent" ] || { echo "validate: pictures README.md or the metainfo shows are not in data/screenshots (make screenshots):" $absent >&2; exit 1; }
echo "validate: desktop file, metainfo and GSettings schema are valid; version $release everywhere; $(echo "$shown" | wc -l) pictures shown, each made by make screenshots"
