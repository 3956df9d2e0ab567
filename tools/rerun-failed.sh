#!/usr/bin/env bash
# Runs once more, alone, the tests a `make test` log says failed, and passes only if they all pass
# then. CI (.ci/run) uses it after a failed `make test`: a display test that failed because the
# machine stalled, or because WebKit's network process tripped (WebKitGTK 2.5x on Debian 13 can fail
# a page under 40 location.replace calls in 200 ms: docs/platforms.md), passes alone; a real failure
# fails twice. Every test rerun is named in the output, so a flaky one is seen, not hidden.
#   tools/rerun-failed.sh LOG
set -euo pipefail
cd "$(dirname "$0")/.."
log=${1:?usage: tools/rerun-failed.sh LOG}
mapfile -t failed < <(sed -n "s/^Test Case '\([A-Za-z0-9_]*\)\.\([A-Za-z0-9_]*\)' failed.*/\1\/\2/p" "$log" | sort -u)
if [ ${#failed[@]} -eq 0 ]; then
  echo "rerun-failed: make test failed before any test failed (a build or set-up step): nothing to rerun" >&2
  exit 1
fi
if [ ${#failed[@]} -gt 5 ]; then
  echo "rerun-failed: ${#failed[@]} tests failed; that is no flake: not rerun" >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "rerun-failed: running again, alone: ${failed[*]}" >&2
swift=$(tools/setup.sh --find-only | tail -1)
filter=$(IFS='|'; echo "${failed[*]}")
tools/with-xvfb.sh tools/test-env.sh "$swift" test --skip-build --disable-swift-testing --filter "$filter"
echo "rerun-failed: passed when run again: ${failed[*]} (flaky: see the first run's log above)" >&2
