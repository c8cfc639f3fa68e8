# drfcheck: build, demo and test.
#
#   make demo   installs what is missing, builds ./bin/drfcheck and checks the bundled examples
#   make test   installs what is missing and runs the whole test suite
#   make vet    gofmt, go vet and staticcheck (installed into bin/ when missing)
#   make bench  runs the benchmarks (make bench-claim2: only Claim 2 of the paper)
#
# System packages (gcc for cgo, libz3-dev for the SMT solver, clang for the
# CUDA front end, libclang-rt-14-dev for the ThreadSanitizer oracle) are installed with apt-get when missing and running as root;
# otherwise the exact command to run is printed.

SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(PATH)
GO ?= go
PKGS := gcc libz3-dev clang libclang-rt-14-dev
# PROPS sets the number of cases per property test (at least 1000 in CI).
PROPS ?= 1000
# The commit drfcheck --version names, where Go's own stamp is missing (a
# build with -buildvcs=false, or outside a git checkout: then it is empty).
COMMIT := $(shell git rev-parse HEAD 2>/dev/null)
LDFLAGS := $(if $(COMMIT),-X github.com/drfcheck/drfcheck/internal/version.CommitOverride=$(COMMIT))
# staticcheck, installed into bin/ by make vet when missing.
STATICCHECK_VERSION := v0.8.2
STATICCHECK := bin/staticcheck

.PHONY: all deps build demo test vet bench bench-claim2 bench-suite clean

all: build

deps:
	@missing=""; \
	for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing system packages:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
	@command -v $(GO) >/dev/null || { echo "Go is not installed: see https://go.dev/doc/install"; exit 1; }

build: deps
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/drfcheck ./cmd/drfcheck

# Half of the examples are racy on purpose, so drfcheck exits with 1 (races
# found); any other failure stops the demo.
demo: build
	@echo "== Claim 1 of the Faial paper, as access memory protocols"
	./bin/drfcheck testdata/protocols/claim1/ || test $$? -eq 1
	@echo
	@echo "== the same tests as CUDA kernels"
	./bin/drfcheck testdata/cuda/claim1/ || test $$? -eq 1
	@echo
	@echo "== an OpenCL kernel whose barrier fences local memory only, and global memory races across it"
	./bin/drfcheck testdata/opencl/barriers/global_with_local_fence_racy.cl || test $$? -eq 1

test: deps vet
	DRFCHECK_PROPS=$(PROPS) $(GO) test -count=1 -timeout 60m ./...

vet: deps
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	@$(STATICCHECK) -version 2>/dev/null | grep -q '($(STATICCHECK_VERSION:v%=%))' || \
	  GOBIN=$(CURDIR)/bin $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(STATICCHECK) ./...

bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Only the scalability experiment of the paper (Claim 2, Fig. 7): on .prot
# files, both encodings of nested synchronized loops side by side, and as
# CUDA kernels through clang and the front end; each size as a ratio to
# size 1 measured in the same run (x-size1).
bench-claim2: deps
	$(GO) test -run '^$$' -bench Claim2 -benchtime 5x ./check/ ./cmd/drfcheck/

# GPUVerify's benchmark kernels (../shared/corpora, where the checkout has
# it), scored and timed per kernel: median, maximum and total; with
# BASE=path/to/an/earlier/drfcheck, that binary is scored in the same run
# and each figure is also given as a ratio to it.
CORPORA ?= ../shared/corpora
bench-suite: build
	@test -x $(CORPORA)/score || { echo "no $(CORPORA)/score: set CORPORA"; exit 1; }
	$(CORPORA)/score bin/drfcheck --suite bench -j 2 --json bin/bench-suite.json | tail -8; true
	@if [ -n "$(BASE)" ]; then $(CORPORA)/score $(BASE) --suite bench -j 2 --json bin/bench-base.json | tail -3; true; fi
	$(GO) run ./internal/benchsuite bin/bench-suite.json $(if $(BASE),bin/bench-base.json)

clean:
	rm -rf bin
