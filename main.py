"""Meja's entry point for ``flet build`` (the phone apps) and ``flet run``: Flet looks for
main.py beside assets/. ``python -m app`` starts the same app."""

import sys

from app.embedding import is_embedded
from app.main import run

if __name__ == "__main__":
    run([] if is_embedded() else sys.argv[1:])  # a phone passes no command line
