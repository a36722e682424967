# Timeline Playground — two commands: `make run` and `make test`.
# Both install the Debian packages they need first (apt-get as root, sudo otherwise).
SHELL := /bin/bash
.DEFAULT_GOAL := run

RUNTIME_PKGS := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev libharfbuzz-dev fontconfig tzdata \
                fonts-dejavu-core fonts-dejavu-extra fonts-noto-color-emoji \
                fonts-material-design-icons-iconfont ffmpeg
TEST_PKGS    := xvfb openbox xdotool x11-utils python3 libegl-mesa0 libgl1-mesa-dri
SWIFT        ?= swift
ARGS         ?=
CONFIG       ?= release

.PHONY: run test deps test-deps build build-debug unit e2e screenshots gif bench lint clean install uninstall sanitize

deps:
	@./Tests/EndToEnd/ensure-packages.sh $(RUNTIME_PKGS)

test-deps:
	@./Tests/EndToEnd/ensure-packages.sh $(RUNTIME_PKGS) $(TEST_PKGS)

## The program, and the TimelinePlayground module that sketches compile against.
build: deps
	$(SWIFT) build -c $(CONFIG) --product playground
	$(SWIFT) build -c $(CONFIG) --target TimelinePlayground

## Build (release) and open the window. Pass options with ARGS="--scene clock".
run: build
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ] && [ -z "$$SDL_VIDEODRIVER" ]; then \
	  echo "make run: no DISPLAY is set; starting the playground under Xvfb is what 'make test' does." >&2; fi
	$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/playground run $(ARGS)

## Unit tests (headless, offscreen SDL) then the end-to-end run in a real X server.
test: test-deps unit e2e

unit:
	SDL_VIDEODRIVER=offscreen $(SWIFT) test

e2e:
	$(SWIFT) build --product playground
	$(SWIFT) build --target TimelinePlayground
	./Tests/EndToEnd/e2e.sh "$$($(SWIFT) build --show-bin-path)/playground"

## The unit tests under AddressSanitizer, then ThreadSanitizer, each in its own build folder
## (a sanitized build cannot share objects with a plain one). Slow: a full build each. The
## folders are wiped first: an incremental build once kept a test module compiled against an
## older DrawList layout, and ASan reported the mismatch as an overflow that was not there.
## SANITIZE_FILTER narrows the tests, e.g. SANITIZE_FILTER=SDLBackendTests.
SANITIZE_FILTER ?=
sanitize: test-deps
	rm -rf .build/asan .build/tsan
	SDL_VIDEODRIVER=offscreen ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
	  $(SWIFT) test --sanitize=address --build-path .build/asan $(if $(SANITIZE_FILTER),--filter $(SANITIZE_FILTER))
	SDL_VIDEODRIVER=offscreen TSAN_OPTIONS=halt_on_error=1 \
	  $(SWIFT) test --sanitize=thread --build-path .build/tsan $(if $(SANITIZE_FILTER),--filter $(SANITIZE_FILTER))

## Re-render the README screenshots.
screenshots: build
	./Tests/EndToEnd/screenshots.sh "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/playground"

## Re-make Assets/playground.gif (the gif scene's bundled animation) with `playground record`.
gif: build
	./Tests/EndToEnd/make-gif.sh "$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/playground"

## The README's frame-cost table and plot (headless; add ARGS="--window" for a real window).
bench: build
	$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/playground bench --json Assets/bench/headless.json \
	  --plot Assets/bench/frame-times.png $(ARGS)

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Scenes Tests

## Install under PREFIX (default /usr/local): the binary, the assets it reads, shell
## completions, a desktop entry, the icon the program draws itself, and for sketches the
## modules they compile against (share/timeline-playground/Modules) and the package source
## that `playground new` depends on (share/timeline-playground/package).
PREFIX  ?= /usr/local
DESTDIR ?=
SHARE   := $(DESTDIR)$(PREFIX)/share
install: build
	@bin=$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/playground; set -e; \
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/timeline-playground $(SHARE)/applications \
	  $(SHARE)/icons/hicolor/256x256/apps $(SHARE)/bash-completion/completions \
	  $(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d; \
	install -m 755 "$$bin" $(DESTDIR)$(PREFIX)/bin/playground; \
	rm -rf $(SHARE)/timeline-playground/Assets; cp -r Assets $(SHARE)/timeline-playground/Assets; \
	rm -rf $(SHARE)/timeline-playground/Modules $(SHARE)/timeline-playground/package; \
	install -d $(SHARE)/timeline-playground/Modules $(SHARE)/timeline-playground/package; \
	for m in TimelinePlayground SceneGraph Raster Graphics Timeline Motion Audio OpenCombine; do \
	  cp "$$(dirname "$$bin")/Modules/$$m.swiftmodule" $(SHARE)/timeline-playground/Modules/; done; \
	install -d $(SHARE)/timeline-playground/Modules/COpenCombineHelpers; \
	cp .build/checkouts/OpenCombine/Sources/COpenCombineHelpers/include/COpenCombineHelpers.h \
	  $(SHARE)/timeline-playground/Modules/COpenCombineHelpers/; \
	printf '%s\n' 'module COpenCombineHelpers {' '    umbrella header "COpenCombineHelpers.h"' '    export *' '}' \
	  > $(SHARE)/timeline-playground/Modules/COpenCombineHelpers/module.modulemap; \
	cp -r Package.swift Sources Scenes Assets Tests $(SHARE)/timeline-playground/package/; \
	"$$bin" --generate-completion-script bash > $(SHARE)/bash-completion/completions/playground; \
	"$$bin" --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_playground; \
	"$$bin" --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/playground.fish; \
	"$$bin" icon --size 256 --out $(SHARE)/icons/hicolor/256x256/apps/timeline-playground.png; \
	printf '%s\n' '[Desktop Entry]' 'Type=Application' 'Name=Timeline Playground' \
	  'Comment=SwiftUI TimelineView scenes drawn with SDL2' 'Exec=$(PREFIX)/bin/playground' \
	  'Icon=timeline-playground' 'Terminal=false' 'Categories=Development;Education;Graphics;' \
	  > $(SHARE)/applications/timeline-playground.desktop; \
	echo "installed playground under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/playground $(SHARE)/timeline-playground \
	  $(SHARE)/applications/timeline-playground.desktop \
	  $(SHARE)/icons/hicolor/256x256/apps/timeline-playground.png \
	  $(SHARE)/bash-completion/completions/playground $(SHARE)/zsh/site-functions/_playground \
	  $(SHARE)/fish/vendor_completions.d/playground.fish

clean:
	rm -rf .build
