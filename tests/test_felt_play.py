"""A game on the device drawn as the card table, headless: the game's presenter draws the felt;
a tap on a lit card makes the move it answers (once: a tap on a table already replaced changes
nothing), a tap on another card says why, the sort order and a selection are kept for the
person."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from app import games
from app.device import GameDoc
from app.play import DevicePlay, new_doc
from app.presenters.base import Answer, Seating, View, identify
from models.cards import format_cards
from tests.fakes import run_alone
from tests.test_play_summary import Shell
from views.common import find
from views.felt_data import Button, Chair, Face, Pile, Scene


class Plain:
    """A presenter for the tests: the hand's cards that a legal move plays are lit, other
    moves are buttons (``a:<action>``); a card tapped twice without a move is selected."""

    def scene(self, state: Any, seat: int, seating: Seating, view: View) -> Scene:
        obs = state.observation(max(seat, 0))
        acting = seat >= 0 and seat == state.current_player
        plays = {state.action_words(a).cards[0]: a for a in state.legal_actions()
                 if acting and state.action_words(a).code == "play"}
        cards = sorted(obs.hand, key=lambda c: (c % 13, c // 13) if view.order == "rank"
                       else c) if seat >= 0 else []
        ids = identify(format_cards(cards).split() if cards else [])
        hand = tuple(Face(id=i, code=i.split(".")[0], tap=f"c:{c}" if c in plays else "",
                          lit=c in plays, chosen=i in view.chosen,
                          why="" if c in plays else "It does not match")
                     for i, c in zip(ids, cards, strict=True))
        buttons = tuple(Button(f"a:{a}", state.action_str(a)) for a in state.legal_actions()
                        if acting and state.action_words(a).code != "play")
        chairs = tuple(Chair(s, seating.names[s], seating.colours[s], "0", n,
                             active=s == state.current_player)
                       for s, n in enumerate(obs.hand_sizes))
        return Scene(seat=seat, chairs=chairs, hand=hand, buttons=buttons,
                     piles=(Pile("draw", "Draw pile", (), obs.draw_pile),),
                     prompt=f"{view.order}")

    def answer(self, state: Any, seat: int, tap: str, view: View) -> Answer:
        if tap.startswith(("c:", "a:")):
            return Answer(action=int(tap[2:]))
        if tap == "pick":
            return Answer(chosen=view.chosen | {"x"})
        return Answer()


@pytest.fixture
def felt_game(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = games.ENTRIES["kartu_sama"]
    monkeypatch.setitem(games.ENTRIES, "kartu_sama",
                        dataclasses.replace(entry, presenter=lambda _t, _n: Plain()))


def playing(tmp_path: Path, kinds: tuple[str, str] = ("person", "strong"),
            options: dict[str, Any] | None = None, drawn: bool = False,
            seed: int = 1) -> tuple[Shell, DevicePlay]:
    """Ana and Bea at Kartu Sama on a phone, a person to play (the computer's opening move
    made), dealt from ``seed`` (a deal the tests here hold true of: a random one sorted the
    same by rank as by suit one time in seven hundred, and a sort then moved no card);
    ``drawn``: the shell draws the game's screen when asked to, and sends its cards, as the
    app's does."""
    shell = Shell(tmp_path)
    shell.page.width, shell.page.height = 400, 850  # type: ignore[attr-defined]
    doc = new_doc("kartu_sama", ["Ana", "Bea"], list(kinds), options or {"target": 500},
                  casual=True, pace=0)
    doc.seed = seed
    play = DevicePlay(shell, "play-felt", doc, clock=Clock())  # type: ignore[arg-type]
    shell.play = play
    if drawn:
        shell.page.route = play.route  # type: ignore[attr-defined]

        def refresh() -> None:
            play.view()
            play.sent()

        shell.refresh = refresh  # type: ignore[method-assign]
    while play.game.person_turn() < 0:  # the computer opens: play its move
        play.game.computer_move(play.state.legal_actions()[0], play.game.version)
    return shell, play


class Clock:
    """A clock the test moves: each reading is a second later (no tap is the second half of a
    double tap) unless frozen."""

    def __init__(self) -> None:
        self.now = 0.0
        self.frozen = False

    def __call__(self) -> float:
        if not self.frozen:
            self.now += 1.0
        return self.now


def layer(view: Any, card_id: str) -> Any:
    """The tap layer of the card ``card_id`` on ``view``."""
    card = find(view, f"card-{card_id}")
    assert card is not None and card.content.on_click is not None
    return card.content


def test_a_game_with_a_presenter_is_played_on_the_felt(tmp_path: Path,
                                                       felt_game: None) -> None:
    shell, play = playing(tmp_path)
    view = play.view()
    assert find(view, "felt") is not None and find(view, "table") is not None
    lit = [f for f in play.scene.hand if f.lit] if play.scene else []
    card = lit[0] if lit else None
    if card is None:  # nothing to play: draw with the button
        button = play.scene.buttons[0] if play.scene else None
        assert button is not None
        find(view, f"button-{button.tap}").on_click(None)
    else:
        tap = layer(view, card.id)
        version = play.game.version
        tap.on_click(None)
        assert play.game.version == version + 1
        tap.on_click(None)  # the same tap again, on the table already replaced
        assert play.game.version == version + 1
        assert find(play.view(), f"card-{card.id}").content is not tap  # gone from the table
    assert len(play.doc.actions) >= 1


def test_a_card_that_cannot_be_played_says_why_on_its_own_line(tmp_path: Path,
                                                                felt_game: None) -> None:
    shell, play = playing(tmp_path)
    view = play.view()
    assert play.scene is not None
    unlit = [f for f in play.scene.hand if not f.lit]
    version = play.game.version
    layer(view, unlit[0].id).on_click(None)
    assert play.game.version == version and shell.toasts == []
    line = find(play.view(), "message-line")
    assert find(line, "message").value == "It does not match"
    assert line.bgcolor is not None  # a refusal, on its own colour


def test_the_order_and_a_selection_are_kept_for_the_person(tmp_path: Path,
                                                           felt_game: None) -> None:
    shell, play = playing(tmp_path)
    view = play.view()
    find(view, "sort").on_click(None)
    seat = play.looking()
    assert play.looks[seat].order == "rank"
    assert find(play.view(), "felt-prompt").spans[-1].text == "rank"
    assert play.felt.moving  # the cards go to their new order
    play.tap("pick", seat, play.game.version)  # a tap while they travel counts
    assert play.looks[seat].chosen == frozenset({"x"})
    play.tap("pick", seat, play.game.version - 1)  # a stale tap: nothing
    assert play.looks[seat].chosen == frozenset({"x"})


def test_a_double_tap_on_one_thing_is_one_tap(tmp_path: Path, felt_game: None) -> None:
    """A second tap on the same thing within 0.3 s does nothing more (a card selected stays
    selected); one after it is a new tap."""
    shell, play = playing(tmp_path)
    play.view()
    seat = play.looking()
    clock = play.clock
    assert isinstance(clock, Clock)
    clock.frozen = True
    play.tap("pick", seat, play.game.version, "a card")
    play.looks[seat] = dataclasses.replace(play.looks[seat], chosen=frozenset())
    clock.now += 0.2
    play.tap("pick", seat, play.game.version, "a card")  # the second half: nothing
    assert play.looks[seat].chosen == frozenset()
    clock.now += 0.2
    play.tap("pick", seat, play.game.version, "a card")  # 0.4 s after the first
    assert play.looks[seat].chosen == frozenset({"x"})


def test_the_last_moves_are_a_tap_away_newest_first(tmp_path: Path, felt_game: None) -> None:
    shell, play = playing(tmp_path)
    bea = play.game.moves[-1]
    assert bea.seat == 1
    view = play.view()
    said = find(view, "message").value
    assert said.startswith("Bea: ")
    opened: list[Any] = []
    shell.page.show_dialog = opened.append  # type: ignore[attr-defined]
    find(view, "last-moves").on_click(None)
    find(view, "last-moves").on_click(None)  # a double tap: one sheet
    assert len(opened) == 1
    assert find(opened[0], "log-0").value == said
    assert find(opened[0], "log-round-0") is not None  # the round's moves under its number
    opened[0].on_dismiss(None)  # closed: the next tap opens it again
    find(view, "last-moves").on_click(None)
    assert len(opened) == 2


def test_card_speed_follows_the_setting_and_reduced_motion(tmp_path: Path,
                                                           felt_game: None) -> None:
    shell, play = playing(tmp_path)
    assert play.speed() == 400
    shell.settings.change({"speed": "slow"})
    assert play.speed() == 700
    shell.reduce_motion = True  # type: ignore[attr-defined]
    assert play.speed() == 0


def test_a_second_tab_behind_the_game_is_told_and_shown_the_game_as_saved(
        tmp_path: Path) -> None:
    """The same game in two tabs: a tap on the tab that is behind changes nothing saved; it
    says so and shows the game as the other tab left it."""
    shell, first = playing(tmp_path)
    doc = shell.store.load_game(first.key)
    assert doc is not None
    second = DevicePlay(shell, first.key, GameDoc.from_dict(doc))  # type: ignore[arg-type]
    action = first.state.legal_actions()[0]
    first.move(action, first.game.version)
    assert first.doc.actions[-1] == action
    version = second.game.version
    second.move(second.state.legal_actions()[-1], version)
    said = second.line(second.game.version)
    assert said.text == "This game was changed on another screen: here it is as saved now."
    assert said.kind == "note"
    assert second.doc.actions == first.doc.actions
    assert (shell.store.load_game(first.key) or {})["actions"] == first.doc.actions


def test_the_next_persons_hand_can_be_tapped_while_its_cards_travel(tmp_path: Path) -> None:
    """Pass and play: "I am Bea" draws Bea's table, whose cards travel to their places; a tap
    on it counts at once (nothing waits for them)."""
    shell, play = playing(tmp_path, ("person", "person"), drawn=True)
    first = play.state.current_player
    play._reveal(first)
    action = play.state.legal_actions()[0]
    play.move(action, play.game.version)
    assert play.game.person_turn() == 1 - first
    play._reveal(1 - first)
    assert not play.felt.table.ignore_interactions
    version = play.game.version
    play.move(play.state.legal_actions()[0], version)
    assert play.game.version == version + 1


def test_a_card_drawn_is_shown_on_the_pile_then_travels_to_the_hand(tmp_path: Path) -> None:
    """A card new to the table appears where it comes from (the draw pile), and the task the
    tap schedules sends it on to the hand."""
    shell, play = playing(tmp_path, options={"may_draw": True}, drawn=True)
    seat = play.game.person_turn()
    play.view()
    shell.tasks.clear()
    version = play.game.version
    play.tap("draw", seat, version)
    assert play.game.version == version + 1 and play.felt.launching
    pile = play.felt.places["pile:draw"]
    new = next(iter(play.felt.launching))
    card = play.felt.cards[new]
    assert (card.left, card.top) == pile[:2]
    assert shell.tasks
    run_alone(shell.tasks[-1]())  # the task: sent on
    assert (card.left, card.top) == play.felt.places[new][:2]


def test_a_hint_marks_its_card_on_the_table(tmp_path: Path) -> None:
    """The hint's move is marked on the table (its card or pile), and said on the message
    line, until the game moves on."""
    from app.play import hinted

    shell, play = playing(tmp_path)
    version = play.game.version
    play._hint(version)
    view = play.view()
    assert play.hint[0] == version and play.scene is not None and play.scene.hinted
    action = play.hint[1]
    seat = play.looking()
    for tap in play.scene.hinted:
        answer = play.presenter.answer(play.state, seat, tap, play.looks.get(seat, View()))
        named = {f.code for f in play.scene.hand if f.tap == tap}
        words = {format_cards([c]) for c in play.state.action_words(action).cards}
        assert answer.action == action or named <= words
    assert find(view, "message-line").bgcolor is not None  # the hint on its own line
    opened: list[Any] = []
    shell.page.show_dialog = opened.append  # type: ignore[attr-defined]
    find(view, "message-whole").on_click(None)  # its words, cut on a phone, open whole
    said = find(opened[0], "sheet-message")
    assert said.value == find(view, "message").value == play.hint[2] and said.max_lines is None
    assert hinted(play.presenter, play.state, seat, View(), play.scene, action)
    assert not find(view, f"hint-button@{play.looking()}.{version}").disabled
    play.move(action, version)
    view = play.view()
    assert not play.scene.hinted  # gone once the game moved on
    assert play.game.person_turn() < 0  # the computer's turn: no hint to ask, and it shows
    assert find(view, "hint-button@off").disabled
