"""The repository stands alone: every document a file names is in the repository, and a
citation of a page of docs/ ("docs/rules.md, Samba") names a heading that page has."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Folders that are not the project's own text: caches, builds, the environment, pictures.
SKIPPED = {"__pycache__", "build", "dist", "node_modules", "screenshots"}
# A document named by its path or its file name: ``docs/rules.md``, ``README.md``,
# ``kartu_sama.en.md``, ``../notes/plan.md``.
DOCUMENT = re.compile(r"(?<![\w/.-])((?:\.\./|[\w.-]+/)*[\w-][\w.-]*\.(?:md|rst|pdf))\b")
# A citation of a page of docs/ and the section it names.
CITATION = re.compile(r"docs/(\w+\.md)(?:, | \()([A-Z0-9][\w' ]*?)(?=[):,.;]|$)", re.M)


def texts() -> Iterator[tuple[Path, str]]:
    """Every text file of the project, by its path in the repository; not this one, whose
    examples name documents that are not there on purpose."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED
                         and not d.endswith(".egg-info"))
        for name in sorted(files):
            path = Path(folder, name)
            if path == Path(__file__):
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue  # a picture, a compiled catalog
            yield path.relative_to(ROOT), text


def missing(named: str, where: Path, paths: set[str]) -> bool:
    """Whether ``named`` (written in the file ``where``) is not in the repository: neither
    a path from the root or from that file's folder, nor the name of one of its files."""
    if "/" not in named:
        return not any(p == named or p.endswith("/" + named) for p in paths)
    for base in (ROOT, ROOT / where.parent):
        target = (base / named).resolve()
        if target.is_relative_to(ROOT) and target.relative_to(ROOT).as_posix() in paths:
            return False
    return True


def unknown_documents(files: list[tuple[Path, str]]) -> list[str]:
    paths = {p.as_posix() for p, _ in files}
    return [f"{path}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(1)}"
            for path, text in files for m in DOCUMENT.finditer(text)
            if missing(m.group(1), path, paths)]


def headings(page: str) -> set[str]:
    return {line.lstrip("#").strip() for line in page.splitlines() if line.startswith("#")}


def unknown_sections(files: list[tuple[Path, str]]) -> list[str]:
    pages = {p.name: headings(text) for p, text in files if p.parent == Path("docs")}
    return [f"{path}: docs/{m.group(1)}, {m.group(2)}" for path, text in files
            for m in CITATION.finditer(text)
            if m.group(2).strip() not in pages.get(m.group(1), set())]


def test_every_document_named_is_in_the_repository() -> None:
    files = list(texts())
    assert any(p == Path("docs/rules.md") for p, _ in files)
    assert unknown_documents(files) == []


def test_every_citation_of_docs_names_a_section_it_has() -> None:
    files = list(texts())
    cited = [m for _, text in files for m in CITATION.finditer(text)]
    assert len(cited) >= 10  # the engines, tables and tests cite their rules
    assert unknown_sections(files) == []


def test_the_checks_see_a_document_or_a_section_that_is_not_there() -> None:
    files = [
        (Path("docs/rules.md"), "# Rules\n## Samba\n"),
        (Path("README.md"), "See [the rules](docs/rules.md), and ../notes/plan.md.\n"),
        (Path("models/x.py"), '"""As DECISIONS.md says (docs/rules.md, Samba)."""\n'
                              "# docs/rules.md, Canasta: the bonus; notes in drafts/gaps.rst\n"),
        (Path("docs/more.md"), "As [rules.md](rules.md) says; see the README.md.\n"),
    ]
    assert unknown_documents(files) == [
        "README.md:1: ../notes/plan.md",
        "models/x.py:1: DECISIONS.md",
        "models/x.py:2: drafts/gaps.rst",
    ]
    assert unknown_sections(files) == ["models/x.py: docs/rules.md, Canasta"]
