"""The rule lab controller: runs ``models.simulate`` off the UI thread with a progress bar,
then shows what the options do (round length, points, win rate by seat, how rounds end)."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from typing import TYPE_CHECKING, Any

import flet as ft

from app.games import ENTRIES
from app.i18n import refusal
from app.options import visible
from models.errors import MejaError
from models.games import GAMES
from models.simulate import simulate
from views.lab import RESULTS, Chart, Histogram, LabData, lab_view, percent
from views.setup import OptionRow

if TYPE_CHECKING:
    from app.window import Window

KINDS = ("random", "simple", "strong")


class Stopped(Exception):
    """The person stopped the run."""


class Lab:
    """What the rule lab is set to, and the run in progress."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.game = "kartu_sama"
        self.options: dict[str, Any] = {}
        self.players = 4
        self.games = 200
        self.kinds = ["random"] * self.players
        self.running = False
        self.unseen = False  # a run's results not yet scrolled to
        self.done = 0
        self.report: dict[str, Any] | None = None
        self.error = ""
        self._stop = threading.Event()

    @property
    def t(self) -> Any:
        return self.shell.t

    def view(self) -> ft.View:
        return lab_view(
            self.t, self.data(), on_game=self._game, on_option=self._option,
            on_seat=self._seat, on_run=self._run, on_stop=self._stop.set,
            on_back=lambda: self.shell.go("/"),
            on_results=self._laid_out,
        )

    def _values(self) -> dict[str, Any]:
        return {**dataclasses.asdict(GAMES[self.game].options()), **self.options}

    def data(self) -> LabData:
        t, entry = self.t, GAMES[self.game]
        values = self._values()
        table = ENTRIES.get(self.game)
        rows = [
            OptionRow(s.key, s.kind, values[s.key], t(f"opt.{self.game}.{s.key}"),
                      t(f"opt.{self.game}.{s.key}.help"), s.low, s.high, s.step,
                      tuple((c, t(f"opt.{self.game}.{s.key}.{c}")) for c in s.choices),
                      zero=t(f"setup.zero.{s.zero}") if s.zero else "")
            for s in visible(table.options if table else (), values)
        ]
        if table and table.modes:
            rows.insert(0, OptionRow("mode", "choice", values.get("mode"), t("setup.mode"), "",
                                     choices=tuple((m, t(f"mode.{m}")) for m in table.modes)))
        rows += [
            OptionRow("players", "int", self.players, t("lab.players"), t("lab.players.help"),
                      entry.min_players, min(entry.max_players, 8)),
            OptionRow("games", "int", self.games, t("lab.games"), t("lab.games.help"),
                      10, 5000, 10 if self.games < 100 else 100),
        ]
        report = self.report
        figures = results = ""
        charts: tuple[Chart, ...] = ()
        histograms: tuple[Histogram, ...] = ()
        notes: tuple[str, ...] = ()
        if report and not self.running:
            results = t("lab.results")
            figures = t("lab.figures", games=report["games"], moves=report["moves"],
                        seconds=report["seconds"], us=report["us_per_move"])
            charts = self._charts(report)
            histograms = tuple(
                Histogram(t(f"lab.hist.{k}"), t(f"lab.hist.{k}.note"),
                          tuple((lo, hi, c) for lo, hi, c in report["histograms"][k]))
                for k in ("rounds_per_game", "round_length", "points"))
            advantage = report.get("first_player_advantage")
            if advantage is not None:
                notes = (t("lab.first", value=f"{advantage * 100:+.1f}"),)
        status = t("lab.running", done=self.done, total=self.games) if self.running else ""
        return LabData(
            games=tuple((k, t(f"game.{k}")) for k in GAMES), game=self.game,
            seats=tuple(t(f"play.kind.{k}") for k in self.kinds), options=tuple(rows),
            running=self.running, progress=self.done / max(1, self.games), status=status,
            figures=figures, charts=charts, notes=notes, error=self.error or self._check(),
            histograms=histograms, results=results,
        )

    def _charts(self, report: dict[str, Any]) -> tuple[Chart, ...]:
        t = self.t
        seats = tuple(t("lab.seat", n=i + 1) for i in range(report["players"]))
        ends = report["end_conditions"]
        return (
            Chart(t("lab.win_rate"), seats, percent(report["round_win_rate_by_seat"]), 100),
            Chart(t("lab.match_rate"), seats, percent(report["match_win_rate_by_seat"]), 100),
            Chart(t("lab.ends"), tuple(t(f"lab.end.{k}") if t.has(f"lab.end.{k}") else k
                                       for k in ends), percent(list(ends.values())), 100),
        )

    def _check(self) -> str:
        try:
            GAMES[self.game].new_game(self.players, 0, self.options)
        except MejaError as error:
            return refusal(self.t, error)
        return ""

    # -- changes ----------------------------------------------------------------------------
    def _game(self, game: str) -> None:
        entry = GAMES[game]
        self.game, self.options, self.report = game, {}, None
        self.players = max(entry.min_players, min(self.players, entry.max_players))
        self._resize()
        self.shell.refresh()

    def _option(self, key: str, value: object) -> None:
        if key == "players":
            self.players = int(value)  # type: ignore[call-overload]
            self._resize()
        elif key == "games":
            self.games = int(value)  # type: ignore[call-overload]
        else:
            self.options[key] = value
        self.report = None
        self.shell.refresh()

    def _resize(self) -> None:
        self.kinds = (self.kinds + ["random"] * self.players)[: self.players]

    def _seat(self, seat: int) -> None:
        self.kinds[seat] = KINDS[(KINDS.index(self.kinds[seat]) + 1) % len(KINDS)]
        self.report = None
        self.shell.refresh()

    def _run(self) -> None:
        if self.running or self._check():
            return
        self.running, self.done, self.report, self.error = True, 0, None, ""
        self._stop.clear()
        self.shell.refresh()
        self.shell.page.run_task(self._work)

    async def _work(self) -> None:
        from models import computers

        choosers = None
        if any(k != "random" for k in self.kinds):
            choosers = [computers.chooser(self.game, k) for k in self.kinds]

        def progress(done: int) -> None:
            self.done = done
            if self._stop.is_set():
                raise Stopped

        def run() -> dict[str, Any] | None:
            try:
                return simulate(self.game, self.players, self.games, 0, self.options,
                                choosers, progress)
            except Stopped:
                return None

        task = asyncio.create_task(asyncio.to_thread(run))
        while not task.done():
            await asyncio.sleep(0.3)
            if self.shell.page.route == "/lab":
                self.shell.refresh()
        try:
            self.report = task.result()
        except MejaError as error:
            self.error = refusal(self.t, error)
        self.running = False
        self.unseen = self.report is not None
        if self.shell.page.route == "/lab":
            self.shell.refresh()

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


def scrolling(root: Any) -> ft.Column | None:
    """The first scrolling column under ``root``: a screen's body."""
    if isinstance(root, ft.Column) and root.scroll is not None:
        return root
    for name in ("controls", "content"):
        child = getattr(root, name, None)
        for c in child if isinstance(child, list) else [child] if child is not None else []:
            if (found := scrolling(c)) is not None:
                return found
    return None
