"""``python -m app``: see app.main."""

import sys

from app.main import run

run(sys.argv[1:])
