"""The room screen's page (app/guests/static/room.*): small, made of our own files only, safe
under the guest server's content security policy, and it never acts: it only listens."""

from __future__ import annotations

import re

from app.guests import server
from app.guests.room import words
from app.i18n import Translator
from tests.test_guest_page import STATIC, Tags

FILES = ("room.html", "room.css", "room.js")


def text(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def test_the_three_files_are_small_and_served() -> None:
    sizes = {name: (STATIC / name).stat().st_size for name in FILES}
    assert all(sizes.values()), sizes
    assert sum(sizes.values()) < 25_000, sizes
    assert {"room.css", "room.js"} <= set(server.STATIC)


def test_the_html_has_no_inline_script_or_style() -> None:
    page = Tags()
    page.feed(text("room.html"))
    assert page.inline == []
    for tag, attrs in page.tags:
        assert tag != "style" and "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
    scripts = [attrs.get("src") for tag, attrs in page.tags if tag == "script"]
    sheets = [attrs.get("href") for tag, attrs in page.tags
              if tag == "link" and attrs.get("rel") == "stylesheet"]
    assert scripts == ["room.js"] and sheets == ["room.css"]


def test_the_script_only_listens_and_builds_no_html() -> None:
    js = text("room.js")
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                   "new Function", "import(", "XMLHttpRequest", "WebSocket", "localStorage",
                   "fetch(", "sendBeacon"):
        assert banned not in js, banned
    assert re.findall(r"new EventSource\(\s*\"([^\"]*)\"", js) == ["stream"]
    assert not re.search(r"https?:|wss?:|\"//", js)


def test_the_style_loads_only_the_card_font() -> None:
    css = text("room.css")
    assert re.findall(r"url\(([^)]*)\)", css) == ['"font.ttf"']
    assert "@import" not in css


def test_every_word_has_its_english_and_is_listed() -> None:
    """The words the page says come from the payload, else from its English (EN); the comment
    at the top lists the same keys; the server sends each of them (the guest page's words,
    or the room's own)."""
    js = text("room.js")
    header = js[: js.index("*/")]
    listed = set(header.split("Words", 1)[1].split(":", 1)[1].split())
    english = set(re.findall(r"(\w+): \"", js[js.index("const EN"):js.index("};")]))
    said = set(re.findall(r"\bw\(\"(\w+)\"(?!\s*\+)", js))
    said |= {k for pair in re.findall(r"w\([^)]*\?\s*\"(\w+)\"\s*:\s*\"(\w+)\"", js) for k in pair}
    assert said and said <= english, said - english
    assert listed == english, listed ^ english
    own = set(words(Translator("en"), "samba"))
    assert english - own <= set(server.DOOR_WORDS + server.PAGE_WORDS), english - own
    for key in (*(f"rank_{r}" for r in "AJQK"), *(f"suit_{s}" for s in "SHDC")):
        assert key in english, key  # said through a key made at run time
