#!/usr/bin/env bash
# The environment the display tests and the benchmark run in.
set -euo pipefail
export SKIFF_REQUIRE_DISPLAY=1
# Settings the tests change stay in memory instead of in the developer's own dconf.
export GSETTINGS_BACKEND="${GSETTINGS_BACKEND:-memory}"
# Web processes are ended past this much memory (docs/browser.md): low enough that a test page can pass
# it in a second or two, far above what an ordinary test page uses (~150 MB).
export SKIFF_WEB_MEMORY_LIMIT_MB="${SKIFF_WEB_MEMORY_LIMIT_MB:-1024}"
# The content blocker blocks with a short list of test hosts (compiled in milliseconds, not EasyList's
# 8 s), kept apart from the user's own compiled lists (docs/content-blocking.md).
export SKIFF_FILTER_LISTS="${SKIFF_FILTER_LISTS:-$PWD/Tests/Fixtures/filters/test-list.txt}"
export SKIFF_FILTER_CACHE="${SKIFF_FILTER_CACHE:-$PWD/.build/test-content-filters}"
# Where the kernel refuses the namespaces WebKit's sandbox needs, the browser tests still run
# real web processes, unsandboxed; the refusal itself is tested with a stand-in bwrap.
if [ ! -e /.flatpak-info ] && ! bwrap --unshare-all --die-with-parent --ro-bind / / true 2>/dev/null; then
  echo "test-env: WebKit's sandbox cannot start here; running web processes without it" >&2
  export WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1
fi
exec "$@"
