# Quick start: `make demo` and `make test` on a fresh machine.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
BIN := .build/release/yajlmap

# DocC from the toolchain: beside the real `swift` binary, else on PATH.
DOCC ?= $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))docc) $(shell command -v docc))
# llvm-cov from the toolchain too: it reads the profile format the toolchain's compiler writes.
LLVM_COV ?= $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))llvm-cov) $(shell command -v llvm-cov))
DOCS_BUILD := .build/docs
DOCS_SYMBOLS := $(DOCS_BUILD)/symbol-graphs

.PHONY: deps build release demo test bench docs lint fuzz coverage sanitize clean

## deps: install libyajl-dev, zlib1g-dev and pkg-config with apt-get when they are missing
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yajl || ! pkg-config --exists zlib; then \
		echo "Installing libyajl-dev, zlib1g-dev and pkg-config..."; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libyajl-dev zlib1g-dev pkg-config; \
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

## lint: swift-format's lint with .swift-format; any finding fails
lint: deps
	$(SWIFT) format lint --strict --parallel --recursive Package.swift Sources Tests Benchmarks Fuzz

FUZZ_SECONDS ?= 60
FUZZ_HARNESSES := parser json mapper validator writer decoder
FUZZ_BIN := .build/fuzz-build/release/YajlMapperFuzz
JSONTESTSUITE := ../shared/corpus/JSONTestSuite/test_parsing

## fuzz: build the harnesses (Fuzz/) with libFuzzer and AddressSanitizer, run each for an equal share of
## FUZZ_SECONDS (60 in all by default), seeded from Fixtures/ and JSONTestSuite when it is there; a crash
## keeps its input in .build/fuzz/crashes/<harness>/, is printed, and fails
fuzz: deps
	$(SWIFT) build -c release --product YajlMapperFuzz --scratch-path .build/fuzz-build -Xswiftc -sanitize=fuzzer,address \
		-Xswiftc -use-ld=lld -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver
	@seeds=Fixtures; \
	if [ -d $(JSONTESTSUITE) ]; then seeds="$$seeds $(JSONTESTSUITE)"; else echo "JSONTestSuite not found: seeding from Fixtures/ only"; fi; \
	seconds=$$(( $(FUZZ_SECONDS) / $(words $(FUZZ_HARNESSES)) )); [ $$seconds -ge 1 ] || seconds=1; failed=""; \
	for harness in $(FUZZ_HARNESSES); do \
		crashes=.build/fuzz/crashes/$$harness; rm -rf $$crashes; mkdir -p $$crashes .build/fuzz/corpus/$$harness; \
		echo "== fuzz $$harness for $${seconds}s"; \
		regressions=$$([ -d Fuzz/Regressions/$$harness ] && echo Fuzz/Regressions/$$harness); \
		SWIFT_BACKTRACE=enable=no nice -n 19 $(FUZZ_BIN) $$harness -max_total_time=$$seconds -max_len=16384 -timeout=10 \
			-print_final_stats=1 -dict=Fuzz/json.dict -artifact_prefix=$$crashes/ \
			.build/fuzz/corpus/$$harness $$regressions $$seeds || failed="$$failed $$harness"; \
		for input in $$crashes/*; do [ -f "$$input" ] || continue; \
			echo "== $$harness kept $$input:"; od -A d -c "$$input" | head -n 20; done; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed (inputs in .build/fuzz/crashes/)"; exit 1; fi

## coverage: run the tests with coverage (in .build/coverage), then print each module's line coverage and the total
coverage: deps
	$(SWIFT) build --build-tests --enable-code-coverage --scratch-path .build/coverage
	$(SWIFT) test --skip-build --enable-code-coverage --scratch-path .build/coverage
	@profdata=$$(dirname $$($(SWIFT) test --show-codecov-path --scratch-path .build/coverage))/default.profdata && \
	$(LLVM_COV) report .build/coverage/debug/YajlMapperPackageTests.xctest -instr-profile=$$profdata \
		-ignore-filename-regex='/(\.build|Tests|Benchmarks|Fuzz)/' > .build/coverage/report.txt && \
	awk '$$1 ~ /\.swift$$/ { path = $$1; sub(/^.*\/Sources\//, "", path); split(path, name, "/"); \
			lines[name[1]] += $$8; missed[name[1]] += $$9 } \
		END { for (m in lines) printf "%-22s %6.2f%%  (%d of %d lines)\n", m, 100 * (lines[m] - missed[m]) / lines[m], lines[m] - missed[m], lines[m] | "sort"; \
			close("sort"); for (m in lines) { all += lines[m]; miss += missed[m] } \
			printf "%-22s %6.2f%%  (%d of %d lines)\n", "TOTAL", 100 * (all - miss) / all, all - miss, all }' \
		.build/coverage/report.txt

TSAN_TESTS := MappingConcurrencyTests|CoderSettingsConcurrencyTests|NoUserCodeInsideAParseTests|ParserGzipInputTests|MappingPlanMissEdgeTests|MappingStreamAsyncContractTests|MappingStreamCancellationTests|GitHubSearchSessionTests|GitHubClientTests|DecoderPlanTests|DecoderStreamTests|EncoderDifferentialTests|ParallelValidationDifferentialTests|ParallelMappingDifferentialTests|ParallelDecodingDifferentialTests|ParallelDocumentDifferentialTests|ParallelDocumentDecodingDifferentialTests|JobsTests

## sanitize: every test under AddressSanitizer (.build/asan), then the concurrent ones under ThreadSanitizer
## (.build/tsan: the mapper's and the decoder's plans across threads, the encoder from many tasks, parallel validation, mapping and decoding (streams and whole documents), gzip's read-ahead, async streams, the search driver, the client); any report fails.
## Leak checking is off until its reports are triaged (most are in the Swift runtime, Foundation and static
## test data); StreamingMemoryTests are skipped: their memory ceilings do not hold under ASan's shadow memory
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan --skip StreamingMemoryTests
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_TESTS)'

clean:
	rm -rf .build
