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
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
# pipefail: the installs below filter pip's output through grep
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: venv dev compiled pgo pure run test bench bench-pytest clean

# What running needs: mtgsim editable with its dependencies and Cython (for `make compiled`),
# nothing of the development tools. The build backend compiles the engine as it installs
# (setup.py; a line per module, a few minutes the first time, and one line instead when
# there is no C compiler). Installed again when pyproject.toml or setup.py changes.
venv: $(RUN_STAMP)

# Everything: the above and the development tools (pytest, ruff, mypy, playwright, moto, ...).
dev: $(DEV_STAMP)

# pip shows a build's output only with -v, among a few hundred lines of its own: the lines
# shown are pip's usual ones and the build's; all of them are in .venv/install.log, whose
# end is shown if the install fails.
PIP_SHOWN := ^(Collecting|Installing|Successfully|Obtaining|ERROR|error)|compiled engine|mtgsim:
define pip_install
	@if [ -z "$(PYTHON)" ]; then echo "error: neither python3.11 nor python3 found" >&2; exit 1; fi
	@if [ -z "$(PYVERSION)" ]; then echo "error: $(PYTHON) does not run" >&2; exit 1; fi
	@if [ ! -x "$(BIN)/python" ]; then \
		echo "creating $(VENV) with $(PYTHON)"; \
		"$(PYTHON)" -m venv $(VENV); \
	fi
	@echo "installing mtgsim$(1) into $(VENV) (the compiled engine is built as it installs)"
	@$(BIN)/python -m pip install -v -e '.$(1)' 2>&1 | tee $(VENV)/install.log \
		| grep --line-buffered -E '$(PIP_SHOWN)' | sed -u 's/^  *//' \
		|| { tail -n 40 $(VENV)/install.log >&2; echo "error: the install failed: $(VENV)/install.log" >&2; exit 1; }
endef

$(RUN_STAMP): pyproject.toml setup.py
	$(call pip_install,[compiled])
	@touch $@

$(DEV_STAMP): pyproject.toml setup.py
	$(call pip_install,[dev])
	@touch $@ $(RUN_STAMP)

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
# written as a Parquet dataset under out/, then the HTML report of it. DECKS=pauper plays
# a bundled metagame instead (decks/pauper/: real lists of the most played Pauper
# archetypes), its report weighting the field by their shares of the real lists.
GAUNTLET_DECKS := $(filter-out decks/gruul_stompy.txt decks/azorius_skies.txt,$(wildcard decks/*.txt))
GAMES ?= 40
ifndef OUT
OUT := out/gauntlet-$(shell date +%Y%m%d-%H%M%S)
endif
ifdef DECKS
RUN_DECKS := --metagame $(DECKS)
else
RUN_DECKS := $(GAUNTLET_DECKS)
endif
run: compiled
	$(BIN)/mtgsim gauntlet $(RUN_DECKS) --games $(GAMES) --out $(OUT) && \
	$(BIN)/mtgsim report $(OUT)

# pytest's worker processes (pytest-xdist): CI's two cores; WORKERS=auto takes every core,
# WORKERS=0 runs the suite in this one process. loadgroup keeps the tests that start a Ray
# head node on one worker (their xdist_group).
WORKERS ?= 2
test: dev compiled
	$(BIN)/ruff check mtgsim engine cluster pipelines results decks tests scripts setup.py
	$(BIN)/python scripts/typecheck.py
	@$(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup; rc=$$?; \
	if [ $$rc -eq 5 ]; then \
		echo "error: pytest collected no tests (exit code 5)" >&2; exit 1; \
	fi; \
	exit $$rc

bench: pgo
	$(BIN)/mtgsim bench

# pytest-benchmark timing of 20 games (tests/bench is skipped by a plain `pytest`).
bench-pytest: dev pgo
	$(BIN)/python -m pytest tests/bench --benchmark-only

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .benchmarks
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
