"""Sharing screens: a match's QR codes (with copy and exports), the import screen, and the
live scoreboard section of the settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from views.common import (
    CARD_FONT,
    Handler,
    Tr,
    big_button,
    message,
    panes,
    screen,
    section,
    small_button,
)

KINDS = ("results", "code")  # what the QR code holds: the results as text, or the Meja code


@dataclass(frozen=True)
class ShareData:
    route: str
    png: bytes  # the QR code on screen
    part: str  # "Code 2 of 3", or "" for a single code
    size: str  # a word on a dense code ("hold the phones steady"), or ""
    parts: int
    kind: str = "code"  # one of KINDS
    text: str = ""  # the results as text, shown with the results
    note: str = ""  # why the results' code leaves the rounds out, or ""


def qr_image(png: bytes, *, key: str, label: str, width: int = 360) -> ft.Control:
    """A QR code drawn sharp (no smoothing between modules) on a white quiet zone."""
    return ft.Container(
        ft.Image(src=png, width=width, height=width, fit=ft.BoxFit.CONTAIN,
                 filter_quality=ft.FilterQuality.NONE, semantics_label=label),
        bgcolor=ft.Colors.WHITE, alignment=ft.Alignment.CENTER, key=key,
    )


def kind_switch(t: Tr, kind: str, on_kind: Callable[[str], None]) -> ft.Control:
    """The two QR codes, side by side: the one shown is filled and ticked."""

    def one(value: str) -> ft.Control:
        chosen = value == kind
        cls = ft.FilledButton if chosen else ft.OutlinedButton
        return cls(content=ft.Text(t(f"share.kind_{value}"), text_align=ft.TextAlign.CENTER),
                   icon=ft.Icons.CHECK if chosen else None, key=f"kind-{value}", height=56,
                   expand=True, on_click=lambda _e: on_kind(value),
                   style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)))

    return ft.Row([one(k) for k in KINDS], spacing=8, key="kind")


def share_view(
    t: Tr,
    data: ShareData,
    *,
    on_kind: Callable[[str], None],
    on_previous: Handler | None,
    on_next: Handler | None,
    on_copy: Handler,
    on_copy_results: Handler,
    on_send: Handler | None,
    on_picture: Handler,
    on_csv: Handler,
    on_json: Handler,
    on_back: Handler,
) -> ft.View:
    """A match's QR code, the results or the Meja code, and the ways to pass them on. The
    Send button is there only where the device has a share sheet."""
    results = data.kind == "results"
    controls: list[ft.Control] = [
        kind_switch(t, data.kind, on_kind),
        ft.Text(t("share.results_help" if results else "share.help"), size=16,
                key="share-help"),
        qr_image(data.png, key="qr", label=t(f"share.kind_{data.kind}")
                 if results or not data.part else data.part),
    ]
    if not results and data.parts > 1:
        controls += [
            ft.Text(data.part, size=20, weight=ft.FontWeight.BOLD, key="part",
                    text_align=ft.TextAlign.CENTER),
            ft.Text(t("share.parts_help"), key="parts-help", text_align=ft.TextAlign.CENTER),
            ft.Row([small_button(t("share.previous"), on_previous, key="previous",
                                 icon=ft.Icons.CHEVRON_LEFT),
                    small_button(t("share.next"), on_next, key="next",
                                 icon=ft.Icons.CHEVRON_RIGHT)],
                   alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        ]
    controls.append(ft.Text(data.size, size=13, color=ft.Colors.ON_SURFACE_VARIANT, key="size",
                            text_align=ft.TextAlign.CENTER))
    actions: list[ft.Control] = []
    if results:
        if data.note:
            actions.append(message(data.note, key="results-note"))
        actions += [
            big_button(t("share.copy_results"), on_copy_results, key="copy-results",
                       icon=ft.Icons.COPY),
            *([big_button(t("share.send"), on_send, key="send", icon=ft.Icons.SHARE,
                          primary=False)] if on_send is not None else []),
            big_button(t("share.picture"), on_picture, key="picture", icon=ft.Icons.IMAGE,
                       primary=False),
            section(t("share.results_text"),
                    ft.Text(data.text, selectable=True, key="results-text", size=15,
                            style=ft.TextStyle(font_family_fallback=[CARD_FONT]))),
        ]
    else:
        actions.append(big_button(t("share.copy"), on_copy, key="copy", icon=ft.Icons.COPY,
                                  primary=False))
    actions.append(
        ft.Row([small_button(t("share.csv"), on_csv, key="csv", icon=ft.Icons.TABLE_CHART),
                small_button(t("share.json"), on_json, key="json", icon=ft.Icons.DATA_OBJECT)],
               wrap=True))
    # A wide screen puts the code beside what to do with it.
    return screen(data.route, t("share.title"), [panes(controls, actions)], on_back=on_back,
                  back_label=t("common.back"), split=6)


def feedback(progress: str, error: str) -> list[ft.Control]:
    """How far reading a match's codes has got, and why the last one was refused."""
    return ([message(progress, key="progress")] if progress else []) + (
        [message(error, key="error", error=True)] if error else [])


@dataclass(frozen=True)
class ImportData:
    progress: str  # "1 of 3 codes read..." or ""
    error: str
    text: str = ""  # what was pasted last: kept so a refused text can be mended
    note: str = ""  # why there is no camera button where one might be expected
    pasted: str = ""  # what the app has of the text field: how many codes, how long


def import_view(
    t: Tr,
    data: ImportData,
    *,
    on_camera: Handler | None,
    on_image: Handler,
    on_text: Callable[[str], None],
    on_paste: Handler,
    on_back: Handler,
) -> ft.View:
    field = ft.TextField(label=t("share.paste_label"), value=data.text, multiline=True,
                         min_lines=3, max_lines=6, key="paste",
                         on_change=lambda e: on_text(e.control.value or ""))
    controls: list[ft.Control] = [
        ft.Text(t("share.import_help"), size=16, key="import-help"),
        *([big_button(t("share.from_camera"), on_camera, key="from-camera",
                      icon=ft.Icons.QR_CODE_SCANNER)] if on_camera else []),
        big_button(t("share.from_image"), on_image, key="from-image", icon=ft.Icons.IMAGE,
                   primary=on_camera is None),
        *([ft.Text(data.note, key="camera-note", color=ft.Colors.ON_SURFACE_VARIANT)]
          if data.note else []),
        section(t("share.paste_label"), field,
                *([ft.Text(data.pasted, key="pasted", color=ft.Colors.ON_SURFACE_VARIANT)]
                  if data.pasted else []),
                big_button(t("share.paste_button"), on_paste,
                           key="paste-import", icon=ft.Icons.INPUT, primary=False)),
    ]
    controls += feedback(data.progress, data.error)
    return screen("/import", t("share.import"), controls, on_back=on_back,
                  back_label=t("common.back"))


@dataclass(frozen=True)
class ScanData:
    progress: str  # "1 of 3 codes read..." or ""
    error: str  # a code read and refused (the camera goes on looking)
    failure: str  # the camera could not be used: no preview, a way out instead


def scan_view(
    t: Tr,
    data: ScanData,
    *,
    camera: ft.Control | None,
    on_retry: Handler,
    on_back: Handler,
) -> ft.View:
    """The camera looking for codes: its preview, what was read so far, and what went wrong.
    The camera control comes from the app (the same one at each redraw: it holds the
    device)."""
    controls: list[ft.Control] = [ft.Text(t("share.scan_help"), size=16, key="scan-help")]
    if data.failure:
        controls += [
            message(data.failure, key="camera-failed", error=True),
            big_button(t("share.camera_retry"), on_retry, key="camera-retry",
                       icon=ft.Icons.REFRESH),
            ft.Text(t("share.camera_other"), key="camera-other"),
        ]
    elif camera is not None:
        controls += [
            ft.Container(camera, height=360, bgcolor=ft.Colors.BLACK, border_radius=12,
                         clip_behavior=ft.ClipBehavior.HARD_EDGE, key="preview"),
            ft.Row([ft.ProgressRing(width=18, height=18, stroke_width=2),
                    ft.Text(t("share.scan_looking"), key="scan-state")], spacing=10),
        ]
    controls += feedback(data.progress, data.error)
    return screen("/import/camera", t("share.scan_title"), controls, on_back=on_back,
                  back_label=t("common.back"))


def live_section(
    t: Tr,
    *,
    on: bool,
    url: str,
    png: bytes | None,
    error: str,
    on_toggle: Callable[[bool], None],
) -> ft.Control:
    """The live scoreboard switch; when on, its address as a QR code and as text."""
    rows: list[ft.Control] = [
        ft.Switch(label=t("share.live_switch"), value=on, key="live",
                  on_change=lambda e: on_toggle(bool(e.control.value))),
    ]
    if on and png is not None:
        rows += [
            ft.Text(t("share.live_help"), key="live-help"),
            ft.Text(url, key="live-url", size=13),
            qr_image(png, key="live-qr", label=t("share.live_title"), width=260),
        ]
    else:
        rows.append(ft.Text(t("share.live_off"), key="live-off",
                            color=ft.Colors.ON_SURFACE_VARIANT))
    if error:
        rows.append(message(error, key="live-error", error=True))
    return section(t("share.live_title"), *rows, key="live-section")
