"""JSON text from outside the engine (log files, saves, the page's arguments), read within stated limits.

Every limit is checked before :mod:`json` sees the text, so no input makes the parser recurse deeply, run
for long or raise anything but :class:`JsonInputError`:

- regular files only: a FIFO, a device (``/dev/zero``) or a directory is refused before a byte is read, so
  a pipe with no writer cannot block the reader;
- at most :data:`MAX_BYTES` bytes of a file (characters of a text), read no further;
- files are UTF-8;
- arrays and objects nested at most :data:`MAX_DEPTH` deep (a match log needs 6);
- integers of at most :data:`MAX_INT_DIGITS` digits (a seed below 2^64 has 20);
- standard JSON only: ``NaN`` and ``Infinity`` are refused.
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

MAX_BYTES = 16 * 1024 * 1024
"""Largest input read: 16 MiB (a 170-hand match log takes about 0.6 MiB)."""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted."""
MAX_INT_DIGITS = 20
"""Longest integer accepted (digits, without the sign)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonInputError(ValueError):
    """JSON input that is too large, too deep, not UTF-8 or not valid JSON; the message names the problem, and
    ``code`` with ``params`` say it as a reason of :data:`~hzmj_core.reasons.LOG_CODES` (``log_json_at`` with
    the line and column of a syntax error, ``log_json_number``, ``log_json_limits``, else ``log_json``), so that
    no caller reads the English to tell them apart."""

    def __init__(self, message: str, code: str = "log_json", **params: int) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings do not count).

    Iterative, so any depth is safe to measure; an unbalanced text gives a depth all the same.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonInputError(f"an integer has {len(digits.lstrip('-'))} digits; at most {MAX_INT_DIGITS} are read",
                             "log_json_number", max=MAX_INT_DIGITS)
    return int(digits)


def _constant(name: str) -> Any:
    raise JsonInputError(f"{name} is not a JSON number", "log_json_number", max=MAX_INT_DIGITS)


MAX_ARGUMENT_CHARS = 2 * MAX_BYTES + 4096
"""Longest argument text of a call (``{"log": "..."}``): a log of :data:`MAX_BYTES` written as a JSON string
inside it grows by its escapes (every quote and line break takes two characters), and must still be read."""


def loads(text: str, max_chars: int = MAX_BYTES) -> Any:
    """Parse JSON text of at most ``max_chars`` characters within the limits above; raises
    :class:`JsonInputError` naming the problem."""
    if len(text) > max_chars:
        raise JsonInputError(f"the text is {len(text):,} characters long; at most {max_chars:,} are read",
                             "log_json_limits")
    if nesting_depth(text) > MAX_DEPTH:
        raise JsonInputError(f"arrays and objects are nested more than {MAX_DEPTH} deep", "log_json_limits")
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonInputError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", "log_json_at",
                             line=exc.lineno, column=exc.colno) from None
    except RecursionError:  # unreachable after the depth check; kept so no input escapes as a crash
        raise JsonInputError(f"arrays and objects are nested more than {MAX_DEPTH} deep",
                             "log_json_limits") from None


def read_text(path: Path) -> str:
    """The UTF-8 text of a regular file of at most :data:`MAX_BYTES` bytes (never reads more than one byte past it).

    Raises :class:`JsonInputError` for a file that cannot be read, is not a regular file (a FIFO, a device,
    a directory), is too large or is not UTF-8.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise JsonInputError(f"{path} is not a regular file (a pipe, a device or a directory); give a log file")
        # non-blocking: if a FIFO took the file's place since the check, opening it still returns at once
        nonblock = getattr(os, "O_NONBLOCK", 0)
        fd = os.open(path, os.O_RDONLY | nonblock)
        with open(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise JsonInputError(f"{path} is not a regular file (a pipe, a device or a directory); give a log file")
            if nonblock:
                os.set_blocking(f.fileno(), True)
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise JsonInputError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise JsonInputError(f"{path} is larger than {MAX_BYTES:,} bytes", "log_json_limits")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonInputError(f"{path} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def read_json(path: Path) -> Any:
    """Read and parse a JSON file within the limits; raises :class:`JsonInputError` naming the file."""
    text = read_text(path)
    try:
        return loads(text)
    except JsonInputError as exc:
        raise JsonInputError(f"{path}: {exc}") from None
