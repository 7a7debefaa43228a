"""Where the app runs, as Flet tells it. Flet's checks are untyped: typed once, here."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flet.utils import platform_utils

# a phone app: Flet's client embeds Python and sets FLET_PLATFORM
is_embedded = cast(Callable[[], bool], platform_utils.is_embedded)
# Linux without a display, where no desktop window can open
is_linux_server = cast(Callable[[], bool], platform_utils.is_linux_server)
