"""``python -m desktop.bench``: start-up to first frame (home, table; offscreen, median of 5 processes),
frame time p95 during a tribute animation with a full hand, and RSS at a 6-player table.

Targets (issue 5): first frame under 1.0 s, frame time p95 under 16.7 ms, RSS under 250 MB.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time


def _rss_mb() -> float:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(which: str) -> int:
    """Run in a fresh process: print FRAME after the first frame of ``which`` (home | table)."""
    from desktop.app import prepare_env
    prepare_env(offscreen=True)
    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait_frame, wait_until
    qa = QiluApp(settings={"sound": False, "animSpeed": "off", "turnTimer": 0}, persist_settings=False)
    if which == "table":
        qa.set_screen("table")
        qa.table.start(quick_config("gouji", seed=3, save=False, pace_ms=0, humans=[0]))
        wait_until(lambda: bool(qa.table.snap), 20, 2)
    wait_frame(qa.window, 10)
    print("FRAME", flush=True)
    print(f"RSS {_rss_mb():.1f}", flush=True)
    qa.shutdown()
    return 0


def first_frame(which: str, runs: int = 5) -> list[float]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_QUICK_BACKEND="software",
               QILU_DATA_DIR=tempfile.mkdtemp(prefix="qilu-bench-"))
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-m", "desktop.bench", "--child", which], stdout=subprocess.PIPE,
                             text=True, env=env)
        assert p.stdout is not None
        for line in p.stdout:
            if line.startswith("FRAME"):
                out.append(time.perf_counter() - t0)
                break
        p.wait(60)
    return out


def frames_and_rss() -> tuple[list[float], list[float], float, int]:
    """In this process: a 6-player table with a full hand; a tribute flight of 2 cards at normal speed."""
    from desktop.app import prepare_env
    prepare_env(offscreen=True)
    os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-bench-"))
    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait, wait_frame, wait_until
    qa = QiluApp(settings={"sound": False, "animSpeed": "normal", "turnTimer": 0}, persist_settings=False)
    qa.table.start(quick_config("gouji", seed=3, save=False, pace_ms=0, humans=[0]))
    qa.set_screen("table")
    t = qa.table
    while t.hand.count < 36:   # decline 预点 until the deal: a full 36-card hand
        wait_until(lambda: t.snap.get("my_turn"), 30, 5)
        if t.snap.get("phase") == "yudian":
            n = t.snap["n_actions"]
            t.act("decline", "")
            wait_until(lambda n=n: t.snap.get("n_actions") != n, 30, 5)
        else:
            break
    wait_frame(qa.window)
    wait(1500)  # let the deal animation finish
    hand_n = qa.table.hand.count
    render: list[float] = []
    swaps: list[float] = []
    mark: list[float] = []
    qa.window.beforeSynchronizing.connect(lambda: mark.append(time.perf_counter()))
    qa.window.frameSwapped.connect(lambda: (render.append(time.perf_counter() - mark[-1]) if mark else None,
                                            swaps.append(time.perf_counter())))
    faces = [{"card": "X", "rank": 17, "suit": "", "mark": "", "label": "大王"},
             {"card": "2s", "rank": 15, "suit": "s", "mark": "", "label": "2"}]
    for a, b in ((3, 0), (5, 2), (1, 4)):
        qa.table.flight.emit("tribute", a, b, faces, True)
        wait_until(lambda: qa.table.tributeActive == 0, 10, 5)
    intervals = [b - a for a, b in zip(swaps, swaps[1:]) if b - a < 0.5]
    rss = _rss_mb()
    qa.shutdown()
    return render, intervals, rss, hand_n


def p95(xs: list[float]) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "--child":
        return child(argv[1])
    home = first_frame("home")
    table = first_frame("table")
    render, intervals, rss, hand_n = frames_and_rss()
    print("Qilu Cards desktop benchmark (offscreen, software renderer)")
    print(f"  start → first frame, home screen : median {statistics.median(home):.3f} s  "
          f"(runs {', '.join(f'{x:.2f}' for x in home)})  target < 1.0 s")
    print(f"  start → first frame, 6-seat table: median {statistics.median(table):.3f} s  "
          f"(runs {', '.join(f'{x:.2f}' for x in table)})  target < 1.0 s")
    print(f"  tribute animation, {hand_n}-card hand: render p95 {p95(render) * 1000:.1f} ms over {len(render)} frames"
          f" (frame interval p95 {p95(intervals) * 1000:.1f} ms)  target < 16.7 ms")
    print(f"  RSS at a 6-player table: {rss:.0f} MB  target < 250 MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
