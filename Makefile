# The two commands for a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# make run PORT=8080 HOST=0.0.0.0 DATABASE=postgresql://user:pw@host/db
PORT ?= 8000
HOST ?= 127.0.0.1
DATABASE ?=
run: $(STAMP)
	$(BIN)/palantir serve --port $(PORT) --host $(HOST) $(if $(DATABASE),--database '$(DATABASE)')

play: $(STAMP)
	$(BIN)/palantir play journey-to-mordor --seats human,ai:heuristic,ai:mcts:300 --option locations=true

test: $(STAMP)
	bash .ci/web-deps.sh
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_journey_to_mordor.py

clean:
	rm -rf $(VENV) build *.egg-info
