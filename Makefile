# torchlint — the two commands a newcomer needs are `make check` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup check test lint typecheck pytest bench bench-lsp fp docs clean

# Create the virtual environment and install the project with its test extra.
$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

setup: $(STAMP)

## make check: run torchlint over examples/ (every rule shows up there).
check: $(STAMP)
	$(VENV)/bin/torchlint check examples/ --statistics --exit-zero

## make test: every check CI runs.
test: lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check server tests scripts
	$(VENV)/bin/ruff format --check server tests scripts

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider

bench: $(STAMP)
	$(PY) scripts/bench_engine.py

docs: $(STAMP)
	$(PY) scripts/gen_rule_docs.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build dist *.egg-info
