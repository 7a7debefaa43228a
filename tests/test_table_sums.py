"""Sums at a real table: the derivation from events, its refusals with reasons, and agreement
with the engine on whole random games (every engine move recorded as the table would)."""

from __future__ import annotations

import pytest

from models.cards import card, parse_card
from models.match import Event, Match, Play, Reason, Refused
from models.tables import sums as tb
from models.tables.sums import (
    COUNTER,
    DEAL,
    DRAW,
    EITHER,
    LAST,
    OVER,
    PLACE,
    Counter,
    DrawPile,
    FaceUp,
    Let,
    Remove,
    Stop,
    TakeBack,
)


def c(text: str) -> object:
    return parse_card(text)


def match(players: tuple[str, ...] = ("Ana", "Bea"), options: object = None,
          up: tuple[str, ...] = ("5D", "QD")) -> Match:
    m = Match.new(list(players), "sums", options)
    for seat, text in enumerate(up):
        m.record(FaceUp(seat, c(text)))
    return m


def said(reason: Reason) -> tuple[str, dict[str, object]]:
    """What a reason says, as the app gets it: its code and parameters."""
    return reason.code, dict(reason.params)


def refused(m: Match, event: Event) -> tuple[str, dict[str, object]]:
    """Why the table refuses ``event`` (and it is not recorded)."""
    with pytest.raises(Refused) as info:
        m.record(event)
    return said(info.value.reason)


# -- the deal ---------------------------------------------------------------------------------

def test_the_deal_sets_hands_piles_and_face_up_cards() -> None:
    m = Match.new(["Ana", "Bea", "Cid"], "sums")
    t = m.table
    assert (t.phase, t.current, t.hands, t.piles) == (DEAL, 0, [5, 5, 5], [17, 17])
    assert refused(m, DrawPile(0, 0)) == ("sums_deal_first", {"players": ["Ana", "Bea", "Cid"]})
    m.record(FaceUp(0, c("7H")))
    assert t.current == 1
    assert refused(m, FaceUp(1, c("7H"))) == ("sums_seen", {"card": "7H"})
    assert refused(m, FaceUp(0, c("8H"))) == ("sums_dealt", {"player": "Ana"})
    m.record(FaceUp(1, c("8H")))
    m.record(FaceUp(2, c("9H")))
    assert (t.phase, t.current) == (tb.DRAW, 0)
    assert refused(m, FaceUp(2, c("10H"))) == ("sums_dealt_all", {})


def test_piles_follow_the_pack_the_players_and_the_options() -> None:
    assert Match.new(["A", "B", "C", "D"], "sums").table.piles == [18, 18]  # 3 in hand each
    assert Match.new(["A", "B"], "sums", {"piles": 3}).table.piles == [13, 13, 14]
    assert Match.new(list("ABCDE"), "sums").table.piles == [37, 37]  # two packs


# -- a turn, a removal, a counter --------------------------------------------------------------

def test_a_turn_is_a_draw_then_a_card_placed() -> None:
    m = match()
    t = m.table
    assert refused(m, Play(0, c("2C"))) == ("sums_draw_first", {"player": "Ana"})
    assert refused(m, DrawPile(1, 0)) == ("not_turn", {"player": "Bea", "turn": "Ana"})
    m.record(DrawPile(0, 1))
    assert (t.phase, t.piles, t.hands) == (PLACE, [20, 19], [6, 5])
    assert refused(m, DrawPile(0, 0)) == ("sums_drawn", {"player": "Ana"})
    assert refused(m, Play(0, None)) == ("sums_card_needed", {"player": "Ana"})
    m.record(Play(0, c("2C")))
    assert (t.phase, t.current, t.in_play[0], t.hands) == (tb.DRAW, 1, [c("5D"), c("2C")], [5, 5])


def test_the_worked_example_removal_and_counter() -> None:
    """7 of hearts + Ana's 5 of diamonds = 12: takes Bea's queen of diamonds at once, play
    goes on; Bea says she counters, with the 5 of hearts (her queen - 5 = 7): her queen comes
    back and Bea removes Ana's 7."""
    m = match()
    t = m.table
    m.record(DrawPile(0, 0))
    (target,) = t.reach(0, c("7H"))
    assert said(target.reason) == (
        "sums_sum", {"played": "7H", "owner": "Bea", "target": "QD", "helper": "5D", "total": 12,
                     "player": "Ana"})
    m.record(Play(0, c("7H")))
    # Removed at once; Bea's turn; Bea may still counter until the next event.
    assert (t.phase, t.current, t.captured) == (DRAW, 1, [[c("QD")], []])
    assert t.counterable == t.window.attack and t.counterable.target == c("QD")
    assert [str(x.played) for x in t.counters()] == ["5H"]  # 5D is face up already
    assert said(t.counters()[0].reason) == (
        "sums_diff_back",
        {"played": "5H", "owner": "Ana", "target": "7H", "helper": "QD", "total": 7,
         "player": "Bea"})
    assert refused(m, Counter(1, c("3H"))) == (
        "sums_no_counter", {"card": "3H", "attacker": "Ana", "played": "7H"})
    assert refused(m, Counter(0, c("5H"))) == (
        "sums_not_owner", {"player": "Ana", "owner": "Bea", "attacker": "Ana", "played": "7H"})
    m.record(Counter(1, c("5H")))
    # Bea's counter took Ana's 7H (settled at once); Ana may counter it back with her 5D or
    # her 7H (still on the table then) as the helper.
    assert t.in_play == [[c("5D")], [c("QD"), c("5H")]]
    assert t.captured == [[], [c("7H")]]
    assert t.removals == [(1, 0, c("7H"))]
    assert t.window.attack.played == c("5H") and t.window.attack.owner == 0
    assert [str(x.played) for x in t.counters()] == ["2H", "10H", "QH", "2D", "10D"]
    # Bea's counter was her next turn: Ana plays again.
    assert (t.phase, t.current, t.skips) == (tb.DRAW, 0, [0, 0])
    assert t.scores() == [1, 4]
    m.record(DrawPile(0, 0))  # the next event: too late to counter
    assert t.window is None and t.counterable is None and t.counters() == []
    assert refused(m, Counter(0, c("10H"))) == ("sums_nothing_to_counter", {})


def test_no_answer_is_needed_play_goes_on() -> None:
    m = match()
    t = m.table
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))
    assert t.captured == [[c("QD")], []]
    assert (t.phase, t.current) == (tb.DRAW, 1)
    m.record(DrawPile(1, 0))
    assert t.window is None and [e.kind for e in m.legal_events()] == ["play"]


def test_a_counter_answers_the_attack_as_when_play_waited() -> None:
    """A counter in the window gives what the answer gave when play waited for it: the
    attacked card back, the attacking card taken, a counter-counter taking the counter."""
    m = match(("Ana", "Bea", "Cid"), up=("5D", "QD", "3S"))
    t = m.table
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))  # takes Bea's QD; Bea's turn
    m.record(Counter(1, c("5H")))  # QD - 5H = 7: takes Ana's 7H; Bea's next turn is used
    assert (t.current, t.captured) == (2, [[], [c("7H")], []])
    m.record(Counter(0, c("10H")))  # 10H - 5D = 5: takes Bea's 5H; so is Ana's
    assert t.in_play == [[c("5D"), c("7H"), c("10H")], [c("QD")], [c("3S")]]
    assert t.captured == [[c("5H")], [], []]
    assert t.skips == [1, 0, 0] and (t.phase, t.current) == (DRAW, 2)
    assert t.hands == [4, 4, 5]


def test_saying_no_counter_changes_nothing() -> None:
    m = match()
    t = m.table
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))
    before = (t.phase, t.current, t.captured, t.hands)
    m.record(Let(1))
    assert (t.phase, t.current, t.captured, t.hands) == before and t.window is None


def test_no_question_when_no_unseen_card_could_counter() -> None:
    # Bea's QD attacked by 7H: only a red 5 counters (QD - 5); both are seen.
    m = match(("Ana", "Bea", "Cid"), up=("5D", "QD", "5H"))
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))
    t = m.table
    assert t.captured[0] == [c("QD")]
    assert (t.phase, t.current) == (tb.DRAW, 1)
    assert t.window is None and t.counterable is None
    assert "sums_counter" not in [e.kind for e in m.legal_events()]
    assert refused(m, Counter(1, c("5H"))) == ("sums_nothing_to_counter", {})


def test_no_question_when_the_owner_holds_no_card() -> None:
    m = match(options={"draw_or_play": True, "hand_size": 1})
    t = m.table
    m.record(DrawPile(0, 0))  # Ana draws (a draw or a card each turn)
    m.record(Play(1, c("3C")))  # Bea places her only card
    m.record(Play(0, c("7H")))  # 7H + 5D = 12 takes Bea's QD; Bea holds nothing
    assert t.captured[0] == [c("QD")] and t.hands[1] == 0 and t.window is None

def test_several_targets_the_player_picks_one() -> None:
    m = match(("Ana", "Bea", "Cid"), up=("5D", "QD", "2H"))
    t = m.table
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))  # 7 + 5 = 12 (Bea's QD), 7 - 5 = 2 (Cid's 2H)
    assert t.phase == tb.TARGET
    assert [(x.owner, str(x.card), x.reason.code) for x in t.choices] == [
        (1, "QD", "sums_sum"), (2, "2H", "sums_diff")]
    assert refused(m, Play(1, c("3S"))) == ("sums_pick", {"player": "Ana"})
    assert refused(m, Remove(0, 1, c("5D"))) == (
        "sums_not_target", {"owner": "Bea", "card": "5D", "played": "7H"})
    m.record(Remove(0, 2, c("2H")))
    assert t.captured[0] == [c("2H")] and (t.phase, t.current) == (DRAW, 1)
    assert t.window.attack.owner == 2  # Cid may counter (his 2H + 5H = 7)


def test_the_ace_and_king_rules_in_words() -> None:
    m = match(up=("5D", "AD"))
    assert said(m.table.reach(0, c("QH"))[0].reason) == (
        "sums_ace", {"played": "QH", "owner": "Bea", "target": "AD"})
    m = match(up=("5D", "KH"))
    assert said(m.table.reach(0, c("2D"))[0].reason) == (
        "sums_king", {"played": "2D", "owner": "Bea", "target": "KH"})
    m = match(up=("9D", "2H"))
    assert said(m.table.reach(0, c("7H"))[0].reason) == (
        "sums_diff_back",
        {"played": "7H", "owner": "Bea", "target": "2H", "helper": "9D", "total": 2,
         "player": "Ana"})


def test_a_removed_card_cannot_be_entered_again_with_one_pack() -> None:
    m = match()
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))
    m.record(DrawPile(1, 0))
    assert refused(m, Play(1, c("QD"))) == ("sums_seen", {"card": "QD"})
    assert not m.table.available(c("QD"))


def test_two_packs_allow_two_copies() -> None:
    m = match(("A", "B", "C", "D", "E"), up=("5D", "5D", "3S", "4S", "6S"))
    m.record(DrawPile(0, 0))
    assert refused(m, Play(0, c("5D"))) == ("sums_seen_all", {"card": "5D", "copies": 2})


# -- the end --------------------------------------------------------------------------------------

def small() -> Match:
    """Two players with 22 cards each, piles of 3 and 3, after three turns that take nothing
    and empty the first pile (Ana AS 4S, Bea 10C): Bea is to play."""
    m = match(options={"hand_size": 22})
    assert m.table.piles == [3, 3]
    for seat, text in ((0, "AS"), (1, "10C"), (0, "4S")):
        m.record(DrawPile(seat, 0))
        m.record(Play(seat, c(text)))
    assert m.table.captured == [[], []]
    return m


def test_an_empty_pile_at_the_start_of_a_turn_runs_the_last_play() -> None:
    m = small()
    t = m.table
    assert (t.phase, t.current, t.last_pile) == (LAST, 1, 0)
    assert refused(m, DrawPile(1, 1)) == ("sums_last", {"player": "Bea"})
    m.record(Play(1, c("4C")))
    assert t.phase == OVER
    assert refused(m, Play(0, c("6C"))) == ("match_over", {})


def test_the_last_player_may_stop() -> None:
    m = small()
    m.record(Stop(1))
    assert m.table.over


def test_the_last_card_removes_and_no_one_is_asked_to_counter() -> None:
    m = small()
    t = m.table
    m.record(Play(1, c("7H")))  # Bea's QD - 7H = 5: takes Ana's 5D (2H would counter it)
    assert t.over and t.chain == [] and m.legal_events() == []
    assert t.captured == [[], [c("5D")]]
    assert t.winners == [1]


def emptied(players: int) -> Match:
    """Ana (5D up), Bea (QD) and maybe Cy (2S) take turns that take nothing; then Ana draws
    the last card of pile 0 and places 7H, which attacks Bea's QD (7H + 5D = 12)."""
    names = ("Ana", "Bea", "Cy")[:players]
    m = match(names, {"hand_size": 22 if players == 2 else 14}, ("5D", "QD", "2S")[:players])
    assert m.table.piles[0] == 3
    turns = [(0, 0, "AS"), (1, 0, "10C"), (2, 1, "4S")][:players] + [(0, 0, "7H")]
    for seat, pile, text in turns:
        m.record(DrawPile(seat, pile))
        m.record(Play(seat, c(text)))
    return m


@pytest.mark.parametrize("players", [2, 3])
def test_a_counter_once_a_pile_is_empty_stands_and_ends_the_game(players: int) -> None:
    m = emptied(players)
    t = m.table
    # Bea's QD is taken at once; Bea, next, places a last card, or counters first.
    assert t.piles[0] == 0 and (t.phase, t.current) == (LAST, 1)
    assert t.captured[0] == [c("QD")] and t.window.attack.owner == 1
    m.record(Counter(1, c("5H")))  # QD - 5H = 7: takes Ana's 7H; Ana's 10H could take it back
    assert t.over and t.chain == []
    assert t.captured[:2] == [[], [c("7H")]]
    assert t.in_play[1][0] == c("QD") and t.in_play[1][-1] == c("5H")


@pytest.mark.parametrize("players", [2, 3])
def test_an_attack_let_go_once_a_pile_is_empty_leaves_one_last_card(players: int) -> None:
    m = emptied(players)
    t = m.table
    assert t.captured[0] == [c("QD")] and (t.phase, t.current) == (LAST, 1)
    m.record(Play(1, c("8C")))  # not a counter: the last card
    assert t.over and t.in_play[1][-1] == c("8C")


def test_a_last_card_that_could_counter_follows_a_no_counter() -> None:
    """The owner's own last card, able to counter, is a counter unless "no counter" comes
    first (as a match recorded when play waited for the answer reads)."""
    m = emptied(2)
    m.record(Play(1, c("5H")))
    assert m.table.captured == [[], [c("7H")]]  # a counter: QD back, 7H taken
    m = emptied(2)
    m.record(Let(1))
    m.record(Play(1, c("5H")))  # the last card: with QD gone it takes nothing
    assert m.table.captured == [[c("QD")], []] and m.table.over


def test_standings_highest_score_then_more_removed_then_shared() -> None:
    m = match()
    t = m.table
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))  # Ana: 5D 7H + QD removed = 4; Bea: 0
    places = t.standings()
    assert [(p.rank, p.seats) for p in places] == [(1, (0,)), (2, (1,))]
    assert said(places[0].reason) == (
        "sums_first", {"players": ["Ana"], "points": 4, "in_play": 2, "removed": 2})
    assert said(places[1].reason) == (
        "sums_behind", {"players": ["Bea"], "points": 0, "in_play": 0, "removed": 0, "behind": 4})
    assert t.breakdown(0) == (2, 2)


def test_a_tie_on_points_goes_to_more_removed_cards() -> None:
    t = match().table  # an arranged tie: equal points, Bea removed more
    t.in_play = [[c("KH")], [c("2S")]]
    t.captured = [[], [c("3S"), c("4S")]]
    assert t.scores() == [3, 3]
    first, second = t.standings()
    assert first.seats == (1,) and second.seats == (0,)
    assert said(first.reason) == (
        "sums_first_cards",
        {"players": ["Bea"], "points": 3, "others": ["Ana"], "cards": 2, "other_cards": 0})
    assert said(second.reason) == (
        "sums_behind_cards",
        {"players": ["Ana"], "points": 3, "others": ["Bea"], "cards": 0, "other_cards": 2})
    t.captured = [[c("3S")], [c("4S")]]
    t.in_play = [[c("KH")], [c("AS")]]
    (shared,) = t.standings()
    assert shared.seats == (0, 1)
    assert said(shared.reason) == (
        "sums_tied", {"players": ["Ana", "Bea"], "points": 4, "cards": 1})


# -- variants ------------------------------------------------------------------------------------

def test_take_back_variant() -> None:
    m = match(options={"take_back": True, "hand_size": 3})
    t = m.table
    m.record(DrawPile(0, 0))
    assert refused(m, TakeBack(0, c("QD"))) == ("sums_not_up", {"card": "QD", "player": "Ana"})
    m.record(TakeBack(0, c("5D")))
    assert (t.in_play[0], t.hands[0], t.current) == ([], 5, 1)
    assert t.available(c("5D"))
    m.record(DrawPile(1, 0))
    m.record(Play(1, c("2C")))
    m.record(DrawPile(0, 0))
    assert refused(m, TakeBack(0, c("5D"))) == ("sums_hand_full", {})


def test_take_back_is_off_by_default() -> None:
    m = match()
    m.record(DrawPile(0, 0))
    assert refused(m, TakeBack(0, c("5D"))) == ("sums_no_take_back", {})


def test_draw_or_play_variant() -> None:
    m = match(options={"draw_or_play": True})
    t = m.table
    assert t.phase == EITHER
    m.record(DrawPile(0, 0))
    assert (t.current, t.hands) == (1, [6, 5])
    m.record(Play(1, c("2C")))
    assert (t.current, t.hands) == (0, [6, 4])
    assert refused(m, Remove(0, 1, c("2C"))) == ("sums_draw_or_play", {"player": "Ana"})


# -- the match ------------------------------------------------------------------------------------

def test_undo_and_saved_events_replay() -> None:
    m = match()
    m.record(DrawPile(0, 0))
    m.record(Play(0, c("7H")))
    m.record(Counter(1, c("5H")))
    saved = m.to_dict()
    again = Match.from_dict(saved)
    assert again.table.in_play == m.table.in_play
    assert again.table.current == 0
    assert [e.kind for e in again.events] == [
        "sums_up", "sums_up", "sums_draw", "play", "sums_counter"]
    m.undo()
    assert (m.table.phase, m.table.current, m.table.window.attack.owner) == (DRAW, 1, 1)
    m.undo()
    m.undo()
    assert (m.table.phase, m.table.piles) == (tb.DRAW, [20, 20])


def test_legal_events_agree_with_the_check() -> None:
    m = match()
    assert [e.kind for e in m.legal_events()] == ["sums_draw", "sums_draw"]
    m.record(DrawPile(0, 0))
    assert [e.kind for e in m.legal_events()] == ["play"]
    m.record(Play(0, c("7H")))
    assert [e.kind for e in m.legal_events()] == ["sums_draw", "sums_draw", "sums_counter"]


def test_a_match_recorded_when_play_waited_for_the_answer_replays() -> None:
    """Older matches answered every possible counter: a "no counter" or the counter card
    placed by the owner, right after the attack. They load and derive the same."""
    m = match()
    for event in (DrawPile(0, 0), Play(0, c("7H")), Play(1, c("5H")), Let(0),
                  DrawPile(0, 0), Play(0, c("2C"))):
        m.record(event)
    t = Match.from_dict(m.to_dict()).table
    assert t.captured == [[], [c("7H")]] and t.in_play[0] == [c("5D"), c("2C")]
    assert (t.phase, t.current) == (DRAW, 1)


# -- the referee in the app, headless -------------------------------------------

class FakeStore:
    def __init__(self) -> None:
        self.events: list[dict[str, object]] = []
        self.summary: dict[str, object] = {}

    def append_event(self, _mid: str, event: dict[str, object], at: int = 0) -> None:
        self.events.append(event)

    def pop_event(self, _mid: str, at: int = 0) -> None:
        self.events.pop()

    def update_summary(self, _mid: str, summary: dict[str, object]) -> None:
        self.summary = dict(summary)

    def current_match_id(self) -> str:
        return "m"

    def set_current_match(self, _mid: object) -> None:
        pass

    def people(self) -> dict[str, object]:
        return {}


class FakeShell:
    def __init__(self) -> None:
        from app.i18n import Translator

        self.t = Translator("en")
        self.store = FakeStore()
        self.route = ""
        self.toasts: list[str] = []

    def toast(self, text: str) -> None:
        self.toasts.append(text)

    def announce(self, match_id: str) -> None:
        pass

    def refresh(self) -> None:
        pass

    def go(self, route: str) -> None:
        self.route = route


def test_the_referee_turns_taps_into_saved_events_and_shows_the_reasons() -> None:
    from app.tables.sums import Referee
    from views.common import find

    shell = FakeShell()
    ref = Referee(shell, "m", Match.new(["Ana", "Bea"], "sums", {"hand_size": 22}))
    ref._tap_card("5D")
    ref._tap_card("QD")
    ref._act("draw-0")
    ref._tap_card("5D")
    assert shell.toasts == ["5♦ is already face up or removed"]
    ref._tap_card("7H")
    # Play goes on (Bea draws); Bea may say she counters.
    data = ref._table_data()
    assert data.prompt == "Bea draws" and data.draw
    assert data.notes == ("Last removal: Ana removed Bea's Q♦",
                          "7♥ + Ana's 5♦ = 12: takes Bea's Q♦",
                          "Bea may still counter, until the next move.")
    assert [(a.key, a.label) for a in data.actions] == [("counter", "Bea counters")]
    view = ref._table_view()
    assert find(view, "act-counter") is not None and find(view, "pile-0") is not None
    # Bea counters: the one card that would (5D is face up), with its sum, then "no counter".
    ref._act("counter")
    data = ref._table_data()
    assert data.prompt == "Bea counters Ana's 7♥" and not data.draw and data.grid is None
    assert [(x.key, x.card, x.label) for x in data.choices] == [
        ("counter-5H", "5H", "Q♦ - 5♥ = 7")]
    assert find(ref._table_view(), "counter-5H") is not None
    ref._act("cancel")
    assert ref._table_data().prompt == "Bea draws"
    ref._act("counter")
    ref._act("counter-5H")
    data = ref._table_data()
    assert data.prompt == "Ana draws" and data.undo == "Undo: Bea countered with 5♥"
    assert data.notes[:2] == ("Last removal: Bea removed Ana's 7♥",
                              "Bea's Q♦ - 5♥ = 7: takes Ana's 7♥")
    ref.undo()
    assert ref._table_data().prompt == "Bea draws" and not ref.countering
    assert [e["kind"] for e in shell.store.events] == ["sums_up", "sums_up", "sums_draw", "play"]
    for text in ("10C", "AS"):
        ref._act("draw-0")
        ref._tap_card(text)
    assert ref._table_data().prompt == "Bea places a last card"
    ref._act("stop")
    assert shell.route == "/match/m/score"
    assert shell.store.summary == {"status": "finished", "round": 1, "mode": None,
                                   "totals": [7, 1], "winners": ["Ana"], "rounds": [[7, 1]]}
    assert [e["kind"] for e in shell.store.events] == [
        "sums_up", "sums_up", "sums_draw", "play", "sums_draw", "play", "sums_draw", "play",
        "sums_stop"]  # no "no counter" tap
    score = ref._score_data()
    assert score.headline == "Ana wins the match!"
    assert score.places[0].reason == "Ana: 7 points (5 in play + 2 removed)"
    assert find(ref._score_view(), "breakdown-0").value == "5 in play + 2 removed = 7 points"
    assert shell.toasts == ["5♦ is already face up or removed"]
    ref.undo()
    assert shell.store.summary["status"] == "playing"
    assert ref._table_data().undo == "Undo: Ana placed A♠"


def test_a_joker_is_refused_in_every_place_a_card_is_entered() -> None:
    m = Match.new(["Ana", "Bea"], "sums")
    joker = parse_card("JK")
    assert m.why_not(FaceUp(0, joker)).code == "sums_joker"
    m.record(FaceUp(0, card(0)))
    m.record(FaceUp(1, card(1)))
    while m.table.phase not in (PLACE, EITHER):
        m.record(m.legal_events()[0])
    seat = m.table.current
    with pytest.raises(Refused) as refused:
        m.record(Play(seat, joker))
    assert said(refused.value.reason) == ("sums_joker", {})


def asked_at_once() -> Match:
    """A seeded 3-player game (one card in hand, eight piles) played on the engine and
    recorded at the table, up to an attack whose settling would end the game: Ana's 4♣ is
    placed once a pile ran out, and the next player holds no card."""
    import random

    from models.games import sums
    from models.games.sums import COUNTERING
    from tests.test_agree_sums import event_of

    options = {"hand_size": 1, "piles": 8}
    state = sums.new_game(3, 413, options)
    rng = random.Random(413)
    m = Match.new(["Ana", "Bea", "Cid"], "sums", options)
    t = m.table
    for seat in range(3):
        m.record(FaceUp(seat, card(state.in_play[seat][0])))
    while t.phase != COUNTER:
        action = rng.choice(state.legal_actions())
        event = event_of(state, action)
        if state.phase != COUNTERING or isinstance(event, Counter):
            if isinstance(event, Play) and t.counter_play(event):
                m.record(Let(t.current))
            m.record(event)
        state.apply(action)
    return m


def test_an_attack_whose_settling_ends_the_game_is_asked_at_once() -> None:
    m = asked_at_once()
    t = m.table
    a = t.attack
    assert (a.attacker, str(a.played)) == (0, "4C") and t.current == a.owner
    assert t.counterable == a and t.window is None and t.counters()
    assert not t.captured[0] or t.captured[0][-1] != a.target  # not removed yet
    assert {e.kind for e in m.legal_events()} == {"play", "sums_let", "sums_counter"}
    m.record(Let(a.owner))  # no counter: the attacked card goes, and the game ends
    assert t.over and t.captured[0][-1] == a.target
    m = asked_at_once()
    t = m.table
    m.record(Counter(a.owner, t.counters()[0].played))  # a counter: it stands, the game ends
    assert t.over and t.captured[a.owner][-1] == a.played


def test_the_owners_own_card_after_an_attack_is_not_read_as_a_counter() -> None:
    """Bea, attacked and next to play, places her last card on the grid: the referee records
    "no counter" with it, so a card that could counter is her own last card."""
    from app.tables.sums import Referee

    shell = FakeShell()
    ref = Referee(shell, "m", Match.new(["Ana", "Bea"], "sums", {"hand_size": 22}))
    for text in ("5D", "QD"):
        ref._tap_card(text)
    for text in ("AS", "10C", "7H"):  # the third draw empties pile 1; 7H takes Bea's QD
        ref._act("draw-0")
        ref._tap_card(text)
    data = ref._table_data()
    assert data.prompt == "Bea places a last card"
    assert [a.key for a in data.actions] == ["counter", "stop"]
    ref._tap_card("5H")  # it could counter (QD - 5H = 7), but Bea did not say so
    assert [e["kind"] for e in shell.store.events][-2:] == ["sums_let", "play"]
    assert ref.over and ref.match.table.captured == [[c("QD")], []]
