"""The guest page (app/guests/static/): small, made of our own files only, and safe under the
guest server's content security policy (no inline script or style, no HTML built from the
payload, nothing fetched from another origin)."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "app" / "guests" / "static"
FILES = ("guest.html", "guest.css", "guest.js")


def text(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text inside <script> and <style>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: list[str] = []
        self._in = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in = tag if tag in ("script", "style") else ""

    def handle_endtag(self, tag: str) -> None:
        self._in = ""

    def handle_data(self, data: str) -> None:
        if self._in and data.strip():
            self.inline.append(data)


def parsed() -> Tags:
    tags = Tags()
    tags.feed(text("guest.html"))
    return tags


def test_the_three_files_are_small() -> None:
    sizes = {name: (STATIC / name).stat().st_size for name in FILES}
    assert all(sizes.values()), sizes
    assert sum(sizes.values()) < 50_000, sizes


def test_the_html_has_no_inline_script_or_style() -> None:
    page = parsed()
    assert page.inline == []
    assert not any(tag == "style" for tag, _ in page.tags)
    for tag, attrs in page.tags:
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
    scripts = [attrs.get("src") for tag, attrs in page.tags if tag == "script"]
    sheets = [attrs.get("href") for tag, attrs in page.tags
              if tag == "link" and attrs.get("rel") == "stylesheet"]
    assert scripts == ["guest.js"] and sheets == ["guest.css"]


def test_the_script_builds_no_html_and_reaches_no_other_origin() -> None:
    js = text("guest.js")
    for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                   "new Function", "import(", "XMLHttpRequest", "WebSocket", "localStorage"):
        assert banned not in js, banned
    assert sorted(re.findall(r"\bfetch\(\s*\"([^\"]*)\"", js)) == ["act", "code", "join"]
    assert re.findall(r"new EventSource\(\s*\"([^\"]*)\"", js) == ["stream"]
    assert not re.search(r"\bfetch\(\s*[^\"\s]", js)  # no address built at run time
    assert not re.search(r"https?:|wss?:|\"//", js)


def test_the_style_loads_only_the_card_font() -> None:
    css = text("guest.css")
    assert re.findall(r"url\(([^)]*)\)", css) == ['"font.ttf"']
    assert "@import" not in css
    assert re.search(r"@font-face\s*{[^}]*font-family:\s*Cards", css)


def test_every_word_has_its_english_and_is_listed() -> None:
    """The words the page says come from the payload, else from its English (EN); the comment
    at the top lists the same keys (the catalogs take them from there)."""
    js = text("guest.js")
    header = js[: js.index("*/")]
    listed = set(header.split("Words", 1)[1].split(":", 1)[1].split())
    english = set(re.findall(r"^\s+(\w+): \"", js[js.index("const EN"):js.index("};")], re.M))
    english |= set(re.findall(r"[{,]\s*(\w+): \"", js[js.index("const EN"):js.index("};")]))
    said = set(re.findall(r"\bw\(\"(\w+)\"(?!\s*\+)", js))
    said |= {k for pair in re.findall(r"w\([^)]*\?\s*\"(\w+)\"\s*:\s*\"(\w+)\"", js) for k in pair}
    assert said and said <= english, said - english
    assert listed == english, listed ^ english
    for key in ("asking", "unseated", "locked", "closed", "away", "points", "total",
                *(f"rank_{r}" for r in "AJQK"), *(f"suit_{s}" for s in "SHDC"),
                "sort_suit", "sort_rank"):
        assert key in english, key  # said through a key made at run time


def test_the_package_ships_the_page() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "guests/static/*" in project["tool"]["setuptools"]["package-data"]["app"]
