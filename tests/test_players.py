"""The Players screen: whole wins (ties said plainly), and 'lower is better' only where it is."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from app import records
from app.i18n import Translator
from app.newmatch import NewMatchForm
from app.storage import Store
from views.stats import stats_view

t = Translator("en")


def finished(store: Store, game: str, players: list[str], winners: list[str]) -> None:
    match_id = records.create_match(store, NewMatchForm(game=game, players=players))
    store.update_summary(match_id, {"status": "finished", "round": 2, "winners": winners,
                                    "rounds": [[1] * len(players), [2] * len(players)]})


def find(control: Any, key: str) -> Any:
    if getattr(control, "key", None) == key:
        return control
    for name in ("controls", "content", "rows", "cells"):
        child = getattr(control, name, None)
        for c in child if isinstance(child, list) else [child] if child is not None else []:
            if (hit := find(c, key)) is not None:
                return hit
    return None


def test_a_win_shared_on_a_tie_is_a_whole_win_said_as_shared(tmp_path: Path) -> None:
    store = Store(tmp_path)
    finished(store, "forty_one", ["Ana", "Bea"], ["Ana", "Bea"])
    finished(store, "forty_one", ["Ana", "Bea"], ["Ana"])
    rows = {r.name: r for r in records.player_stats(store, "forty_one")}
    assert (rows["Ana"].wins, rows["Ana"].shared, rows["Ana"].win_rate) == (2, 1, 1.0)
    assert (rows["Bea"].wins, rows["Bea"].shared, rows["Bea"].win_rate) == (1, 1, 0.5)
    view = stats_view(t, games=[("forty_one", "41")], game="forty_one",
                      rows=list(rows.values()), lower_is_better=False,
                      on_game=print, on_back=print)
    shown = [find(view, f"wins-{i}").value for i in range(2)]
    assert shown == ["2 (100%)\n1 shared", "1 (50%)\n1 shared"]
    assert find(view, "stats-note").value == "Round points: higher is better in 41."
    assert "." not in str(rows["Ana"].wins)


def test_lower_is_better_is_said_for_kartu_sama_only() -> None:
    kartu = stats_view(t, games=[("kartu_sama", "Kartu Sama")], game="kartu_sama",
                       rows=[records.PlayerStats("Ana", 1, 1, 0, 1.0, 2, 3.0, 1, 5)],
                       lower_is_better=True, on_game=print, on_back=print)
    assert "lower is better" in find(kartu, "stats-note").value
    samba = stats_view(t, games=[("samba", "Samba")], game="samba",
                       rows=[records.PlayerStats("Ana", 1, 1, 0, 1.0, 2, 3.0, 5, 1)],
                       lower_is_better=False, on_game=print, on_back=print)
    assert "higher is better in Samba" in find(samba, "stats-note").value
    assert find(samba, "wins-0").value == "1 (100%)"


def test_person_sheet_renames_merges_colours_and_deletes() -> None:
    from views.stats import person_sheet

    calls: list[tuple[str, object]] = []
    typed = ["Annie"]
    sheet = person_sheet(t, name="Annie", colour=2, palette=["#E53935"] * 10, others=["Ana"],
                         typed="Annie", on_type=lambda n: typed.append(n),
                         on_rename=lambda: calls.append(("rename", typed[-1])),
                         on_merge=lambda n: calls.append(("merge", n)),
                         on_colour=lambda i: calls.append(("colour", i)),
                         on_delete=lambda: calls.append(("delete", None)))
    field = find(sheet, "person-field")
    assert field.value == "Annie"
    field.on_change(SimpleNamespace(control=SimpleNamespace(value="Anne")))
    for key in ("person-rename", "merge-0", "colour-4", "person-delete"):
        find(sheet, key).on_click(None)
    assert calls == [("rename", "Anne"), ("merge", "Ana"), ("colour", 4), ("delete", None)]
    field.on_submit(SimpleNamespace(control=SimpleNamespace(value="Anny")))  # Enter: the same
    assert calls[-1] == ("rename", "Anny")
    assert find(sheet, "colour-2").selected and not find(sheet, "colour-4").selected
    for i in range(10):  # every swatch is a labelled 48 x 48 target
        swatch = find(sheet, f"colour-{i}")
        assert swatch.icon.semantics_label == f"Colour {i + 1}"
        assert swatch.width == swatch.height == 48


def test_the_scoreboard_shows_each_player_colour_beside_the_place() -> None:
    from views.scoreboard import ScoreData, Standing, standings

    data = ScoreData(route="/match/x/score", title="Kartu Sama", headline="After round 1",
                     names=("Ana", "Bea"), rounds=(("3", "9"),), totals=("3", "9"),
                     places=(Standing(1, "Bea", "9", ""), Standing(2, "Ana", "3", "")),
                     round_notes=(), series=((3,), (9,)), next_dealer="", finished=False,
                     playing=False, colours=("#43A047", "#E53935"))
    shown = standings(t, data)
    rows = [find(c, "place-0") or find(c, "place-1") for c in shown]
    first = next(r for r in rows if r is not None and r.key == "place-0")
    assert first.leading.controls[0].controls[0].bgcolor == "#E53935"  # Bea's colour on Bea's place
