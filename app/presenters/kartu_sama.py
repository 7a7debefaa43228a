"""Kartu Sama at the card table: the hand at the bottom, the draw pile and the discard pile in
the middle, a joker debt on the seat that owes. A tap on a lit card plays it, a tap on the
draw pile draws, Keep keeps the cards just drawn (``play_after_draw``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.i18n import Translator, say
from app.presenters.base import (
    Answer,
    Ending,
    Seating,
    View,
    engine,
    identify,
    round_won,
    unlit,
)
from app.presenters.base import notation as cards_of
from app.presenters.one_pack import chairs, faces, notation, ordered, word
from models.cards import parse_card
from models.errors import MejaError
from models.games.base import State
from models.games.kartu_sama import (
    DRAW,
    FOLLOWS,
    FREE,
    PASS,
    KartuSama,
    Observation,
    draw_count,
)
from views.felt_data import Button, Face, Pile, Scene

SHOWN = 3  # discard pile cards shown, the top last
CARD = "card:"  # a hand card's tap: "card:QH.0"


class KartuSamaPresenter:
    """Kartu Sama's table for one seat. ``t`` words the refusals :meth:`answer` gives (the
    scene's own texts come from the seating's)."""

    def __init__(self, t: Translator | None = None, names: Sequence[str] = ()) -> None:
        self.t = t

    def scene(self, shown: State, seat: int, seating: Seating, view: View) -> Scene:
        state = engine(shown, KartuSama)
        t = seating.t
        obs = state.observation(max(seat, 0))
        current = obs.current
        acts = seat >= 0 and seat == current
        legal = set(obs.legal) if acts else set()
        scores = obs.wins if state.options.mode == "victory" else obs.totals
        debt = obs.debt
        owes = t("felt.kartu_sama.owes", count=debt) if debt else ""
        table = chairs(obs, seating, scores,
                       [owes if s == current else "" for s in range(len(obs.hand_sizes))],
                       wins=state.options.mode == "victory")
        seen: Counter[str] = Counter()
        tops = faces(obs.discard[-SHOWN:], seen)
        discard = Pile(key="discard", label=t("felt.kartu_sama.discard"), top=tops,
                       count=len(obs.discard), mark=_mark(t, obs))
        draw = Pile(key="draw", label=t("play.fact.draw_pile"),
                    top=(Face(id="draw"),) if obs.draw_pile else (),
                    count=obs.draw_pile, tap="draw", lit=DRAW in legal,
                    why="" if DRAW in legal else _why_draw(t, obs, acts))
        hand: tuple[Face, ...] = ()
        if seat >= 0:
            codes = ordered(obs.hand, view.order)
            new = Counter(obs.drawn)
            held = []
            for i, c in zip(identify([notation(c) for c in codes], seen), codes, strict=True):
                fresh = new[c] > 0
                new[c] -= 1
                lit = c in legal
                held.append(Face(id=i, code=notation(c), tap=CARD + i, lit=lit, new=fresh,
                                  why="" if lit else _why_card(t, obs, c, acts)))
            hand = tuple(held)
        buttons = (Button(tap="keep", label=t("move.keep")),) if PASS in legal else ()
        scene = Scene(seat=seat, chairs=table, piles=(draw, discard), hand=hand,
                      buttons=buttons, prompt=_prompt(t, obs, acts, seating, state.players))
        return scene if view.help else unlit(scene)

    def answer(self, shown: State, seat: int, tap: str, view: View) -> Answer:
        state = engine(shown, KartuSama)
        t = self.t or Translator()
        obs = state.observation(max(seat, 0))
        acts = seat >= 0 and seat == obs.current
        legal = obs.legal if acts else ()
        if tap == "draw":
            return (Answer(action=DRAW) if DRAW in legal
                    else Answer(why=_why_draw(t, obs, acts)))
        if tap == "keep":
            return Answer(action=PASS) if PASS in legal else Answer()
        if not tap.startswith(CARD) or seat < 0:
            return Answer()
        try:
            code = int(parse_card(tap[len(CARD):].split(".")[0]))
        except MejaError:
            return Answer()
        if code not in obs.hand:
            return Answer(why=t("error.ks_not_in_hand"))
        if code in legal:
            return Answer(action=code)
        return Answer(why=_why_card(t, obs, code, acts))

    def ending(self, shown: State, seats: Sequence[str], t: Translator) -> Ending:
        """The round just closed: each hand as it ended (none: the player went out), who won
        it; at the end, why the winners won (fewest points, or most round wins)."""
        state = engine(shown, KartuSama)
        hands = state.shown[-1]
        held = tuple((cards_of(h), "" if h else t("play.sum.no_cards")) for h in hands)
        verdict = ""
        if state.is_over:
            players = [seats[s] for s in state.winners]
            first = state.winners[0]
            verdict = (say(t, "most_wins", {"players": players, "wins": state.wins[first]})
                       if state.options.mode == "victory" else
                       say(t, "lowest_total", {"players": players,
                                               "total": state.totals[first]}))
        return Ending(held, round_won(state, seats, t, "kartu_sama"), verdict,
                      wins=state.options.mode == "victory")


def _mark(t: Translator, obs: Observation) -> str:
    """What the discard pile asks for when it is not its top card: anything after a joker,
    or the last card that is not one."""
    if obs.current < 0:
        return ""
    if obs.to_match is None:
        return t("felt.kartu_sama.free")
    if obs.to_match != obs.top:
        return t("felt.kartu_sama.to_match", card=word(obs.to_match))
    return ""


def _turn(t: Translator, obs: Observation) -> str:
    """Why nothing may be done now: the match is over, or another seat is to act."""
    return t("error.ks_over") if obs.current < 0 else t("felt.kartu_sama.not_turn")


def _why_draw(t: Translator, obs: Observation, acts: bool) -> str:
    if not acts:
        return _turn(t, obs)
    if obs.drawn:
        return t("error.ks_drawn")
    if obs.debt:
        return t("error.ks_debt", count=obs.debt)
    return t("error.ks_must_play")


def _why_card(t: Translator, obs: Observation, code: int, acts: bool) -> str:
    if not acts:
        return _turn(t, obs)
    if obs.drawn and code not in obs.drawn:
        return t("error.ks_drawn")
    base = FREE if obs.to_match is None else obs.to_match
    if code in FOLLOWS[base]:  # a legal card: none of these reasons
        return ""
    return t("error.ks_no_match", card=word(code), top=word(base))


def _prompt(t: Translator, obs: Observation, acts: bool, seating: Seating,
            players: int) -> str:
    current = obs.current
    if current < 0:
        return t("play.over")
    if not acts:
        if seating.kinds[current] != "person":
            return t("play.thinking", name=seating.names[current])
        return t("felt.kartu_sama.wait", name=seating.names[current])
    legal, debt = obs.legal, obs.debt
    if obs.drawn:
        return t("felt.kartu_sama.prompt.drawn")
    count = draw_count(players, len(obs.hand), debt)[0]
    if legal == (DRAW,):
        if debt:
            return t("felt.kartu_sama.prompt.debt_draw", count=count)
        return t("felt.kartu_sama.prompt.draw", count=count)
    if debt:
        return t("felt.kartu_sama.prompt.debt", count=debt)
    if DRAW in legal:
        return t("felt.kartu_sama.prompt.play_or_draw", count=count)
    return t("felt.kartu_sama.prompt.play")
