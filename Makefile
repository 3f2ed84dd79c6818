# satwatch: `make run` (the worker on the example config), `make demo` (offline replay that fires
# alerts within seconds), `make test` (the whole suite), `make install` / `make deb` (the deployed
# build on this machine's PATH / as a Debian package). Each installs what it needs first.
SWIFT ?= swift
CONFIG ?= deploy/satwatch.json
DEBUG_BIN := .build/debug/satwatch
RELEASE_BIN := .build/release/satwatch
# The test peers' virtual environment (scripts/install-peers.sh); it runs every Python test.
PYTHON := .build/venv/bin/python3
# The deployed build scripts/verify-release.sh makes (and checks) in `make test`; the package test reuses it.
RELEASE_CHECK_BIN := .build-release-check/scratch/release/satwatch
QUIETLY := scripts/quietly.sh

.PHONY: all build release install deb test run demo bench fuzz chaos deps peers clean

all: build

deps:
	@scripts/install-deps.sh

peers:
	@scripts/install-peers.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# Quiet when green: one line per suite (scripts/quietly.sh; each suite's whole output goes to
# .build/logs/NAME.log), and a failing suite's whole output.
test: deps peers
	@$(QUIETLY) build -- $(SWIFT) build --build-tests
	@$(QUIETLY) layers -- env SWIFT=$(SWIFT) scripts/check-layers.py
	@$(QUIETLY) layers-check -- $(PYTHON) -m pytest -q Tests/layers
	@$(QUIETLY) swift-tests --summary 'Test run with .* (passed|failed)' -- env SWIFT=$(SWIFT) scripts/swift-test.sh
	@$(QUIETLY) curl-shim -- scripts/curl-shim-test.sh
	@$(QUIETLY) deploy -- scripts/verify-deploy.sh $(CURDIR)/$(DEBUG_BIN)
	@$(QUIETLY) release -- scripts/verify-release.sh
	@$(QUIETLY) deb -- scripts/verify-deb.sh $(RELEASE_CHECK_BIN)
	@$(QUIETLY) rule-tests -- $(DEBUG_BIN) test rule-tests/*.json
	@$(QUIETLY) fuzz-replay -- sh -c "$(PYTHON) fuzz/seed.py .build/fuzz-seeds >/dev/null && \
		find fuzz/corpus .build/fuzz-seeds -type f ! -name '*.md' -print0 | xargs -0 .build/debug/satwatch-fuzz"
	@$(QUIETLY) e2e -- env SATWATCH_BIN=$(CURDIR)/$(DEBUG_BIN) timeout -k 10 1200 $(PYTHON) -m pytest -q -o faulthandler_timeout=300 Tests/e2e
	@$(QUIETLY) chaos -- env SATWATCH_BIN=$(CURDIR)/$(DEBUG_BIN) timeout -k 10 1200 $(PYTHON) -m pytest -q -o faulthandler_timeout=300 Tests/chaos
	@scripts/test-total.sh

run: release
	$(RELEASE_BIN) run --config $(CONFIG)

# The deployed build (deploy/build-release.sh, built as you) to /usr/local/bin/satwatch, the unit and
# the example config, by deploy/install.sh as root (through sudo unless you are root: sudo's PATH
# may not find the toolchain). DESTDIR=DIR installs below DIR; SATWATCH_BINARY=FILE installs FILE.
install: deps
	@binary="$(SATWATCH_BINARY)"; [ -n "$$binary" ] || binary="$(CURDIR)/$$(deploy/build-release.sh)" || exit 1; \
	sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	$$sudo env DESTDIR="$(DESTDIR)" SATWATCH_BINARY="$$binary" deploy/install.sh

# A Debian package of the deployed build: .build/deb/satwatch_<version>_<arch>.deb (deploy/build-deb.sh).
deb: deps
	@binary=$$(deploy/build-release.sh) && deploy/build-deb.sh "$$binary" .build/deb

demo: build
	scripts/demo.sh

bench: deps
	bench/run

# Fault injection against the real binary and real peers, long form; prints the chaos table.
chaos: deps peers
	$(SWIFT) build
	CHAOS_LONG=1 SATWATCH_BIN=$(CURDIR)/$(DEBUG_BIN) timeout -k 10 3600 $(PYTHON) -m pytest -q -o faulthandler_timeout=600 Tests/chaos

# Coverage-guided fuzzing of the JSON reader, feed decoders and WebSocket framing (FUZZ_SECONDS, default 300).
fuzz: deps
	fuzz/run $(FUZZ_SECONDS)

clean:
	rm -rf .build
