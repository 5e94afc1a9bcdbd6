"""``python -m desktop.bench``: start-up to first frame (home, table; offscreen, median of 5 processes),
frame time p95 during a tribute animation with a full hand, RSS at a 6-player table, and the latency of
a human action (select, Enter → the frame with the play on the table) with the engine calls it costs.
``python -m desktop.bench --latency [N]`` runs only the last; ``--select [N]`` only the sweep-select latency
(mouse event → first frame with the card rising; target p95 under 50 ms); ``--memory [N]`` the RSS after each
of N consecutive games in one run (target: the last within 20 % of the first).

Targets (issue 5): first frame under 1.0 s, frame time p95 under 16.7 ms, RSS under 250 MB.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any


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
        qa.table.start(quick_config(None, seed=3, save=False, pace_ms=0, humans=[0]))
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
    qa.table.start(quick_config(None, seed=3, save=False, pace_ms=0, humans=[0]))
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


# ---------------------------------------------------------------------------------------------- action latency
class _Counter:
    """Counts engine calls made while one human action is in progress (patched onto the game classes)."""

    NAMES = ("views", "parses", "checks", "clones", "hops")

    def __init__(self) -> None:
        self.on = False
        self.n = dict.fromkeys(self.NAMES, 0)
        self.trace: list[tuple[str, str]] | None = None   # set to a list to see where each call came from
        self._undo: list[tuple[Any, str, Any]] = []

    def _wrap(self, cls: Any, meth: str, key: str) -> None:
        orig = cls.__dict__.get(meth)
        if orig is None:
            return

        def counted(*a: Any, **k: Any) -> Any:
            # a parse is notation → Play (a str); the engine re-reading a Play it holds is not one
            if self.on and (key != "parses" or (len(a) > 1 and isinstance(a[1], str))):
                self.n[key] += 1
                if self.trace is not None:
                    import traceback
                    self.trace.append((key, "".join(traceback.format_stack(limit=6)[:-1])))
            return orig(*a, **k)

        setattr(cls, meth, counted)
        self._undo.append((cls, meth, orig))

    def install(self) -> None:
        from engine import games
        for name in games.names():
            mod = games.module(name)
            self._wrap(mod.State, "view", "views")
            self._wrap(mod.State, "clone", "clones")
            self._wrap(mod.State, "_check", "checks")      # apply()'s legality check
            self._wrap(mod.State, "_is_legal", "checks")   # `action in legal_actions(...)`
            self._wrap(mod.Rules, "parse", "parses")

    def uninstall(self) -> None:
        for cls, meth, orig in reversed(self._undo):
            setattr(cls, meth, orig)
        self._undo = []


def _trick_seats(t: Any) -> list[int]:
    rows = t.trick_rows() if hasattr(t, "trick_rows") else t.trick
    return [int(r.get("seat", -1)) for r in rows]


def action_latency(samples: int = 30, game: str | None = None, seed: int = 3) -> dict[str, Any]:
    """Human action → screen update: on the human's turn to play, select the hinted cards, press Enter (a real
    key event), and time until the first frame whose scene has the cards out of the hand and on the table.
    Bots wait 250 ms before each move, so the frame measured shows the human's own play."""
    from desktop.app import prepare_env
    prepare_env(offscreen=True)
    os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-bench-"))
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait_frame, wait_until
    qa = QiluApp(settings={"sound": False, "animSpeed": "normal", "turnTimer": 0, "language": "zh"},
                 persist_settings=False)
    qa.table.start(quick_config(game, seed=seed, save=False, pace_ms=250, humans=[0], pause_at_results=False))
    qa.set_screen("table")
    t = qa.table
    counter = _Counter()
    counter.install()

    def hop(*_: Any) -> None:   # a queued signal between the GUI and the engine thread
        if counter.on:
            counter.n["hops"] += 1

    t.wt.worker.snapshot.connect(hop)
    from PySide6.QtCore import Signal
    for name in ("_act", "_act_cards", "_judge"):
        if isinstance(getattr(type(t), name, None), Signal):
            getattr(t, name).connect(hop)
    lat: list[float] = []
    per_action: list[dict[str, int]] = []
    state: dict[str, Any] = {"armed": False, "synced": False, "t0": 0.0, "t1": 0.0, "c0": 0.0, "c1": 0.0}
    cpu: list[float] = []

    def shown() -> bool:
        return t.hand.count == state["want"] and 0 in _trick_seats(t)

    def before_sync() -> None:
        if state["armed"] and shown():
            state["synced"] = True

    def swapped() -> None:
        if state["armed"] and state["synced"]:
            state["t1"] = time.perf_counter()
            state["c1"] = time.process_time()
            state["armed"] = False

    qa.window.beforeSynchronizing.connect(before_sync)
    qa.window.frameSwapped.connect(swapped)
    try:
        guard = time.monotonic() + 600
        while len(lat) < samples and time.monotonic() < guard:
            if not wait_until(lambda: t.snap.get("my_turn") or t.snap.get("over"), 60, 5) or t.snap.get("over"):
                if t.snap.get("over"):
                    t.start(quick_config(game, seed=seed + len(lat) + 1, save=False, pace_ms=250, humans=[0],
                                         pause_at_results=False))
                    wait_until(lambda: bool(t.snap), 20, 5)
                elif not t.snap.get("my_turn"):
                    break   # the table stopped (a bot error is in the notices, printed below)
                continue
            snap = t.snap
            n = snap.get("n_actions")
            if snap.get("phase") == "play" and snap.get("play_kinds"):
                t.hint()
                chosen = t.hand.selected_cards()
                if chosen and t.selection.get("legal"):
                    t.hand.clearSelection()
                    wait_frame(qa.window)
                    counter.n = dict.fromkeys(counter.NAMES, 0)
                    counter.on = True
                    state.update(armed=True, synced=False, want=t.hand.count - len(chosen), t1=0.0)
                    qa.find("tableScreen").forceActiveFocus()
                    t.hand.select_cards(chosen)   # what a click or a sweep does: the selection is judged
                    state["t0"] = time.perf_counter()
                    state["c0"] = time.process_time()
                    QTest.keyClick(qa.window, Qt.Key.Key_Return)
                    wait_until(lambda: not state["armed"], 10, 1)
                    counter.on = False
                    if state["t1"]:
                        lat.append(state["t1"] - state["t0"])
                        cpu.append(state["c1"] - state["c0"])
                        per_action.append(dict(counter.n))
                    state["armed"] = False
                    wait_until(lambda n=n: t.snap.get("n_actions") != n, 10, 5)
                    continue
            fixed = snap.get("fixed") or []
            pick = next((a for k in ("pass", "decline", "accept", "wutou") for a in fixed if a["kind"] == k),
                        fixed[0] if fixed else None)
            if pick is None:
                t.hint()
                t.playSelected()
            elif pick.get("arg") and pick["kind"] == "give":
                t.hand.select_cards([pick["arg"]])
                t.act("give", "")
            else:
                t.act(pick["kind"], pick.get("arg", ""))
            wait_until(lambda n=n: t.snap.get("n_actions") != n or not t.snap.get("my_turn"), 20, 5)
    finally:
        counter.uninstall()
        qa.shutdown()
    return {"latency": lat, "cpu": cpu, "counts": per_action, "notices": list(t.notices)}


def selection_latency(sweeps: int = 12, game: str | None = None, seed: int = 3) -> dict[str, Any]:
    """Sweep-select → lifted cards: on the human's turn, press on a card and move the mouse across the next
    three in 5 px steps (real mouse events on the window, animations on); for each card the pointer enters,
    the time from that mouse event to the first swapped frame in which the card has started to rise."""
    from desktop.app import prepare_env
    prepare_env(offscreen=True)
    os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-bench-"))
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QGuiApplication, QMouseEvent

    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait, wait_frame, wait_until
    qa = QiluApp(settings={"sound": False, "animSpeed": "normal", "turnTimer": 0, "language": "zh"},
                 persist_settings=False)
    qa.table.start(quick_config(game, seed=seed, save=False, pace_ms=0, humans=[0], pause_at_results=False))
    qa.set_screen("table")
    t, hand, win = qa.table, qa.table.hand, qa.window
    lat: list[float] = []
    cpu: list[float] = []
    probe: dict[str, Any] = {"item": None, "rest": 0.0, "t0": 0.0, "c0": 0.0, "seen": False, "t1": 0.0}

    def before_sync() -> None:
        it = probe["item"]
        if it is not None and not probe["seen"] and it.y() < probe["rest"] - 0.5:
            probe["seen"] = True

    def swapped() -> None:
        if probe["item"] is not None and probe["seen"] and not probe["t1"]:
            probe["t1"] = time.perf_counter()
            cpu.append(time.process_time() - probe["c0"])

    def send(kind: QEvent.Type, pos: QPointF, pressed: bool) -> None:
        button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
        buttons = Qt.MouseButton.LeftButton if pressed else Qt.MouseButton.NoButton
        QGuiApplication.sendEvent(win, QMouseEvent(kind, pos, pos, win.mapToGlobal(pos), button, buttons,
                                                   Qt.KeyboardModifier.NoModifier))

    win.beforeSynchronizing.connect(before_sync)
    win.frameSwapped.connect(swapped)
    try:
        ok = wait_until(lambda: t.snap.get("my_turn") and t.snap.get("phase") == "play"
                        and bool(t.snap.get("play_kinds")), 120, 5)
        while not ok and t.snap.get("my_turn"):   # answer the declarations until the first play
            fixed = t.snap.get("fixed") or []
            pick = next((a for k in ("decline", "pass", "accept", "wutou") for a in fixed if a["kind"] == k),
                        fixed[0] if fixed else None)
            if pick is None:
                break
            n = t.snap.get("n_actions")
            t.act(pick["kind"], pick.get("arg", ""))
            wait_until(lambda n=n: t.snap.get("n_actions") != n, 20, 5)
            ok = wait_until(lambda: t.snap.get("my_turn") and t.snap.get("phase") == "play"
                            and bool(t.snap.get("play_kinds")), 60, 5)
        if not ok:
            return {"latency": lat, "cpu": cpu, "hand": hand.count}
        wait_frame(win)
        hand_item = qa.find("hand")
        for k in range(sweeps):
            hand.clearSelection()
            wait(200)
            wait_frame(win)
            first = (k * 4) % max(1, hand.count - 4)
            step = float(hand_item.property("step"))

            def point(i: int, step: float = step) -> QPointF:
                c = qa.find(f"card_{i}")
                return hand_item.mapToScene(QPointF(c.x() + min(step, c.width()) / 2, c.y() + c.height() * 0.3))

            for i in range(first, first + 4):
                card = qa.find(f"card_{i}")
                probe.update(item=card, rest=card.y(), seen=False, t1=0.0)
                p = point(i)
                probe["t0"], probe["c0"] = time.perf_counter(), time.process_time()
                send(QEvent.Type.MouseButtonPress if i == first else QEvent.Type.MouseMove, p, True)
                wait_until(lambda: bool(probe["t1"]), 3, 1)
                if probe["t1"]:
                    lat.append(probe["t1"] - probe["t0"])
                probe["item"] = None
            send(QEvent.Type.MouseButtonRelease, point(first + 3), False)
            wait(20)
    finally:
        qa.shutdown()
    return {"latency": lat, "cpu": cpu, "hand": hand.count}


def report_selection(sweeps: int = 12) -> None:
    r = selection_latency(sweeps)
    lat = r["latency"]
    print(f"  sweep-select → first frame with the card rising, {len(lat)} cards ({r['hand']}-card hand):")
    if lat:
        print(f"    median {statistics.median(lat) * 1000:.1f} ms, p95 {p95(lat) * 1000:.1f} ms, "
              f"min {min(lat) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms  target p95 < 50 ms")
        print(f"    CPU time of the process in that span: median {statistics.median(r['cpu']) * 1000:.1f} ms, "
              f"p95 {p95(r['cpu']) * 1000:.1f} ms")


def memory_over_games(games_n: int = 10, game: str | None = None) -> list[float]:
    """RSS (MB) after each of ``games_n`` consecutive games in one run of the app: the human seat on 托管,
    animations on, every game to its end, the table screen shown throughout."""
    from desktop.app import prepare_env
    prepare_env(offscreen=True)
    os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-bench-"))
    import gc

    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait, wait_until
    qa = QiluApp(settings={"sound": False, "animSpeed": "fast", "turnTimer": 0, "language": "zh"},
                 persist_settings=False)
    qa.set_screen("table")
    t = qa.table
    out: list[float] = []
    try:
        for g in range(games_n):
            t.start(quick_config(game, seed=100 + g, save=False, pace_ms=0, humans=[0], pause_at_results=False))
            wait_until(lambda: bool(t.snap), 20, 5)
            t.setAuto(True)
            if not wait_until(lambda: bool(t.snap.get("over")), 900, 50):
                break
            wait(2000)   # the last flights land and the table hands the freed memory back (desktop/memtrim.py)
            gc.collect()
            out.append(_rss_mb())
    finally:
        qa.shutdown()
    return out


def report_memory(games_n: int = 10) -> None:
    rss = memory_over_games(games_n)
    print(f"  RSS after each of {len(rss)} consecutive all-bot games in one run (MB): "
          + ", ".join(f"{x:.0f}" for x in rss))
    if len(rss) >= 2:
        print(f"    last / first = {rss[-1] / rss[0]:.2f}  target ≤ 1.20")


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def report_latency(samples: int = 30) -> None:
    r = action_latency(samples)
    lat = r["latency"]
    print(f"  human action → screen update (select, Enter, first frame with the play on the table), {len(lat)} plays:")
    if lat:
        print(f"    median {statistics.median(lat) * 1000:.1f} ms, p99 {_pct(lat, 0.99) * 1000:.1f} ms, "
              f"min {min(lat) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms")
        cpu = r["cpu"]
        print(f"    CPU time of the process (all threads) in that span: median {statistics.median(cpu) * 1000:.1f} ms, "
              f"p99 {_pct(cpu, 0.99) * 1000:.1f} ms")
    for kind, msg in r["notices"]:
        if kind == "error":
            print(f"    notice: {msg.splitlines()[-1] if msg else kind}")
    for key in _Counter.NAMES:
        vals = [c[key] for c in r["counts"]]
        if vals:
            print(f"    engine {key} per human action: median {statistics.median(vals):g} (min {min(vals)}, "
                  f"max {max(vals)})")


def p95(xs: list[float]) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "--child":
        return child(argv[1])
    if argv and argv[0] == "--memory":
        print("Qilu Cards desktop benchmark (offscreen, software renderer)")
        report_memory(int(argv[1]) if len(argv) > 1 else 10)
        return 0
    if argv and argv[0] == "--select":
        print("Qilu Cards desktop benchmark (offscreen, software renderer)")
        report_selection(int(argv[1]) if len(argv) > 1 else 12)
        return 0
    if argv and argv[0] == "--latency":
        print("Qilu Cards desktop benchmark (offscreen, software renderer)")
        report_latency(int(argv[1]) if len(argv) > 1 else 30)
        return 0
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
    report_latency()
    report_selection()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
