# The two commands a newcomer needs (see README.md):
#   make run    set everything up and run the Academy at http://localhost:5006/
#   make test   set everything up (Python packages, Debian's chromium and postgresql) and run every test
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: run test test-all setup browser postgres axe bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

# Browser tests drive Debian's chromium (never a downloaded browser).
browser:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi; }

# The accessibility test (tests/ui/test_browser_axe.py) injects axe-core, the npm package, pinned here
# (node and npm are Debian's; npm fetches only this one package, never a browser).
AXE_VERSION := 4.10.3
AXE := $(VENV)/node/node_modules/axe-core/axe.min.js

$(AXE):
	@command -v npm >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; fi; }
	npm install --prefix $(VENV)/node --no-audit --no-fund --silent axe-core@$(AXE_VERSION)

axe: $(AXE)

# The tests with several servers start a throwaway PostgreSQL from Debian's binaries (tests/store/pgserver.py).
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null; fi; }

run: $(STAMP)
	$(VENV)/bin/academy serve --port 5006

# The tests without a browser run in two processes (pytest-xdist); the browser tests in one, since they keep
# both cores busy (two processes gained 8% and timed out). The accessibility walk (about two minutes) runs
# here, and so do the five newcomer walks (each game by clicks, from the home page through a third of its lessons
# to a finished game: about six minutes). Tests marked slow (server restarts, every game's reload, whole-game
# CPU strength tests) run with make test-all only. The 15 slowest tests are listed at the end.
test: $(STAMP) browser postgres axe
	$(VENV)/bin/python -m pytest -q -m "not ui and not slow" -n 2
	$(VENV)/bin/python -m pytest -q -m "ui and not slow" --durations=15

# Every test, the slow ones included, and every lesson in the walks (about an hour here).
test-all: $(STAMP) browser postgres axe
	ACADEMY_WALK_ALL=1 ACADEMY_RELOAD_ALL=1 $(VENV)/bin/python -m pytest -q --durations=25

# Benchmarks print their figures; bench/diplomacy_speed.py compares with the MILA engine, a peer
# installed only here (never needed by the Academy or its tests).
bench: $(STAMP) browser postgres
	$(VENV)/bin/pip install -q diplomacy==1.1.2
	for b in bench/*.py; do echo "== $$b"; $(VENV)/bin/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
