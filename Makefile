# Meja: `make run` (desktop), `make web` (browser), `make test` (everything), `make bench`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= 8550
# The Python the phone apps bundle: the oldest flet builds for phones, nearest the 3.11 the
# suite runs on (flet bundles no 3.11).
PHONE_PYTHON := 3.12

# The gettext domains: the shared texts (meja) and one per game, each an English catalog in
# app/locale/en/LC_MESSAGES/ (a new game's catalogs are found there: nothing to add here).
DOMAINS := $(basename $(notdir $(wildcard app/locale/en/LC_MESSAGES/*.po)))
LANGS := fr id
BABEL := $(PY) -m babel.messages.frontend

.PHONY: run web desktop test lint bench apk ipa clean catalogs messages system

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	$(MAKE) catalogs
	touch $(STAMP)

# Compiles the catalogs (.po -> .mo) that changed; installing or building the package
# compiles them too.
MO := $(patsubst %.po,%.mo,$(wildcard app/locale/*/LC_MESSAGES/*.po))
catalogs: $(MO)

app/locale/%.mo: app/locale/%.po
	$(BABEL) compile -i $< -o $@ -l $(firstword $(subst /, ,$*))

# English (en.po) is the template of the other languages: after adding or changing a text in
# en.po, this brings fr.po and id.po up to date (new texts to translate, gone ones obsolete),
# and lists in build/used.pot the keys the code asks for (tests/test_i18n.py checks them).
messages: $(STAMP)
	mkdir -p build
	$(BABEL) extract --no-location -k t -k plural:1 -o build/used.pot app views main.py
	for d in $(DOMAINS); do for l in $(LANGS); do \
		$(BABEL) update --no-fuzzy-matching --ignore-pot-creation-date -w 100 -i app/locale/en/LC_MESSAGES/$$d.po \
			-d app/locale -D $$d -l $$l || exit 1; done; done
	$(MAKE) catalogs

run: $(STAMP) catalogs
	$(PY) -m app

web: $(STAMP) catalogs
	$(PY) -m app --web --port $(PORT)

# Fetches Flet's desktop client now (the first `make run` does it otherwise, once).
desktop: $(STAMP)
	$(PY) -c "import flet_desktop; print(flet_desktop.ensure_client_cached())"

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy --strict models app views main.py

# Chromium and libzbar for the browser and QR tests: installed when root with apt-get, else said.
system:
	@bash tests/system.sh

# On every core (pytest-xdist): the browser tests in two groups, one test after the other in
# each, the rest spread over the workers between them (tests/conftest.py).
test: lint catalogs system
	$(PY) -m pytest -q -n auto --dist loadgroup

bench: $(STAMP) catalogs
	$(PY) -m pip install --quiet -e ".[dev,bench]" || echo "open_spiel could not be installed: the Kartu Sama ratio is skipped"
	$(PY) -m tests.bench_engines
	$(PY) -m tests.bench_storage
	$(PY) -m tests.bench_backup
	$(PY) -m tests.bench_share
	$(PY) -m tests.bench_bots --quick  # the full strength figures: python -m tests.bench_bots (hours)
	$(PY) -m tests.bench_live
	$(PY) -m tests.bench_felt
	$(PY) -m tests.bench_guests
	$(PY) -m tests.bench_room

# The phone apps (need the Flutter SDK, and a Mac for iOS).
apk ipa: $(STAMP) catalogs
	$(VENV)/bin/flet build $@ --python-version $(PHONE_PYTHON)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	rm -f app/locale/*/LC_MESSAGES/*.mo
