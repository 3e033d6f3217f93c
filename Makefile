# getaway -- two commands matter: `make run` and `make test`. Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run play test check lint unit fast bench constraints clean

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
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

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
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
