"""The pixel check of the suit-sign browser test tells a drawn sign from a tofu box."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from tests.glyphs import FONT, drawn


def line(text: str, tofu: bool = False, size: int = 45, crossed: bool = False) -> Image.Image:
    picture = Image.new("RGB", (40 * len(text) + 60, 3 * size), (250, 250, 245))
    pen = ImageDraw.Draw(picture)
    font = ImageFont.truetype(str(FONT), size)
    pen.text((10, size // 2), text, font=font, fill=(180, 30, 30))
    if tofu:  # a font without the sign draws an outlined box after the text
        x = 10 + int(pen.textlength(text, font=font)) + 3
        corners = (x, size // 2 + 4, x + size // 2, size // 2 + size)
        pen.rectangle(corners, outline=(180, 30, 30), width=max(1, size // 15))
        if crossed:  # as Roboto's: a box with a cross inside
            a, b, c, d = (corners[0] + 3, corners[1] + 3, corners[2] - 3, corners[3] - 3)
            pen.line((a, b, c, d), fill=(180, 30, 30), width=2)
            pen.line((a, d, c, b), fill=(180, 30, 30), width=2)
    return picture


def test_a_drawn_sign_is_found_and_no_box() -> None:
    for size in (40, 45, 60):
        assert drawn(line("The pack holds 1 × A♠: Bea has it.", size=size), "♠") == (True, 0)
        assert drawn(line("Play 6♥ now", size=size), "♥") == (True, 0)


def test_a_tofu_box_is_told_and_no_sign() -> None:
    for size in (40, 45, 60):
        for crossed in (False, True):
            found, boxes = drawn(line("The pack holds 1 × A", True, size, crossed), "♠")
            assert not found and boxes == 1, (size, crossed)


def test_every_text_style_of_the_theme_falls_back_on_the_card_font() -> None:
    from dataclasses import fields

    import flet as ft

    from views.common import CARD_FONT, theme

    styles = theme().text_theme
    assert styles is not None
    for f in fields(ft.TextTheme):
        style = getattr(styles, f.name)
        assert style.size and style.weight, f.name  # the whole style, not only the fallback
        # the platform's font first (the card font's Latin is bold), the card font for the signs
        assert style.font_family is None and style.font_family_fallback[0] == "Roboto"
        assert style.font_family_fallback[-1] == CARD_FONT
