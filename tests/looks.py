"""Screenshots of the card table of each game, to look at: ``python -m tests.looks [GAME...]``.

Each game saved mid-round (a person and three computers), opened in Chromium against the web
mode at a small phone, a phone, a phone turned sideways and a laptop, in English, French and
Indonesian, and in the dark theme; the pictures go to tests/screenshots/looks/. Nothing is
asserted: people look at them (the layout tests check that nothing covers anything)."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.device import new_key
from app.play import new_doc
from app.storage import Store
from models import computers
from models.registry import GAMES
from tests.browser import CHROMIUM_ARGS, SHOTS, STILL, Server, chromium, load, resize

SIZES = ((360, 640), (400, 850), (850, 400), (1280, 800))
LOOKS = (("en", "light"), ("fr", "light"), ("id", "light"), ("en", "dark"))
SEATS = ["Ana", "Computer 1", "Computer 2", "Computer 3"]
# still for half a second (30 frames), not 5: a new card waits a moment where it comes from
# before it travels, and a picture taken then shows the table on its way
SETTLED = STILL.replace("q.frames < 5", "q.frames < 30")


def midway(game: str, seed: int = 7) -> dict[str, Any]:
    """A game of ``game`` played by the quick computers until Ana (seat 0) has moved a few
    times and it is her turn again (Sums: two players)."""
    players = 2 if game == "sums" else 4
    state = GAMES[game].new_game(players, seed, {})
    rng = random.Random(seed)
    choose = computers.chooser(game, "simple")
    actions: list[int] = []
    movers: list[int] = []
    while not state.is_over and not state.results:
        if state.current_player == 0 and movers.count(0) >= 4:
            break
        movers.append(state.current_player)
        action = choose(state, rng)
        state.apply(action)
        actions.append(action)
    doc = new_doc(game, SEATS[:players], ["person"] + ["simple"] * (players - 1), {},
                  casual=True, pace=1)
    doc.seed, doc.actions, doc.movers = seed, actions, movers
    return doc.to_dict()


def main(games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    out = SHOTS / "looks"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        chrome = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        for game in games or sorted(GAMES):
            for language, theme in LOOKS:
                data = Path(tmp) / f"{game}-{language}-{theme}"
                store = Store(data)
                key = new_key()
                store.save_game(key, midway(game))
                store.save_settings({"current_play": key, "plays": [key], "language": language,
                                     "theme": theme})
                server = Server(data).start()
                try:
                    page = chrome.new_page(viewport={"width": 400, "height": 850})
                    load(page, server.url)
                    page.get_by_role("button", name="Ana", exact=False).first.click(
                        timeout=60_000)
                    page.locator("flt-semantics-host [role=button]").nth(8).wait_for()
                    for w, h in SIZES:
                        resize(page, {"width": w, "height": h})
                        page.wait_for_function(SETTLED, polling="raf")
                        page.screenshot(path=str(out / f"{game}-{language}-{theme}-{w}x{h}.png"))
                    page.close()
                finally:
                    server.stop()
                print(game, language, theme, "done", flush=True)
        chrome.close()


if __name__ == "__main__":
    main(sys.argv[1:])
