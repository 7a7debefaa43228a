"""Fifth, a small card game for two kept with the tests: the proof that a game is a plug-in.
Everything it is lives in this folder, and one line adds it to Meja,
``app.games.add(tests.fifth.ENTRY)``, with no edit to a shared module:

- ``engine.py``: its rules, options and engine (``RULES``), as ``models/games/<game>.py``;
- ``table.py``: its table at a real table and its own event kind, as ``models/tables/``;
- ``bot.py``: its computer players' playbook, as ``models/bots/``;
- ``referee.py``: its referee controller, history summary and Players-screen figures, as
  ``app/tables/`` and ``app/figures/``;
- ``presenter.py``: its card table for play on the device, as ``app/presenters/``;
- ``rules/fifth.en.md``: its rules document; ``locale/en/LC_MESSAGES/fifth.po``: its texts
  (:func:`compile_texts` compiles them, as ``make catalogs`` does the app's)."""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from app.games import Entry
from models.registry import entry
from tests.fifth.bot import BOOK
from tests.fifth.engine import RULES
from tests.fifth.presenter import FifthPresenter
from tests.fifth.referee import FIGURES, Referee, summary
from tests.fifth.table import EVENTS, FifthTable

FOLDER = Path(__file__).resolve().parent

ENTRY = Entry(entry(RULES, FifthTable, BOOK, EVENTS), Referee, summary, FifthPresenter, FIGURES,
              folder=FOLDER)


def compile_texts() -> None:
    """Compile the game's catalogs (``.po`` to ``.mo`` beside it; written whole, so that
    two test workers compiling at once leave a whole file)."""
    for po in FOLDER.glob("locale/*/LC_MESSAGES/*.po"):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parts[-3], domain=po.stem)
        part = po.with_suffix(f".{os.getpid()}.part")
        with part.open("wb") as out:
            write_mo(out, catalog)
        os.replace(part, po.with_suffix(".mo"))
