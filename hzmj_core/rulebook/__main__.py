"""``python -m hzmj_core.rulebook [--check]``: write (or check) the generated rules files."""

from __future__ import annotations

import sys

from . import stale_files, write


def main(argv: list[str]) -> int:
    """Write the stale files, or with ``--check`` only list them (exit status 1 when any is stale)."""
    if argv and argv[0] == "--check":
        stale = stale_files()
        for p in stale:
            print(f"out of date: {p} (run python -m hzmj_core.rulebook)")
        return 1 if stale else 0
    for p in write():
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
