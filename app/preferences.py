"""The app's settings as saved (language, theme, pace, haptics, the games on the device to
resume, the live scoreboard, the phones' door), as a service: read once a window, changed
one call at a time. A change is saved before it is kept; one that cannot be saved raises the
OSError, and the settings are then as they are on disk (what the screens show)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import suppress
from typing import Any

from app.storage import Store


class Settings(Mapping[str, Any]):
    """The settings of ``store``, read as a mapping, changed by :meth:`change` only."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._values: dict[str, Any] = store.settings()

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def change(self, values: Mapping[str, object] | None = None,
               drop: Iterable[str] = ()) -> None:
        """Save the settings with ``values`` set and the keys ``drop`` taken out, then keep
        them. A write that fails raises its OSError, the settings read again from disk."""
        gone = set(drop)
        new = {k: v for k, v in {**self._values, **(values or {})}.items() if k not in gone}
        if new == self._values:
            return
        try:
            self.store.save_settings(new)
        except OSError:
            self.reload()
            raise
        self._values = new

    def reload(self) -> None:
        """The settings as on disk (after a restore, or a write that failed); as they were
        when the disk cannot be read either."""
        with suppress(OSError):
            self._values = self.store.settings()

    def plays(self) -> list[str]:
        """Keys of the games started on this device that may be unfinished, newest first."""
        current = self._values.get("current_play")
        keys = [str(k) for k in self._values.get("plays") or []]
        return ([current] if current else []) + keys
