# Meja: `make run` (desktop), `make web` (browser), `make test` (everything), `make bench`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8550

.PHONY: run web test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m app

web: $(STAMP)
	$(PY) -m app --web --port $(PORT)

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy --strict models
	$(PY) -m mypy app views

test: lint
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) -m tests.bench_engines
	$(PY) -m tests.bench_storage
	$(PY) -m tests.bench_share
	$(PY) -m tests.bench_bots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
