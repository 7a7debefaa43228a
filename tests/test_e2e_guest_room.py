"""The room screen in a real Chromium: the table screen's link opened on a TV (1280x800,
1920x1080) and on a phone (400x850), beside a game on the device and a match at a real table.

A game of each kind is played through (41, Kartu Sama and Samba two rounds, Sums whole): Ana
plays from her phone (its link and taps over HTTP, as her phone's page sends them), three
computers on the host, the host starts each next round. Every message the room screen gets is
kept: none holds a card of any hand, as the saved game has them at that message, but the cards
the moves made public. The room fits each size (on a TV all of it at once, nothing cut or lying
over anything), during a round and on a round's summary, with a picture of each in
tests/screenshots/. The room comes back by itself when the host's tab and then its device
restart. At a match with real cards, the hands the phones send never reach the room, which
shows the round's summary once the host closes it."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import re
import socket
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.games import ENTRIES
from app.i18n import Translator
from app.play import new_doc
from app.presenters.base import Seating, View
from app.storage import Store
from models.cards import format_cards, samba_pack
from models.registry import GAMES
from tests.browser import PAGES, Web, back, drawn, load, see, shot
from tests.test_e2e_computers import saved
from tests.test_e2e_guests import CAPTURE, door, invite

pytestmark = pytest.mark.browser

TV = {"width": 1280, "height": 800}
SIZES = (TV, {"width": 1920, "height": 1080}, {"width": 400, "height": 850})
EN = Translator("en")
NAMES = ["Ana", "Computer 1", "Computer 2", "Computer 3"]
KINDS = ["person", "simple", "simple", "simple"]
OPTIONS = {"kartu_sama": {"rounds": 2, "hand_size": 5}, "forty_one": {"hands": 2},
           "samba": {"hands": 2}, "sums": {}}
NEXT = {"kartu_sama": "Next round", "forty_one": "Next hand", "samba": "Next hand"}
CARD = re.compile(r"^(?:10|[2-9AJQK])[SHDC]$|^JK$")

# Every fault of the room as drawn now, in words (none: it fits). On a wide screen all of it
# shows at once: the page does not scroll and everything drawn lies in the window; nothing is
# cut by a box that clips it, no text is cut short, and the parts never lie over each other.
FAULTS = """() => {
  const out = [];
  const W = innerWidth, H = innerHeight, doc = document.documentElement;
  const wide = matchMedia('(min-width: 900px) and (min-aspect-ratio: 5/4)').matches;
  if (doc.scrollWidth > W) out.push(`sideways scroll: ${doc.scrollWidth} > ${W}`);
  if (wide && doc.scrollHeight > H) out.push(`the page scrolls: ${doc.scrollHeight} > ${H}`);
  const say = (e) => (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40)
    + ` (${e.className})`;
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => box(e).width > 0 && box(e).height > 0;
  const inside = (r, o, slack) => r.left >= o.left - slack && r.right <= o.right + slack
    && r.top >= o.top - slack && r.bottom <= o.bottom + slack;
  const drawn = Array.from(document.querySelectorAll('header *, main *')).filter(shown);
  for (const e of drawn) {
    const r = box(e);
    if (wide && !inside(r, {left: 0, top: 0, right: W, bottom: H}, 0.5)) {
      out.push(`cut off: ${say(e)}`);
    }
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflow !== 'visible' && !inside(r, box(p), 1)) {
        out.push(`clipped: ${say(e)}`);
        break;
      }
    }
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') {
      out.push(`text cut: ${say(e)}`);
    }
  }
  const parts = Array.from(document.querySelectorAll(
    '.prompt, .note, .seat, .pile, .side, .sum, .moves, .rounds > h2')).filter(shown);
  parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
    if (a.contains(b) || b.contains(a)) return;
    const p = box(a), q = box(b);
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > 0.5 && y > 0.5) out.push(`overlap: ${say(a)} / ${say(b)}`);
  }));
  return out;
}"""
# the number (n) of the last message the room got, and when (the browser's clock, ms)
LAST = """() => {
  const all = window.__pushed || [];
  return all.length ? JSON.parse(all[all.length - 1]).n : -1;
}"""
TIMED = """(() => {
  window.__at = [];
  const Real = window.EventSource;
  function Timed(url, options) {
    const es = new Real(url, options);
    es.addEventListener('message', () => window.__at.push(Date.now()));
    return es;
  }
  Timed.prototype = Real.prototype;
  Object.assign(Timed, {CONNECTING: 0, OPEN: 1, CLOSED: 2});
  window.EventSource = Timed;
})();"""


class Phone:
    """A player's phone, without a browser: its cookies (its seat's link, its device key), and
    the requests its page makes (Host and Origin this server's, JSON)."""

    def __init__(self, base: str, token: str) -> None:
        self.host = base.removeprefix("http://")
        self.cookies: dict[str, str] = {}
        self.request("GET", f"/j/{token}")
        assert self.request("POST", "/join", {})[0] == 200

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(self.host, timeout=15)
        headers = {"Host": self.host,
                   "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers |= {"Content-Type": "application/json", "Origin": f"http://{self.host}"}
        conn.request(method, path, data, headers)
        answer = conn.getresponse()
        text = answer.read()
        for cookie in answer.headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";")[0].partition("=")
            self.cookies[name] = value
        conn.close()
        return answer.status, json.loads(text) if text.startswith(b"{") else text

    def act(self, body: dict[str, Any]) -> tuple[int, Any]:
        return self.request("POST", "/act", body)


def state_of(doc: dict[str, Any], n: int | None = None) -> Any:
    """The game ``doc`` after its first ``n`` moves (all of them: None)."""
    actions = doc["actions"] if n is None else doc["actions"][:n]
    return GAMES[doc["game"]].replay(len(doc["seats"]), doc["seed"], doc["options"], actions)


def ana_tap(doc: dict[str, Any], rng: random.Random) -> str:
    """A tap of Ana's table that makes a move (a card, a pile, a button, a meld, another
    seat's card), chosen at random: what her phone's table offers, as the game's presenter
    answers it."""
    state = state_of(doc)
    presenter = ENTRIES[doc["game"]].presenter(EN, NAMES)
    scene = presenter.scene(state, 0, Seating(tuple(NAMES), ("",) * 4, tuple(KINDS), EN), View())
    groups = [g for s in scene.sides for g in s.groups] + [g for c in scene.chairs
                                                           for g in c.groups]
    taps = {f.tap for f in scene.hand} | {p.tap for p in scene.piles}
    taps |= {b.tap for b in scene.buttons} | {g.tap for g in groups}
    taps |= {f.tap for g in groups for f in g.cards}  # a card of another seat's (Sums)
    moves = sorted(t for t in taps - {""}
                   if presenter.answer(state, 0, t, View()).action is not None)
    assert moves, f"Ana has no move at {len(doc['actions'])}"
    return rng.choice(moves)


def hidden(doc: dict[str, Any], n: int) -> Counter[str]:
    """The cards in the hands after ``n`` moves that no move before named (played, taken from
    a pile face up, melded...): what no one at the table has seen."""
    game = GAMES[doc["game"]]
    state = game.new_game(len(doc["seats"]), doc["seed"], doc["options"])
    named: set[str] = set()
    for action in doc["actions"][:n]:
        named |= {format_cards([c]) for c in state.action_words(action).cards}
        state.apply(action)
    held = Counter(c for s in range(len(doc["seats"]))
                   for c in format_cards(list(state.observation(s).hand)).split()
                   if state.observation(s).hand)
    return Counter({c: k for c, k in held.items() if c not in named})


def drawn_cards(room: dict[str, Any]) -> Counter[str]:
    codes = [c for s in room["seats"] for c in s["up"]]
    codes += [p["top"] for p in room["piles"] if p["top"]]
    codes += [c for side in room["sides"] for m in side["melds"] for c in m["cards"]]
    return Counter(codes)


def strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


def secret_kept(doc: dict[str, Any], message: dict[str, Any]) -> None:
    """No card no one has seen is in ``message``: drawn as a card, or named in its words (as
    the cards are written: Q♦). In Samba's packs, a copy of a card may be in sight while
    another is in a hand: no more copies are drawn than the hands leave."""
    from views.common import card_text

    secret = hidden(doc, message["n"])
    drawn = drawn_cards(message["room"])
    words = " ".join(s for s in strings(message) if not CARD.match(s))
    if doc["game"] == "samba":
        pack = Counter(format_cards([c]) for c in samba_pack())
        for code, k in drawn.items():
            assert k + secret[code] <= pack[code], (message["n"], code)
        return
    for code in secret:
        assert code not in drawn, (message["n"], code)
        assert card_text(code)[0] not in words, (message["n"], code, card_text(code)[0])
    assert Counter(s for s in strings(message) if CARD.match(s)) == drawn


def room_page(web: Web, base: str, watch: str) -> Any:
    """The room screen on a TV: a browser of its own opened on the table screen's link, every
    message it gets kept (the glow of the seat to play held still, for the pictures)."""
    context = web.browser.new_context(viewport=TV, reduced_motion="reduce")
    page = context.new_page()
    PAGES.append(page)
    page.add_init_script(CAPTURE)
    page.add_init_script(TIMED)
    page.goto(f"{base}/w/{watch}")
    assert "/w/" not in page.url  # the token left the address bar
    page.wait_for_selector(".table")
    return page


def shows(page: Any, n: int) -> None:
    """Wait until the room has drawn the table after move ``n``."""
    page.wait_for_function(f"() => ({LAST})() >= {n}", timeout=30_000)
    drawn(page)


def fits(page: Any, name: str) -> None:
    """At each size: the room fits, and its picture is saved."""
    for size in SIZES:
        page.set_viewport_size(size)
        drawn(page)
        drawn(page)
        shot(page, f"{name}-{size['width']}x{size['height']}")
        assert page.evaluate(FAULTS) == [], (name, size)
    page.set_viewport_size(TV)


def open_table(web: Web, game: str) -> tuple[Any, str, dict[str, Any]]:
    """A new game of ``game`` on the device, open to phones: the host's page, the guest
    server's address and its door."""
    key = f"play-20261201-100000-{game.replace('_', '')[:6]}"
    doc = new_doc(game, NAMES, KINDS, OPTIONS[game], casual=False, pace=0)
    doc.seed = 20261201  # the same deal at every run
    store = Store(web.data)
    store.save_game(key, doc.to_dict())
    store.save_settings({"current_play": key, "plays": [key]})
    del store
    web.instant()
    host = web.open(f"play/{key}")
    see(host, "Last moves")
    invite(host, "Ana")
    see(host, "Or open http://127.0.0.1:")
    opened = door(web.data)
    back(host, "Last moves")
    return host, f"http://127.0.0.1:{opened['port']}", opened


def ana_plays(phone: Phone, data: Path, rng: random.Random) -> dict[str, Any]:
    """Ana's next move from her phone, once it is her turn (the computers move on the host);
    the game as saved after it."""
    deadline = time.monotonic() + 60
    stale: list[Any] = []  # the host's answers "drawn from a version that is gone"
    while True:
        doc = saved(data)
        state = state_of(doc)
        if state.is_over or len(state.results) > doc["seen"]:
            return doc
        if state.current_player == 0:
            n = len(doc["actions"])
            status, reply = phone.act({"n": n, "tap": ana_tap(doc, rng)})
            assert status in (200, 409), reply
            if status == 200:
                while len(saved(data)["actions"]) == n:
                    assert time.monotonic() < deadline, "Ana's move was never saved"
                    time.sleep(0.02)
                return saved(data)
            stale.append(reply)  # nothing saved: her phone draws the table anew, she taps again
        assert time.monotonic() < deadline, f"Ana never made a move (answers: {stale})"
        time.sleep(0.02)


@pytest.mark.parametrize("game", ["kartu_sama", "forty_one", "samba", "sums"])
def test_the_room_follows_a_game_on_the_device(
        web: Web, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    host, base, opened = open_table(web, game)
    token = next(t["token"] for t in opened["tickets"] if t["name"] == "Ana")
    phone = Phone(base, token)
    room = room_page(web, base, opened["watch"])
    rng = random.Random(7)
    rounds = 0
    pictured = False
    while True:
        doc = ana_plays(phone, web.data, rng)
        state = state_of(doc)
        ended = len(state.results) > doc["seen"]
        if not pictured and not ended and (rounds or game == "sums") and len(
                doc["actions"]) > 12:
            shows(room, len(doc["actions"]))  # a round under way
            fits(room, f"91-room-{game}")
            pictured = True
        if not ended:
            continue
        rounds += 1
        shows(room, len(doc["actions"]))
        assert room.locator(".sum.big h3").inner_text().startswith(("End of", "Game over"))
        if rounds == 1:  # the first round's summary, large
            fits(room, f"92-room-{game}-summary")
        if state.is_over:
            break
        host.get_by_role("button", name=NEXT[game]).click()
        while saved(web.data)["seen"] < rounds:
            time.sleep(0.02)
    assert pictured and rounds == (1 if game == "sums" else 2)
    doc = saved(web.data)
    assert set(doc["movers"]) == {0, 1, 2, 3}  # Ana and the computers all played
    pushed = [json.loads(m) for m in room.evaluate("window.__pushed")]
    rooms = [m for m in pushed if "room" in m]
    assert len(rooms) > 20
    for message in rooms:
        secret_kept(doc, message)
    last = rooms[-1]["room"]
    assert last["ended"] and len(last["rounds"]) == rounds  # each round's summary kept
    assert last["rounds"][0]["verdict"]  # who won the game, and why


# The status lines the room shows, kept as they show: a loaded machine may show one for less
# than a poll lasts (the guest server back at once).
SHOWN = """() => {
  const status = document.getElementById("status");
  window.__shown = [];
  new MutationObserver(() => { if (!status.hidden) window.__shown.push(status.textContent); })
    .observe(status, {attributes: true, childList: true, characterData: true, subtree: true});
}"""


def test_the_room_comes_back_when_the_host_restarts(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's tab closes and opens again; then its device restarts (the guest server goes
    with it, and comes back on the same port): the room screen carries on by itself."""
    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    host, base, opened = open_table(web, "kartu_sama")
    token = next(t["token"] for t in opened["tickets"] if t["name"] == "Ana")
    phone = Phone(base, token)
    room = room_page(web, base, opened["watch"])
    rng = random.Random(3)
    doc = ana_plays(phone, web.data, rng)
    shows(room, len(doc["actions"]))

    host.close()  # the host's tab closes and comes back
    host = web.open(f"play/{doc_key(web.data)}")
    see(host, "Last moves")
    doc = ana_plays(phone, web.data, rng)
    shows(room, len(doc["actions"]))

    port = int(opened["port"])
    room.evaluate(SHOWN)  # each status line the room shows from now on, however briefly
    web.restart()  # the device restarts: the room says it is connecting
    room.wait_for_function("() => window.__shown.length > 0", timeout=30_000)
    assert room.evaluate("window.__shown")[0] == "Connecting to the table…"
    heard = len(room.evaluate("window.__at"))
    listening: list[float] = []
    watcher = threading.Thread(target=lambda: listening.append(listens(port)), daemon=True)
    watcher.start()
    host = web.open(f"play/{doc_key(web.data)}")
    see(host, "Last moves")
    room.wait_for_function(f"() => window.__at.length > {heard}", timeout=30_000)
    room.wait_for_selector("#status", state="hidden")
    watcher.join(5)
    back_at = room.evaluate("window.__at")[heard] / 1000
    print(f"\nthe room came back {back_at - listening[0]:.2f} s after the guest server "
          "listened again")
    doc = ana_plays(phone, web.data, rng)  # Ana's seat held across the restart
    shows(room, len(doc["actions"]))
    assert room.locator(".seat").count() == 4 and room.locator(".pile").count() == 2


def doc_key(data: Path) -> str:
    (path,) = (data / "games").glob("play-*.json")
    return path.stem


def listens(port: int) -> float:
    """When the guest server on ``port`` takes a connection again (the wall clock, s)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return time.time()
        time.sleep(0.01)
    raise AssertionError("the guest server never listened again")


def test_the_room_follows_a_match_at_the_table(
        web: Web, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kartu Sama with real cards: three phones send their hands, the room never gets a card
    of them, and shows the round's summary once the host closes it. Then a match of each
    other game, as its table stands, on the room at each size."""
    from models.cards import parse_card
    from models.match import Start
    from models.tables.samba import Canasta
    from models.tables.sums import DrawPile, FaceUp
    from tests.test_guest_match import ANA, CID, DAN, bea_out, referee, to_forty_one_hands

    monkeypatch.setenv("MEJA_GUEST_HOST", "127.0.0.1")
    data = web.data
    ref = referee(data)
    bea_out(ref)
    kartu_sama = ref.match_id
    others = {}
    ref = referee(data, "forty_one", players=3)
    to_forty_one_hands(ref)
    others["forty_one"] = ref.match_id
    ref = referee(data, "samba")
    for event in (Start(), Canasta(0), Canasta(1), Canasta(0)):
        assert ref.record(event)
    others["samba"] = ref.match_id
    ref = referee(data, "sums")
    for event in (*(FaceUp(s, parse_card(c)) for s, c in enumerate(("5D", "QD", "7H", "8C"))),
                  DrawPile(0, 1)):
        assert ref.record(event)
    others["sums"] = ref.match_id
    del ref

    host = web.open(f"match/{kartu_sama}/score")
    invite(host, "Ana")
    see(host, "Or open http://127.0.0.1:")
    opened = door(data)
    base = f"http://127.0.0.1:{opened['port']}"
    tokens = {t["name"]: t["token"] for t in opened["tickets"]}
    room = room_page(web, base, opened["watch"])
    sent = {"Ana": ANA, "Cid": CID, "Dan": DAN}
    for name, cards in sent.items():
        phone = Phone(base, tokens[name])
        n = json.loads(room.evaluate("window.__pushed.at(-1)"))["n"]
        assert phone.act({"n": n, "hand": cards.split()}) == (200, {"ok": True, "why": ""})
    room.wait_for_function("() => document.querySelectorAll('.tick').length === 4")
    fits(room, "93-room-match-kartu_sama")
    load(host, f"{web.server.url}match/{kartu_sama}/hands")
    see(host, "Close the round")
    host.get_by_role("button", name="Close the round").click()
    room.wait_for_selector(".sum h3")
    assert room.locator(".sum h3").first.inner_text() == "Round 1"
    assert room.locator("#round").inner_text() == "Round 2"
    fits(room, "94-room-match-kartu_sama-round")
    pushed = room.evaluate("window.__pushed")
    assert pushed
    for message in pushed:
        for code in " ".join(sent.values()).split():
            assert f'"{code}"' not in message, code
    room.close()

    for game, match_id in others.items():
        load(host, f"{web.server.url}match/{match_id}/score")
        invite(host, "Bea")
        see(host, "Or open http://127.0.0.1:")
        opened = door(data)
        room = room_page(web, f"http://127.0.0.1:{opened['port']}", opened["watch"])
        fits(room, f"95-room-match-{game}")
        room.close()
