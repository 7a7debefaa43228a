"""A stored match as files: points per round as CSV for a spreadsheet, the whole match as JSON."""

from __future__ import annotations

import csv
import io
import json

from app.share.codes import share_doc
from app.storage import Store

FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet evaluates a cell that starts so


def cell(value: object) -> object:
    """A CSV cell no spreadsheet evaluates: text starting like a formula gets an apostrophe
    (numbers stay numbers)."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA) else value


def csv_text(store: Store, match_id: str) -> str:
    """Points per round and the totals, one column per player, for a spreadsheet."""
    doc = store.load_match(match_id)
    players = list(doc["setup"]["players"])
    summary = doc["summary"] or {}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    rows = [["round", *players],
            *([number, *points] for number, points in enumerate(summary.get("rounds") or [], 1)),
            ["total", *(summary.get("totals") or [])]]
    if summary.get("winners"):
        rows.append(["winners", *summary["winners"]])
    w.writerows([cell(v) for v in row] for row in rows)
    return out.getvalue()


def json_text(store: Store, match_id: str) -> str:
    """The whole match (set-up, every event, summary) as readable JSON."""
    return json.dumps(share_doc(store, match_id), ensure_ascii=False, indent=1)
