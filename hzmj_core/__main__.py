"""``python -m hzmj_core``: the command line (see :mod:`hzmj_core.cli`)."""

import sys

if __name__ == "__main__":  # not when a worker process of the arena imports the main module again
    try:
        # the import is inside: Ctrl-C while the engine's modules load ends in one line too, not a traceback
        from .cli import main

        status = main()
    except KeyboardInterrupt:
        print("error: stopped by Ctrl-C", file=sys.stderr)
        status = 130
    sys.exit(status)
