# torchlint — the two commands a newcomer needs are `make check` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup check test lint typecheck pytest bench bench-lsp fp fp-wide docs clean
.PHONY: npm-setup test-client vsix test-vsix test-e2e test-vscode test-nvim

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
test: lint typecheck pytest fp test-client test-vsix test-e2e

lint: $(STAMP)
	$(VENV)/bin/ruff check server tests scripts
	$(VENV)/bin/ruff format --check server tests scripts

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider

## make bench: analysis time against ast.parse time on torchvision, timm and examples/.
bench: $(STAMP)
	$(PY) scripts/bench_engine.py

## make bench-lsp: the language server over stdio: spawn -> first diagnostics, and
## didChange -> publishDiagnostics p50/p95 while typing in a 300- and a 2,000-line file.
## Start-up is measured with the modules byte-compiled, as an installed server has them
## (an environment with PYTHONDONTWRITEBYTECODE set never writes them itself).
bench-lsp: $(STAMP)
	$(PY) -m compileall -q server
	$(PY) scripts/bench_lsp.py

## make fp: torchlint over torchvision and timm; every finding must be justified.
fp: $(STAMP)
	$(PY) scripts/fp_guard.py

## make fp-wide: the same over twenty more PyTorch code bases (~3.3M lines, ~4 min on 2 cores).
fp-wide: $(STAMP)
	$(PY) scripts/fp_guard.py --wide

docs: $(STAMP)
	$(PY) scripts/gen_rule_docs.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build dist *.egg-info

## The VS Code extension (docs/editor.md): client checks, the .vsix, real editors.
NPM_STAMP := node_modules/.package-lock.json
VSIX = torchlint-$(shell node -p 'require("./package.json").version').vsix

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(NPM_STAMP)

npm-setup: $(NPM_STAMP)

## make test-client: tsc --noEmit, eslint (no warnings), client unit tests.
test-client: npm-setup
	npm run --silent typecheck
	npm run --silent lint
	npm run --silent test:unit

## make vsix: torchlint-<version>.vsix with the server and its dependencies bundled.
vsix: npm-setup
	scripts/vsix_build.sh

## make test-vsix: the .vsix alone starts a server (fresh venvs of Python 3.10 and python3).
test-vsix: vsix
	$(PYTHON) tests/e2e/vsix_smoke.py $(VSIX) "$$(scripts/vsix_py310.sh)" $(PYTHON)

## make test-e2e: the .vsix in a real VS Code (code-server), and the server in Neovim.
test-e2e: test-vscode test-nvim

test-vscode: vsix
	node esbuild.mjs --e2e
	tests/e2e/run_vscode.sh $(VSIX)

test-nvim: $(STAMP)
	tests/e2e/run_nvim.sh $(PY) -m torchlint serve
