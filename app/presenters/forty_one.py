"""41 at the card table: the hand at the bottom, the stock and the discards in the middle. A
turn is two taps: the stock or the discard to draw (the card drawn is new), then a card of
the hand to discard. Stop and, once the stock is empty, End are buttons."""

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
from models.games.forty_one import (
    DRAW,
    END,
    STOP,
    TAKE,
    FortyOne,
    Observation,
    counted_suit,
    hand_score,
)
from views.common import SUIT_SYMBOLS as SUIT_SIGNS
from views.felt_data import Button, Face, Pile, Scene

SHOWN = 3  # discards shown, the top last
CARD = "card:"  # a hand card's tap: "card:QH.0"
BUTTONS = {"stop": STOP, "end": END}


class FortyOnePresenter:
    """41's table for one seat. ``t`` words the refusals :meth:`answer` gives (the scene's
    own texts come from the seating's)."""

    def __init__(self, t: Translator | None = None, names: Sequence[str] = ()) -> None:
        self.t = t

    def scene(self, shown: State, seat: int, seating: Seating, view: View) -> Scene:
        state = engine(shown, FortyOne)
        t = seating.t
        obs = state.observation(max(seat, 0))
        current = obs.current
        acts = seat >= 0 and seat == current
        legal = set(obs.legal) if acts else set()
        scores = obs.totals if state.options.running_score else obs.wins
        table = chairs(obs, seating, scores, wins=not state.options.running_score)
        seen: Counter[str] = Counter()
        tops = faces(obs.discards[-SHOWN:], seen)
        stock = Pile(key="stock", label=t("felt.forty_one.stock"),
                     top=(Face(id="stock"),) if obs.stock else (), count=obs.stock,
                     tap="stock", lit=DRAW in legal,
                     why="" if DRAW in legal else _why_pile(t, obs, acts, DRAW))
        discard = Pile(key="discard", label=t("felt.forty_one.discard"), top=tops,
                       count=len(obs.discards), tap="discard", lit=TAKE in legal,
                       why="" if TAKE in legal else _why_pile(t, obs, acts, TAKE))
        hand: tuple[Face, ...] = ()
        if seat >= 0:
            codes = ordered(obs.hand, view.order)
            fresh = {obs.taken, obs.drawn}
            hand = tuple(
                Face(id=i, code=notation(c), tap=CARD + i, lit=c in legal, new=c in fresh,
                     why="" if c in legal else _why_card(t, obs, c, acts))
                for i, c in zip(identify([notation(c) for c in codes], seen), codes, strict=True)
            )
        buttons = []
        if STOP in legal:
            buttons.append(Button(tap="stop", label=t("move.stop_suit"), primary=True))
        if END in legal:
            buttons.append(Button(tap="end", label=t("move.end_stock")))
        scene = Scene(seat=seat, chairs=table, piles=(stock, discard), hand=hand,
                      buttons=tuple(buttons), prompt=_prompt(t, obs, acts, seating),
                      worth=worth(t, obs.hand) if seat >= 0 else "")
        return scene if view.help else unlit(scene)

    def answer(self, shown: State, seat: int, tap: str, view: View) -> Answer:
        state = engine(shown, FortyOne)
        t = self.t or Translator()
        obs = state.observation(max(seat, 0))
        acts = seat >= 0 and seat == obs.current
        legal = obs.legal if acts else ()
        pile = {"stock": DRAW, "discard": TAKE}.get(tap)
        if pile is not None:
            return (Answer(action=pile) if pile in legal
                    else Answer(why=_why_pile(t, obs, acts, pile)))
        if tap in BUTTONS:
            return Answer(action=BUTTONS[tap]) if BUTTONS[tap] in legal else Answer()
        if not tap.startswith(CARD) or seat < 0:
            return Answer()
        try:
            code = int(parse_card(tap[len(CARD):].split(".")[0]))
        except MejaError:
            return Answer()
        if code not in obs.hand:
            return Answer(why=t("error.fo_not_in_hand", card=word(code)))
        if code in legal:
            return Answer(action=code)
        return Answer(why=_why_card(t, obs, code, acts))

    def ending(self, shown: State, seats: Sequence[str], t: Translator) -> Ending:
        """The hand just closed: each hand as it ended, who won it; at the end, why the
        winners won (the best total, or the best record of hands won)."""
        state = engine(shown, FortyOne)
        hands = state.shown[-1]
        held = tuple((cards_of(h), "" if h else t("play.sum.no_cards")) for h in hands)
        verdict = ""
        if state.is_over:
            players = [seats[s] for s in state.winners]
            first = state.winners[0]
            verdict = (say(t, "forty_one_best_total", {"players": players,
                                                       "total": state.totals[first]})
                       if state.options.running_score else
                       say(t, "forty_one_record", {"players": players,
                                                   "wins": state.wins[first],
                                                   "losses": state.losses[first]}))
        return Ending(held, round_won(state, seats, t, "forty_one"), verdict,
                      wins=not state.options.running_score)


def _turn(t: Translator, obs: Observation) -> str:
    """Why nothing may be done now: the match is over, or another seat is to act."""
    return t("error.fo_over") if obs.current < 0 else t("felt.forty_one.not_turn")


def _why_pile(t: Translator, obs: Observation, acts: bool, action: int) -> str:
    if not acts:
        return _turn(t, obs)
    if obs.phase == "discard":
        return t("error.fo_discard_first")
    return t("error.fo_stock_empty") if action == DRAW else t("error.fo_no_discard")


def _why_card(t: Translator, obs: Observation, code: int, acts: bool) -> str:
    if not acts:
        return _turn(t, obs)
    if obs.phase == "draw":
        return t("error.fo_draw_first")
    return t("error.fo_locked", card=word(code))


def worth(t: Translator, hand: Sequence[int]) -> str:
    """What a hand is worth now, in its best suit: "27 in ♥" (the whole game of 41)."""
    if not hand:
        return ""
    suit = counted_suit(hand)
    return t("felt.forty_one.worth", points=hand_score(hand), suit=SUIT_SIGNS[suit])


def _prompt(t: Translator, obs: Observation, acts: bool, seating: Seating) -> str:
    current = obs.current
    if current < 0:
        return t("play.over")
    if not acts:
        if seating.kinds[current] != "person":
            return t("play.thinking", name=seating.names[current])
        return t("felt.forty_one.wait", name=seating.names[current])
    legal = obs.legal
    if obs.phase == "discard":
        return t("felt.forty_one.prompt.discard")
    if STOP in legal:
        return t("felt.forty_one.prompt.stop")
    if DRAW not in legal:
        return t("felt.forty_one.prompt.empty")
    if TAKE in legal:
        return t("felt.forty_one.prompt.draw_or_take")
    return t("felt.forty_one.prompt.draw")
