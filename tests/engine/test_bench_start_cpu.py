"""The cold start's CPU accounting (benchmarks/bench_start_cpu.py) on hand-made trace events: each thread's
outermost tasks counted once, the wasm compiler apart from the thread pool it runs in, a window's edges."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.host_only  # imports a benchmark script from the repository


def _script() -> ModuleType:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    return importlib.import_module("bench_start_cpu")


def _thread(tid: int, name: str) -> dict[str, Any]:
    return {"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": name}}


def _task(tid: int, name: str, ts_ms: float, dur_ms: float, cpu_ms: float) -> dict[str, Any]:
    return {"ph": "X", "name": name, "pid": 1, "tid": tid, "ts": ts_ms * 1000, "dur": dur_ms * 1000,
            "tdur": cpu_ms * 1000}


EVENTS = [
    _thread(1, "DedicatedWorker thread"), _thread(2, "CrRendererMain"), _thread(3, "ThreadPoolForegroundWorker"),
    _thread(4, "CrBrowserMain"),
    # the worker: one long task recorded twice (the toplevel and the timeline event), then a short one
    _task(1, "ThreadControllerImpl::RunTask", 10, 500, 400), _task(1, "RunTask", 10, 500, 400),
    _task(1, "RunTask", 600, 5, 4),
    # the page: a task with an inner event, which is not a task
    _task(2, "ThreadControllerImpl::RunTask", 20, 30, 25), _task(2, "Layout", 25, 10, 9),
    # the pool: a compile task (wasm) and a task of something else
    _task(3, "ThreadPool_RunTask", 50, 100, 90), _task(3, "wasm.ExecuteCompilationUnits", 50, 99, 88),
    _task(3, "ThreadPool_RunTask", 200, 10, 7),
    # the browser: one task inside the window, one after it
    _task(4, "ThreadControllerImpl::RunTask", 5, 3, 2), _task(4, "ThreadControllerImpl::RunTask", 900, 3, 2),
]


def test_each_task_is_counted_once_and_the_wasm_compiler_apart() -> None:
    cpu = _script().cpu_by_group(EVENTS, 0, 800 * 1000)
    assert cpu["worker"] == pytest.approx(404)
    assert cpu["page"] == pytest.approx(25)
    assert cpu["wasm compile"] == pytest.approx(88)
    assert cpu["other"] == pytest.approx(90 + 7 - 88)
    assert cpu["browser"] == pytest.approx(2)


def test_only_tasks_that_begin_inside_the_window_count() -> None:
    cpu = _script().cpu_by_group(EVENTS, 0, 300 * 1000)
    assert cpu["worker"] == pytest.approx(400)
    assert _script().cpu_by_group(EVENTS, 850 * 1000, 1000 * 1000)["browser"] == pytest.approx(2)
