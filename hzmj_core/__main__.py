"""``python -m hzmj_core``: the command line (see :mod:`hzmj_core.cli`)."""

import sys

from .cli import main

sys.exit(main())
