"""A game on the device with guest phones at some of its people's seats: each guest sees the
table from its own seat (its own hand only: the presenter draws a seat from that seat's
observation) and plays by taps, which go through the same path as a tap on the host
(:meth:`app.play.DevicePlay.press`). Computer seats play on the host. A guest also does for
its seat what a person does on the host's screen (``app.guests.asks``): closes the round's
summary, asks for a hint where its help is on, asks the host to take back its move."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from app.games import ENTRIES
from app.guests import asks
from app.guests.seats import REFUSED, STALE, Reply
from app.presenters.base import Seating, View

if TYPE_CHECKING:
    from app.i18n import Translator
    from app.play import DevicePlay

TAP = 64  # the longest tap key a guest may send
ORDERS = ("suit", "rank")


def asked_version(body: Mapping[str, object]) -> int | None:
    """The version a guest's action names (None when it names none, or not as a number)."""
    n = body.get("n")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


class PlaySeats:
    """The guest seats of the game ``play`` shows on the host."""

    def __init__(self, play: DevicePlay) -> None:
        self.play = play

    def seats(self) -> list[tuple[int, str]]:
        return [(s, self.play.names[s]) for s in self.play.people()]

    def room(self, t: Translator) -> dict[str, object]:
        from app.guests.room import of_play

        return of_play(self.play, t)

    def payload(self, seat: int, t: Translator) -> dict[str, object]:
        from app.play import hinted, moved_line, round_summary, seat_help, seat_names

        play = self.play
        game, doc = play.game, play.doc
        names = seat_names(play.names, play.kinds, t)  # a computer's, in the phone's language
        colours = play.colours()
        presenter = ENTRIES[doc.game].presenter(t, names)
        look = (dataclasses.replace(play.looks.get(seat, View()), help=seat_help(doc, seat))
                if seat >= 0 else View())
        scene = presenter.scene(play.state, seat, Seating(tuple(names), colours,
                                                          tuple(play.kinds), t), look)
        hinting = asks.found(play, seat) if seat >= 0 else None
        if hinting is not None:  # the hint this phone asked for: its table marks the move
            scene = dataclasses.replace(scene, hinted=hinted(presenter, play.state, seat, look,
                                                             scene, hinting[0]))
        summary = None
        if game.pending or play.state.is_over:
            enders = doc.enders
            index = len(play.state.results) - 1
            ender = int(enders[index]) if 0 <= index < len(enders) else -1
            summary = dataclasses.asdict(round_summary(doc.game, play.state, names,
                                                       play.kinds, t, ender, colours))
        moves = play.game.moves
        caption = moved_line(moves[-1], t, names) if moves else ""
        return {
            "n": game.version, "lang": t.language, "title": t(f"game.{doc.game}"),
            "seat": seat, "name": names[seat] if seat >= 0 else "",
            "colour": colours[seat] if seat >= 0 else "",
            "play": {"scene": dataclasses.asdict(scene), "caption": caption,
                     "speed": play.speed(), "summary": summary,
                     "asks": asks.shown(play, seat, t) if seat >= 0 else {}},
        }

    def act(self, seat: int, body: Mapping[str, object], t: Translator | None = None) -> Reply:
        play = self.play
        t = t or play.t
        if seat not in play.people():
            return Reply(False, t("guest.bad"), REFUSED)
        at = asked_version(body)
        if at is None:
            return Reply(False, t("guest.bad"), REFUSED)
        if "order" in body:
            order = body["order"]
            if order not in ORDERS:
                return Reply(False, t("guest.bad"), REFUSED)
            play.looks[seat] = dataclasses.replace(play.looks.get(seat, View()), order=order)
            return Reply(True)
        keys = set(body) - {"n"}
        if keys == {"close"}:  # the summary drawn with ``close`` summaries closed
            seen = body["close"]
            if type(seen) is not int:
                return Reply(False, t("guest.bad"), REFUSED)
            return asks.close(play, seat, seen) if at == play.game.version else STALE
        if keys in ({"hint"}, {"undo"}) and body[keys.pop()] is True:
            return (asks.hint if "hint" in body else asks.take_back)(play, seat, at)
        tap = body.get("tap")
        if not isinstance(tap, str) or not 0 < len(tap) <= TAP:
            return Reply(False, t("guest.bad"), REFUSED)
        if at != play.game.version:
            return STALE
        return play.press(tap, seat, at, t)
