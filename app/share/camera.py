"""Reading codes with the camera: its preview while it looks for Meja codes, which go to the
import screen's reader until every part of a match is in."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Protocol, cast
from urllib.parse import urlsplit

import flet as ft
import flet_camera as fc

from app.share.pictures import PictureError, meja_texts, read_image
from views.share import ScanData, scan_view

if TYPE_CHECKING:
    from app.window import Window

SCAN = "/import/camera"
PAUSE = 0.2  # seconds between two looks; reading a frame takes 2-12 ms
# 480p on phones (720x480), 640x480 in browsers: a code held close is 4+ px a module.
RESOLUTION = fc.ResolutionPreset.MEDIUM


def _untyped(call: object) -> Callable[[], Awaitable[None]]:
    """A camera call Flet leaves untyped (starting and stopping the image stream), typed."""
    return cast("Callable[[], Awaitable[None]]", call)


def secure(url: str) -> bool:
    """Whether a browser lets a page at ``url`` use the camera: https, or this device."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    return parts.scheme == "https" or host in ("localhost", "127.0.0.1", "::1") or (
        host.endswith(".localhost"))


CAMERA_TROUBLES = {  # what the platforms' camera errors mean for the person holding it
    "cameranotfound": "share.camera_none",
    "cameraaccessdenied": "share.camera_denied",
    "cameraaccessdeniedwithoutprompt": "share.camera_denied",
    "cameraaccessrestricted": "share.camera_denied",
    "camerapermission": "share.camera_denied",
    "cameranotsupported": "share.camera_unsupported",
    "camerasecurity": "share.camera_unsupported",
    "cameranotreadable": "share.camera_busy",
}


def camera_trouble(error: str) -> str | None:
    """The text key that explains a camera error (``CameraException(<code>, ...)``), if
    its code is one a person can do something about."""
    found = re.search(r"CameraException\((\w+)", error) or re.search(r"(\w+Error)\b", error)
    if found is None:
        return None
    code = found.group(1).lower()
    if code in ("notallowederror", "permissiondeniederror"):
        return "share.camera_denied"
    return CAMERA_TROUBLES.get(code)


def has_camera(page: ft.Page) -> bool:
    """Whether the platform offers a camera to Meja (browsers on a secure page, Android
    and iOS; Flet's desktop window has none)."""
    if page.web:
        return secure(page.url or "")
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


class Importing(Protocol):
    """What the camera's screen asks of the import screen (``app.share.screens.Sharing``)."""

    shell: Window
    error: str

    def progress(self) -> str:
        """How many parts of a match are read ("" when none)."""

    def read_codes(self, text: str) -> None:
        """Read a code's text; import the match once every part is in."""


class Scan:
    """The camera's screen (one per window or browser session, beside its import screen)."""

    def __init__(self, importing: Importing) -> None:
        self.importing = importing
        self.shell = importing.shell
        self.camera: fc.Camera | None = None  # while a scan owns it
        self.running = 0  # the number of the scan running; any other one stops
        self.failure = ""  # why the camera could not be used, until "Try again"
        self.seen: set[str] = set()  # the codes the camera read already, frame after frame
        self.frame = b""  # the newest frame of the camera's image stream

    def open(self) -> None:
        self.failure = self.importing.error = ""
        self.shell.go(SCAN)

    def stop(self) -> None:
        """End the scan running, if any (it stops at its next look)."""
        self.running += 1

    def view(self) -> ft.View:
        """The camera's preview while it looks for codes (a scan starts with the screen)."""
        if not has_camera(self.shell.page):  # Flet's desktop window: its camera control fails
            self.failure = self.shell.t("share.camera_none")
        if self.camera is None and not self.failure:
            self.camera = fc.Camera(preview_enabled=True, expand=True, key="camera",
                                    on_stream_image=self._on_frame)
            self.running += 1
            self.seen.clear()
            self.shell.page.run_task(self._run, self.running, self.camera)
        data = ScanData(progress=self.importing.progress(), error=self.importing.error,
                        failure=self.failure)
        return scan_view(self.shell.t, data, camera=self.camera, on_retry=self.open,
                         on_back=self._leave)

    def _leave(self) -> None:
        self.stop()
        self.camera, self.failure = None, ""
        self.shell.go("/import")

    async def _run(self, run: int, camera: fc.Camera) -> None:
        """Read the Meja codes the camera sees, until every part of a match is read (then it
        is imported) or the screen is left. Frames come from the camera's image stream where
        the platform has one (phones), else from a picture taken every moment (browsers)."""

        def on() -> bool:
            return run == self.running and self.shell.page.route == SCAN

        streaming = False
        try:
            await asyncio.sleep(0.3)  # the preview is built before it is asked anything
            try:  # the browser or the phone may first ask the person: a long wait
                cameras = await asyncio.wait_for(camera.get_available_cameras(), 120)
                if not cameras:
                    raise LookupError("no camera")
                back = [c for c in cameras if c.lens_direction == fc.CameraLensDirection.BACK]
                await asyncio.wait_for(camera.initialize(
                    (back or cameras)[0], RESOLUTION, enable_audio=False), 60)
                streaming = await asyncio.wait_for(camera.supports_image_streaming(), 15)
                if streaming:
                    await asyncio.wait_for(_untyped(camera.start_image_stream)(), 15)
            except Exception as error:  # noqa: BLE001 - the platform says why
                if on():
                    self._failed(error)
                return
            last = b""
            while on():
                try:
                    if streaming:
                        picture = self.frame
                    else:
                        picture = await asyncio.wait_for(camera.take_picture(), 15)
                except Exception as error:  # noqa: BLE001
                    if on():
                        self._failed(error)
                    return
                if picture and picture is not last:
                    last = picture
                    self._look(await asyncio.to_thread(self._codes_in, picture))
                await asyncio.sleep(PAUSE)
        finally:
            if streaming:
                with suppress(Exception):
                    await _untyped(camera.stop_image_stream)()
            if run == self.running:
                self.camera, self.frame = None, b""

    def _on_frame(self, e: fc.CameraImageEvent) -> None:
        """Keep the newest frame of the stream: the scan reads one each moment, the rest go."""
        self.frame = e.bytes

    @staticmethod
    def _codes_in(picture: bytes) -> list[str]:
        try:
            return meja_texts(read_image(picture))
        except PictureError:  # a frame the platform garbled: the next one will do
            return []

    def _look(self, found: list[str]) -> None:
        fresh = [x for x in found if x not in self.seen]
        if fresh and self.shell.page.route == SCAN:
            self.seen.update(fresh)
            importing = self.importing
            importing.read_codes("\n".join(fresh))
            if importing.error:
                # Refused: back on the import screen, which says why and offers every way on
                # (the camera again, an image, a paste); the parts read so far are kept.
                self.seen.clear()
                self._leave()

    def _failed(self, error: BaseException) -> None:
        text = str(error) or type(error).__name__
        key = "share.camera_none" if isinstance(error, LookupError) else camera_trouble(text)
        self.failure = self.shell.t(key or "share.camera_failed", error=text)
        self.shell.refresh()
