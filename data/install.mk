# data/install.mk: install and uninstall rules for Skiff.
# Included by the top-level Makefile, which defines `release`
# (swift build -c release). Paths are relative to the repository root.
#
#   make install PREFIX=/usr DESTDIR=/tmp/stage
#   make uninstall PREFIX=/usr/local
#
# Package builds that already ran `swift build -c release` can skip the
# `release` step (and tools/setup.sh) with: make -o release install ...

APP_ID   := io.github.skiff.Skiff
PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR   ?= $(PREFIX)/bin
DATADIR  ?= $(PREFIX)/share
MANDIR   ?= $(DATADIR)/man

SKIFF_BIN     ?= .build/release/skiff
# WebKit loads every library in this folder into its web processes: only Skiff's one goes there.
SKIFF_WEB_EXT ?= .build/web-process-extensions/libskiff-web-extension.so
WEB_EXT_DIR   ?= $(PREFIX)/lib/skiff/web-process-extensions
SKIFF_DATA    ?= data

INSTALL_FILES := \
	$(DESTDIR)$(BINDIR)/skiff \
	$(DESTDIR)$(WEB_EXT_DIR)/libskiff-web-extension.so \
	$(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop \
	$(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	$(DESTDIR)$(DATADIR)/glib-2.0/schemas/$(APP_ID).gschema.xml \
	$(DESTDIR)$(DATADIR)/skiff/style.css \
	$(DESTDIR)$(MANDIR)/man1/skiff.1

.PHONY: install uninstall

# Caches are only refreshed on a live system: with DESTDIR set (a staged
# install for a package), the package's own triggers do that on the target.
install: release
	install -Dm755 $(SKIFF_BIN) $(DESTDIR)$(BINDIR)/skiff
	install -Dm644 $(SKIFF_WEB_EXT) $(DESTDIR)$(WEB_EXT_DIR)/libskiff-web-extension.so
	install -Dm644 $(SKIFF_DATA)/$(APP_ID).desktop $(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop
	install -Dm644 $(SKIFF_DATA)/$(APP_ID).metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 $(SKIFF_DATA)/icons/hicolor/scalable/apps/$(APP_ID).svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 $(SKIFF_DATA)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	install -Dm644 $(SKIFF_DATA)/$(APP_ID).gschema.xml $(DESTDIR)$(DATADIR)/glib-2.0/schemas/$(APP_ID).gschema.xml
	install -Dm644 $(SKIFF_DATA)/style.css $(DESTDIR)$(DATADIR)/skiff/style.css
	install -Dm644 $(SKIFF_DATA)/skiff.1 $(DESTDIR)$(MANDIR)/man1/skiff.1
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/today $(SKIFF_DATA)/today/feed.json $(SKIFF_DATA)/today/LICENSE.md
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/today/images $(SKIFF_DATA)/today/images/*
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/stars $(SKIFF_DATA)/stars/zodiac.json $(SKIFF_DATA)/stars/LICENSE.md
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/home $(SKIFF_DATA)/home/*.json $(SKIFF_DATA)/home/LICENSE.md
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/home/images $(SKIFF_DATA)/home/images/*.jpg
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/home/images/menu $(SKIFF_DATA)/home/images/menu/*
	install -Dm644 -t $(DESTDIR)$(DATADIR)/skiff/home/images/gifts $(SKIFF_DATA)/home/images/gifts/*
ifeq ($(strip $(DESTDIR)),)
	glib-compile-schemas $(DATADIR)/glib-2.0/schemas
	gtk4-update-icon-cache -qtf $(DATADIR)/icons/hicolor || true
	update-desktop-database -q $(DATADIR)/applications 2>/dev/null || true
else
	@echo "DESTDIR is set: not compiling schemas or updating caches"
endif

uninstall:
	rm -f $(INSTALL_FILES)
	rm -rf $(DESTDIR)$(DATADIR)/skiff/today
	rm -rf $(DESTDIR)$(DATADIR)/skiff/stars
	rm -rf $(DESTDIR)$(DATADIR)/skiff/home
	rmdir $(DESTDIR)$(DATADIR)/skiff 2>/dev/null || true
ifeq ($(strip $(DESTDIR)),)
	glib-compile-schemas $(DATADIR)/glib-2.0/schemas || true
	gtk4-update-icon-cache -qtf $(DATADIR)/icons/hicolor || true
endif
