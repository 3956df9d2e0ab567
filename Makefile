# Skiff — the two commands:
#   make run    install what is missing, build, launch
#   make test   the same set-up plus Xvfb, then every test
SHELL := /bin/bash
.DEFAULT_GOAL := run
SETUP = tools/setup.sh
# The app as shipped and measured: the Swift runtime and Foundation linked in, which saves resolving
# their symbols across WebKit's ~200 libraries at every launch (~16 ms of start-up; docs/performance.md).
# Dependencies are pinned with exact: versions in Package.swift; Package.resolved is not kept in git.
RELEASE = build -c release --static-swift-stdlib --product skiff $(SWIFTPM_FLAGS)
# The benchmarks (Sources/SkiffBench), built as the app ships; never installed.
BENCH_BUILD = build -c release --static-swift-stdlib --product skiff-bench $(SWIFTPM_FLAGS)
BENCH = .build/release/skiff-bench

.PHONY: run test build release deb bench bench-today-wheel screenshots validate install uninstall clean feed-corpus

build:
	@swift=$$($(SETUP) | tail -1) && tools/build-web-extension.sh && $$swift build

release:
	@swift=$$($(SETUP) | tail -1) && tools/build-web-extension.sh && $$swift $(RELEASE)

run:
	@swift=$$($(SETUP) | tail -1) && tools/build-web-extension.sh && $$swift build && \
	if [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then \
	  echo "make run: no display (DISPLAY/WAYLAND_DISPLAY unset). Run it from a desktop session," >&2; \
	  echo "or see it headless with 'make screenshots' (Xvfb)." >&2; exit 1; \
	fi && exec .build/debug/skiff $(ARGS)

test:
	@swift=$$($(SETUP) --test | tail -1) && \
	set -o pipefail && tools/build-web-extension.sh && $$swift build --build-tests 2>&1 | tools/no-warnings.sh && \
	tools/validate-data.sh && \
	tools/with-xvfb.sh tools/test-env.sh $$swift test --skip-build --disable-swift-testing $(TESTFLAGS)

# skiff_<version>_<arch>.deb here, from debian/ (meson-notes.md, "The .deb"); reuses .build/release.
DEB_VERSION = ${shell sed -n '1s/^skiff (\([^)]*\)).*/\1/p' debian/changelog}
DEB_ARCH = $(shell dpkg --print-architecture)
# The package is named for the Debian release it was built on (debian/rules): skiff_<version>~deb13_amd64.deb.
DEB_RELEASE = ~deb$(shell . /etc/os-release && echo $$VERSION_ID)
deb:
	@rm -f skiff_*.deb skiff-dbgsym_*.deb skiff_*.buildinfo skiff_*.changes && \
	swift=$$($(SETUP) --deb | tail -1) && \
	SWIFT=$$swift SKIFF_DEB_DESTDIR=$(CURDIR) dpkg-buildpackage -b --no-sign \
	  --buildinfo-option=-u$(CURDIR) --buildinfo-file=$(CURDIR)/skiff_$(DEB_VERSION)_$(DEB_ARCH).buildinfo \
	  --changes-option=-u$(CURDIR) --changes-file=$(CURDIR)/skiff_$(DEB_VERSION)_$(DEB_ARCH).changes && \
	lintian --fail-on error,warning skiff_$(DEB_VERSION)_$(DEB_ARCH).changes && \
	echo "make deb: skiff_$(DEB_VERSION)$(DEB_RELEASE)_$(DEB_ARCH).deb (install it with: sudo apt-get install ./skiff_$(DEB_VERSION)$(DEB_RELEASE)_$(DEB_ARCH).deb)"

# The parser against feedparser 6.0.14's test suite, downloaded into .build/feed-corpus (never committed);
# prints per-directory figures and every failing check (docs/feeds.md, "The public corpus").
feed-corpus:
	@swift=$$($(SETUP) | tail -1) && $$swift build --product feed-corpus && tools/feed-corpus.py $(CORPUSFLAGS)

validate:
	@$(SETUP) --test >/dev/null && tools/validate-data.sh

bench:
	@swift=$$($(SETUP) --test | tail -1) && $$swift $(RELEASE) && $$swift $(BENCH_BUILD) && \
	for i in 1 2 3; do tools/with-xvfb.sh tools/test-env.sh $(BENCH) browser --private --window-size 1100x760; done && \
	for i in 1 2 3; do echo "== Today, sample feed (12 cards)"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) today --private --window-size 1280x800; \
	  echo "== Today, 100,000 generated cards"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) today --private --generated-feed 100000 --window-size 1280x800; done && \
	for size in 1280x800 1920x1080; do echo "== Stars, $$size"; XVFB_SCREEN=$${size}x24 tools/with-xvfb.sh tools/test-env.sh $(BENCH) stars --private --window-size $$size; done
	@echo "== Feed parsing (generated RSS 2.0, Atom, JSON Feed)"; $(BENCH) feed-parse --runs 100
	@echo "== Content filters: Debian's EasyList and EasyPrivacy converted to WebKit rules"; $(BENCH) content-filters --runs 10
	echo "== Content blocking: first compile (main loop meanwhile, memory), later starts' loads"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) content-blocking --phase compile --runs 10 --private --window-size 1100x760
	for i in 1 2; do for mode in on off; do echo "== Content blocking: pages, blocking $$mode"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) content-blocking --phase pages --blocking $$mode --runs 10 --private --window-size 1100x760; done; done
	echo "== Passwords in forms: the script's pass over a long page, a submit to the Save bar (a window that is not private, in folders of its own)"; \
	  d=$$(mktemp -d) && XDG_DATA_HOME=$$d/data XDG_CACHE_HOME=$$d/cache XDG_CONFIG_HOME=$$d/config tools/with-xvfb.sh tools/test-env.sh $(BENCH) passwords --runs 20 --window-size 1100x760; s=$$?; rm -rf "$$d"; exit $$s
	for i in 1 2 3; do echo "== Home history, 10,000 transactions"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) home-history --private --transactions 10000 --window-size 800x800; done
	for i in 1 2 3; do echo "== Home: header snap, rewards tile, push/pop"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) home --private --window-size 1280x800; done
	@echo "== Skiff against the bare GTK 4 + WebKit window (and GNOME Web if installed): real wheel input, cairo then GL"
	tools/bench/peers.py --skiff .build/release/skiff --runs 4 --renderer default
	tools/bench/peers.py --skiff .build/release/skiff --runs 4
	tools/bench/peers.py --skiff .build/release/skiff --runs 4 --renderer gl
	tools/bench/peers.py --skiff .build/release/skiff --runs 4 --renderer gl --shader-cache warm
	tools/bench/peers.py --skiff .build/release/skiff --runs 2 --only skiff --only floor --env GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456
	for rows in 0 100000 1000000; do echo "== Browser: address-bar history search, $$rows generated rows"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) address-search --window-size 1100x760 --rows $$rows; done
	for n in 1000 100000; do echo "== Browser History view (Ctrl+H), $$n pages"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) history-view --window-size 1100x760 --pages $$n; done
	echo "== Browser: 20 tabs, memory before/after suspending background tabs"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) tabs --private --window-size 1280x800 --count 20
	echo "== Browser: 1,000 Ctrl+T/Ctrl+W cycles"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) tab-churn --private --window-size 1280x800 --cycles 1000
	echo "== Feeds: refresh 200 subscriptions, 190 answer 304"; tools/test-env.sh $(BENCH) feed-refresh --feeds 200 --changed 10 --runs 3
	for renderer in cairo gl; do echo "== Today on screen while 200 feeds refresh: frame times, $$renderer"; GSK_RENDERER=$$renderer tools/with-xvfb.sh tools/test-env.sh $(BENCH) today-refresh --feeds 200 --changed 10; done
	echo "== Today on 10,000 stored articles against the sample: first frame with cards"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) today-stored --articles 10000 --runs 5
	mkdir -p .build/bench && gcc -O2 -Wall -o .build/bench/find-floor tools/bench/find-floor.c $$(pkg-config --cflags --libs webkitgtk-6.0)
	echo "== Browser: find in a 5 MB page, a word typed letter by letter (and the bare engine's floor)"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) find --private --window-size 1100x760 --megabytes 5 --runs 3 --floor .build/bench/find-floor
	echo "== Browser: Ctrl+plus on a 2 MB documentation chapter (and the bare engine's floor)"; tools/with-xvfb.sh tools/test-env.sh $(BENCH) zoom --private --window-size 1100x760 --megabytes 2 --steps 5 --floor .build/bench/find-floor
	echo "== Browser: a 2 GB download from a loopback server, against WebKit's floor and curl"; mkdir -p .build/bench && \
	  gcc -O2 -Wall -o .build/bench/download-floor tools/bench/download-floor.c $$(pkg-config --cflags --libs webkitgtk-6.0) -lm && \
	  tools/with-xvfb.sh tools/test-env.sh $(BENCH) download --private --window-size 1100x760 --megabytes 2048 --floor .build/bench/download-floor

	$(MAKE) --no-print-directory bench-today-wheel

# Today with real wheel input under GL (llvmpipe) and cairo, against card-floor (plain card textures).
bench-today-wheel:
	@swift=$$($(SETUP) --test | tail -1) && $$swift $(BENCH_BUILD) && mkdir -p .build/bench && \
	gcc -O2 -Wall -o .build/bench/card-floor tools/bench/card-floor.c $$(pkg-config --cflags --libs gtk4) && \
	gcc -O2 -Wall -shared -fPIC -o .build/bench/frame-log.so tools/bench/frame-log.c $$(pkg-config --cflags --libs gobject-2.0) -ldl && \
	wheel="tools/bench/today-wheel.py --skiff-bench $(BENCH) --floor .build/bench/card-floor --frame-log .build/bench/frame-log.so --runs $${RUNS:-4}" && \
	echo "== Today: 300 notches down, 100,000 cards and 10,000 stored articles against the floor" && \
	XVFB_SCREEN=1600x1000x24 tools/with-xvfb.sh tools/test-env.sh $$wheel --no-sample --stored-articles 10000 $(WHEELFLAGS) && \
	echo "== Today: 10 down, 10 up, 120 notches: 100,000 cards against 12 (and the floor)" && \
	XVFB_SCREEN=1600x1000x24 tools/with-xvfb.sh tools/test-env.sh $$wheel --pattern updown --notches 120 $(WHEELFLAGS) && \
	echo "== Today: 5 flings through ~2,000 cards (scrollbar thumb dragged), 100,000 cards with 12,000 distinct pictures: rest -> every picture on screen" && \
	XVFB_SCREEN=1600x1000x24 tools/with-xvfb.sh tools/test-env.sh $$wheel --scene fling --pictures 12000 --no-sample $(WHEELFLAGS) && \
	echo "== Today: a story opened (click) and closed (Escape) 5 times, 100,000 and 12 cards, against the floor's wheel scroll" && \
	XVFB_SCREEN=1600x1000x24 tools/with-xvfb.sh tools/test-env.sh $$wheel --scene story $(WHEELFLAGS)

screenshots:
	@swift=$$($(SETUP) --test | tail -1) && $$swift build && XVFB_SCREEN=1280x1280x24 tools/with-xvfb.sh tools/test-env.sh tools/screenshots.sh

include data/install.mk

clean:
	rm -rf .build out
