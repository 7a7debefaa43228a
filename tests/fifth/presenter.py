"""Fifth at the card table: the hand at the bottom, the stock and the discard pile in the
middle. A tap on a lit card plays it, a tap on the stock draws."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.i18n import Translator, say
from app.presenters.base import Answer, Ending, Seating, View, engine, identify, round_won, unlit
from app.presenters.base import notation as cards_of
from app.presenters.one_pack import chairs, faces, notation, ordered
from models.cards import parse_card
from models.errors import MejaError
from models.games.base import State
from tests.fifth.engine import DRAW, KEY, Fifth
from views.felt_data import Face, Pile, Scene

CARD = "card:"  # a hand card's tap: "card:QH.0"


class FifthPresenter:
    """Fifth's table for one seat (``t`` words the refusals of :meth:`answer`)."""

    def __init__(self, t: Translator | None = None, names: Sequence[str] = ()) -> None:
        self.t = t

    def scene(self, shown: State, seat: int, seating: Seating, view: View) -> Scene:
        state = engine(shown, Fifth)
        t = seating.t
        obs = state.observation(max(seat, 0))
        acts = seat >= 0 and seat == obs.current
        legal = set(obs.legal) if acts else set()
        seen: Counter[str] = Counter()
        discard = Pile(key="discard", label=t("fifth.felt.discard"), top=faces([obs.top], seen),
                       count=1)
        stock = Pile(key="stock", label=t("fifth.felt.stock"),
                     top=(Face(id="stock"),) if obs.stock else (), count=obs.stock,
                     tap="stock", lit=DRAW in legal, why="" if DRAW in legal else _why(t, acts))
        hand: tuple[Face, ...] = ()
        if seat >= 0:
            codes = ordered(obs.hand, view.order)
            hand = tuple(Face(id=i, code=notation(c), tap=CARD + i, lit=c in legal,
                              why="" if c in legal else _why(t, acts))
                         for i, c in zip(identify([notation(c) for c in codes], seen), codes,
                                         strict=True))
        prompt = (t("play.over") if obs.current < 0 else t("fifth.felt.play") if acts
                  else t("play.thinking", name=seating.names[obs.current]))
        scene = Scene(seat=seat, chairs=chairs(obs, seating, obs.totals),
                      piles=(stock, discard), hand=hand, prompt=prompt)
        return scene if view.help else unlit(scene)

    def answer(self, shown: State, seat: int, tap: str, view: View) -> Answer:
        state = engine(shown, Fifth)
        t = self.t or Translator()
        obs = state.observation(max(seat, 0))
        acts = seat >= 0 and seat == obs.current
        legal = obs.legal if acts else ()
        if tap == "stock":
            return Answer(action=DRAW) if DRAW in legal else Answer(why=_why(t, acts))
        if not tap.startswith(CARD) or seat < 0:
            return Answer()
        try:
            code = int(parse_card(tap[len(CARD):].split(".")[0]))
        except MejaError:
            return Answer()
        return Answer(action=code) if code in legal else Answer(why=_why(t, acts))

    def ending(self, shown: State, seats: Sequence[str], t: Translator) -> Ending:
        """The round just closed: each hand as it ended, who won it; at the end, why."""
        state = engine(shown, Fifth)
        held = tuple((cards_of(h), "" if h else t("play.sum.no_cards")) for h in state.shown[-1])
        verdict = ""
        if state.is_over:
            first = state.winners[0]
            verdict = say(t, "fifth_total", {"players": [seats[s] for s in state.winners],
                                             "total": state.totals[first], "behind": 0})
        return Ending(held, round_won(state, seats, t, KEY), verdict)


def _why(t: Translator, acts: bool) -> str:
    """Why a card or the stock is not lit: another player is to act, or it does not follow."""
    return t("fifth.felt.follow") if acts else t("fifth.felt.wait")
