# The two commands of the README: `make run` (the whole platform, embedded default) and `make test`.
PY ?= /root/.pyenv/versions/3.12.1/bin/python
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast bench lint typecheck venv clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || { test -x $(PY) && $(PY) -m venv $(VENV) || python3 -m venv $(VENV); }
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[dev]"
	@touch $(STAMP)

venv: $(STAMP)

run: venv
	$(BIN)/python -m config.embedded

test: venv
	$(BIN)/python -m pytest

test-fast: venv
	$(BIN)/python -m pytest -m "not system and not browser" -x -q

lint: venv
	$(BIN)/ruff check .
	$(BIN)/mypy --strict games ratings/elo.py matchmaking/pairing.py

bench: venv
	bash tests/bench/run_all.sh

clean:
	rm -rf var .pytest_cache
