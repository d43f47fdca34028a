# Quick start: `make demo` and `make test` on a fresh machine.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
BIN := .build/release/yajlmap

# DocC from the toolchain: beside the real `swift` binary, else on PATH.
DOCC ?= $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))docc) $(shell command -v docc))
DOCS_BUILD := .build/docs
DOCS_SYMBOLS := $(DOCS_BUILD)/symbol-graphs

.PHONY: deps build release demo test bench docs clean

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
	$(SWIFT) build -c release --product yajlmap-search

## demo: build, then validate and reformat the bundled fixtures, decode a GitHub page, map Fixtures/github strictly
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
	@echo
	@echo "== yajlmap decode --format table --sort stars --limit 10 Fixtures/github/search/generated-100.json =="
	$(BIN) decode --format table --width 120 --sort stars --limit 10 Fixtures/github/search/generated-100.json
	@echo
	@echo "== yajlmap validate --model search|repositories|repository|error Fixtures/github/... (strict mapping) =="
	$(BIN) validate --model search Fixtures/github/search
	$(BIN) validate --model repositories Fixtures/github/repositories
	$(BIN) validate --model repository Fixtures/github/repository
	$(BIN) validate --model error Fixtures/github/errors
	@echo
	@echo "== yajlmap validate --model search Fixtures/github/invalid/search-mistyped.json (exit 1 expected) =="
	-$(BIN) validate --model search Fixtures/github/invalid/search-mistyped.json

## test: build and run every test (the CLI tests run the built binary too), then the parser's
## tests again with the input check's portable scan (as on a machine without AVX2)
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	YAJLMAPPER_NO_AVX2=1 $(SWIFT) test --skip-build --filter Parser

## bench: the benchmark target, in release
bench: deps
	$(SWIFT) run -c release Benchmarks

## docs: the DocC archive of the YajlMapper module, at .build/docs/YajlMapper.doccarchive;
## symbol graphs from a build of its own (.build/docs), no plugin; any warning fails
docs: deps
	@test -n "$(DOCC)" || { echo "docc not found beside $(SWIFT) nor on PATH"; exit 1; }
	@mkdir -p $(DOCS_SYMBOLS)
	$(SWIFT) build --scratch-path $(DOCS_BUILD) --target YajlMapper \
		-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_SYMBOLS)
	$(DOCC) convert Sources/YajlMapper/YajlMapper.docc \
		--additional-symbol-graph-dir $(DOCS_SYMBOLS) \
		--output-dir $(DOCS_BUILD)/YajlMapper.doccarchive \
		--warnings-as-errors

clean:
	rm -rf .build
