"""Command line: analyze, simulate, replay (through cli.main and capsys; one real subprocess)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hzmj_core.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "docs" / "examples" / "scenario-baotou.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse refuses a flag
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


# --------------------------------------------------------------------------- analyze

@pytest.mark.parametrize("hand, win, forms", [
    ("P* 123m 456p 789s EEE N", True, ["standard"]),  # EX4
    ("1m1m 3m3m 5p5p 7p7p E E C C 9s 9s", True, ["seven_pairs"]),  # EX17
    ("1m1m2m2m3m3m 5p5p6p6p7p7p EE", True, ["seven_pairs", "standard"]),
    ("1m9m 1p9p 1s9s E S W N C F P* 1m", False, []),  # EX23(a): no thirteen orphans
    ("1m1m 3m3m 5p5p 7p7p E E C P* 9s 2s", False, []),  # EX23(c)
])
def test_analyze_14_tiles(capsys: pytest.CaptureFixture[str], hand: str, win: bool, forms: list[str]) -> None:
    d = run_json(capsys, "analyze", hand)
    assert d["tiles"] == 14 and d["win"] is win and d["forms"] == forms
    assert (d["shanten"] == -1) is win
    code, out, _ = run(capsys, "analyze", hand)
    assert code == 0 and f"win: {'yes' if win else 'no'}" in out


def test_analyze_14_with_melds(capsys: pytest.CaptureFixture[str]) -> None:
    # EX23(b): [pong EEE] [kong 5s] + 1m1m 3m3m 7p7p CC: no seven pairs with melds, no standard form
    d = run_json(capsys, "analyze", "1m1m 3m3m 7p7p C C", "--melds", "EEE 5s5s5s5s")
    assert d["tiles"] == 14 and d["win"] is False
    d = run_json(capsys, "analyze", "P* 4p5p6p 7s8s9s 2s", "--melds", "EEE 123m")  # EX8
    assert d["win"] is True


def test_analyze_13_waits_with_remaining(capsys: pytest.CaptureFixture[str]) -> None:
    d = run_json(capsys, "analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s")
    assert d["tiles"] == 13 and d["shanten"] == 0
    assert d["waits"] == [{"tile": "2s", "remaining": 3}, {"tile": "5s", "remaining": 3}]
    assert d["baotou"] is False and d["qike"] is False
    _code, out, _ = run(capsys, "analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s")
    assert "waits: 2s×3 5s×3" in out


@pytest.mark.parametrize("hand, baotou, qike", [
    ("P* 1m2m3m 4p5p6p 7s8s9s E E E", True, False),  # EX4
    ("1m1m 3m3m 5p5p 7p7p E E C C P*", False, True),  # EX16
    ("P* 1m1m2m2m3m3m 5p5p6p6p7p7p", True, True),  # EX21
    ("1m1m 3m3m 5p5p 7p7p E E C P* 9s", False, False),  # EX15
    ("P* 1m2m 4p5p6p 7s8s9s E E 9m9m", False, False),  # EX14 after the 飘
])
def test_analyze_13_baotou_qike(capsys: pytest.CaptureFixture[str], hand: str, baotou: bool, qike: bool) -> None:
    d = run_json(capsys, "analyze", hand)
    assert (d["baotou"], d["qike"]) == (baotou, qike)
    if baotou or qike:
        assert d["shanten"] == 0 and len(d["waits"]) >= 33  # every drawn natural face completes it


def test_analyze_flipped_wildcard(capsys: pytest.CaptureFixture[str]) -> None:
    # EX45(e): 5s* is the wildcard -> 暴头 state
    d = run_json(capsys, "analyze", "5s* 1m2m3m 4p5p6p 7s8s9s E E E", "--wildcard", "5s")
    assert d["mode"] == "flipped" and d["wildcard"] == "5s" and d["baotou"] is True
    # P stands in for 5s: waiting on face 5s, only the four P are natural 5s (the 5s are wildcards)
    d = run_json(capsys, "analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s P", "--wildcard", "5s")
    assert d["waits"] == [{"tile": "2s", "remaining": 3}, {"tile": "5s", "remaining": 3}]
    # EX45(a): P P is a natural pair -> seven pairs without a wildcard
    d = run_json(capsys, "analyze", "1m1m 3m3m P P 7p7p E E C C 9s 9s", "--wildcard", "5s")
    assert d["win"] is True and d["forms"] == ["seven_pairs"]


@pytest.mark.parametrize("args, needle", [
    (["analyze", "1m2m3m 4x"], "bad token"),
    (["analyze", "1m1m1m1m1m 2m3m4m 5p6p7p 9s9s"], "5 copies of 1m"),
    (["analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s"], "13 or 14"),
    (["analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s 6s"], "13 or 14"),
    (["analyze", "5s* 1m2m3m 4p5p6p 7s8s9s E E E"], "wildcard"),
    (["analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "--wildcard", "9x"], "--wildcard"),
    (["analyze", "5s5s5s5s 1m2m3m 4p5p6p E E", "--wildcard", "5s"], "indicator"),
    (["analyze", "０m 1m2m3m 4p5p6p 7s8s9s EEE"], "'０' (U+FF10) at position 0"),
    (["analyze", "P 1m2m3m 4p5p6p 7s8s9s EE²m"], "'²' (U+00B2) at position 25"),
])
def test_analyze_bad_input_exits_2(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("error:") and needle in err


# --------------------------------------------------------------------------- simulate

def test_simulate_reports_zero_violations(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    d = run_json(capsys, "simulate", "--hands", "6", "--seed", "3", "--save-logs", str(tmp_path / "logs"))
    assert d["hands"] == 6 and d["invariant_violations"] == 0 and d["violations"] == []
    assert d["wins"] + d["draws"] == 6
    assert sum(d["points_per_seat"]) == 0
    logs = sorted((tmp_path / "logs").glob("*.json"))
    assert len(logs) == 6
    code, out, _ = run(capsys, "simulate", "--hands", "2", "--seed", "3", "--bots", "random,basic,random,basic")
    assert code == 0 and "invariant violations: 0" in out


def test_simulate_with_options_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "opts.json"
    f.write_text(json.dumps({"wildcard_mode": "flipped", "que_yi_men": "s", "rob_kong": True}))
    d = run_json(capsys, "simulate", "--hands", "3", "--seed", "9", "--options", str(f))
    assert d["invariant_violations"] == 0
    f.write_text(json.dumps({"colour": "red"}))
    code, _, err = run(capsys, "simulate", "--hands", "1", "--seed", "1", "--options", str(f))
    assert code == 2 and "colour" in err


@pytest.mark.parametrize("args, needle", [
    (["--hands", "0", "--seed", "1"], "--hands"),
    (["--hands", "1", "--seed", "1", "--bots", "genius"], "genius"),
    (["--hands", "1", "--seed", "1", "--bots", "basic,basic"], "four"),
])
def test_simulate_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], needle: str) -> None:
    code, _, err = run(capsys, "simulate", *args)
    assert code == 2 and needle in err


# --------------------------------------------------------------------------- replay

def test_replay_saved_log_and_tampered_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run_json(capsys, "simulate", "--hands", "2", "--seed", "5", "--save-logs", str(tmp_path))
    path = sorted(tmp_path.glob("*.json"))[0]
    d = run_json(capsys, "replay", str(path))
    assert d["kind"] == "hand" and d["results_checked"] == 1 and not d["scenario"]
    log = json.loads(path.read_text(encoding="utf-8"))
    assert d["result"] == log["result"]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "1 recorded result(s) reproduced" in out
    log["result"]["deltas"] = [100, -100, 0, 0]
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(log))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2 and out == "" and "deltas" in err and "tampered.json" in err


def test_replay_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    f = tmp_path / "broken.json"
    f.write_text("{not json")
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and "not valid JSON" in err


def test_replay_docs_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    d = run_json(capsys, "replay", str(SCENARIO))
    assert d["scenario"] and d["state"]["current"] == 2 and d["state"]["phase"] == "act"
    assert "S2 win" in d["legal_actions"]
    code, out, _ = run(capsys, "replay", str(SCENARIO))
    assert code == 0 and "legal actions: S2 win" in out


def test_docs_scenario_played_to_the_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = json.loads(SCENARIO.read_text(encoding="utf-8"))
    log["actions"].append("S2 win")
    f = tmp_path / "won.json"
    f.write_text(json.dumps(log))
    d = run_json(capsys, "replay", str(f))
    assert d["result"]["winner"] == 2 and d["result"]["evaluation"]["fan"] == 1
    assert d["result"]["deltas"] == [-4, -2, 8, -2]  # rules.md §14 EX4


@pytest.mark.parametrize("content, needle", [
    (b"\xff\xfe{}", "is not UTF-8 text (byte 0xff at offset 0)"),
    (b"[" * 100_000 + b"]" * 100_000, "nested more than 64 deep"),
    (b'{"format": "hzmj-log", "version": ' + b"7" * 5000 + b"}", "an integer has 5000 digits"),
    (b'{"format": "hzmj-log", "version": Infinity}', "Infinity is not a JSON number"),
], ids=["not utf-8", "deep", "5000 digits", "Infinity"])
def test_replay_refuses_bad_files_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               content: bytes, needle: str) -> None:
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    code, out, err = run(capsys, "replay", str(f))
    assert code == 2 and out == "" and needle in err
    assert err.startswith("error:") and err.count("\n") == 1


def test_simulate_save_logs_at_a_file_or_impossible_path(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    f = tmp_path / "taken"
    f.write_text("x")
    for target in (f, f / "below"):
        code, out, err = run(capsys, "simulate", "--hands", "1", "--seed", "1", "--save-logs", str(target))
        assert code == 2 and out == "" and err.startswith("error: --save-logs") and err.count("\n") == 1


@pytest.mark.parametrize("command", [["simulate", "--hands", "1"], ["arena", "--hands", "1"], ["hint"]])
@pytest.mark.parametrize("seed, needle", [
    ("-1", "outside 0 to 18446744073709551615"),
    (str(2**64), "outside 0 to"),
    (str(2**64 + 1), "outside 0 to"),  # would have wrapped to seed 1
    ("1" * 400, "400 characters"),
    ("abc", "not a whole number"),
])
def test_seed_range_on_the_command_line(capsys: pytest.CaptureFixture[str], command: list[str], seed: str,
                                         needle: str) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*command, "--seed", seed])
    _, err = capsys.readouterr()
    assert exc.value.code == 2 and needle in err and err.count("\n") == 1


def test_largest_seed_plays(capsys: pytest.CaptureFixture[str]) -> None:
    d = run_json(capsys, "simulate", "--hands", "1", "--seed", str(2**64 - 1))
    assert d["hands"] == 1 and d["seed"] == 2**64 - 1


@pytest.mark.host_only
def test_dev_zero_and_broken_pipe_exit_2_without_traceback() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-m", "hzmj_core", "replay", "/dev/zero"], capture_output=True,
                       text=True, env=env, cwd=ROOT, timeout=60)
    assert p.returncode == 2 and "not a regular file" in p.stderr and "Traceback" not in p.stderr
    proc = subprocess.Popen([sys.executable, "-m", "hzmj_core", "simulate", "--hands", "3", "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything is written, as with `| head -0`
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 2
    assert err == "error: the output was closed before everything was written\n"


@pytest.mark.host_only
def test_real_subprocess() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-m", "hzmj_core", "analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert p.returncode == 0 and "waits: 2s×3 5s×3" in p.stdout
    p = subprocess.run([sys.executable, "-m", "hzmj_core", "analyze", "1m2m"], capture_output=True, text=True,
                       env=env, cwd=ROOT, timeout=60)
    assert p.returncode == 2 and "error:" in p.stderr


@pytest.mark.parametrize("command", ["analyze", "simulate", "replay", "arena", "hint", "review"])
def test_every_help_text_prints_its_percent_signs_once(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m hzmj_core {command}")
    assert "%%" not in out and "%(" not in out
    if command == "arena":
        assert "(95% CI)" in " ".join(out.split())


def test_replay_refuses_a_file_over_16_mib(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(16 * 1024 * 1024 + 1)  # sparse: no 16 MiB written
    code, _, err = run(capsys, "replay", str(big))
    assert code == 2 and "larger than 16,777,216 bytes" in err and err.count("\n") == 1


@pytest.mark.host_only
@pytest.mark.parametrize("command", [["replay"], ["hint"], ["review", "--seat", "0"]])
def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    # a named pipe that nobody writes to: opening it for reading the ordinary way blocks forever
    fifo = tmp_path / "log.json"
    os.mkfifo(fifo)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-m", "hzmj_core", command[0], str(fifo), *command[1:]],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=30)
    assert p.returncode == 2
    assert p.stderr == f"error: {fifo} is not a regular file (a pipe, a device or a directory); give a log file\n"


def test_a_directory_is_refused_as_a_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and "is not a regular file" in err and err.count("\n") == 1


def test_arena_workers_never_exceed_the_processors(capsys: pytest.CaptureFixture[str]) -> None:
    d = run_json(capsys, "arena", "--hands", "8", "--seed", "1", "--seats", "random", "--workers", "1000")
    assert d["workers"] == min(8, os.cpu_count() or 1) and d["hands"] == 8


# every integer flag of every command, with a value it accepts
INTEGER_FLAGS = [
    (["simulate", "--seed", "1"], "--hands", "1"),
    (["arena", "--seed", "1", "--hands", "1", "--seats", "random"], "--workers", "1"),
    (["arena", "--seed", "1", "--seats", "random"], "--hands", "1"),
    (["arena", "--seed", "1", "--hands", "1", "--seats", "random"], "--streak", "2"),
    (["hint", "--seed", "1"], "--dealer", "1"),
    (["hint", "--seed", "1"], "--streak", "2"),
    (["hint", "--seed", "1"], "--seat", "1"),
    (["hint", str(SCENARIO)], "--hand", "1"),
    (["hint", str(SCENARIO)], "--step", "1"),
    (["review", str(SCENARIO)], "--seat", "1"),
]


@pytest.mark.parametrize("before, flag, good", INTEGER_FLAGS)
@pytest.mark.parametrize("bad", ["\uff11", "1_0", "+1", " 1", "1.0", "\u0661", "9" * 40])
def test_integer_flags_take_ascii_digits_only(capsys: pytest.CaptureFixture[str], before: list[str], flag: str,
                                              good: str, bad: str) -> None:
    code, _, err = run(capsys, *before, flag, good, "--json")
    assert code == 0, err
    code, out, err = run(capsys, *before, flag, bad)
    assert code == 2 and out == "" and flag in err and err.count("\n") == 1
    assert len(err) < 200  # a long value is cut short, not echoed whole


def test_stop_signal_ends_a_command_with_one_line(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: Any, **__: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("hzmj_core.cli.replay_file", interrupted)
    code, out, err = run(capsys, "replay", str(SCENARIO))
    assert (code, out, err) == (130, "", "error: stopped by Ctrl-C\n")


def _proc_stat(pid: int | str) -> list[str]:
    """The fields of /proc/PID/stat after the command name (state first, then ppid ... utime, stime ...)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _live_children(pid: int) -> list[int]:
    kids = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    alive = []
    for k in kids:
        try:
            state = _proc_stat(k)[0]
        except OSError:
            continue
        if state != "Z":
            alive.append(int(k))
    return alive


def _wait_cpu_seconds(pid: int, seconds: float, limit: float = 120.0) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU (from /proc), so a signal reaches it past start-up.

    A fixed sleep is not enough on a loaded machine: the interpreter may still be importing when it ends.
    """
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        fields = _proc_stat(pid)
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:
            return
        time.sleep(0.05)
    raise AssertionError(f"process {pid} used less than {seconds} s of CPU in {limit} s")


def _as_in_a_terminal() -> None:
    """In the child, before the CLI starts: Ctrl-C's signal as a terminal's foreground command has it. A
    command started in the background by a shell without job control (`bash scripts/test.sh &`) inherits
    SIGINT ignored, and Python then never turns it into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.host_only
@pytest.mark.parametrize("sig, code, line", [(signal.SIGINT, 130, "error: stopped by Ctrl-C\n"),
                                             (signal.SIGTERM, 143, "error: stopped by SIGTERM\n")])
def test_arena_with_workers_stops_at_once_on_a_signal(sig: int, code: int, line: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "hzmj_core", "arena", "--hands", "1000000", "--seed", "1",
                          "--seats", "basic", "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, cwd=ROOT, start_new_session=True, preexec_fn=_as_in_a_terminal)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _live_children(p.pid)
        assert len(workers) == 2, "the arena started no two workers"
        for w in workers:  # the workers are inside their first batches
            _wait_cpu_seconds(w, 0.5)
        t0 = time.monotonic()
        if sig == signal.SIGINT:
            os.killpg(p.pid, sig)  # Ctrl-C in a terminal reaches the whole process group
        else:
            os.kill(p.pid, sig)  # SIGTERM to the main process only, as `kill PID` sends it
        out, err = p.communicate(timeout=30)
        took = time.monotonic() - t0
    finally:  # whatever happened, nothing of this session outlives the test
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    assert (p.returncode, out, err) == (code, "", line)
    assert took < 5, f"took {took:.1f} s to stop"
    time.sleep(0.3)
    left = [w for w in workers if Path(f"/proc/{w}").exists()
            and _proc_stat(w)[0] != "Z"]
    assert not left, f"workers left running: {left}"


@pytest.mark.parametrize("args", [
    ["analyze", "x" * 5000], ["analyze", "123m", "--melds", "x" * 5000], ["analyze", "123m", "--wildcard", "x" * 5000],
    ["simulate", "--hands", "1", "--seed", "1", "--bots", "x" * 5000],
    ["arena", "--hands", "1", "--seed", "1", "--seats", "x" * 5000],
    ["simulate", "--hands", "1", "--seed", "x" * 5000],
    ["replay", "/nonexistent/" + "y" * 5000],
])
def test_error_lines_do_not_echo_kilobytes(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
    assert len(err) <= 320, len(err)


def test_an_option_or_action_of_kilobytes_in_a_log_is_named_not_echoed(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    run_json(capsys, "simulate", "--hands", "1", "--seed", "5", "--save-logs", str(tmp_path))
    path = next(tmp_path.glob("*.json"))
    log = json.loads(path.read_text())
    log["options"]["wildcard_mode"] = "x" * 5000
    path.write_text(json.dumps(log))
    for command in (["replay", str(path)], ["hint", str(path)], ["review", str(path), "--seat", "0"]):
        code, _, err = run(capsys, *command)
        assert code == 2 and "wildcard_mode" in err and len(err) <= 320, (command, len(err))


@pytest.mark.host_only
@pytest.mark.parametrize("sig, code, line", [(signal.SIGINT, 130, "error: stopped by Ctrl-C\n"),
                                             (signal.SIGTERM, 143, "error: stopped by SIGTERM\n")])
def test_simulate_stops_on_a_signal_with_one_line(sig: int, code: int, line: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "hzmj_core", "simulate", "--hands", "1000000", "--seed", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
                         preexec_fn=_as_in_a_terminal)
    try:
        _wait_cpu_seconds(p.pid, 1.5)  # well inside the hands, however loaded the machine
        p.send_signal(sig)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert (p.returncode, out, err) == (code, "", line)


def test_simulate_with_a_preset_and_options_on_top(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "opts.json"
    f.write_text(json.dumps({"base_score": 2}))
    d = run_json(capsys, "simulate", "--hands", "1", "--seed", "9", "--preset", "du_san", "--options", str(f),
                 "--save-logs", str(tmp_path / "logs"))
    assert d["invariant_violations"] == 0
    log = json.loads(next((tmp_path / "logs").glob("*.json")).read_text())
    assert log["options"]["start_streak"] == 3 and log["options"]["base_score"] == 2
    code, _, err = run(capsys, "simulate", "--hands", "1", "--seed", "1", "--preset", "tokyo")
    assert code == 2 and "tokyo" in err


def _interrupted_at_start_up(delay: float) -> tuple[int, str]:
    """Ctrl-C ``delay`` seconds after the first of the command's own modules has loaded (the others still loading):
    the exit status and what was printed on stderr (the interpreter's own import times left out). Before that, the
    interpreter is still in its own start-up (site, runpy), which no code of the package runs in."""
    import threading

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "hzmj_core", "exam", "--level", "registered",
                          "--seed", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                         cwd=ROOT, preexec_fn=_as_in_a_terminal)
    lines: list[str] = []
    seen = threading.Event()

    def read() -> None:
        assert p.stderr is not None
        for line in p.stderr:
            lines.append(line)
            if re.search(r"\|\s+hzmj_core\.\w", line):
                seen.set()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        assert seen.wait(60), "the package was never imported"
        time.sleep(delay)
        p.send_signal(signal.SIGINT)
        p.wait(60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            p.kill()
        p.wait()
        reader.join()
    return p.returncode, "".join(x for x in lines if not x.startswith("import time:"))


@pytest.mark.host_only
def test_ctrl_c_while_the_modules_load_ends_in_one_line() -> None:
    for delay in (0.0, 0.005, 0.01, 0.02, 0.04, 0.08):
        code, err = _interrupted_at_start_up(delay)
        assert "Traceback" not in err, (delay, err)
        # 130, or the signal's own status when Python re-raises it at exit: the words are the promise
        assert (code in (130, -signal.SIGINT) and err == "error: stopped by Ctrl-C\n") or code == 0, (delay, code, err)


@pytest.mark.host_only
@pytest.mark.parametrize("encoding", ["ascii", "utf-8:strict"])
@pytest.mark.parametrize("command", [["replay"], ["replay", "--json"], ["review", "--seat", "0"]])
def test_a_file_name_that_is_not_utf8_on_a_strict_stream_is_no_traceback(tmp_path: Path, encoding: str,
                                                                           command: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding}
    logs = tmp_path / "logs"
    subprocess.run([sys.executable, "-m", "hzmj_core", "simulate", "--hands", "1", "--seed", "1", "--save-logs",
                    str(logs)], capture_output=True, env=env, cwd=ROOT, check=True, timeout=120)
    name = os.fsencode(tmp_path) + b"/bad\xff.json"
    Path(os.fsdecode(name)).write_bytes(next(logs.iterdir()).read_bytes())
    p = subprocess.run([sys.executable.encode(), b"-m", b"hzmj_core", command[0].encode(), name,
                        *[c.encode() for c in command[1:]]], capture_output=True, env=env, cwd=ROOT, timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == 0 and "Traceback" not in err, err
    assert b"bad\\udcff.json" in p.stdout or b"bad" in p.stdout or command[0] == "review"
