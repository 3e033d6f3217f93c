# getaway -- two commands matter: `make run` and `make test`. Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
NPM_STAMP := node_modules/.installed-stamp

.PHONY: run play test check lint lint-js unit fast bench constraints clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -c 'import sys; assert sys.version_info[:2] == (3, 11), "getaway needs Python 3.11"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip==26.3
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	touch $(STAMP)

## run: set everything up and start the web app (SQLite in ./getaway-data); prints the address
run: $(STAMP)
	$(BIN)/getaway serve

## play: the terminal game chooser
play: $(STAMP)
	$(BIN)/getaway

## test: set everything up, lint, and run every test
test: $(STAMP) lint unit

## check: the fast loop -- lint, then every test but the browser and the slow ones
check: $(STAMP) lint fast

fast: $(STAMP)
	$(BIN)/pytest -n 2 -q -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks docs
	$(BIN)/mypy
	@$(MAKE) --no-print-directory lint-js

## lint-js: type-check (tsc --checkJs) and lint (eslint) the browser code, with the
## pinned npm packages of package-lock.json; skipped with a reason without Node.js
lint-js:
	@if command -v npm >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(NPM_STAMP) && \
	  $(BIN)/python -m getaway.server.typegen build/types && \
	  npx --no-install tsc -p tsconfig.json && \
	  npx --no-install eslint src/getaway/server/static/js src/getaway/games/*/web; \
	elif [ "$$GETAWAY_REQUIRE_ALL" = 1 ]; then \
	  echo "lint-js: npm is missing (apt-get install nodejs npm)"; exit 1; \
	else echo "lint-js skipped: no Node.js here (apt-get install nodejs npm)"; fi

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

unit: $(STAMP)
	$(BIN)/pytest -n 2

## bench: the benchmark figures quoted in the README
bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/scaling.py

## constraints: re-pin every installed package after changing pyproject.toml
constraints: $(STAMP)
	{ echo "# Exact versions of every package, direct or transitive (pip install -c constraints.txt)."; \
	  echo "# Regenerate with: make constraints"; \
	  $(BIN)/python -m pip freeze --exclude-editable; } > constraints.txt

clean:
	rm -rf $(VENV) node_modules build .mypy_cache .ruff_cache .pytest_cache
