"""The rule lab controller: runs ``models.simulate`` off the UI thread (on every core where the
device can make processes, else here) with a progress bar, then shows what the options do (the
charts, and every figure with its margin of error in the words of ``app.lab_words``); compares a
variant with the usual (or kept) rules on the same seeds, game by game; saves the results as CSV
or as a picture."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import sys
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING

import flet as ft

from app.games import ENTRIES
from app.i18n import Translator, game_title, refusal
from app.lab_export import csv_text
from app.lab_picture import png
from app.lab_words import Sheet, Words
from app.options import choice, explained, label, visible
from models.errors import MejaError
from models.registry import GAMES, first
from models.report import Comparison, Report
from models.simulate import Spec, check, cores, simulate, simulate_pair
from views.lab import RESULTS, LabData, LabHandlers, lab_view
from views.setup import OptionRow

if TYPE_CHECKING:
    from app.window import Window

KINDS = ("random", "simple", "strong", "expert")
DEFAULT_KIND = "simple"  # quick and sensible: 500 Kartu Sama games in about a second


class Stopped(Exception):
    """The person stopped the run."""


def workers_for() -> int:
    """Processes for a run: every core, or one where the device makes none (a phone, a packaged
    app). A short run is played here all the same (``models.simulate.run`` tries first)."""
    if os.environ.get("FLET_PLATFORM") or getattr(sys, "frozen", False):
        return 1
    return cores()


class Lab:
    """What the rule lab is set to, and the run in progress."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.game = first()
        self.options: dict[str, object] = {}
        self.base: dict[str, object] | None = None  # kept rules to compare with (None: usual)
        self.players = 4
        self.games = 500
        self.kinds = [DEFAULT_KIND] * self.players
        self.running = False
        self.total = 0  # games the run in progress plays (both sides of a comparison)
        self.unseen = False  # a run's results not yet scrolled to
        self.done = 0
        self.result: Report | Comparison | None = None
        self.error = ""
        self._stop = threading.Event()
        self.picker = ft.FilePicker()  # a service: created once, kept referenced

    @property
    def t(self) -> Translator:
        return self.shell.t

    def view(self) -> ft.View:
        return lab_view(self.t, self.data(), LabHandlers(
            on_game=self._game, on_option=self._option, on_kind=self._kind,
            on_every=self._every, on_run=lambda: self._run(False),
            on_compare=lambda: self._run(True), on_keep=self._keep, on_stop=self._stop.set,
            on_back=lambda: self.shell.go("/"), on_csv=lambda: self._save("csv"),
            on_png=lambda: self._save("png"), on_results=self._laid_out,
        ))

    def _values(self, options: Mapping[str, object]) -> dict[str, object]:
        return dataclasses.asdict(GAMES[self.game].options(dict(options)))

    def _base(self) -> dict[str, object]:
        return self.base if self.base is not None else {}

    def _differs(self) -> bool:
        try:
            return self._values(self.options) != self._values(self._base())
        except MejaError:
            return False

    # -- what the screen shows ----------------------------------------------------------------
    def data(self) -> LabData:
        t, entry = self.t, GAMES[self.game]
        values = self._values(self.options) if not self._check() else {
            **self._values({}), **self.options}
        table = ENTRIES.get(self.game)
        rows = [
            OptionRow(s.key, s.kind, values[s.key], label(t, self.game, s.key),
                      explained(t, self.game, s.key), s.low, s.high, s.step,
                      tuple((c, choice(t, self.game, s.key, c)) for c in s.choices),
                      zero=t(f"setup.zero.{s.zero}") if s.zero else "")
            for s in visible(table.options if table else (), values)
        ]
        if table and table.modes:
            rows.insert(0, OptionRow("mode", "choice", values.get("mode"), t("setup.mode"), "",
                                     choices=tuple((m, t(f"mode.{m}")) for m in table.modes)))
        step = 10 if self.games < 100 else 100 if self.games < 2000 else 1000
        rows.append(OptionRow("games", "int", self.games, t("lab.games"), t("lab.games.help"),
                              10, 20000, step))
        players = OptionRow("players", "int", self.players, t("lab.count"),
                            t("lab.count.help"), entry.min_players, min(entry.max_players, 8))
        kept = self.base is not None
        differs = self._differs()
        compare = (t("lab.compare_kept") if kept else t("lab.compare")) if differs else ""
        note = "" if differs else t("lab.compare.same_kept" if kept else "lab.compare.same")
        total = max(1, self.total)
        status = t("lab.running", done=min(self.done, total), total=total) if self.running else ""
        data = LabData(
            games=tuple((k, game_title(t, k)) for k in GAMES), game=self.game,
            options=tuple(rows), players=players, kinds=tuple(self.kinds),
            levels=tuple((k, t(f"lab.level.{k}")) for k in KINDS),
            running=self.running, progress=self.done / total, status=status,
            error=self.error or self._check(),
            note=(t("lab.expert_slow") if "expert" in self.kinds
                  else t("lab.strong_slow") if "strong" in self.kinds else ""),
            compare=compare, compare_note=note,
        )
        if self.result is None or self.running:
            return data
        return self._shown(data, self.result)

    @property
    def words(self) -> Words:
        return Words(self.t)

    def _base_name(self) -> str:
        return self.t("lab.kept") if self.base is not None else self.t("lab.usual")

    def _shown(self, data: LabData, result: Report | Comparison) -> LabData:
        """``data`` with the results: the sentences, the charts, the figures in words."""
        t = self.t
        keep = (t("lab.unkeep") if self.base is not None and not self._differs()
                else t("lab.keep"))
        sheet = self.words.sheet(result, self._base_name())
        comparing = isinstance(result, Comparison)
        return dataclasses.replace(
            data, results=t("lab.results_compared") if comparing else t("lab.results"),
            summary=sheet.summary, groups=sheet.groups, rates=sheet.rates,
            histograms=sheet.histograms, keep=keep, unit=t("lab.percent", value=""),
            columns=(sheet.names[0], sheet.names[1]) if comparing else ("", ""))

    def _check(self) -> str:
        try:
            check(self._spec())
        except MejaError as error:
            return refusal(self.t, error)
        return ""

    def _spec(self, options: Mapping[str, object] | None = None) -> Spec:
        return Spec(self.game, self.players, dict(self.options if options is None else options),
                    tuple(self.kinds), seed=0)

    # -- changes ----------------------------------------------------------------------------
    def _changed(self) -> None:
        self.result = None
        self.shell.refresh()

    def _game(self, game: str) -> None:
        if self.running:  # a run plays the rules it was started with
            return
        entry = GAMES[game]
        self.game, self.options, self.base = game, {}, None
        self.players = max(entry.min_players, min(self.players, entry.max_players))
        self._resize()
        self._changed()

    def _option(self, key: str, value: object) -> None:
        if self.running:  # a run plays the rules it was started with
            return
        if key == "players":
            self.players = int(value)  # type: ignore[call-overload]
            self._resize()
        elif key == "games":
            self.games = int(value)  # type: ignore[call-overload]
        else:
            self.options[key] = value
        self._changed()

    def _resize(self) -> None:
        fill = self.kinds[-1] if self.kinds else DEFAULT_KIND
        self.kinds = (self.kinds + [fill] * self.players)[: self.players]

    def _kind(self, seat: int, kind: str) -> None:
        if self.running:  # a run plays the rules it was started with
            return
        if kind in KINDS and 0 <= seat < self.players:
            self.kinds[seat] = kind
            self._changed()

    def _every(self, kind: str) -> None:
        if self.running:  # a run plays the rules it was started with
            return
        if kind in KINDS:
            self.kinds = [kind] * self.players
            self._changed()

    def _keep(self) -> None:
        """Keep these rules as the base to compare with (again: back to the usual rules)."""
        if self.running:
            return
        self.base = None if self.base is not None and not self._differs() else dict(self.options)
        self.shell.refresh()

    def _run(self, pair: bool) -> None:
        if self.running or self._check() or (pair and not self._differs()):
            return
        self.running, self.done, self.result, self.error = True, 0, None, ""
        self.total = self.games * (2 if pair else 1)
        self._stop.clear()
        self.shell.refresh()
        self.shell.page.run_task(self._work, pair)

    async def _work(self, pair: bool) -> None:
        games, variant = self.games, self._spec()
        base = self._spec(self._base())
        workers = workers_for()

        def progress(done: int) -> None:
            self.done = done
            if self._stop.is_set():
                raise Stopped

        def run() -> Report | Comparison | None:
            try:
                if pair:
                    return simulate_pair(base, variant, games, workers, progress, "spawn")
                return simulate(variant.game, variant.players, games, 0, variant.options,
                                variant.kinds, workers, progress, "spawn")
            except Stopped:
                return None

        task = asyncio.ensure_future(asyncio.to_thread(run))
        while not task.done():
            await asyncio.wait([task], timeout=0.3)
            if self.shell.page.route == "/lab":
                self.shell.refresh()
        try:
            self.result = task.result()
        except MejaError as error:
            self.error = refusal(self.t, error)
        self.running = False
        self.unseen = self.result is not None
        if self.shell.page.route == "/lab":
            self.shell.refresh()

    # -- files ------------------------------------------------------------------------------
    def sheet(self) -> Sheet | None:
        """The results as a sheet for a file (None: no results)."""
        if self.result is None:
            return None
        return self.words.sheet(self.result, self._base_name())

    def _save(self, kind: str) -> None:
        self.shell.page.run_task(self._save_file, kind)

    async def _save_file(self, kind: str) -> None:
        sheet = self.sheet()
        if sheet is None:
            return
        body = (csv_text(sheet, self.t).encode("utf-8") if kind == "csv"
                else await asyncio.to_thread(png, sheet, self.t))
        try:
            path = await self.picker.save_file(file_name=f"meja-lab-{self.game}.{kind}",
                                               src_bytes=body)
        except Exception as error:  # noqa: BLE001 - the platform says why
            self.shell.toast(self.t("share.save_failed", error=error))
            return
        if path or self.shell.page.web:
            self.shell.toast(self.t("share.saved"))

    # -- scrolling --------------------------------------------------------------------------
    def _laid_out(self) -> None:
        """The results are on the device: scroll to them once after a run (a scroll asked
        for before the device has built them finds nothing to scroll to)."""
        if self.unseen:
            self.unseen = False
            self.shell.page.run_task(self._show_results)

    async def _show_results(self) -> None:
        """Scroll the screen to the results just shown (they are under the options)."""
        body = scrolling(self.shell.page.views[-1])
        if body is not None:
            await body.scroll_to(scroll_key=RESULTS.value, duration=400)


def scrolling(root: object) -> ft.Column | None:
    """The first scrolling column under ``root``: a screen's body."""
    if isinstance(root, ft.Column) and root.scroll is not None:
        return root
    for name in ("controls", "content"):
        child = getattr(root, name, None)
        for c in child if isinstance(child, list) else [child] if child is not None else []:
            if (found := scrolling(c)) is not None:
                return found
    return None


__all__ = ["KINDS", "Lab", "Stopped", "scrolling", "workers_for"]
