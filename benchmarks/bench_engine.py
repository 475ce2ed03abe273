"""Engine speed: hands per second with random and basic bots (CPython, and Pyodide under Node).

    python benchmarks/bench_engine.py [--hands-random 600] [--hands-basic 200] [--pyodide] [--json]

Times are CPU time of this process (less sensitive to other load). Each figure is also given as a
ratio to a fixed pure-Python reference workload timed in the same process,
so runs on a busy, shared machine can be compared. ``--pyodide`` runs the same measurement inside
Pyodide (Python 3.14 on WebAssembly, via ``node benchmarks/pyodide_bench.mjs``) and prints the
Pyodide/CPython ratio.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hzmj_core.bots import make_bot  # noqa: E402
from hzmj_core.options import Options  # noqa: E402
from hzmj_core.round import Round  # noqa: E402
from hzmj_core.view import SeatView  # noqa: E402


def reference_seconds() -> float:
    """Time of a fixed pure-Python workload (list, dict and integer work, like the engine's)."""
    t0 = time.process_time()
    acc = 0
    for i in range(60_000):
        xs = [(i * 7 + j) % 34 for j in range(14)]
        xs.sort()
        d: dict[int, int] = {}
        for x in xs:
            d[x] = d.get(x, 0) + 1
        acc += len(d)
    return time.process_time() - t0


def hands_per_second(kind: str, hands: int, seed: int = 1) -> float:
    """Play ``hands`` independent hands with four bots of ``kind``; hands per second."""
    opts = Options()
    t0 = time.process_time()
    for h in range(hands):
        r = Round.deal(opts, dealer=h % 4, streak=1 + h % 3, seed=seed * 100_003 + h)
        bots = [make_bot(kind, h * 4 + s) for s in range(4)]
        while not r.is_over:
            s = r.deciding_seats()[0]
            r.apply(bots[s].choose(SeatView.of(r, s)))
    return hands / (time.process_time() - t0)


def measure(hands_random: int, hands_basic: int) -> dict[str, Any]:
    """All figures of this interpreter."""
    hands_per_second("basic", 20)  # warm the lazily filled hand tables, as a real session would
    ref = min(reference_seconds() for _ in range(3))
    rnd = hands_per_second("random", hands_random)
    bas = hands_per_second("basic", hands_basic)
    return {"python": sys.version.split()[0], "platform": sys.platform, "reference_s": round(ref, 4),
            "random_hands_per_s": round(rnd, 1), "basic_hands_per_s": round(bas, 1),
            "random_per_reference": round(rnd * ref, 2), "basic_per_reference": round(bas * ref, 2)}


def main() -> None:
    """Print the figures (and the Pyodide ratio with ``--pyodide``)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands-random", type=int, default=600)
    ap.add_argument("--hands-basic", type=int, default=200)
    ap.add_argument("--pyodide", action="store_true", help="also run inside Pyodide under Node")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    cpy = measure(args.hands_random, args.hands_basic)
    if args.inner:
        print(json.dumps(cpy))
        return
    out: dict[str, Any] = {"cpython": cpy}
    if args.pyodide:
        proc = subprocess.run(["node", str(ROOT / "benchmarks" / "pyodide_bench.mjs"),
                               str(args.hands_random), str(args.hands_basic)],
                              capture_output=True, text=True, cwd=ROOT, check=False)
        if proc.returncode != 0:
            raise SystemExit(f"pyodide run failed:\n{proc.stderr[-2000:]}")
        pyo = json.loads(proc.stdout.strip().splitlines()[-1])
        out["pyodide"] = pyo
        out["pyodide_over_cpython"] = {
            "random": round(pyo["random_hands_per_s"] / cpy["random_hands_per_s"], 2),
            "basic": round(pyo["basic_hands_per_s"] / cpy["basic_hands_per_s"], 2),
        }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, d in (("CPython", cpy), ("Pyodide", out.get("pyodide"))):
        if d:
            print(f"{name} {d['python']}: random bots {d['random_hands_per_s']} hands/s, "
                  f"basic bots {d['basic_hands_per_s']} hands/s (reference workload {d['reference_s']} s)")
    if "pyodide_over_cpython" in out:
        r = out["pyodide_over_cpython"]
        print(f"Pyodide/CPython speed: random {r['random']}x, basic {r['basic']}x")


if __name__ == "__main__":
    main()
