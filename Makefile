# Meja: `make run` (desktop), `make web` (browser), `make test` (everything), `make bench`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8550
# The Python the phone apps bundle: the oldest flet builds for phones, nearest the 3.11 the
# suite runs on (flet bundles no 3.11).
PHONE_PYTHON := 3.12

.PHONY: run web desktop test lint bench apk ipa clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m app

web: $(STAMP)
	$(PY) -m app --web --port $(PORT)

# Fetches Flet's desktop client now (the first `make run` does it otherwise, once).
desktop: $(STAMP)
	$(PY) -c "import flet_desktop; print(flet_desktop.ensure_client_cached())"

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy --strict models
	$(PY) -m mypy app views main.py

test: lint
	$(PY) -m pytest -q

bench: $(STAMP)
	$(PY) -m pip install --quiet -e ".[dev,bench]" || echo "open_spiel could not be installed: the Kartu Sama ratio is skipped"
	$(PY) -m tests.bench_engines
	$(PY) -m tests.bench_storage
	$(PY) -m tests.bench_share
	$(PY) -m tests.bench_bots
	$(PY) -m tests.bench_live

# The phone apps (need the Flutter SDK, and a Mac for iOS).
apk ipa: $(STAMP)
	$(VENV)/bin/flet build $@ --python-version $(PHONE_PYTHON)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
