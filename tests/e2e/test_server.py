"""The site's HTTP server (builder/server.py): a client that hangs up is not an error worth a traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from builder.server import make_server


def _error_output(server: Any, exc: BaseException, capsys: pytest.CaptureFixture[str]) -> str:
    try:
        raise exc
    except BaseException:
        server.handle_error(None, ("127.0.0.1", 1))
    return capsys.readouterr().err


def test_a_client_hanging_up_is_quiet_and_other_errors_are_not(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    # A page closed mid-download (a player's closed tab; test_faults closes pages while Retry downloads) used
    # to print "Exception occurred during processing of request" and a traceback into the test log.
    server = make_server(tmp_path, "127.0.0.1", 0)
    try:
        for gone in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "Connection reset by peer"),
                     ConnectionAbortedError(103, "Software caused connection abort")):
            assert _error_output(server, gone, capsys) == "", gone
        shown = _error_output(server, ValueError("a real bug"), capsys)
        assert "Exception occurred during processing of request" in shown and "a real bug" in shown
    finally:
        server.server_close()
    assert sys.exc_info()[1] is None
