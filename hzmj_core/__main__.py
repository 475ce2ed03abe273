"""``python -m hzmj_core``: the command line (see :mod:`hzmj_core.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":  # not when a worker process of the arena imports the main module again
    sys.exit(main())
