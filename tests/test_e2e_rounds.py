"""Whole rounds on the card table in a real Chromium on a phone, played by a person (Ana)
against computers at the fastest pace by tapping what a person taps: lit cards, the stock or
a pile, the buttons under the table (41's Stop, Samba's Meld, Sums' Do not counter). Each
round ends on its summary, and the saved game holds each of the person's moves once (a
double tap makes one move). Then two people and a computer pass the device at Kartu Sama.
Screenshots of each table mid-round on a phone, sideways and on a laptop. Cards do not travel
(the Instant setting): taps while cards travel are test_e2e_quick's."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    PHONE,
    QUIET,
    STILL,
    WIDE,
    Web,
    add_computers,
    add_players,
    press,
    resize,
    see,
    shot,
)
from tests.test_e2e_computers import saved
from tests.test_e2e_play import SCREEN

pytestmark = pytest.mark.browser

SIDEWAYS = {"width": 850, "height": 400}
LIT = ", can be tapped now"
CHOSEN = ", selected"
CARD = re.compile(r"^(10|[2-9AJQK])[♠♥♦♣]|^JK★")
# a pile by its label and its count, as the area tapped over it is named ("Stock, 40 cards,
# can be tapped now", "Discards, empty")
PILE = re.compile(r"^([^,:]+), (?:(\d+) cards?|empty)")
# the moves that are buttons under the table, in the catalogs' words (Samba's Meld names the
# cards: "Meld 5♦ 5♣ 5♣")
MOVES = ("Stop: four of a suit", "End play: the stock is empty", "Done melding",
         "Take the melds back", "Yes, go out", "No, do not go out", "Stop: the stock is empty",
         "Do not counter", "End the game without a last card", "Keep the cards drawn")
ENDED = re.compile(r"End of |Game over")

# the screen in one read: which (the table, a summary, the cover between people), its text,
# and every button with its name and box
LOOK = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return {view: 'none', text: '', items: [], sort: null};
  const name = e => (e.getAttribute('aria-label') || e.innerText || '').trim();
  const items = Array.from(host.querySelectorAll('[role=button]'), (e, i) => {
    const r = e.getBoundingClientRect();
    return {i, name: name(e), x: r.x, y: r.y, w: r.width, h: r.height};
  });
  const labels = Array.from(host.querySelectorAll('[aria-label]'),
                            e => e.getAttribute('aria-label'));
  const text = host.innerText + '\\n' + labels.join('\\n');
  const sorter = items.find(b => b.name.startsWith('Sort by'));
  const sort = sorter ? sorter.y : null;
  let view = 'other';
  if (/End of |Game over/.test(host.innerText)) view = 'summary';
  else if (items.some(b => b.name === 'Last moves')) view = 'table';
  else if (/Pass to /.test(text)) view = 'cover';
  return {view, text, items, sort};
}"""

# true once the person may act (a lit thing or a move's button), or the table is gone
READY = """([lit, moves]) => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return false;
  if (/End of |Game over|Pass to /.test(host.innerText)) return true;
  const names = Array.from(host.querySelectorAll('[role=button]'),
                           e => (e.getAttribute('aria-label') || e.innerText || '').trim());
  return names.some(n => n.includes(lit) || moves.includes(n) || n.startsWith('Meld '));
}"""

# a point of the button ``i`` (if it still bears ``name``) that no other control covers (a
# card under the next one shows its left edge): where a finger lands
SPOT = """([i, name]) => {
  const host = document.querySelector('flt-semantics-host');
  const e = host && host.querySelectorAll('[role=button]')[i];
  if (!e || (e.getAttribute('aria-label') || e.innerText || '').trim() !== name) return null;
  const r = e.getBoundingClientRect();
  for (let dy = 10; dy < r.height - 2; dy += 4) {
    for (let dx = 6; dx < r.width - 2; dx += 3) {
      const hit = document.elementFromPoint(r.x + dx, r.y + dy);
      if (hit && (hit === e || e.contains(hit))) return {x: r.x + dx, y: r.y + dy};
    }
  }
  return null;
}"""


# what the screen says and where its buttons lie: a card selected only rises (its name stays
# "can be tapped now": a tap deselects it)
STATE = f"""() => ({SCREEN})() + '|' + Array.from(
  document.querySelectorAll('flt-semantics-host [role=button]'), e => {{
    const r = e.getBoundingClientRect(); return `${{r.x}},${{r.y}}`; }}).join(';')"""


# the message line's words (the last move, a refusal) on a phone: beside its "Last moves"
LINE = """() => {
  const host = document.querySelector('flt-semantics-host');
  const log = host && Array.from(host.querySelectorAll('[role=button]')).find(
    e => (e.getAttribute('aria-label') || e.innerText || '').trim() === 'Last moves');
  const words = log && log.previousElementSibling;
  return words ? words.innerText : '';
}"""

# what changed since a tap: the screen, the message line (to words of a move, said "name:
# ...", or to other words: a refusal), and whether the card tapped to select it (its name and
# place) left its place
ANSWER = f"""([state, line, card, names]) => {{
  const gone = card && !Array.from(
    document.querySelectorAll('flt-semantics-host [role=button]'), e => {{
      const r = e.getBoundingClientRect();
      const name = (e.getAttribute('aria-label') || e.innerText || '').trim();
      return name === card[0] && Math.abs(r.x - card[1]) < 2 && Math.abs(r.y - card[2]) < 2;
    }}).some(Boolean);
  const now = ({LINE})();
  const moved = names.some(n => now.startsWith(n + ': '));
  return {{state: ({STATE})() !== state, line: now !== line, card: !!gone,
           refused: now !== line && now !== '' && !moved}};
}}"""


@dataclass(frozen=True)
class Item:
    """A button on screen: a card (named as the screen reader reads it), a pile, a move."""

    i: int
    name: str
    x: float
    y: float
    w: float
    h: float

    @property
    def lit(self) -> bool:
        return LIT in self.name

    @property
    def chosen(self) -> bool:
        return CHOSEN in self.name

    @property
    def card(self) -> str:
        """The card's words (``5♦``), "" for no card."""
        found = CARD.match(self.name)
        return found.group(0) if found else ""

    def inside(self, other: Item) -> bool:
        return (other.x - 1 <= self.x and self.x + self.w <= other.x + other.w + 1
                and other.y - 1 <= self.y and self.y + self.h <= other.y + other.h + 1)


@dataclass
class Look:
    """The screen as read in one go, sorted into the table's parts."""

    view: str
    text: str
    items: list[Item]
    sort: float | None

    def piles(self) -> dict[str, tuple[Item, int]]:
        """Each pile by its label: its box and its count."""
        out = {}
        for item in self.items:
            found = PILE.match(item.name)
            if found:
                out[found.group(1)] = (item, int(found.group(2) or 0))
        return out

    def top(self, label: str) -> Item | None:
        """The pile ``label`` where a finger taps it (the area over its cards)."""
        box = self.piles().get(label)
        return box[0] if box is not None else None

    def hand(self) -> list[Item]:
        """The person's cards: under the prompt's row (the sort button at its end)."""
        if self.sort is None:
            return []
        return [i for i in self.items if i.card and i.y > self.sort + 20]

    def laid(self) -> list[Item]:
        """The cards on the table that are neither in the hand nor on a pile: the seats'
        face-up cards (Sums), the sides' melds (Samba: the area over a meld, named by its
        kind and cards)."""
        boxes = [b for b, _ in self.piles().values()]
        hand = self.hand()
        return [i for i in self.items if (i.card or ": " in i.name) and i not in hand
                and not PILE.match(i.name) and not any(i.inside(b) for b in boxes)]

    def button(self, name: str) -> Item | None:
        return next((i for i in self.items if i.name == name or (
            name.endswith(" ") and i.name.startswith(name))), None)


def look(page: Any) -> Look:
    raw = page.evaluate(LOOK)
    items = [Item(**i) for i in raw["items"]]
    return Look(raw["view"], raw["text"], items, raw["sort"])


@dataclass
class Player:
    """The person's side of a round: taps, and the moves they made, by seat."""

    page: Any
    data: Path
    made: Counter[int] = field(default_factory=Counter)
    doubled: bool = False
    names: tuple[str, ...] = ("Ana", "Bea", "Computer 1", "Computer 2", "Computer 3")

    def ready(self, timeout: float = 60_000) -> Look:
        """Wait until the person may act, or the round has ended, or the device is to be
        passed; the screen then."""
        try:
            self.page.wait_for_function(READY, arg=[LIT, list(MOVES)], timeout=timeout)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: say what shows
            names = [i.name for i in look(self.page).items]
            raise AssertionError(f"the person's turn never came: {names}") from None
        return look(self.page)

    def tap(self, item: Item, seat: int = 0, double: bool = False) -> bool:
        """Tap ``item`` (twice at once: ``double``) and wait for the table's answer; True if
        that made a move, saved as the person's (``seat``): a double tap makes one."""
        moves = self._press(item, seat, double)
        assert not double or moves <= 1, (item.name, moves)
        return moves > 0

    def choose(self, card: Item) -> bool:
        """Tap a card of the hand to select it (or to put it back): True once the table shows
        it risen (or sunk), False if the tap made nothing (a table already replaced)."""
        moves = self._press(card, 0, False, choose=True)
        assert moves <= 0, f"selecting {card.name} made a move"
        return moves == 0

    def _press(self, item: Item, seat: int, double: bool, choose: bool = False) -> int:
        """Tap ``item`` and wait for its answer: the moves it made (saved as ``seat``'s), 0 if
        a card it selected rose or sank, -1 if it made nothing (refused, or a table already
        replaced by the game)."""
        page = self.page
        page.wait_for_function(STILL, polling="raf")  # the cards arrived: taps count
        before, line = page.evaluate(STATE), page.evaluate(LINE)
        version = len(saved(self.data)["actions"])
        card = [item.name, item.x, item.y] if choose else None
        answer = None
        for _attempt in range(3):
            spot = page.evaluate(SPOT, [item.i, item.name])
            if spot is None:  # the table changed under the finger: read it again
                break
            if double:
                page.mouse.dblclick(spot["x"], spot["y"])
            else:
                page.mouse.click(spot["x"], spot["y"])
            page.mouse.move(150, 84)  # off the cards: a hovering tooltip would cover them
            answer = self._answer(before, line, card, version)
            if answer is not None:
                break
        else:
            raise AssertionError(f"the tap on {item.name} never answered")
        page.wait_for_function(QUIET, polling="raf")  # all of the answer shows
        after = saved(self.data)["movers"][version:]
        if not after:
            return 0 if answer is not None and answer["card"] else -1
        if after[0] != seat:
            # the table tapped was older than the game (a busy machine had not shown the
            # moves after the person's last one yet): the tap made nothing, now or later
            assert seat not in after, (item.name, after)
            return -1
        # the tap's move: the person's engine moves that lead (Samba's Meld may be several)
        moves = next((i for i, s in enumerate(after) if s != seat), len(after))
        self.made[seat] += moves
        return moves

    def _answer(self, before: str, line: str, card: list[Any] | None,
                version: int) -> dict[str, bool] | None:
        """Wait for the table's answer to a tap made on the screen ``before`` (its message
        line ``line``; the card tapped to select it, ``card``): a move saved and shown (its
        words on the message line), a card risen or sunk, or a refusal on the message line
        (the moves of a game already past the table tapped are saved moves too); None after
        20 s of nothing. A move is saved before it is shown: what shows is read first."""
        deadline, shown = time.monotonic() + 20, None
        while time.monotonic() < deadline:
            says: dict[str, bool] = self.page.evaluate(
                ANSWER, [before, line, card, list(self.names)])
            if len(saved(self.data)["actions"]) > version:
                shown = shown or (time.monotonic() if says["state"] else None)
                # the same words twice would leave the line as it was: the table then shows it
                if says["line"] or (shown and time.monotonic() - shown > 2):
                    return says
            elif says["card"] or says["refused"]:
                return says
            self.page.wait_for_timeout(25)  # the next look at a page that is still changing
        return None

    def check(self, people: tuple[int, ...] = (0,)) -> None:
        """The saved game holds each person's moves once: as many as their taps made."""
        movers = Counter(saved(self.data)["movers"])
        for seat in people:
            assert movers[seat] == self.made[seat] > 0, (seat, movers, self.made)


def start(page: Any, game: str, computers: int, *taps: str) -> None:
    """The play set-up: ``game``, Ana and ``computers`` computers at the fastest pace, the
    options' buttons ``taps`` pressed; then Start."""
    page.get_by_role("button", name="Play on this device").click()
    if game != "Kartu Sama":
        page.get_by_role("checkbox", name=game, exact=True).click()
    add_players(page, ("Ana",))
    add_computers(page, computers)
    for label in taps:
        press(page, label)
    press(page, "Computer pace: less")  # no wait between the computers' moves
    page.get_by_role("button", name="Start the game").click()
    see(page, "Last moves")


def three_sizes(page: Any, name: str) -> None:
    """The table now on a phone, sideways and on a laptop (its moves wait meanwhile)."""
    shot(page, f"70-{name}-phone")
    resize(page, SIDEWAYS)
    shot(page, f"71-{name}-sideways")
    resize(page, WIDE)
    shot(page, f"72-{name}-laptop")
    resize(page, PHONE)


def play(player: Player, turn: Callable[[Look], bool], name: str,
         shot_at: Callable[[Look], bool], limit: float = 600) -> None:
    """Play until the round's summary: ``turn`` makes one tap of the person's (False: the
    screen was between two states, read it again); the screenshots once ``shot_at`` says the
    table is worth them."""
    deadline = time.monotonic() + limit
    shots, idle = False, 0
    while True:
        now = player.ready()
        if now.view == "summary":
            break
        if not shots and shot_at(now):
            three_sizes(player.page, name)
            shots = True
            continue  # laid out anew for the phone: read it again
        if turn(now):
            idle = 0
        else:
            idle += 1
            assert idle < 50, f"nothing to tap on Ana's turn: {now.text}"
            player.page.wait_for_timeout(100)  # the next state (awaited by ready())
        assert time.monotonic() < deadline, f"the round of {name} never ended"
    assert shots, f"no screenshot of {name} mid-round"


def run(web: Web, body: Callable[[Any, Path], None]) -> None:
    web.instant()
    body(web.open(), web.data)
    log = web.server.log.read_text()
    assert "Traceback" not in log and "IllegalAction" not in log, log[-3000:]


# -- 41 ------------------------------------------------------------------------------------
def test_a_hand_of_41_by_taps(web: Web) -> None:
    """The stock tapped twice at once draws once; the discard is taken now and then; a card
    discarded by a tap; Stop when four of a suit are held."""

    def body(page: Any, data: Path) -> None:
        start(page, "41", 2)
        player = Player(page, data)
        draws = Counter[str]()

        def turn(now: Look) -> bool:
            # Stop once the stock's double tap is made: a hand dealt four of a suit (one in a
            # hundred) draws on first, as a person may, or the hand would end untested
            ends = ("Stop: four of a suit", "End play: the stock is empty")
            for name in ends if player.doubled else ends[1:]:
                button = now.button(name)
                if button is not None:
                    player.tap(button)
                    return True
            stock, discard = now.top("Stock"), now.top("Discards")
            stock = stock if stock is not None and stock.lit else None
            discard = discard if discard is not None and discard.lit else None
            if stock and not player.doubled:
                assert player.tap(stock, double=True)  # one draw
                player.doubled = True
                draws["stock"] += 1
            elif discard and (stock is None or sum(draws.values()) % 3 == 2):
                draws["discard"] += player.tap(discard)
            elif stock:
                draws["stock"] += player.tap(stock)
            else:
                lit = [c for c in now.hand() if c.lit]
                if not lit:
                    return False
                player.tap(lit[0])  # the discard
            return True

        play(player, turn, "41", lambda now: player.made[0] >= 1)  # a card drawn
        see(page, "End of hand 1")
        player.check()
        assert player.doubled and draws["stock"] >= 1, draws

    run(web, body)


# -- Samba ---------------------------------------------------------------------------------
RED3 = ("3♥", "3♦")


def test_a_hand_of_samba_by_taps(web: Web) -> None:
    """Ana with a computer partner against two: the stock tapped (twice at once, one draw),
    the pile taken when it may be, melds made by selecting cards and tapping Meld (or a meld
    of the side), a card discarded by a tap; one hand."""

    def body(page: Any, data: Path) -> None:
        start(page, "Samba", 3, "Fixed hands: more")
        player = Player(page, data)
        done = Counter[str]()

        # the cards Ana selected, by card and place: a selected card that a tap deselects is
        # still named "can be tapped now" (it only rises)
        picked: set[tuple[str, int]] = set()

        def chosen(card: Item) -> bool:
            return card.chosen or (card.card, round(card.x)) in picked

        def move(item: Item, double: bool = False) -> bool:
            made = player.tap(item, double=double)
            if made:
                picked.clear()
            return made

        def select(card: Item) -> None:
            if player.choose(card):
                picked.symmetric_difference_update({(card.card, round(card.x))})
                done["select"] += 1

        def turn(now: Look) -> bool:
            for name in ("Yes, go out", "Stop: the stock is empty"):
                button = now.button(name)
                if button is not None:
                    move(button)
                    return True
            hand = now.hand()
            free = [c for c in hand if c.lit and not chosen(c)]
            stock, pile = now.top("Stock"), now.top("Discard pile")
            if stock is not None and stock.lit:  # the draw
                if pile is not None and pile.lit and not (done["take"] or done["no_take"]):
                    if sum(map(chosen, hand)) < 2 and free:  # the two naturals for its top
                        select(free[0])
                    elif move(pile):
                        done["take"] += 1
                    else:
                        done["no_take"] += 1  # not this way: draw instead
                    return True
                done["draw"] += move(stock, double=not player.doubled)
                player.doubled = True
                return True
            meld = now.button("Meld ")
            if meld is not None:
                done["meld"] += move(meld)
                return True
            if "Tap a card to discard" in now.text:
                lit = [c for c in hand if c.lit]
                if not lit:
                    return False
                done["discard"] += move(lit[0])
                return True
            reds = [c for c in hand if c.lit and c.card in RED3]
            onto = [c for c in now.laid() if c.lit]
            if reds:
                move(reds[0])
            elif onto and any(map(chosen, hand)):
                done["add"] += move(onto[0])
            elif free and done["select"] < 40:
                select(free[0])  # a card for a meld
            elif button := now.button("Done melding") or now.button("Take the melds back"):
                move(button)
            else:
                return False
            return True

        play(player, turn, "samba", lambda now: bool(now.laid()) and player.made[0] >= 6
             or player.made[0] >= 12)
        see(page, "End of hand 1")
        player.check()
        assert player.doubled and done["draw"] and done["discard"], done
        assert done["meld"] or done["take"] or done["add"], done  # cards laid by selection

    run(web, body)


# -- Sums ----------------------------------------------------------------------------------
def test_a_game_of_sums_by_taps(web: Web) -> None:
    """A pile tapped to draw (the shorter, twice at once the first time), a card placed by a
    tap, the card it removes chosen by a tap on an opponent's card when there is a choice, an
    attack let go once by its button."""

    def body(page: Any, data: Path) -> None:
        start(page, "Sums", 2)
        player = Player(page, data)
        done = Counter[str]()

        def turn(now: Look) -> bool:
            hand = [c for c in now.hand() if c.lit]
            let = now.button("Do not counter")
            end = now.button("End the game without a last card")
            piles = [(count, now.top(label)) for label, (_, count) in now.piles().items()]
            lit = sorted((count, top.i, top) for count, top in piles if top and top.lit)
            targets = [c for c in now.laid() if c.lit]
            if let is not None and (not done["let"] or not hand):
                done["let"] += player.tap(let)
            elif end is not None and not hand:
                player.tap(end)
            elif lit:  # the draw: from the shorter pile, the game ends sooner
                done["draw"] += player.tap(lit[0][2], double=not player.doubled)
                player.doubled = True
            elif targets:
                done["target"] += player.tap(targets[0])
            elif hand:
                done["place"] += player.tap(hand[0])
            else:
                return False
            return True

        play(player, turn, "sums", lambda now: player.made[0] >= 6)  # three turns played
        see(page, "Game over")
        player.check()
        assert player.doubled and done["draw"] and done["place"], done

    run(web, body)


# -- pass and play -------------------------------------------------------------------------
def test_two_people_pass_the_device_at_kartu_sama(web: Web) -> None:
    """Ana and Bea with a computer: between the people the hands hide behind "Pass to Bea",
    each taps "I am Bea: show my cards", plays by taps; the round reaches its summary."""

    def body(page: Any, data: Path) -> None:
        page.get_by_role("button", name="Play on this device").click()
        add_players(page, ("Ana", "Bea"))
        add_computers(page, 1, first=3)
        press(page, "Computer pace: less")
        page.get_by_role("button", name="Start the game").click()
        player = Player(page, data)  # ready() awaits the cover or the table
        seats = {"Ana": 0, "Bea": 1}
        covers = Counter[str]()
        showing = ""
        deadline = time.monotonic() + 600
        while True:
            now = player.ready()
            if now.view == "summary":
                break
            if now.view == "cover":
                name = re.search(r"Pass to (\w+)", now.text).group(1)  # type: ignore[union-attr]
                assert name in seats and name != showing, (name, showing)
                covers[name] += 1
                if covers[name] == 2 and name == "Bea":
                    shot(page, "73-pass-cover")
                page.get_by_role("button", name=f"I am {name}: show my cards").click()
                page.wait_for_function("(t) => !document.querySelector('flt-semantics-host')"
                                       ".innerText.includes(t)", arg=f"Pass to {name}")
                showing = name
                continue
            assert showing, "a hand showed before its person said ready"
            lit = sorted((i for i in now.items if i.lit), key=lambda i: not i.card)
            keep = now.button("Keep the cards drawn")
            if lit or keep is not None:  # a lit card first, else the draw pile
                player.tap(lit[0] if lit else keep, seat=seats[showing])  # type: ignore[arg-type]
            assert time.monotonic() < deadline, "the round never ended"
        see(page, "End of round 1")
        assert covers["Ana"] and covers["Bea"], covers
        player.check((0, 1))

    run(web, body)
