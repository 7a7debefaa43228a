"""The command line: a mistake is one line and exit status 2; a desktop that cannot fetch
Flet's desktop client gets the app in its browser, with one line saying why."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser import free_port

ROOT = Path(__file__).resolve().parent.parent


def app(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})})


def said_once(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("port", "words"), [("70000", "from 1 to 65535, not 70000"),
                                             ("0", "from 1 to 65535"),
                                             ("eighty", "not a port number")])
def test_a_bad_port_is_one_line(port: str, words: str, tmp_path: Path) -> None:
    said_once(app("--web", "--port", port, "--data-dir", str(tmp_path)), words)


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        said_once(app("--web", "--port", str(port), "--data-dir", str(tmp_path)),
                  f"cannot serve on 127.0.0.1:{port}")


def test_a_data_folder_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")  # root writes anywhere: a file in the way stops it
    said_once(app("--web", "--data-dir", str(blocker / "meja")), "cannot keep data in")


def test_an_unknown_option_is_one_line() -> None:
    said_once(app("--colour", "green"), "unrecognized arguments: --colour green")


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def test_no_desktop_client_falls_back_to_the_browser(tmp_path: Path) -> None:
    """A screen, an empty cache and no way to download Flet's desktop client: the app is
    served on 127.0.0.1 and handed to the system browser, with one line of why."""
    refused = free_port()  # nothing listens there: the download is refused at once
    port = free_port()
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f"#!/bin/sh\necho \"$1\" > {opened}\n")
    browser.chmod(0o755)
    env = {**os.environ, "DISPLAY": ":99", "HOME": str(tmp_path / "home"),
           "FLET_CLIENT_URL": f"http://127.0.0.1:{refused}/flet-linux.tar.gz",
           "BROWSER": str(browser)}
    env.pop("FLET_FORCE_WEB_SERVER", None)
    env.pop("FLET_VIEW_PATH", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "--port", str(port), "--data-dir", str(tmp_path / "d")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not answers(f"http://127.0.0.1:{port}/") and process.poll() is None:
            assert time.monotonic() < deadline, "the browser fallback never answered"
            time.sleep(0.2)
        assert process.poll() is None
        while not opened.exists():  # the system browser is asked to open the app
            assert time.monotonic() < deadline, "the system browser was not asked"
            time.sleep(0.1)
        assert opened.read_text().strip().startswith(f"http://127.0.0.1:{port}")
    finally:
        process.terminate()
        out, err = process.communicate(timeout=30)
    why = [line for line in out.splitlines() if line.startswith("Meja: no desktop window")]
    assert len(why) == 1 and "could not be downloaded" in why[0] and "make desktop" in why[0]
    assert "Traceback" not in err and "Traceback" not in out
