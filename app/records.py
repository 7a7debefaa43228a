"""What the history, players and home screens read from storage: match summaries and stats.

A match's summary (kept in the store's index) carries what these screens need, so opening
the history never loads the matches themselves: ``{"status": "playing" | "finished",
"round": n, "mode", "totals": [...], "winners": [names], "rounds": [[points per seat]...]}``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import UTC, datetime

from app.games import ENTRIES
from app.i18n import Translator, game_title, local_time, names, say
from app.options import choice, label
from app.storage import Store
from models.errors import MejaError
from models.match import Event, Setup
from models.people import PALETTE, People
from models.registry import GAMES
from views.history import MatchLine
from views.home import Unfinished
from views.scoreboard import round_words
from views.stats import GameFigures, PlayerFigures, PlayerStats


def history_lines(store: Store, t: Translator) -> list[MatchLine]:
    lines = []
    for entry in store.list_matches():
        summary = entry.get("summary") or {}
        game = entry.get("game", "")
        title = f"{game_title(t, game)} · {local_time(entry['created'], t.language)}"
        finished = summary.get("status") == "finished"
        if finished:
            winners = list(summary.get("winners") or [])
            status = t.plural("history.won", len(winners), names=names(winners, t))
        elif summary.get("abandoned"):
            status = t("history.abandoned", round=summary.get("round", 1),
                       **round_words(t, game))
        else:
            status = t("history.in_progress", round=summary.get("round", 1),
                       **round_words(t, game))
        if summary.get("imported"):  # from another device: its own date, and marked
            created = summary["imported"].get("created") or ""
            title = f"{game_title} · {local_time(created, t.language)}"
            status += f" · {t('share.imported_mark')}"
        play = summary.get("play")
        route = f"/play/{play}" if play else f"/match/{entry['id']}/score"
        lines.append(MatchLine(id=entry["id"], title=title,
                               players=", ".join(entry.get("players") or []),
                               status=status, finished=finished, route=route,
                               on_device=bool(play)))
    return lines


def unfinished_lines(store: Store, plays: list[str], t: Translator) -> list[Unfinished]:
    """Every unfinished match, at the table (from the index) or on this device (``plays``:
    the keys of the games started here), the most recently touched first."""
    found: list[tuple[str, Unfinished]] = []
    for entry in store.list_matches():
        summary = entry.get("summary") or {}
        if (summary.get("status") != "playing" or entry.get("damaged") or summary.get("play")
                or summary.get("abandoned")):
            continue
        key = entry.get("game", "")
        title = t("home.resume_title", game=game_title(t, key), round=summary.get("round", 1),
                  **round_words(t, key))
        stamp = entry.get("updated") or entry["created"]
        found.append((stamp, Unfinished(f"/match/{entry['id']}", title,
                                    ", ".join(entry.get("players") or []),
                                    t("home.touched", when=local_time(stamp, t.language)),
                                    key=entry["id"])))
    for key in dict.fromkeys(plays):
        saved = store.saved_game(key)
        if saved is None or saved[0].get("match"):
            continue
        doc, stamp = saved
        game = doc.get("game", "")
        title = t("play.title", game=game_title(t, game))
        found.append((stamp, Unfinished(f"/play/{key}", title,
                                    ", ".join(s.get("name", "") for s in doc.get("seats", [])),
                                    t("home.touched", when=local_time(stamp, t.language)), key=key,
                                    on_device=True)))
    found.sort(key=lambda f: _utc_stamp(f[0]), reverse=True)
    return [r for _, r in found]


def _utc_stamp(stamp: str) -> datetime:
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def problem_text(problem: Mapping[str, object], t: Translator) -> str:
    """A file found damaged and kept aside, and why, in ``t``'s language."""
    code, params = str(problem.get("reason", "")), problem.get("params")
    why = (say(t, code, params if isinstance(params, Mapping) else {}, prefix="damaged")
           if t.has(f"damaged.{code}") else t("damaged.other"))
    return t("problem.damaged", file=problem.get("file", "?"), why=why,
             kept=problem.get("moved_to", "?"))


def people(store: Store) -> People:
    return People.from_doc(store.people())


def seat_kinds(store: Store, summary: Mapping[str, object]) -> list[str]:
    """Whose each seat of a finished match was: ``"person"``, or a computer player's level.
    A game on the device records its seats' kinds in its summary; one recorded before that
    takes them from the game as it is still saved on this device; a match at the table, or
    an older game no longer saved, has no kinds (every seat is read as a person's)."""
    kinds = summary.get("kinds")
    if isinstance(kinds, list) and kinds:
        return [str(k) for k in kinds]
    key = summary.get("play")
    if not key:
        return []
    try:
        saved = store.saved_game(str(key))
    except ValueError:  # not a key a game is saved under
        return []
    seats = (saved[0].get("seats") if saved else None) or []
    return [str(s.get("kind", "person")) for s in seats if isinstance(s, dict)]


@dataclasses.dataclass
class _Row:
    """One player's figures as the matches are counted: matches, wins (``shared`` of them on
    a tie) and every round's points."""

    matches: int = 0
    wins: int = 0
    shared: int = 0
    points: list[int] = dataclasses.field(default_factory=list)


def player_stats(store: Store, game: str) -> list[PlayerStats]:
    """Per-player statistics of ``game`` over every finished match (the matches, the wins
    and the rounds' points alike: an average beside "0 matches" would come from nowhere), each
    recorded spelling counted for the person it now means (see ``models.people``); computer
    seats are left out."""
    known = people(store)
    rows: dict[str, _Row] = {}
    for entry in store.list_matches():
        if entry.get("game") != game:
            continue
        players = list(entry.get("players") or [])
        summary = entry.get("summary") or {}
        if summary.get("status") != "finished":
            continue
        winners = list(summary.get("winners") or [])
        winners = [known.who(w) for w in winners]
        kinds = seat_kinds(store, summary)
        counted: set[str] = set()  # a person at two seats (two names merged) counts once
        for seat, recorded in enumerate(players):
            if seat < len(kinds) and kinds[seat] != "person":
                continue
            name = known.who(recorded)
            if known.is_gone(name):
                continue
            row = rows.setdefault(name, _Row())
            if name not in counted:
                counted.add(name)
                row.matches += 1
                if name in winners:  # a win shared on a tie is a whole win for each winner
                    row.wins += 1
                    row.shared += len(set(winners)) > 1
            for points in summary.get("rounds") or []:
                if seat < len(points):
                    row.points.append(points[seat])
    out = []
    for name, row in rows.items():
        pts = row.points
        if not pts and not row.matches:
            continue
        lower = GAMES[game].lower_is_better
        best = (min(pts) if lower else max(pts)) if pts else None
        worst = (max(pts) if lower else min(pts)) if pts else None
        out.append(PlayerStats(
            name=name, matches=row.matches, wins=row.wins, shared=row.shared,
            win_rate=row.wins / row.matches if row.matches else 0.0,
            rounds=len(pts), average=sum(pts) / len(pts) if pts else 0.0, best=best, worst=worst,
            colour=PALETTE[known.colour(name)],
        ))
    out.sort(key=lambda r: (-r.win_rate, r.average if GAMES[game].lower_is_better else -r.average))
    return out


def options_in_force(store: Store, game: str, t: Translator) -> list[str]:
    """The house options of the match in progress (when it is this game) in words."""
    current = store.current_match_id()
    if not current:
        return []
    try:
        setup = store.load_match(current)["setup"]
    except Exception:  # noqa: BLE001 - a damaged match is reported by the store itself
        return []
    if setup.get("game") != game:
        return []
    return describe_options(game, setup.get("options") or {}, t)


def describe_options(game: str, values: Mapping[str, object], t: Translator) -> list[str]:
    """Each option that differs from the rules as written, as ``label: value``."""
    defaults = dataclasses.asdict(GAMES[game].options())
    lines = []
    mode = values.get("mode")
    if mode and mode != defaults.get("mode"):
        lines.append(t(f"mode.{mode}"))
    for spec in ENTRIES[game].options if game in ENTRIES else ():
        value = values.get(spec.key, defaults.get(spec.key))
        if value == defaults.get(spec.key) or (spec.only_mode and spec.only_mode != mode):
            continue
        if spec.kind == "bool":
            shown = t("common.yes") if value else t("common.no")
        elif spec.kind == "choice":
            shown = choice(t, game, spec.key, value)
        else:
            shown = str(value)
        lines.append(f"{label(t, game, spec.key)}: {shown}")
    return lines


# -- each game's own figures, from the matches recorded at the table ------------------------

_SEEN: dict[tuple[str, str], list[dict[str, int]]] = {}  # (match id, last change): tallies


def seat_tallies(doc: Mapping[str, object]) -> list[dict[str, int]]:
    """What each seat of a stored match at the table did, by the figures of its game (none
    for a game without figures), from its events replayed (checked when recorded)."""
    setup = Setup.from_dict(doc["setup"])
    entry = ENTRIES.get(setup.game)
    if entry is None:
        return []
    events = doc["events"]
    if not isinstance(events, list):
        raise TypeError("events")
    return entry.figures.tallies(setup, [Event.from_dict(e) for e in events])


def game_figures(store: Store, game: str) -> GameFigures:
    """Each player's own figures of ``game`` (``app.figures``) over the finished matches
    played at the table (a game on the device keeps no such record), counted for the person
    each recorded name now means; a match that cannot be read is left out."""
    known = people(store)
    keys = ENTRIES[game].figures.keys if game in ENTRIES else ()
    rows: dict[str, dict[str, int]] = {}
    matches = 0
    for entry in store.list_matches():
        summary = entry.get("summary") or {}
        if (entry.get("game") != game or summary.get("status") != "finished"
                or summary.get("play") or entry.get("damaged")):
            continue
        stamp = (str(entry["id"]), str(entry.get("updated") or entry.get("created") or ""))
        tallies = _SEEN.get(stamp)
        if tallies is None:
            try:
                tallies = seat_tallies(store.load_match(entry["id"]))
            except (MejaError, LookupError, ValueError, TypeError):
                continue
            _SEEN[stamp] = tallies
        matches += 1
        counted: set[str] = set()
        for seat, recorded in enumerate(entry.get("players") or []):
            name = known.who(recorded)
            if known.is_gone(name) or seat >= len(tallies):
                continue
            row = rows.setdefault(name, {"matches": 0})
            row["matches"] += name not in counted
            counted.add(name)
            for key, n in tallies[seat].items():
                row[key] = row.get(key, 0) + n
    out = []
    for name, row in rows.items():
        values: list[float | None] = []
        for key in keys:
            if key.endswith("_avg"):
                base = key.removesuffix("_avg")
                values.append(row.get(f"{base}_sum", 0) / row[base] if row.get(base) else None)
            else:
                values.append(row.get(key, 0))
        out.append(PlayerFigures(name, PALETTE[known.colour(name)], row["matches"],
                                 tuple(values)))
    out.sort(key=lambda r: (-r.matches, r.name.casefold()))
    return GameFigures(game, keys, tuple(out), matches)
