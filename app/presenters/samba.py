"""Samba's card table: each side's melds under the partners' names, the stock and the discard
pile (its blocked mark), the hand at the bottom. Melds are made by selecting cards in the hand
(``View.chosen``) and tapping Meld, or a meld of the side to add them to it (a new meld lays
three, a meld takes one card a tap: the rest stays selected for the next tap); the pile is taken
by tapping it (with the two naturals selected when there is more than one way); a red 3 is
laid by tapping it, and the table asks for it first.

Tap keys: ``c:<face id>`` a card of the hand, ``stock``, ``pile``, ``g<side>.<rank>`` a group,
``q<side>.<i>`` a sequence, ``b:<word>`` a button (``b:meld`` melds the selection)."""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Sequence

from app.i18n import Translator, card_words, say
from app.presenters.base import Answer, Ending, Seating, View, engine, identify, notation, round_won
from app.presenters.one_pack import level, score_words
from models.cards import JOKER_CODE, format_cards, samba_pack
from models.games import samba_melds as rules
from models.games.base import ActionWords, State
from models.games.samba import (
    ADD,
    CANCEL,
    DISCARD,
    DRAW,
    START_GROUP,
    START_SEQ,
    TAKE_GROUP,
    Samba,
    sides_of,
)
from models.games.samba_melds import BLACK_THREES, IS_WILD, RED_THREES
from views.felt_data import Button, Chair, Face, Group, Pile, Scene, Side

BUTTONS = ("finish", "cancel", "ask", "yes", "no", "stop_stock")  # in the order shown
PACK = len(samba_pack())
LABELS = {"pure_canasta": "samba.felt.pure", "mixed_canasta": "samba.felt.mixed",
          "samba": "samba.felt.samba"}
KINDS = {"pure_canasta": "pure", "mixed_canasta": "mixed", "samba": "sequence"}


@functools.cache
def _text(code: int) -> str:
    return format_cards([code])


def _shown(codes: Sequence[int]) -> str:
    """Cards as people read them (``5♥ 5♠``)."""
    return " ".join(str(card_words(_text(c))) for c in codes)


def sort_key(code: int, order: str) -> tuple[int, int, int]:
    """Red 3s first (they are laid at once), wild cards last; ranks from 3 up to the ace."""
    band = 0 if code in RED_THREES else 2 if IS_WILD[code] else 1
    rank = 13 if code == JOKER_CODE else (code % 13 - 2) % 13
    suit = code // 13
    return (band, suit, rank) if order == "suit" else (band, rank, suit)


def blocked(top: int) -> bool:
    """A 3 or a wild card on top blocks the pile."""
    return top >= 0 and (IS_WILD[top] or top % 13 == 2)


class Turn:
    """What ``seat`` sees of ``state`` and may do now, and what each tap does."""

    def __init__(self, state: Samba, seat: int, view: View, t: Translator) -> None:
        self.state, self.seat, self.t = state, seat, t
        self.obs = obs = state.observation(seat if seat >= 0 else 0)
        players = len(obs.hand_sizes)
        self.sides = sides_of(players)
        self.mine = seat >= 0
        self.side = self.sides[seat] if self.mine else -1
        self.turn: int = obs.current
        self.phase: str = obs.phase
        legal = obs.legal if self.mine else ()
        self.acting = bool(legal)
        hand = sorted(obs.hand, key=lambda c: sort_key(c, view.order)) if self.mine else []
        self.codes: list[int] = hand
        self.ids = identify([_text(c) for c in hand])
        self.seen: Counter[str] = Counter(_text(c) for c in hand)  # ids named so far
        # the moves open now, by what they need
        self.draw = -1
        self.takes: list[tuple[int, tuple[int, ...]]] = []  # take the pile with two naturals
        self.onto: dict[str, int] = {}  # take the pile onto a sequence, by its key
        self.melds: list[tuple[int, tuple[int, ...]]] = []
        self.adds: dict[str, dict[int, int]] = {}  # meld key -> card -> action
        self.reds: dict[int, int] = {}
        self.discards: dict[int, int] = {}
        self.words: dict[str, int] = {}
        self.fitting: dict[tuple[int, ...], bool] = {}  # selections asked of fits
        for action in legal:
            self._sort(action, state.action_words(action))
        chosen = [i for i, x in enumerate(self.ids) if x in view.chosen]
        if self.phase not in ("draw", "meld") or not self.fits([hand[i] for i in chosen]):
            chosen = []
        self.chosen = chosen

    def _sort(self, action: int, w: ActionWords) -> None:
        code = w.code
        if code == "draw":
            self.draw = action
        elif code == "take_pile":
            self.takes.append((action, w.cards))
        elif code == "take_pile_seq":
            self.onto[f"q{self.side}.{w.n - 1}"] = action
        elif code == "meld" and len(w.cards) == 1:
            self.reds[w.cards[0]] = action
        elif code == "meld":
            self.melds.append((action, w.cards))
        elif code == "meld_black3":
            self.melds.append((action, tuple(c for c in self.codes if c in BLACK_THREES)))
        elif code in ("add_group", "add_seq"):
            key = f"g{self.side}.{w.rank}" if code == "add_group" else f"q{self.side}.{w.n - 1}"
            self.adds.setdefault(key, {})[w.cards[0]] = action
        elif code == "discard":
            self.discards[w.cards[0]] = action
        else:
            self.words[code] = action

    # -- selections ---------------------------------------------------------------------
    @functools.cached_property
    def hand(self) -> Counter[int]:
        return Counter(self.codes)

    @functools.cached_property
    def needs(self) -> list[tuple[int, Counter[int]]]:
        """Each new meld open now and its cards, counted (asked once a table drawn)."""
        return [(action, Counter(cards)) for action, cards in self.melds]

    def fits(self, codes: list[int]) -> bool:
        """Whether ``codes`` may be selected together: part of a move open now (asked for
        each card of the hand: a copy of a card asks again, answered from memory)."""
        if not codes:
            return True
        key = tuple(sorted(codes))
        if key not in self.fitting:
            self.fitting[key] = self._fit(Counter(codes))
        return self.fitting[key]

    def _fit(self, have: Counter[int]) -> bool:
        codes = list(have.elements())
        if self.phase == "draw":
            return any(have <= Counter(cards) for _, cards in self.takes)
        if self.phase != "meld":
            return False
        return self._start(have, within=False) >= 0 or any(
            all(c in adds for c in codes) for adds in self.adds.values())

    def _start(self, have: Counter[int], within: bool) -> int:
        """A new meld open now that makes one meld with the cards ``have``, the rest going on
        it one by one next: its cards and ``have`` are one meld of cards in the hand, and
        (``within``) ``have`` holds its cards. -1: none."""
        hand = self.hand
        for action, need in self.needs:
            if within and not need <= have:
                continue
            if not within and have <= need:
                return action
            whole = have | need
            shown = list(whole.elements())
            if whole <= hand and (rules.is_group(shown) or rules.is_sequence(shown)):
                return action
        return -1

    def picked(self) -> list[int]:
        return [self.codes[i] for i in self.chosen]

    def _ids(self, indexes: Sequence[int]) -> frozenset[str]:
        return frozenset(self.ids[i] for i in indexes)

    def _kept(self, *gone: int) -> frozenset[str]:
        """The selection but the cards ``gone``, named as the hand will name them without those
        cards (a later copy of a card takes the id of one gone)."""
        left = [i for i in range(len(self.codes)) if i not in gone]
        ids = dict(zip(left, identify([_text(self.codes[i]) for i in left]), strict=True))
        return frozenset(ids[j] for j in self.chosen if j not in gone)

    def meld_ready(self) -> int:
        """The new meld the selection makes: its cards exactly, or with more of the selection
        to go on it next (-1: none)."""
        have = Counter(self.picked())
        if not have:
            return -1
        exact = next((a for a, cards in self.melds if Counter(cards) == have), -1)
        return exact if exact >= 0 else self._start(have, within=True)

    def meld_all(self) -> tuple[int, ...]:
        """The moves the Meld button makes, one tap: the new meld the selection starts, then
        every other selected card that goes on it (the rest stays selected)."""
        first = self.meld_ready()
        if first < 0:
            return ()
        used = self._used(first)
        rest = [self.codes[i] for i in self.chosen if i not in used]
        if START_GROUP <= first < ADD:
            slot = (first - START_GROUP) // 70
        elif START_SEQ <= first < START_GROUP:
            slot = 13 + len(self.state.seqs[self.side])
        else:
            return (first,)
        return self._chain(slot, rest, (first,))

    def _chain(self, slot: int, codes: Sequence[int], start: tuple[int, ...] = ()
               ) -> tuple[int, ...]:
        """``start``, then ``codes`` added one by one to the meld at ``slot`` (a group's rank,
        or 13 and a sequence's index) as long as one more goes on it."""
        state = self.state.clone()
        for action in start:
            state.apply(action)
        out, rest = list(start), list(codes)
        progress = True
        while rest and progress:
            progress = False
            for code in list(rest):
                action = ADD + slot * 53 + code
                if state.is_legal(action):
                    state.apply(action)
                    out.append(action)
                    rest.remove(code)
                    progress = True
        return tuple(out)

    def _laid(self, actions: Sequence[int]) -> list[int]:
        """The indexes of the selected cards ``actions`` lay (the first copies selected)."""
        need = Counter(c for a in actions for c in self.state.action_words(a).cards)
        out = []
        for i in self.chosen:
            if need[self.codes[i]]:
                need[self.codes[i]] -= 1
                out.append(i)
        return out

    def _used(self, action: int) -> list[int]:
        """The selected cards the new meld ``action`` lays (the rest stays selected)."""
        need = Counter(next(cards for a, cards in self.melds if a == action))
        out = []
        for i in self.chosen:
            if need[self.codes[i]]:
                need[self.codes[i]] -= 1
                out.append(i)
        return out

    # -- what a tap does ----------------------------------------------------------------
    def answer(self, tap: str) -> Answer:
        if tap.startswith("c:"):
            return self._card(tap[2:])
        if tap == "stock":
            return self._stock()
        if tap == "pile":
            return self._pile()
        if tap.startswith("b:"):
            return self._button(tap[2:])
        if tap[:1] in ("g", "q"):
            return self._meld(tap)
        return Answer()

    def _idle(self) -> str:
        """Why nothing happens while the seat is not to act ("" on the public table)."""
        if not self.mine:
            return ""
        if self.turn < 0:
            return self.t("error.sa_over")
        if self.phase == "answer" and self.turn == self.seat:
            return self.t("samba.felt.why.answer")
        return self.t("samba.felt.why.wait")

    def _card(self, fid: str) -> Answer:
        if fid not in self.ids:
            return Answer()
        i = self.ids.index(fid)
        code = self.codes[i]
        t, card = self.t, _shown([code])
        if not self.acting or self.phase == "answer":
            return Answer(why=self._idle())
        if self.phase == "discard":
            if code in self.discards:
                return Answer(action=self.discards[code], chosen=frozenset())
            return Answer(why=t("samba.felt.why.no_out"))
        if self.phase == "meld" and code in self.reds:
            return Answer(action=self.reds[code], chosen=self._kept(i))
        if i in self.chosen:
            return Answer(chosen=self._ids([j for j in self.chosen if j != i]))
        if self.fits([*self.picked(), code]):
            return Answer(chosen=self._ids([*self.chosen, i]))
        if self.chosen:
            return Answer(why=t("samba.felt.why.apart", card=card))
        if self.phase == "draw":
            return Answer(why=t("samba.felt.why.draw_first"))
        if code in RED_THREES:
            return Answer(why=t("samba.felt.why.red_last"))
        if self.state.cancelled:  # the melds were taken back: everyone saw it
            return Answer(why=t("error.sa_red_only"))
        if code in BLACK_THREES:
            return Answer(why=t("samba.felt.why.black3"))
        return Answer(why=t("samba.felt.why.no_meld", card=card))

    def _stock(self) -> Answer:
        if self.acting and self.phase == "draw" and self.draw >= 0 and self.obs.stock:
            return Answer(action=self.draw, chosen=frozenset())
        if not self.acting or self.phase == "answer":
            return Answer(why=self._idle())
        if self.phase == "draw":
            return Answer(why=self.t("samba.felt.why.stock_empty"))
        return Answer(why=self.t("samba.felt.why.drawn"))

    def _pile(self) -> Answer:
        t, top = self.t, self.obs.top
        if not self.acting or self.phase == "answer":
            return Answer(why=self._idle())
        if self.phase != "draw":
            return Answer(why=t("samba.felt.why.drawn"))
        if top < 0:
            return Answer(why=t("samba.felt.why.empty"))
        if blocked(top):
            return Answer(why=t("samba.felt.why.blocked", card=_shown([top])))
        ways = [a for a, _ in self.takes] + list(self.onto.values())
        if not ways:
            if self.state.no_take:  # the pile went back after the melds were taken back
                return Answer(why=t("samba.felt.why.no_take"))
            return Answer(why=t("samba.felt.why.take", card=_shown([top])))
        have = Counter(self.picked())
        exact = [a for a, cards in self.takes if Counter(cards) == have]
        if exact:
            return Answer(action=exact[0], chosen=frozenset())
        if have:
            within = [a for a, cards in self.takes if have <= Counter(cards)]
            if len(within) == 1:
                return Answer(action=within[0], chosen=frozenset())
        elif len(ways) == 1:
            return Answer(action=ways[0], chosen=frozenset())
        key = "samba.felt.why.which_seq" if self.onto else "samba.felt.why.which"
        return Answer(why=t(key, card=_shown([top])))

    def _button(self, word: str) -> Answer:
        if word == "meld":
            actions = self.meld_all()
            if not actions:
                return Answer()
            return _moves(actions, self._kept(*self._laid(actions)))
        if word in self.words:
            return Answer(action=self.words[word], chosen=frozenset())
        return Answer()

    def _meld(self, key: str) -> Answer:
        t = self.t
        if not key.startswith(("g", "q")) or not key[1:].startswith(f"{self.side}."):
            return Answer()
        if not self.acting or self.phase == "answer":
            return Answer(why=self._idle())
        if self.phase == "draw":
            if key in self.onto:
                return Answer(action=self.onto[key], chosen=frozenset())
            return Answer(why=t("samba.felt.why.draw_first"))
        if self.phase == "discard":
            return Answer(why=t("samba.felt.why.discard"))
        adds = self.adds.get(key, {})
        if any(self.codes[i] in adds for i in self.chosen):
            side, index = key[1:].split(".")
            slot = int(index) if key[0] == "g" else 13 + int(index)
            actions = self._chain(slot, self.picked())
            return _moves(actions, self._kept(*self._laid(actions)))
        if self.chosen:
            return Answer(why=t("samba.felt.why.not_on", cards=_shown(self.picked())))
        if adds:
            return Answer(why=t("samba.felt.why.select"))
        return Answer(why=t("samba.felt.why.none_on"))

    # -- the table ----------------------------------------------------------------------
    def scene(self, seating: Seating) -> Scene:
        t = self.t
        names_ = seating.names
        new = self._new()
        hand = tuple(self._hand_face(i, i in new) for i in range(len(self.codes)))
        sides = tuple(self._side(s, seating) for s in range(max(self.sides) + 1))
        chairs = tuple(self._chair(s, seating) for s in range(len(names_)))
        buttons: list[Button] = []
        if self.acting:
            laid = self.meld_all()
            if laid:
                cards = [c for a in laid for c in self.state.action_words(a).cards]
                buttons.append(Button("b:meld", t("move.meld", cards=_shown(cards)),
                                      primary=True))
            for word in BUTTONS:
                if word in self.words:
                    buttons.append(Button(f"b:{word}", t(f"move.{word}"),
                                          primary=word in ("finish", "yes")))
        return Scene(self.seat, chairs, self._piles(), hand, sides, tuple(buttons),
                     self._prompt(names_), self._note() if self.acting else "")

    def _hand_face(self, i: int, new: bool) -> Face:
        fid = self.ids[i]
        lit, why = self._answered(f"c:{fid}")
        return Face(fid, _text(self.codes[i]), f"c:{fid}", lit, i in self.chosen, new, why)

    def _new(self) -> set[int]:
        """The cards just come into the hand: the two drawn, or the pile under its top card
        just taken (the engine puts them at the end of the hand)."""
        state = self.state
        last = state.actions[-1] if state.actions else -1
        if not (self.acting and self.phase == "meld" and last < START_SEQ):
            return set()
        n = self._drawn() if last == DRAW else self._taken() if last >= TAKE_GROUP else 0
        fresh = Counter(self.obs.hand[len(self.obs.hand) - n:] if n else [])
        out = set()
        for i in range(len(self.codes) - 1, -1, -1):
            if fresh[self.codes[i]]:
                fresh[self.codes[i]] -= 1
                out.add(i)
        return out

    def _drawn(self) -> int:
        """How many cards the last draw brought: two, or the one left in the stock."""
        state, players = self.state, len(self.sides)
        dealt = (13 if players == 6 else 15) * players + 1  # and the card turned up
        draws = state.actions[len(state.actions) - state.moves :].count(DRAW)
        stock: int = self.obs.stock
        return PACK - dealt - stock - 2 * (draws - 1)

    def _taken(self) -> int:
        """How many cards lay under the top of the pile just taken: counted on the moves of
        this hand (the turned-up card, the discards, the takes and the takes undone)."""
        state = self.state
        size, before = 1, 0
        for action in state.actions[len(state.actions) - state.moves : -1]:
            if action >= DISCARD:
                size, before = size + 1, 0
            elif TAKE_GROUP <= action < START_SEQ:
                size, before = 0, size
            elif action == CANCEL and before:  # the pile goes back to the table
                size, before = before, 0
        return size - 1

    def _piles(self) -> tuple[Pile, ...]:
        t, obs = self.t, self.obs
        s_lit, s_why = self._answered("stock")
        top = obs.top
        p_lit, p_why = self._answered("pile")
        if self.acting and self.phase == "draw" and (self.takes or self.onto):
            p_lit, p_why = True, ""  # several ways: the tap says how to choose
        shown: tuple[Face, ...] = ()
        if top >= 0:
            text = _text(top)
            shown = (Face(identify([text], self.seen)[0], text),)
        return (
            Pile("stock", t("samba.felt.stock"), (Face("stock.back"),) if obs.stock else (),
                 obs.stock, "stock", s_lit, why=s_why),
            Pile("pile", t("samba.felt.pile"), shown, obs.pile_size, "pile", p_lit,
                 t("samba.felt.blocked") if blocked(top) else "", p_why),
        )

    def _answered(self, tap: str) -> tuple[bool, str]:
        ans = self.answer(tap)
        lit = ans.action is not None or ans.chosen is not None
        return lit, "" if lit else ans.why

    def _side(self, s: int, seating: Seating) -> Side:
        t, obs = self.t, self.obs
        members = [p for p, side in enumerate(self.sides) if side == s]
        who = [seating.names[p] for p in members]
        label = who[0] if len(who) == 1 else t("samba.felt.partners", first=who[0], second=who[1])
        groups: list[Group] = []
        reds: list[int] = []
        nseq = 0
        for cards in obs.melds[s]:
            kind = rules.meld_kind(cards)
            if kind == "red_three":
                reds += cards
                continue
            if kind in ("sequence", "samba"):
                key = f"q{s}.{nseq}"
                nseq += 1
            else:
                key = f"g{s}.{next(c for c in cards if not IS_WILD[c]) % 13}"
            groups.append(self._group(key, cards, t(LABELS[kind]) if kind in LABELS else "",
                                      KINDS.get(kind, "")))
        if reds:
            groups.append(self._group(f"r{s}", reds, t("samba.felt.red3s")))
        colour = seating.colours[members[0]] if members else ""
        return Side(label, tuple(groups), self._side_note(s), colour, tuple(members))

    def _group(self, key: str, cards: Sequence[int], label: str, kind: str = "") -> Group:
        faces = tuple(Face(fid, _text(c))
                      for fid, c in zip(identify([_text(c) for c in cards], self.seen), cards,
                                        strict=True))
        if key.startswith("r") or not key[1:].startswith(f"{self.side}."):
            return Group(key, faces, label, kind=kind)
        lit, why = self._answered(key)
        return Group(key, faces, label, key, lit, why, kind)

    def _side_note(self, s: int) -> str:
        obs = self.obs
        if obs.opened[s]:
            kinds = [rules.meld_kind(cards) for cards in obs.melds[s]]
            big = sum(k in LABELS for k in kinds)
            return self.t("samba.may_out") if big >= 2 else ""
        if s == self.side:
            return self._note() or self.t("samba.minimum", n=obs.minimum)
        total = obs.totals[self.sides.index(s)]
        return self.t("samba.minimum", n=rules.initial_meld_minimum(
            total, self.state.options.top_minimum))

    def _note(self) -> str:
        """The first meld's minimum against what is melded and selected, while it counts."""
        obs = self.obs
        if self.side < 0 or obs.opened[self.side] or self.phase not in ("draw", "meld"):
            return ""
        counted = obs.counted
        selected = sum(rules.card_value(c) for c in self.picked())
        if not counted and not selected:
            return ""
        if not self.acting:  # the partner's melds of the turn
            return self.t("samba.felt.needs_melded", need=obs.minimum, counted=counted)
        if counted:
            return self.t("samba.felt.needs_counted", need=obs.minimum, counted=counted,
                          selected=selected)
        return self.t("samba.felt.needs", need=obs.minimum, selected=selected)

    def _chair(self, s: int, seating: Seating) -> Chair:
        obs, t = self.obs, self.t
        kind = seating.kinds[s] if s < len(seating.kinds) else "person"
        shown = level(t, kind)
        note = ""
        if self.phase == "answer" and self.turn >= 0 and s == self._asker():
            note = t("samba.felt.asks")
        return Chair(s, seating.names[s], seating.colours[s],
                     score_words(t, obs.totals[s]), obs.hand_sizes[s], s == self.turn,
                     s == obs.dealer, shown, note)

    def _asker(self) -> int:
        """While a partner answers: who asked (the partner's partner)."""
        players = len(self.sides)
        return (self.turn + players // 2) % players

    def _prompt(self, names_: Sequence[str]) -> str:
        t = self.t
        if self.turn < 0:
            return ""
        if not self.acting:
            if self.mine and self.phase == "answer" and self._asker() == self.seat:
                return t("samba.felt.waiting_answer", name=names_[self.turn])
            return t("samba.felt.turn", name=names_[self.turn])
        if self.phase == "answer":
            return t("samba.felt.answer", name=names_[self._asker()])
        if self.phase == "draw":
            if not self.obs.stock:
                return t("samba.felt.stock_out")
            if any(c in RED_THREES for c in self.codes):
                return t("samba.felt.draw_red3")
            return t("samba.felt.draw_take" if self.takes or self.onto else "samba.felt.draw")
        if self.phase == "discard":
            return t("samba.felt.discard")
        if self.reds:
            return t("samba.felt.red3")
        if self.meld_ready() >= 0:
            return t("samba.felt.meld_ready")
        if any(c in adds for c in self.picked() for adds in self.adds.values()):
            return t("samba.felt.add_ready")
        obs = self.obs
        if not obs.opened[self.side] and 0 < obs.counted < obs.minimum:
            return t("samba.felt.below", counted=obs.counted, need=obs.minimum)
        if self.state.may_out:  # the partner's answer, which everyone heard
            return t("samba.felt.must_out" if self.state.may_out > 0 else "samba.felt.stay_in")
        return t("samba.felt.meld")


def _moves(actions: tuple[int, ...], chosen: frozenset[str]) -> Answer:
    """The answer of a tap that makes ``actions`` (one, or several made as one move)."""
    return Answer(action=actions[0], chosen=chosen, actions=actions if len(actions) > 1 else ())


class SambaPresenter:
    """Samba's presenter. ``t`` words the refusals :meth:`answer` gives (the scene's own
    come from ``Seating.t``)."""

    def __init__(self, t: Translator | None = None, names: Sequence[str] = ()) -> None:
        self.t = t or Translator()

    def scene(self, shown: State, seat: int, seating: Seating, view: View) -> Scene:
        state = engine(shown, Samba)
        return Turn(state, seat, view, seating.t).scene(seating)

    def answer(self, shown: State, seat: int, tap: str, view: View) -> Answer:
        state = engine(shown, Samba)
        return Turn(state, seat, view, self.t).answer(tap)

    def ending(self, shown: State, seats: Sequence[str], t: Translator) -> Ending:
        """The hand just closed: each partner's cards left, and their side's score part by
        part; who won it; at the end, the side with the highest total."""
        state = engine(shown, Samba)
        parts = state.breakdowns[-1]
        held = []
        for s in range(state.players):
            counted = dataclasses.asdict(parts[state.side[s]])
            said = [t(f"samba.part.{k}", n=v) for k, v in counted.items() if v]
            held.append((notation(state.shown[-1][s]), " · ".join(said)))
        verdict = ""
        if state.is_over:
            players = [seats[s] for s in state.winners]
            verdict = say(t, "samba_highest", {"players": players,
                                               "total": state.totals[state.winners[0]]})
        return Ending(tuple(held), round_won(state, seats, t, "samba"), verdict)


__all__ = ["SambaPresenter", "Turn", "blocked", "sort_key"]
