# Terraforming Mars in the browser: developer and CI entry points.
#
#   make setup     .venv (dev tools), node_modules (pinned runtimes), static/vendor/ (copies)
#   make test      lint, type-check, every test
#   make serve     serve the game on http://localhost:8000 (PORT=N to change)
#   make bench     engine benchmarks
#   make simulate  random-play games with invariant checks
#   make site      what Netlify builds: the runtime copied into static/vendor/
#
# Every install step writes a stamp file inside the folder it fills, so a second
# `make setup` does nothing unless requirements-dev.txt or package-lock.json changed,
# and deleting a folder re-creates it.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
PORT ?= 8000

VENV := .venv
BIN := $(VENV)/bin
VENV_STAMP := $(VENV)/.stamp-requirements
NPM_STAMP := node_modules/.stamp-npm
VENDOR := static/vendor
VENDOR_STAMP := $(VENDOR)/.stamp-vendor

# Browser tests join the run as soon as tests/e2e exists.
TEST_DIRS := tests/engine $(wildcard tests/e2e)

.PHONY: help setup test lint typecheck pytest serve site bench simulate clean

help:
	@sed -n 's/^#   //p' $(firstword $(MAKEFILE_LIST))

setup: $(VENV_STAMP) $(NPM_STAMP) $(VENDOR_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv --clear $(VENV)

$(VENV_STAMP): requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check --quiet -r requirements-dev.txt
	touch $@

$(NPM_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Pyodide's runtime (loader, wasm, standard library, lock file) and PyScript's dist/,
# copied so the page loads them from our own origin. Type declarations, the npm
# manifest and Pyodide's demo consoles stay behind.
$(VENDOR_STAMP): $(NPM_STAMP)
	rm -rf $(VENDOR)/pyodide $(VENDOR)/pyscript
	mkdir -p $(VENDOR)/pyodide $(VENDOR)/pyscript
	find node_modules/pyodide -maxdepth 1 -type f \
	  \( -name '*.js' -o -name '*.mjs' -o -name '*.wasm' -o -name '*.zip' \
	     -o -name '*.map' -o -name 'pyodide-lock.json' \) \
	  -exec cp {} $(VENDOR)/pyodide/ \;
	cp -R node_modules/@pyscript/core/dist/. $(VENDOR)/pyscript/
	test -f $(VENDOR)/pyodide/pyodide.mjs -a -f $(VENDOR)/pyodide/pyodide-lock.json
	test -f $(VENDOR)/pyscript/core.js
	touch $@

test: setup
	$(BIN)/ruff check tm tests scripts
	$(BIN)/mypy tm
	$(BIN)/python scripts/gen_pyscript_config.py --check
	$(BIN)/pytest $(TEST_DIRS) -q

serve: setup
	$(PYTHON) scripts/serve.py --port $(PORT)

# Netlify's build: the runtime copied into static/vendor/ (no Python venv needed there).
site: $(VENDOR_STAMP)

bench: $(VENV_STAMP)
	$(BIN)/python -m tm bench

simulate: $(VENV_STAMP)
	$(BIN)/python -m tm simulate --games 200 --players 2 --seed 1

clean:
	rm -rf $(VENV) node_modules $(VENDOR) .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find tm tests -name __pycache__ -type d -prune -exec rm -rf {} +
