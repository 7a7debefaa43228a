"""The sharing screens: a match's QR codes (with copy and exports), importing a match from
codes (pasted, in a picture, or through the camera's screen), and the live scoreboard's
setting."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

import flet as ft

from app.i18n import Said, Translator, game_title, local_day, not_saved, say
from app.share.camera import Scan, has_camera
from app.share.codes import code_texts, created_of, import_value
from app.share.exports import csv_text, json_text
from app.share.live import live, scoreboard, start_live, stop_live
from app.share.pictures import PictureError, meja_texts, qr_picture, qr_png, read_image
from app.share.results import Results, png, qr_text, results, text
from app.storage import NotFound, Store
from models.share import Reader, ShareError, code_lines
from views.share import ImportData, ShareData, import_view, live_section, share_view

if TYPE_CHECKING:
    from app.window import Window

DENSE = 10  # a QR code from this version on is fine-grained: a phone must be held steady


def has_sheet(page: ft.Page) -> bool:
    """Whether the device has a share sheet: a phone or tablet, in the app or a browser
    (elsewhere the results are copied instead)."""
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


class Sharing:
    """The shell's sharing screens and taps (one per window or browser session)."""

    def __init__(self, shell: Window) -> None:
        self.shell = shell
        self.picker = ft.FilePicker()  # services: created once, kept referenced
        self.clipboard = ft.Clipboard()
        self.sheet = ft.Share()
        self.reader = Reader()
        self.error = ""
        self.pasted = ""
        self.live_error = ""
        self.shown: tuple[str, list[str]] | None = None  # (match id, its code texts)
        self.part = 0
        self.results: tuple[str, Results] | None = None  # (match id, what its scoreboard shows)
        self.kind = "results"  # the QR code shown: "results" or "code"
        self.scan = Scan(self)

    @property
    def t(self) -> Translator:
        return self.shell.t

    @property
    def store(self) -> Store:
        return self.shell.store

    def _run(self, task: Callable[[], Awaitable[None]]) -> Callable[[], None]:
        def run() -> None:
            self.shell.page.run_task(task)

        return run

    # -- a match's codes --------------------------------------------------------------------
    def open_share(self, match_id: str) -> None:
        """Show the codes of a match as it is now (worked out again on each opening), the
        results first."""
        self.shown, self.results, self.part, self.kind = None, None, 0, "results"
        self.shell.go(f"/match/{match_id}/share")

    def _results(self, match_id: str) -> Results:
        """The results of a match, from the scoreboard its referee shows."""
        referee = self.shell.referees.get(match_id)
        doc = self.store.load_match(match_id)
        mark = (doc["summary"] or {}).get("imported") or {}
        created = str(mark.get("created") or created_of(match_id))
        game = referee.match.setup.game
        day = local_day(created, self.t.language)  # the device's day
        return results(self.t, referee.score(), game_title(self.t, game), day)

    def share_view(self, match_id: str) -> ft.View:
        """The screen of ``/match/<id>/share``: the results as a text any camera reads, or the
        match's Meja codes, one part at a time."""
        if self.shown is None or self.shown[0] != match_id:
            try:
                self.shown = (match_id, code_texts(self.store, match_id))
            except (NotFound, ValueError) as error:
                raise Said(self.t("match.missing")) from error
            self.part = 0
        if self.results is None or self.results[0] != match_id:
            self.results = (match_id, self._results(match_id))
        found = self.results[1]
        readable = text(self.t, found)
        texts = self.shown[1]
        self.part %= len(texts)
        if self.kind == "results":
            shown, whole = qr_text(self.t, found)
        else:
            shown, whole = texts[self.part], True

        def step(by: int) -> Callable[[], None]:
            def go() -> None:
                self.part = (self.part + by) % len(texts)
                self.shell.refresh()
            return go

        def kind(value: str) -> None:
            self.kind = value
            self.shell.refresh()

        many = len(texts) > 1
        picture, version = qr_picture(shown)  # encoded once per text, not at each tap
        data = ShareData(
            route=f"/match/{match_id}/share", png=picture,
            part=self.t("share.part", i=self.part + 1, n=len(texts)) if many else "",
            size=self.t("share.dense") if version >= DENSE else "",
            parts=len(texts), kind=self.kind, text=readable,
            note="" if whole else self.t("share.results_short"),
        )

        async def copy_code() -> None:
            await self.clipboard.set("\n".join(texts))
            self.shell.toast(self.t("share.copied"))

        async def copy_results() -> None:
            await self.clipboard.set(readable)
            self.shell.toast(self.t("share.copied_results"))

        async def send() -> None:
            try:
                await self.sheet.share_text(readable, subject=found.title)
            except Exception:  # noqa: BLE001 - no sheet after all: the text is copied
                await copy_results()

        def save(kind: str) -> Callable[[], Awaitable[None]]:
            async def run() -> None:
                if kind == "png":
                    body = await asyncio.to_thread(png, found)
                else:
                    body = (csv_text(self.store, match_id) if kind == "csv" else json_text(
                        self.store, match_id)).encode("utf-8")
                try:
                    path = await self.picker.save_file(
                        file_name=f"meja-{match_id}.{kind}", src_bytes=body)
                except Exception as error:  # noqa: BLE001 - the platform says why
                    self.shell.toast(self.t("share.save_failed", error=error))
                    return
                if path or self.shell.page.web:
                    self.shell.toast(self.t("share.saved"))
            return run

        return share_view(
            self.t, data, on_kind=kind, on_previous=step(-1) if many else None,
            on_next=step(1) if many else None,
            on_copy=self._run(copy_code), on_copy_results=self._run(copy_results),
            on_send=self._run(send) if has_sheet(self.shell.page) else None,
            on_picture=self._run(save("png")),
            on_csv=self._run(save("csv")), on_json=self._run(save("json")),
            on_back=lambda: self.shell.go(f"/match/{match_id}/score"),
        )

    # -- import -----------------------------------------------------------------------------
    def progress(self) -> str:
        reader = self.reader
        if reader.parts and not reader.done:
            return self.t("share.progress", read=len(reader.parts), total=reader.total,
                          missing=", ".join(map(str, reader.missing)))
        return ""

    def import_view(self) -> ft.View:
        camera = has_camera(self.shell.page)
        note = self.t("share.camera_insecure") if self.shell.page.web and not camera else ""
        return import_view(self.t, ImportData(progress=self.progress(), error=self.error,
                                              text=self.pasted, note=note,
                                              pasted=self._pasted()),
                           on_camera=self.scan.open if camera else None,
                           on_image=self._run(self._pick_image), on_text=self._typed,
                           on_paste=lambda: self.read(self.pasted),
                           on_back=self._leave_import)

    def _leave_import(self) -> None:
        self.reader, self.error, self.pasted = Reader(), "", ""
        self.scan.stop()
        self.shell.go("/")

    async def _pick_image(self) -> None:
        files = await self.picker.pick_files(file_type=ft.FilePickerFileType.IMAGE,
                                             with_data=True)
        if not files:
            return
        f = files[0]
        data = f.bytes if f.bytes is not None else (Path(f.path).read_bytes() if f.path else b"")
        try:
            found = meja_texts(await asyncio.to_thread(read_image, data))
        except PictureError as error:
            self.error = self.t(f"share.picture_{error.code}")
            return self.shell.refresh()
        if not found:
            self.error = self.t("share.no_code")
            return self.shell.refresh()
        return self.read_codes("\n".join(found))

    def _pasted(self) -> str:
        """What the app holds of the text field, said under it: a person sees the paste
        arrived before tapping Import. Its codes and characters are counted as the import
        reads them, line by line: a space that ends a code is one of its characters."""
        lines = code_lines(self.pasted)
        if not lines:
            return ""
        found = meja_texts(lines)
        if not found:
            return self.t("share.pasted_none")
        return self.t.plural("share.pasted", len(found), chars=len("\n".join(lines)))

    def _typed(self, text: str) -> None:
        self.pasted = text
        self.shell.refresh()

    def read(self, text: str) -> None:
        """Read pasted text: one code's text, or several, one a line."""
        self.pasted = text
        self.read_codes(text)

    def read_codes(self, text: str) -> None:
        """Read a code's text (or several); import the match once every part is in."""
        self.error = ""
        try:
            self.reader.add(text)
            if not self.reader.done:
                return self.shell.refresh()
            value, self.reader = self.reader.value, Reader()
            result = import_value(self.store, value)
        except ShareError as error:
            self.error = say(self.t, error.reason.code, error.reason.params)
            return self.shell.refresh()
        self.pasted = ""
        self.shell.forget(result.match_id)  # a match brought up to date is read again
        self.shell.announce(result.match_id)
        self.shell.toast(self.t(f"share.{result.status}"))
        return self.shell.go(f"/match/{result.match_id}/score")

    # -- the live scoreboard ----------------------------------------------------------------
    def resume_live(self) -> None:
        """Serve the live scoreboard again (after a restart, the setting being on)."""
        settings = self.shell.settings
        if live() is None:
            self._start_live(settings.get("live_token") or secrets.token_urlsafe(18),
                             int(settings.get("live_port") or 0))

    def _start_live(self, token: str, port: int) -> None:
        t = Translator(self.t.language)
        store = self.store
        try:
            server = start_live(
                lambda: scoreboard(store, t),
                lambda: {"lang": t.language, "title": t("share.live_title"),
                         "note": t("share.live_note")},
                token, port)
        except OSError as error:
            self.live_error = self.t("share.live_failed", error=error)
            return
        self.live_error = ""
        self._keep({"live": True, "live_token": server.token,
                    "live_port": server.httpd.server_address[1]})

    def _keep(self, values: dict[str, object]) -> None:
        """Keep the live scoreboard's state with the settings (so it opens again at the next
        start); a write that fails is said, the scoreboard running as it is."""
        try:
            self.shell.settings.change(values)
        except OSError as error:
            self.shell.toast(not_saved(self.t, error))

    def toggle_live(self, on: bool) -> None:
        if on:
            self._start_live(secrets.token_urlsafe(18), 0)  # a new token each time
        else:
            stop_live()
            self._keep({"live": False})
        self.shell.refresh()

    def live_section(self) -> ft.Control:
        server = live()
        return live_section(self.t, on=server is not None, url=server.url if server else "",
                            png=qr_png(server.url) if server else None, error=self.live_error,
                            on_toggle=self.toggle_live)
