"""Who the players are across matches: renames and merges, deletions, a colour each.

Stored matches keep every name as it was written at the table. :class:`People` is an alias
table read when statistics are computed: a rename or a merge maps the old spelling to the
name it now means, so two spellings become one person without rewriting any match file.
That is one small atomic write per change, with nothing to redo after a crash, and history
still shows what was written on the day. A merge is a rename onto a name already in use;
two names written at one match are two people, and are never merged (:meth:`People.joins`).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from models.names import clean_name

# A colour per player, for a dot or a bar beside the name (never the only sign of anything).
# Each keeps a contrast of at least 3:1 against the light (white) and the dark (#1C1B1F)
# surfaces: tests/test_people.py checks it.
PALETTE: tuple[str, ...] = (
    "#E53935", "#E65100", "#9E8600", "#43A047", "#00897B",
    "#039BE5", "#5C6BC0", "#AB47BC", "#D81B60", "#8D6E63",
)
# A seat with no colour of its own (a computer once the palette runs out): a grey no player has.
NEUTRAL = "#8A8A8A"


def _key(name: str) -> str:
    return clean_name(name).casefold()


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#RRGGBB`` colours."""

    def luminance(colour: str) -> float:
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True)
class People:
    """Aliases (a spelling, casefolded -> the name it means), deleted people, chosen colours.

    Aliases are kept flat: a name an alias points to is never itself an alias."""

    aliases: Mapping[str, str] = field(default_factory=dict)
    gone: frozenset[str] = frozenset()
    colours: Mapping[str, int] = field(default_factory=dict)

    def who(self, name: str) -> str:
        """The person a recorded name means now."""
        return self.aliases.get(_key(name), clean_name(name))

    def is_gone(self, name: str) -> bool:
        return _key(self.who(name)) in self.gone

    def rename(self, old: str, new: str) -> People:
        """``old`` is called ``new`` from now on; when ``new`` is another player's name, the
        two become one person (a merge)."""
        was, now = self.who(old), clean_name(new)
        if not now:
            raise ValueError("empty name")
        joined = {_key(was), _key(now)}  # every spelling of either is now written ``now``
        aliases = {k: (now if _key(v) in joined or k in joined else v)
                   for k, v in self.aliases.items()}
        if was != now:
            aliases[_key(was)] = now
        colours = dict(self.colours)
        if _key(was) in colours:
            colours.setdefault(_key(now), colours.pop(_key(was)))
        return People(aliases, self.gone - {_key(was), _key(now)}, colours)

    def joins(self, after: People, seats: Sequence[str]) -> bool:
        """Whether ``after`` makes one person of two of these seats (the names written at one
        match) that are two people now: a person cannot sit twice at one table."""
        return len({_key(after.who(n)) for n in seats}) < len({_key(self.who(n)) for n in seats})

    def delete(self, name: str) -> People:
        """``name`` leaves the list of players; the matches keep it as it was written."""
        return People(self.aliases, self.gone | {_key(self.who(name))}, self.colours)

    def colour(self, name: str) -> int:
        """The palette index of ``name``: the chosen one, else one derived from the name."""
        key = _key(self.who(name))
        return self.colours.get(key, zlib.crc32(key.encode()) % len(PALETTE))

    def seat_colours(self, names: Sequence[str]) -> tuple[int, ...]:
        """The palette index of each of ``names`` sitting at one table: a chosen colour is
        kept; one derived from the name moves to the next free colour when someone earlier
        at the table already shows it, so that players tell their seats apart."""
        chosen = {self.colours[k] for n in names if (k := _key(self.who(n))) in self.colours}
        taken: set[int] = set(chosen)
        out: list[int] = []
        for name in names:
            key = _key(self.who(name))
            index = self.colour(name)
            if key not in self.colours:
                free = [i for i in range(len(PALETTE)) if i not in taken]
                if index in taken and free:
                    index = min(free, key=lambda i: (i - index) % len(PALETTE))
                taken.add(index)
            out.append(index)
        return tuple(out)

    def with_seat_colours(self, names: Sequence[str]) -> People:
        """These people with the colours they show at one table kept as their own: a
        player's colour is then the same on every screen, this match's and the next."""
        colours = dict(self.colours)
        for name, index in zip(names, self.seat_colours(names), strict=True):
            colours.setdefault(_key(self.who(name)), index)
        return People(self.aliases, self.gone, colours)

    def with_colour(self, name: str, index: int) -> People:
        if not 0 <= index < len(PALETTE):
            raise ValueError(f"no colour {index}")
        return People(self.aliases, self.gone, {**self.colours, _key(self.who(name)): index})

    def merged(self, other: People) -> People:
        """``other``'s renames, deletions and colours added to these (a backup from another
        device): where both say something of one name, these win; aliases stay flat."""
        aliases = dict(self.aliases)
        targets = {_key(v) for v in aliases.values()}
        for k, v in other.aliases.items():
            if k not in aliases and k not in targets and _key(v) not in aliases:
                aliases[k] = v
                targets.add(_key(v))
        colours = {**other.colours, **self.colours}
        return People(aliases, self.gone | other.gone, colours)

    @classmethod
    def valid(cls, doc: object) -> bool:
        """Whether ``doc`` has the shape :meth:`to_doc` writes (from a file of elsewhere)."""
        if not isinstance(doc, Mapping) or not set(doc) <= {"aliases", "gone", "colours"}:
            return False
        aliases, gone, colours = (doc.get("aliases", {}), doc.get("gone", []),
                                  doc.get("colours", {}))
        return (isinstance(aliases, dict) and all(
                    isinstance(k, str) and isinstance(v, str) and 0 < len(v) <= 100
                    for k, v in aliases.items())
                and isinstance(gone, list) and all(isinstance(g, str) for g in gone)
                and isinstance(colours, dict) and all(
                    isinstance(k, str) and type(v) is int and 0 <= v < len(PALETTE)
                    for k, v in colours.items()))

    def to_doc(self) -> dict[str, object]:
        return {"aliases": dict(self.aliases), "gone": sorted(self.gone),
                "colours": dict(self.colours)}

    @classmethod
    def from_doc(cls, doc: Mapping[str, object]) -> People:
        aliases, gone, colours = doc.get("aliases"), doc.get("gone"), doc.get("colours")
        return cls({str(k): str(v) for k, v in aliases.items()} if isinstance(aliases, dict)
                   else {}, frozenset(map(str, gone)) if isinstance(gone, list) else frozenset(),
                   {str(k): int(v) for k, v in colours.items() if isinstance(v, int)}
                   if isinstance(colours, dict) else {})
