"""Sums at the card table: the community piles in the middle, each player's face-up cards in
front of them, the hand at the bottom. A pile is drawn by a tap, a card placed (or a counter
played) by a tap on it in the hand, the card a play removes chosen by a tap on it, a card
taken back by a tap on one's own face-up card; letting an attack go and ending the game
without a last card are buttons.

Taps: ``draw:<pile>``, ``play:<card>``, ``take:<card>``, ``target:<seat>:<card>``, ``let``,
``stop`` (cards as engine codes)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from app.i18n import Translator, card_words, names, say
from app.presenters.base import Answer, Ending, Seating, View, engine, identify, notation, unlit
from app.presenters.one_pack import level, score_words
from models.cards import format_cards
from models.games.base import State
from models.games.sums import DRAW, LET, STOP, TAKE, TAKE_BACK_BELOW, TARGET, Observation
from models.games.sums import Sums as Engine
from views.felt_data import Button, Chair, Face, Group, Pile, Scene

PLAYS = ("play", "draw_or_play", "last", "counter")  # phases a hand card is placed in


def _code(c: int) -> str:
    return format_cards([c])


def _shown(c: int) -> object:
    return card_words(_code(c))


def _order(hand: Sequence[int], order: str) -> list[int]:
    if order == "rank":
        return sorted(hand, key=lambda c: (c % 13, c // 13))
    return sorted(hand)


def _action(tap: str) -> int | None:
    """The engine action a tap asks for (None: not a move)."""
    kind, _, rest = tap.partition(":")
    try:
        if kind == "draw":
            return DRAW + int(rest)
        if kind == "play":
            return int(rest)
        if kind == "take":
            return TAKE + int(rest)
        if kind == "target":
            seat, c = rest.split(":")
            return TARGET + int(seat) * 52 + int(c)
    except ValueError:
        return None
    return {"let": LET, "stop": STOP}.get(tap)


class SumsPresenter:
    """The presenter of Sums (see the module's docstring). ``t`` and ``names`` word the
    refusals :meth:`answer` gives (the scene's own texts come from the seating's)."""

    def __init__(self, t: Translator | None = None, names: Sequence[str] = ()) -> None:
        self.t = t
        self.names = tuple(names)

    def scene(self, shown: State, seat: int, seating: Seating, view: View) -> Scene:
        state = engine(shown, Engine)
        obs = state.observation(max(seat, 0))
        hand = obs.hand if seat >= 0 else ()
        current = obs.current
        acting = seat >= 0 and current == seat
        legal = set(obs.legal) if acting else set()
        t, names = seating.t, seating.names
        why = _Why(obs, seat, names, t, state.options.take_back)
        seen: Counter[str] = Counter()
        piles = []
        for i, (top, size) in enumerate(zip(obs.piles, obs.pile_sizes, strict=True)):
            # a top of its own id: the card drawn is a new card in the hand, so the second
            # tap of a double tap on the pile, landing where the top was, does not place it
            tops = () if top is None else (Face(f"pile{i}.{_code(top)}", _code(top)),)
            lit = DRAW + i in legal
            piles.append(Pile(f"pile:{i}", t("sums.pile", n=i + 1), tops, size,
                              tap=f"draw:{i}" if seat >= 0 else "", lit=lit,
                              why="" if lit else why.pile(i, size)))
        attack = obs.chain[-1] if obs.chain else None
        chairs = []
        for s, cards in enumerate(obs.in_play):
            ids = identify([_code(c) for c in cards], seen)
            fresh = -1  # the card just placed that attacks (the last copy placed)
            if attack is not None and attack[0] == s:
                fresh = max(i for i, c in enumerate(cards) if c == attack[1])
            elif obs.phase == "target" and s == current:
                fresh = len(cards) - 1
            up = []
            for i, (id_, c) in enumerate(zip(ids, cards, strict=True)):
                act, tap, no = self._up(obs, seat, s, c, why)
                lit = act in legal
                up.append(Face(id_, _code(c), tap=tap, lit=lit, new=i == fresh,
                               why="" if lit else no))
            kind = seating.kinds[s]
            chairs.append(Chair(
                seat=s, name=names[s], colour=seating.colours[s],
                score=score_words(t, obs.scores[s]),
                cards=obs.hand_sizes[s], active=s == current,
                level=level(t, kind),
                note=say(t, "sums_attack", self._attack(attack, names)) if
                attack is not None and attack[2] == s else "",
                groups=(Group(f"up:{s}", tuple(up)),),
                tally=t.plural("sums.felt.removed", len(obs.captured[s])),
            ))
        codes = _order(hand, view.order)
        held = []
        for id_, c in zip(identify([_code(c) for c in codes], seen), codes, strict=True):
            lit = c in legal and obs.phase in PLAYS
            held.append(Face(id_, _code(c), tap=f"play:{c}", lit=lit,
                             why="" if lit else why.hand(c)))
        buttons = []
        if LET in legal:
            buttons.append(Button("let", t("move.let_go")))
        if STOP in legal:
            buttons.append(Button("stop", t("move.end_game")))
        scene = Scene(
            seat=seat, chairs=tuple(chairs), piles=tuple(piles), hand=tuple(held),
            buttons=tuple(buttons), prompt=self._prompt(obs, seat, names, t, legal),
            note=say(t, "sums_attack", self._attack(attack, names)) if attack else "",
            goal=t("sums.felt.goal"),
        )
        return scene if view.help else _unlit(scene)

    def answer(self, shown: State, seat: int, tap: str, view: View) -> Answer:
        state = engine(shown, Engine)
        action = _action(tap)
        if seat < 0:
            return Answer()
        if action is not None and state.current_player == seat and state.is_legal(action):
            return Answer(action=action)
        # a refusal: the one the scene gives the card or pile tapped
        players = state.players
        names = self.names[:players] if len(self.names) >= players else tuple(
            str(s + 1) for s in range(players))
        seating = Seating(names, ("",) * players, ("person",) * players,
                          self.t or Translator())
        scene = self.scene(state, seat, seating, View())
        return Answer(why=next((why for key, why in _whys(scene) if key == tap and why), ""))

    @staticmethod
    def _up(obs: Observation, seat: int, owner: int, c: int, why: _Why) -> tuple[int, str, str]:
        """A face-up card's action, tap and refusal, for ``seat`` looking: one's own card is
        taken back, another's removed."""
        phase = obs.phase
        if seat < 0 or obs.current != seat:
            return -1, "", ""
        if owner == seat:
            if phase != "play" or not why.take_back:
                return -1, "", ""
            return TAKE + c, f"take:{c}", why.back()
        if phase != "target":
            return -1, "", ""
        return TARGET + owner * 52 + c, f"target:{owner}:{c}", why.target(owner, c)

    @staticmethod
    def _attack(attack: Sequence[int] | None, names: Sequence[str]) -> dict[str, object]:
        if attack is None:
            return {}
        return {"player": names[attack[0]], "played": _code(attack[1]),
                "owner": names[attack[2]], "target": _code(attack[3])}

    @staticmethod
    def _prompt(obs: Observation, seat: int, names: Sequence[str], t: Translator,
                legal: set[int]) -> str:
        phase, current = obs.phase, obs.current
        if phase == "over":
            return t("sums.over")
        if seat != current:
            return t("sums.felt.turn", name=names[current])
        if phase == "draw":
            return t("sums.felt.draw")
        if phase == "play" and any(TAKE <= a < DRAW for a in legal):
            return t("sums.felt.place_back")
        if phase == "play":
            return t("sums.felt.place")
        if phase == "draw_or_play" and not obs.hand:
            return t("sums.felt.draw")
        if phase == "draw_or_play":
            return t("sums.felt.either")
        if phase == "target":
            return t("sums.felt.target", card=_shown(obs.in_play[current][-1]))
        if phase == "counter":
            return t("sums.felt.counter")
        return t("sums.felt.last")

    def ending(self, shown: State, seats: Sequence[str], t: Translator) -> Ending:
        """Sums is one round, the game: each player's cards in play and the count removed; why
        the winners won (the most points, then the most cards removed)."""
        state = engine(shown, Engine)
        held = tuple((notation(state.in_play[s]), t.plural("sums.removed",
                                                           len(state.captured[s])))
                     for s in range(state.players))
        verdict = ""
        if state.is_over:
            winners = state.winners
            players = [seats[s] for s in winners]
            score, removed = state.scores[winners[0]], len(state.captured[winners[0]])
            level = [s for s in range(state.players)
                     if state.scores[s] == score and s not in winners]
            if level:  # tied on points: more cards removed decided
                verdict = say(t, "sums_first_cards", {
                    "players": players, "points": score, "others": [seats[s] for s in level],
                    "cards": removed,
                    "other_cards": max(len(state.captured[s]) for s in level)})
            elif len(winners) > 1:
                verdict = say(t, "sums_tied", {"players": players, "points": score,
                                               "cards": removed})
            else:
                verdict = t("play.why.highest", players=names(players, t), total=score)
        return Ending(held, "", verdict,
                      heading=t("play.sum.game_over") if state.is_over else "")


def _whys(scene: Scene) -> Iterator[tuple[str, str]]:
    """Each tap of a card or pile on ``scene`` with what it says when it does nothing."""
    for pile in scene.piles:
        yield pile.tap, pile.why
    for chair in scene.chairs:
        for group in chair.groups:
            for face in group.cards:
                yield face.tap, face.why
    for face in scene.hand:
        yield face.tap, face.why


def _unlit(scene: Scene) -> Scene:
    """``scene`` with nothing lit, the cards in front of the seats too."""
    chairs = tuple(replace(c, groups=tuple(
        replace(g, cards=tuple(replace(f, lit=False) for f in g.cards)) for g in c.groups))
        for c in scene.chairs)
    return replace(unlit(scene), chairs=chairs)


class _Why:
    """Why a card or pile does nothing when tapped, in the game's words."""

    def __init__(self, obs: Observation, seat: int, names: Sequence[str], t: Translator,
                 take_back: bool) -> None:
        self.obs, self.seat, self.names, self.t = obs, seat, names, t
        self.take_back = take_back

    def _phase(self) -> str:
        """The refusal every tap but the phase's own gets, "" when the seat may act."""
        obs, t = self.obs, self.t
        phase = obs.phase
        if self.seat < 0:
            return ""
        if phase == "over":
            return t("error.su_over")
        if obs.current != self.seat:
            return say(t, "not_turn", {"turn": self.names[obs.current],
                                       "player": self.names[self.seat]})
        if phase == "target":
            return t("error.su_choose")
        return ""

    def pile(self, i: int, size: int) -> str:
        if self.seat < 0:
            return ""
        first = self._phase()
        if first:
            return first
        phase, t = self.obs.phase, self.t
        if phase == "counter":
            return t("error.su_counter")
        if not size:
            return say(t, "sums_empty_pile", {"pile": i + 1})
        if phase == "last":
            return t("error.su_last")
        return t("error.su_drawn")

    def hand(self, c: int) -> str:
        first = self._phase()
        if first:
            return first
        obs, t = self.obs, self.t
        if obs.phase == "draw":
            return t("error.su_draw_first")
        attack = obs.chain[-1] if obs.chain else None
        if obs.phase == "counter" and attack is not None:
            return say(t, "sums_no_counter", {"card": _code(c), "attacker": self.names[attack[0]],
                                              "played": _code(attack[1])})
        return t("error.su_no_action")

    def back(self) -> str:
        if len(self.obs.hand) >= TAKE_BACK_BELOW:
            return self.t("error.su_hand_full", most=TAKE_BACK_BELOW)
        return self.t("error.su_no_action")

    def target(self, owner: int, c: int) -> str:
        obs = self.obs
        played = obs.in_play[obs.current][-1]
        return say(self.t, "sums_not_target", {"owner": self.names[owner], "card": _code(c),
                                                "played": _code(played)})


__all__ = ["SumsPresenter"]
