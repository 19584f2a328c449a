# The two commands of the README: `make run` (the whole platform, embedded default) and `make test`.
PY ?= /root/.pyenv/versions/3.12.1/bin/python
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The JS check's packages (ESLint), installed from frontend/package-lock.json as it is.
JS_STAMP := frontend/node_modules/.installed

.PHONY: run test test-fast bench lint venv js messages clean screenshots

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || { test -x $(PY) && $(PY) -m venv $(VENV) || python3 -m venv $(VENV); }
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[dev]"
	@touch $(STAMP)

venv: $(STAMP)

$(JS_STAMP): frontend/package-lock.json
	npm ci --prefix frontend --no-audit --no-fund
	@touch $(JS_STAMP)

js: $(JS_STAMP)

# German catalogues (GNU gettext's msgfmt); compiled, never committed.
messages: venv
	cd platform && ../$(BIN)/python ../manage.py compilemessages -v 0  # finds every app's locale/; LOCALE_PATHS adds frontend/locale

run: messages
	$(BIN)/python -m config.embedded

# The suite runs on one pytest-xdist worker per core and one more (TEST_WORKERS=1 for one process):
# the system tests spend most of their time waiting on real processes and deadlines, and the extra
# worker fills that time.  Every worker has its own databases, Redis namespaces, ports and shared
# stacks (tests/support/stack.py), so workers, and whole test runs side by side, never meet.  Tests
# are handed out longest first (tests/conftest.py); each run ends with its 20 slowest tests.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))
# --maxschedchunk 1: a worker is handed the next test when it has fewer than two waiting (xdist's
# default hands out a quarter of the suite at once, all the long tests to one worker).
XDIST := -n $(TEST_WORKERS) --dist load --maxschedchunk 1
# The in-process tier is all CPU: one worker per core.
FAST_WORKERS ?= $(shell nproc 2>/dev/null || echo 2)

test: messages js
	$(BIN)/python -m pytest $(XDIST)

test-fast: messages js
	$(BIN)/python -m pytest -n $(FAST_WORKERS) --dist load --maxschedchunk 1 -m "not system and not browser" -x -q

lint: venv js
	$(BIN)/ruff check .
	cd frontend && node_modules/.bin/eslint --max-warnings 0 static eslint.config.js
	$(BIN)/mypy --strict games ratings/elo.py matchmaking/pairing.py matchmaking/matching.py \
		matchmaking/standings.py matchmaking/swiss.py matchmaking/multiseat.py \
		matchmaking/roundrobin.py matchmaking/knockout.py matchmaking/arena.py \
		matchmaking/movements.py matchmaking/trf.py matchmaking/dutch_order.py \
		matchmaking/dutch_weights.py matchmaking/dutch_sequential.py matchmaking/dutch_field.py \
		matchmaking/dutch_colours.py matchmaking/dutch_criteria.py matchmaking/dutch_homogeneous.py \
		matchmaking/dutch_floats.py matchmaking/dutch_brackets.py matchmaking/dutch_round.py

# The benches print our figures next to peer libraries' (rlcard, pokerkit, py4swiss: the bench extra).
BENCH_STAMP := $(VENV)/.bench-installed
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install -q -e ".[dev,bench]"
	@touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	bash tests/bench/run_all.sh

# Every board's first screen on a phone and a desktop, into docs/screenshots/ (Debian's Chromium).
screenshots: messages
	$(BIN)/python tests/support/screenshots.py

clean:
	rm -rf var .pytest_cache
