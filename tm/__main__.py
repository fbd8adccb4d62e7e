"""Command line: ``python -m tm simulate|cards|bench``."""
from __future__ import annotations

import sys

from tm.cli import main

sys.exit(main(sys.argv[1:]))
