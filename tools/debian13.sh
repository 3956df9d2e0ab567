#!/usr/bin/env bash
# Runs `make TARGET…` of this tree on Debian 13 (trixie: GTK 4.18, WebKitGTK 2.5x, GLib 2.84) in a
# root made with debootstrap from Debian's own archive, as root, with the host's Swift toolchain
# (/opt/swift, or the one tools/setup.sh finds) bound in. CI runs the suite here after the host's
# (Debian 12) run; see docs/platforms.md.
#
#   tools/debian13.sh [TARGET…]        default: test
#   tools/debian13.sh --run 'COMMAND'  a shell command, run in the tree in the root
#   tools/debian13.sh --shell          a shell in the root, the tree at /work/skiff
#
# The root is made once and kept at SKIFF_DEBIAN13_ROOT (default ~/.cache/skiff-debian13), never in
# the tree; the tree is copied in anew each run (tracked and untracked files, not what .gitignore
# leaves out), while the root's .build is kept, so a second run builds incrementally.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
# Not under /usr, /etc, /var or /opt: the install test counts anything there named after Skiff as left behind.
root=${SKIFF_DEBIAN13_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/skiff-debian13}
mirror=${SKIFF_DEBIAN_MIRROR:-http://deb.debian.org/debian}
[ "$(id -u)" -eq 0 ] || { echo "debian13: run as root (debootstrap, chroot and mounts need it)" >&2; exit 1; }

swift_bin=$(tools/setup.sh --find-only | tail -1)
toolchain=$(cd "$(dirname "$swift_bin")/../.." && pwd)   # …/usr/bin/swift -> the folder holding usr/

# What the Swift toolchain itself needs at run time on trixie (its binaries' NEEDED libraries), and
# what tools/setup.sh needs to start; setup.sh installs the rest inside the root as it does here.
base_packages=(ca-certificates git make binutils gcc g++ libc6-dev libstdc++-14-dev libcurl4t64 libxml2 libsqlite3-0
               libncurses6 libuuid1 zlib1g tzdata python3 dpkg-dev)

if [ ! -e "$root/.skiff-root" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
  rm -rf "$root.new"
  mkdir -p "$(dirname "$root")"
  echo "debian13: making a trixie root at $root (debootstrap, $mirror)" >&2
  debootstrap --variant=minbase trixie "$root.new" "$mirror" >"$root.new.log" 2>&1 \
    || { tail -20 "$root.new.log" >&2; echo "debian13: debootstrap failed" >&2; exit 1; }
  rm -rf "$root"
  mv "$root.new" "$root"
  mv "$root.new.log" "$root/debootstrap.log"
  touch "$root/.skiff-root"
fi

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -R "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
bind() {  # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mount --rbind "$1" "$2"
  mount --make-rslave "$2"
  [ "${3:-}" = ro ] && mount -o remount,bind,ro "$2"
  mounted+=("$2")
}
mkdir -p "$root/proc" "$root/sys"
mount -t proc proc "$root/proc"; mounted+=("$root/proc")
bind /sys "$root/sys"
bind /dev "$root/dev"
bind "$toolchain" "$root/opt/swift-toolchain" ro
# The package mirror git reads github.com from, where this machine has one (/etc/gitconfig's insteadOf).
if [ -d /opt/swift-packages ]; then bind /opt/swift-packages "$root/opt/swift-packages" ro; fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
if [ -f /etc/gitconfig ]; then cp /etc/gitconfig "$root/etc/gitconfig"; fi

in_root() {
  chroot "$root" /usr/bin/env -i PATH=/opt/swift-toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}" SWIFT=/opt/swift-toolchain/usr/bin/swift \
    TESTFLAGS="${TESTFLAGS:-}" "$@"
}

# The base packages, installed again only when the list changes.
wanted="${base_packages[*]}"
if [ "$(cat "$root/.skiff-base" 2>/dev/null)" != "$wanted" ]; then
  echo "debian13: installing the toolchain's libraries in the root" >&2
  in_root apt-get update -qq
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${base_packages[@]}" >/dev/null
  echo "$wanted" >"$root/.skiff-base"
fi

# The tree, copied anew (a file deleted here must not linger there); the root's .build is kept.
mkdir -p "$root/work/skiff"
find "$root/work/skiff" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -C "$root/work/skiff" -xf -
cp -a .git "$root/work/skiff/.git" 2>/dev/null || true

echo "debian13: on $(in_root sh -c '. /etc/os-release; echo "$PRETTY_NAME"')" >&2
if [ "${1:-}" = "--shell" ]; then
  in_root bash -c 'cd /work/skiff && exec bash -i'
  exit
fi
if [ "${1:-}" = "--run" ]; then
  in_root bash -c 'cd /work/skiff && set -euo pipefail && eval "$1"' run "${2:?--run needs a command}"
  exit
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(test)
in_root bash -c 'cd /work/skiff && make "$@"' make "${targets[@]}"
