"""Every screen of the app, built by the real shell on a stand-in page (no browser), checked
for what a screen reader and a finger need: every icon-only button, switch, slider and card
has a name on its own node, and every tappable control whose size is set is at least
48 x 48 px.

A name as Flutter gives it to a screen reader (seen in Chromium's accessibility tree): an
icon button's tooltip names a wrapper around the button, which is then heard as "button";
its icon's ``semantics_label`` names the button itself. A switch is named by its ``label``
or by a ``Semantics`` label merged into it (``MergeSemantics``); a text beside it is not its
name.

The screens: home, settings, players, rules, history, the new match of each game (and on the
device), the import and camera screens, the rule lab, each game's referee screens through a
seeded match, the scoreboard's share screen, and each game played on the device."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from tests import fingerprints
from tests.fakes import FakePage

TARGET = 48
GAMES = ("kartu_sama", "forty_one", "samba", "sums")
SUBS = ("", "score", "hands", "result")
# Problems in screens being rebuilt by other work in progress (hand entry, table, device
# play, Sums, scoreboard, charts, lab): listed so that this test guards everything else now;
# the list empties as they are fixed, and a problem not listed fails the test.
KNOWN: set[str] = set()  # offenders known and not yet fixed (none)




def controls_in(root: Any) -> list[Any]:
    """``root`` and every control under it, whatever field holds them."""
    out, stack, seen = [], [root], set()
    while stack:
        c = stack.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        out.append(c)
        for f in dataclasses.fields(c):
            if f.name.startswith("_") or f.name in ("parent", "page"):
                continue
            v = getattr(c, f.name, None)
            if isinstance(v, ft.BaseControl):
                stack.append(v)
            elif isinstance(v, list):
                stack.extend(x for x in v if isinstance(x, ft.BaseControl))
    return out


def _tip(c: Any) -> str:
    tip = getattr(c, "tooltip", None)
    return str(tip.message if isinstance(tip, ft.Tooltip) else tip or "")


def _label(c: Any) -> str:
    """The name a control's own node has: its icon's label (a button's icon given as an
    ``ft.Icon``), its own ``semantics_label``, or, for a control that is not a button of
    its own, its tooltip."""
    icon = getattr(c, "icon", None)
    if isinstance(icon, ft.Icon) and icon.semantics_label:
        return str(icon.semantics_label)
    if getattr(c, "semantics_label", None):
        return str(c.semantics_label)
    if isinstance(c, ft.IconButton | ft.PopupMenuButton):
        return ""  # a tooltip names a wrapper, not the button
    return _tip(c)


def _has_words(c: Any) -> bool:
    """Whether a control shows words of its own (then they name it)."""
    content = getattr(c, "content", None)
    if isinstance(content, str):
        return bool(content.strip())
    return any(isinstance(x, ft.Text) and ((x.value or "").strip() or x.semantics_label
                                           or any(s.text.strip() for s in x.spans or []))
               or isinstance(x, ft.Icon) and x.semantics_label for x in
               (controls_in(content) if isinstance(content, ft.BaseControl) else []))


def _name(c: Any) -> str:
    return f"{type(c).__name__}({c.key or _label(c) or _tip(c) or getattr(c, 'content', '')!s:.30})"


def _merged_labels(root: Any) -> set[int]:
    """The controls under a ``MergeSemantics`` that also holds a ``Semantics`` label: named
    by it."""
    named: set[int] = set()
    for c in controls_in(root):
        if isinstance(c, ft.MergeSemantics) and any(
                isinstance(x, ft.Semantics) and x.label for x in controls_in(c)):
            named |= {id(x) for x in controls_in(c)}
    return named


def problems(root: Any) -> list[str]:
    """What a screen reader or a finger would miss on this screen."""
    found = []
    merged = _merged_labels(root)
    for c in controls_in(root):
        taps = any(getattr(c, h, None) for h in ("on_click", "on_tap", "on_select"))
        icon_only = isinstance(c, ft.IconButton | ft.PopupMenuButton) or (
            taps and isinstance(c, ft.Container) and not _has_words(c)) or (
            isinstance(c, ft.FloatingActionButton | ft.TextButton | ft.FilledButton
                       | ft.OutlinedButton | ft.FilledTonalButton | ft.Button)
            and getattr(c, "icon", None) and not _has_words(c))
        if icon_only and not _label(c) and id(c) not in merged:
            found.append(f"{_name(c)}: no label")
        if isinstance(c, ft.Switch | ft.Slider | ft.Checkbox) and not getattr(
                c, "label", None) and id(c) not in merged:
            found.append(f"{_name(c)}: no label")
        if isinstance(c, ft.IconButton | ft.PopupMenuButton) and isinstance(
                c.tooltip, str) and c.tooltip:
            found.append(f"{_name(c)}: its tooltip is a second name around it")
        if taps or isinstance(c, ft.IconButton):
            for side in ("width", "height"):
                size = getattr(c, side, None)
                if isinstance(size, int | float) and size < TARGET:
                    found.append(f"{_name(c)}: {side} {size} < {TARGET}")
    return found


@pytest.fixture
def shell(tmp_path: Path) -> Any:
    from app.shell import Shell
    from app.storage import Store

    page = FakePage()
    s = Shell(page, Store(tmp_path / "data"))  # type: ignore[arg-type]
    page.shell = s
    return s


def screens(shell: Any) -> dict[str, Any]:
    """Every screen the shell builds, by a name that says where it is."""
    from app import matches
    from app.history import confirm_delete
    from app.newmatch import NewMatchForm
    from app.play import new_doc

    shown: dict[str, Any] = {}

    def visit(route: str, name: str = "") -> None:
        shell.page.dialogs.clear()
        shell.go(route)
        shown[name or route] = [*shell.page.views, *shell.page.dialogs]

    for game in GAMES:
        players = ["Ana", "Bea", "Cid", "Dan"]
        shell.new_match(players, game)
        shown[f"/new {game}"] = list(shell.page.views)
        draft = NewMatchForm(game=game, players=players)
        match_id = matches.create(shell.store, draft.setup())
        shell.forget()
        referee = shell.referees.get(match_id)
        rng = random.Random(1)
        for step in range(80):
            for sub in SUBS:
                try:
                    shown[f"/match {game} {sub or 'table'} {step % 8}"] = referee.view(sub)
                except Exception:  # noqa: BLE001 - a screen this moment of the match lacks
                    continue
            offered = referee.match.legal_events()
            filled = [e for e in (fingerprints._fill(referee.match, e, rng) for e in offered)
                      if e is not None]
            if not filled:
                break
            referee.record(rng.choice(filled))
        visit(f"/match/{match_id}/share", f"/share {game}")
        key = f"play-{game}"
        shell.store.save_game(key, new_doc(game, players, ["person", "simple", "person",
                                                           "strong"], {}, True, 0).to_dict())
        shell.play = None
        visit(f"/play/{key}", f"/play {game}")
    shell.setup.new_play()
    shell.setup.form.add("Ana", shell.t)
    shell.setup.form.add("Bea", shell.t)
    visit("/play/new")
    for route in ("/", "/settings", "/players", "/rules", "/history", "/import",
                  "/import/camera", "/lab"):
        visit(route)
    confirm_delete(shell, shell.store.list_matches()[0]["id"])
    shown["delete dialog"] = list(shell.page.dialogs)
    return shown


def test_every_icon_button_has_a_label_and_every_target_is_big_enough(shell: Any) -> None:
    shown = screens(shell)
    assert len(shown) > 60
    found = {f"{where.split()[0]}: {p}"
             for where, roots in shown.items()
             for root in (roots if isinstance(roots, list) else [roots])
             for p in problems(root)}
    assert sorted(found - KNOWN) == [], "\n".join(sorted(found - KNOWN))
    stale = KNOWN - found
    assert not stale, f"fixed: remove from KNOWN {sorted(stale)}"


def test_the_check_finds_an_unlabelled_icon_and_a_small_target() -> None:
    from views.common import icon_button, named_switch

    bad = ft.Column([ft.IconButton(ft.Icons.ADD, key="plus", on_click=print),
                     ft.IconButton(ft.Icons.ADD, key="tip", tooltip="More", on_click=print),
                     ft.TextButton("+5", width=56, height=32, on_click=print, key="five"),
                     ft.Container(ft.Icon(ft.Icons.CLOSE), on_click=print, key="x"),
                     ft.Row([ft.Text("Jokers"), ft.Switch(key="jokers")])])
    assert sorted(problems(bad)) == [
        "Container(x): no label", "IconButton(plus): no label",
        "IconButton(tip): its tooltip is a second name around it", "IconButton(tip): no label",
        "Switch(jokers): no label",
        "TextButton(five): height 32 < 48"]
    good = ft.Column([icon_button(ft.Icons.ADD, "More", on_click=print),
                      ft.TextButton("+5", width=48, height=48, on_click=print),
                      named_switch(ft.Switch(key="jokers"), "Jokers"),
                      ft.Switch(label="Vibrate")])
    assert problems(good) == []


def test_the_setup_and_samba_steppers_pass(shell: Any) -> None:
    from app.newmatch import NewMatchForm, setup_data
    from views.samba import Count, _stepper
    from views.setup import setup_view

    t = shell.t
    noop = {k: (lambda *a: None) for k in (
        "on_game", "on_mode", "on_add", "on_remove", "on_move", "on_dealer", "on_random_dealer",
        "on_option", "on_start", "on_back", "on_typed")}
    draft = NewMatchForm(game="sums", players=["Ana", "Bea", "Cid"])
    assert problems(setup_view(t, setup_data(draft, t), **noop)) == []
    count = Count("jokers", "Jokers", 3, 8)
    assert problems(_stepper(count, t, lambda k, d: None)) == []
