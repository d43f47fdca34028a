# Quick start: `make demo` and `make test` on a fresh machine.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
BIN := .build/release/yajlmap

.PHONY: deps build release demo test bench clean

## deps: install libyajl-dev and pkg-config with apt-get when they are missing
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yajl; then \
		echo "Installing libyajl-dev and pkg-config..."; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libyajl-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product yajlmap

## demo: build, then validate and reformat the bundled fixtures
demo: release
	@echo "== yajlmap validate Fixtures/valid (all well-formed) =="
	$(BIN) validate Fixtures/valid
	@echo
	@echo "== yajlmap validate Fixtures/invalid (each file has one mistake; exit 1 expected) =="
	-$(BIN) validate Fixtures/invalid
	@echo
	@echo "== yajlmap get items.0.full_name Fixtures/valid/search-small.json =="
	$(BIN) get items.0.full_name Fixtures/valid/search-small.json
	@echo
	@echo "== yajlmap format --compact Fixtures/valid/escapes.json =="
	$(BIN) format --compact Fixtures/valid/escapes.json

## test: build and run every test (the CLI tests run the built binary too)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## bench: the benchmark target, in release
bench: deps
	$(SWIFT) run -c release Benchmarks

clean:
	rm -rf .build
