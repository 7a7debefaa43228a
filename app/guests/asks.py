"""What a guest phone asks of the host at a game on the device, beside its moves: to close the
round's summary (the next round starts once every seated phone has closed it, or the host
has), a hint (the Expert's, for its own seat, when its help is on; shown on that phone alone),
and to take back its move (the host's screen asks "Ana asks to take back their move", the host
accepts or refuses, and the phone hears which).

Each request names the version its phone drew (a summary close the summaries closed, the
others the move count): one from another version, a double tap's second half included,
changes nothing. The requests are the game screen's state (:class:`app.guests.seats.Asks`,
kept on :class:`app.play.DevicePlay`, which shows the host a request and takes its answer),
not saved: a request lives while the game stays where it was asked. The hint is thought in a
thread on a copy of the game, the host's screen free meanwhile, and kept only if the game has
not moved."""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from app.guests.seats import REFUSED, STALE, Reply
from app.i18n import names
from views.scoreboard import round_words

if TYPE_CHECKING:
    from app.i18n import Translator
    from app.play import DevicePlay
    from models.bots.hint import Hint


def close(play: DevicePlay, seat: int, seen: int) -> Reply:
    """``seat``'s phone closed the summary shown with ``seen`` summaries closed: once every
    seated phone has, the next round starts (the host's own close starts it at once)."""
    game = play.game
    if seen != game.seen or not game.pending or game.state.is_over:
        return STALE
    asks = play.asks
    done = asks.closed.get(seen, frozenset()) | {seat}
    asks.closed = {seen: done}
    if play.guested <= done:
        play.next_round(seen)
    return Reply(True)


def may_hint(play: DevicePlay, seat: int) -> bool:
    """Whether ``seat`` may ask for a hint now: its turn, its help on."""
    from app.play import seat_help

    return play.game.person_turn() == seat and seat_help(play.doc, seat)


def hint(play: DevicePlay, seat: int, version: int) -> Reply:
    """``seat``'s phone asks for a hint on the table of ``version``: the Expert thinks in a
    thread on a copy of the game; its hint is shown on that phone once found, if the game is
    still there. Asked again while it thinks, or once found, it changes nothing."""
    from app.runner import advice

    if version != play.game.version:
        return STALE
    if not may_hint(play, seat):
        return Reply(False, play.t("guest.bad"), REFUSED)
    asks = play.asks
    found = asks.hints.get(seat)
    if (seat, version) in asks.thinking or found is not None and found[0] == version:
        return Reply(True)
    key, state = play.doc.game, play.state.clone()
    rng = random.Random(play.doc.seed * 7919 + version)
    asks.thinking.add((seat, version))

    async def think() -> None:
        try:
            action, said = await asyncio.to_thread(advice, key, state, rng)
        finally:
            asks.thinking.discard((seat, version))
        if play.game.version == version:
            asks.hints[seat] = (version, action, said)
            play.publish()

    play.shell.page.run_task(think)
    return Reply(True)


def take_back(play: DevicePlay, seat: int, version: int) -> Reply:
    """``seat``'s phone asks to take back its move (the last a person made, in a game whose
    moves may be taken back): the host's screen asks the host."""
    if version != play.game.version:
        return STALE
    if not mine(play, seat):
        return Reply(False, play.t("guest.bad"), REFUSED)
    if play.asks.undo != (seat, version):
        play.asks.undo = (seat, version)
        play.shell.refresh()
    return Reply(True)


def mine(play: DevicePlay, seat: int) -> bool:
    """Whether ``seat`` may ask to take back its move: the last a person made is its own, in
    a casual game not over."""
    game = play.game
    last = game.last_person_move()
    return (play.doc.casual and last is not None
            and game.doc.movers[last] == seat and not game.state.is_over)


def found(play: DevicePlay, seat: int) -> tuple[int, Hint] | None:
    """The hint found for ``seat`` on the table as it is now (its action and why), if any."""
    kept = play.asks.hints.get(seat)
    if kept is None or kept[0] != play.game.version or not may_hint(play, seat):
        return None
    return kept[1], kept[2]


def shown(play: DevicePlay, seat: int, t: Translator) -> dict[str, object]:
    """What ``seat``'s phone shows of its requests, in ``t``'s language: what it may ask now
    (each a label), the hint found for it, the host's answer, who is still to close the
    summary."""
    from app.play import hint_words

    game, asks = play.game, play.asks
    out: dict[str, object] = {}
    if game.pending and not game.state.is_over:
        done = asks.closed.get(game.seen, frozenset())
        if seat in done:
            others = [play.names[s] for s in sorted(play.guested - done)]
            out["closed"] = t("guest.closed_wait", names=names(others, t),
                              **round_words(t, play.doc.game))
        else:
            out["close"] = t("guest.close_summary")
            out["seen"] = game.seen
        return out
    hinting = found(play, seat)
    if hinting is not None:
        out["hint"] = hint_words(t, play.doc.game, play.state, *hinting, play.names)
    elif may_hint(play, seat):
        out["ask_hint"] = t("play.hint")
    if mine(play, seat):
        out["ask_undo"] = t("guest.ask_undo")
        if asks.asking(game.version) == seat:
            out["note"] = t("guest.undo_asked")
    said = asks.answers.get(seat)
    if said is not None and said[0] == game.version:
        out["note"] = t("guest.undo_accepted" if said[1] else "guest.undo_refused")
    return out
