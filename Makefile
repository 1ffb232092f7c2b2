# mtgsim developer tasks. Everything runs from the project's own .venv.

# The interpreter: python3.11, else python3, into .venv. One named on the command line
# (make test PYTHON=python3.12, or a path) gets an environment of its own, .venv-3.12, so
# that the versions pyproject.toml names (3.11, 3.12, 3.13) are tested side by side, each
# with its own install and compiled engine (build/compiled/ keeps one manifest per
# interpreter). VENV=DIR chooses the environment.
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
PYVERSION := $(shell "$(PYTHON)" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
ifeq ($(origin PYTHON),command line)
VENV   ?= .venv-$(PYVERSION)
else
VENV   ?= .venv
endif
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv compiled pgo pure run test bench bench-pytest clean

venv: $(STAMP)

# Re-install only when pyproject.toml changes (or the venv is missing).
$(STAMP): pyproject.toml
	@if [ -z "$(PYTHON)" ]; then echo "error: neither python3.11 nor python3 found" >&2; exit 1; fi
	@if [ -z "$(PYVERSION)" ]; then echo "error: $(PYTHON) does not run" >&2; exit 1; fi
	@if [ ! -x "$(BIN)/python" ]; then \
		echo "creating $(VENV) with $(PYTHON)"; \
		"$(PYTHON)" -m venv $(VENV); \
	fi
	$(BIN)/python -m pip install -e '.[dev]'
	@touch $@

# The compiled engine: the hot engine modules through Cython into build/compiled/, with the
# declarations generated from mtgsim/declarations.py; only the modules whose source or
# declarations changed are compiled again (a no-op takes about a second). Without a C
# compiler nothing is built and the pure-Python engine runs; MTGSIM_PURE_PYTHON=1 runs it
# anyway. A build out of date with its source says so on stderr in every process.
compiled: venv
	@$(BIN)/python scripts/compile_engine.py

# The profile-guided build the benchmarks measure (GCC): every module instrumented, training
# games, every module again from the profile (about 10 minutes on 2 cores; nothing to do
# while it is current). `make compiled` after an edit compiles the edited modules without
# a profile, and the build is a plain one again.
pgo: venv
	@$(BIN)/python scripts/compile_engine.py --pgo

# Remove the compiled engine: everything runs the pure-Python reference.
pure:
	@if [ -x "$(BIN)/python" ]; then $(BIN)/python scripts/compile_engine.py --clean; \
	else rm -rf build/compiled; fi

# The main job: every pair of the sixteen archetype decks on local Ray (all cores),
# written as a Parquet dataset under out/, then the HTML report of it.
GAUNTLET_DECKS := $(filter-out decks/gruul_stompy.txt decks/azorius_skies.txt,$(wildcard decks/*.txt))
GAMES ?= 40
ifndef OUT
OUT := out/gauntlet-$(shell date +%Y%m%d-%H%M%S)
endif
run: compiled
	$(BIN)/mtgsim gauntlet $(GAUNTLET_DECKS) --games $(GAMES) --out $(OUT) && \
	$(BIN)/mtgsim report $(OUT)

test: compiled
	$(BIN)/ruff check mtgsim engine cluster pipelines results decks tests scripts
	$(BIN)/python scripts/typecheck.py
	@$(BIN)/python -m pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then \
		echo "error: pytest collected no tests (exit code 5)" >&2; exit 1; \
	fi; \
	exit $$rc

bench: pgo
	$(BIN)/mtgsim bench

# pytest-benchmark timing of 20 games (tests/bench is skipped by a plain `pytest`).
bench-pytest: pgo
	$(BIN)/python -m pytest tests/bench --benchmark-only

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .benchmarks
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
