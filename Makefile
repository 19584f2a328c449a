# The two commands of the README: `make run` (the whole platform, embedded default) and `make test`.
PY ?= /root/.pyenv/versions/3.12.1/bin/python
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast bench lint venv messages clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || { test -x $(PY) && $(PY) -m venv $(VENV) || python3 -m venv $(VENV); }
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[dev]"
	@touch $(STAMP)

venv: $(STAMP)

# German catalogues (GNU gettext's msgfmt); compiled, never committed.
messages: venv
	cd frontend && ../$(BIN)/python ../manage.py compilemessages -v 0

run: messages
	$(BIN)/python -m config.embedded

test: messages
	$(BIN)/python -m pytest

test-fast: messages
	$(BIN)/python -m pytest -m "not system and not browser" -x -q

lint: venv
	$(BIN)/ruff check .
	$(BIN)/mypy --strict games ratings/elo.py matchmaking/pairing.py

bench: venv
	bash tests/bench/run_all.sh

clean:
	rm -rf var .pytest_cache
