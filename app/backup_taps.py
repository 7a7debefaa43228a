"""The Settings taps that back up the whole history to a file and restore it from one (the
file's format and checks: :mod:`app.backup`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft

from app import backup
from app.i18n import Translator, not_saved
from views.settings import backup_section

if TYPE_CHECKING:
    from app.storage import Store
    from app.window import Window


def restored_text(t: Translator, done: backup.Restored) -> str:
    """What a restore did, in words: the counts that are not zero, and the failed write
    that stopped it, if one did."""
    parts = [t.plural(f"backup.{name}", count) for name, count in (
        ("added", done.added), ("updated", done.updated), ("kept", done.kept),
        ("refused", done.refused), ("games", done.games)) if count]
    said = ", ".join(parts) or t("backup.nothing")
    if done.error is not None:
        return t("backup.stopped", why=not_saved(t, done.error), parts=said)
    return t("backup.done", parts=said)


def refused_text(t: Translator, error: backup.BackupError) -> str:
    return t(f"backup.error.{error.code}", **error.params)


def read_file(f: ft.FilePickerFile) -> bytes:
    """The bytes of a picked file (given on the web, read from its path elsewhere), never
    more than a backup may be: a larger file is refused unread."""
    if f.bytes is not None:
        return f.bytes
    if not f.path:
        return b""
    with open(Path(f.path), "rb") as stream:
        raw = stream.read(backup.MAX_FILE + 1)
    if len(raw) > backup.MAX_FILE:
        raise backup.BackupError("too_large")
    return raw


def restore_bytes(store: Store, raw: bytes,
                  progress: Callable[[int, int], None] | None = None) -> backup.Restored:
    """Check a file and merge it into ``store`` (BackupError, nothing written, if refused)."""
    return backup.restore(store, backup.read(raw), progress)


class BackupTaps:
    """Back up and restore, on the settings screen (one per window or browser session)."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.picker = ft.FilePicker()  # a service: created once, kept referenced
        self.busy = False
        self.count = (0, 0)  # matches of the backup gone through, of how many
        # what the last tap did, said in the language of the moment (it may change after)
        self._note: Callable[[Translator], str] | None = None
        self._error: Callable[[Translator], str] | None = None

    @property
    def note(self) -> str:
        return self._note(self.shell.t) if self._note else ""

    @property
    def error(self) -> str:
        return self._error(self.shell.t) if self._error else ""

    def section(self) -> ft.Control:
        t = self.shell.t
        done, total = self.count
        progress = t("backup.progress", done=done, total=total) if self.busy and total else ""
        return backup_section(t, busy=self.busy, progress=progress, note=self.note,
                              error=self.error,
                              on_backup=self._run(self.backup),
                              on_restore=self._run(self.restore))

    def _run(self, task: Callable[[], Coroutine[object, object, None]]) -> Callable[[], object]:
        return lambda: self.shell.page.run_task(task)

    def _start(self) -> None:
        self.busy, self.count, self._note, self._error = True, (0, 0), None, None
        self.shell.refresh()

    def _end(self) -> None:
        self.busy = False
        self.shell.refresh()
        if self.note or self.error:  # said where it shows whatever the scroll
            self.shell.toast(self.error or self.note)

    def _counted(self, done: int, total: int) -> None:
        self.count = (done, total)  # read by the next refresh, on the UI's own loop

    async def backup(self) -> None:
        store = self.shell.store
        self._start()
        try:
            data = await asyncio.to_thread(backup.collect, store)
            raw = await asyncio.to_thread(backup.dump, data)
            path = await self.picker.save_file(file_name=backup.file_name(datetime.now(UTC)),
                                               src_bytes=raw)
            if path or self.shell.page.web:
                n = len(data["matches"])
                self._note = lambda t: t.plural("backup.saved", n)
        except Exception as error:  # noqa: BLE001 - the platform says why
            failed = error
            self._error = lambda t: t("backup.save_failed", error=failed)
        finally:
            self._end()

    async def restore(self) -> None:
        files = await self.picker.pick_files(with_data=True)
        if not files:
            return
        self._start()
        try:
            raw = await asyncio.to_thread(read_file, files[0])
            work = asyncio.ensure_future(asyncio.to_thread(
                restore_bytes, self.shell.store, raw, self._counted))
            while not work.done():  # a long restore shows how far it is
                await asyncio.wait([work], timeout=0.5)
                self.shell.refresh()
            done = work.result()
        except backup.BackupError as error:
            refused = error
            self._error = lambda t: refused_text(t, refused)
        except OSError as error:  # the picked file could not be read
            why = error.strerror or str(error)
            self._error = lambda t: t("backup.error.unreadable", error=why)
        else:
            if done.error is not None:
                self._error = lambda t: restored_text(t, done)
            else:
                self._note = lambda t: restored_text(t, done)
            self.shell.forget()  # a match brought up to date is read again
            self.shell.settings.reload()  # as restored, for later saves
            self.shell.page.pubsub.send_others(("match", ""))
        finally:
            self._end()
