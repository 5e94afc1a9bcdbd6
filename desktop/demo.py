"""``python -m desktop --demo GAME --screenshot-dir DIR``: an all-bot match played through at least one
tribute where the game has one (e.g. 进贡/还贡, an abdication), with a screenshot at each phase: home, new game,
table mid-round, tribute in flight, results; a game with its own ``desktop.games.<game>_demo`` runs that. Runs offscreen and exits."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def run_demo(game: str, out_dir: str, seed: int | None = None, time_limit: float = 300.0,
             options: dict[str, Any] | None = None) -> int:
    os.environ.setdefault("QILU_DATA_DIR", tempfile.mkdtemp(prefix="qilu-demo-"))
    from desktop.app import QiluApp
    from desktop.harness import quick_config, wait, wait_frame, wait_until
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    qa = QiluApp(settings={"sound": False, "animSpeed": "fast", "turnTimer": 0}, persist_settings=False)
    shots: list[str] = []

    def shot(name: str) -> None:
        wait_frame(qa.window)
        p = out / f"{game}_{len(shots) + 1:02d}_{name}.png"
        qa.grab(str(p))
        shots.append(p.name)
        print("screenshot", p, flush=True)

    try:
        if qa.window is None:
            print("demo: QML failed: " + "; ".join(qa.qml_errors[:5]))
            return 1
        import importlib.util
        if importlib.util.find_spec(f"desktop.games.{game}_demo") is not None:   # a game with its own demo run
            own = importlib.import_module(f"desktop.games.{game}_demo")
            from desktop.games import presenter as _pres
            missing: set[str] = set()
            for lang in ("zh", "en"):
                missing |= own.run(qa, game, out, seed if seed is not None else _pres(game).demo_seed, lang,
                                   time_limit / 2, shot, **({"options": options} if options else {}))
            print(f"demo {game}: {len(shots)} screenshots in {out}; not reached: {sorted(missing) or 'none'}; "
                  f"QML warnings: {len(qa.qml_errors)}")
            for w in qa.qml_errors[:5]:
                print("  ", w)
            return 0 if not missing else 2
        wait(300)
        shot("home")
        qa.app.selectGame(game)
        qa.set_screen("newgame")
        wait(200)
        shot("new_game")
        from desktop.games import presenter
        cfg = quick_config(game, seed=seed if seed is not None else presenter(game).demo_seed, humans=[],
                           pace_ms=70, save=False, pause_at_results=True)
        cfg["levels"] = {i: 2 for i in range(len(cfg["names"]))}
        if presenter(game).demo_module:   # a game with its own demo script (its own phases to show)
            import importlib
            start = time.monotonic()
            need = importlib.import_module(presenter(game).demo_module).run(qa, shot, cfg, time_limit)
            if need:
                print(f"demo: not reached within {time_limit:.0f} s: {', '.join(sorted(need))}")
            print(f"demo {game}: {len(shots)} screenshots in {out} ({time.monotonic() - start:.1f} s of play); "
                  f"QML warnings: {len(qa.qml_errors)}")
            for w in qa.qml_errors[:5]:
                print("  ", w)
            return 0 if not need else 2
        qa.table.start(cfg)
        qa.set_screen("table")
        need = {"table_mid_round", "tribute_in_flight", "results"}
        start = time.monotonic()
        while need and time.monotonic() - start < time_limit:
            wait(15)
            snap = qa.table.snap
            if not snap:
                continue
            if "table_mid_round" in need and snap.get("phase") == "play" and len(qa.table._trick) >= 3:
                shot("table_mid_round")
                need.discard("table_mid_round")
            if "tribute_in_flight" in need and qa.table._tribute_active > 0:
                wait(120)
                shot("tribute_in_flight")
                need.discard("tribute_in_flight")
            if qa.table._results.get("rows"):
                print(f"results: set {snap['view'].get('set_no')} over={snap.get('over')} "
                      f"{qa.table._results.get('extra', '')}", flush=True)
                if "results" in need:
                    wait(100)
                    shot("results")
                    need.discard("results")
                if snap.get("over"):
                    if not need:
                        break
                    cfg["seed"] = int(cfg["seed"]) + 1   # the game ended (串三户) before a tribute: play on
                    qa.table.start(cfg)
                    continue
                qa.table.nextSet()
        if need:
            print(f"demo: not reached within {time_limit:.0f} s: {', '.join(sorted(need))}")
        # settle: let the last animations finish, then leave
        wait_until(lambda: qa.table._tribute_active == 0, 5)
        print(f"demo {game}: {len(shots)} screenshots in {out} ({time.monotonic() - start:.1f} s of play); "
              f"QML warnings: {len(qa.qml_errors)}")
        for w in qa.qml_errors[:5]:
            print("  ", w)
        return 0 if not need else 2
    finally:
        qa.shutdown()


if __name__ == "__main__":
    from engine import games
    sys.exit(run_demo(sys.argv[1] if len(sys.argv) > 1 else games.names()[0],
                      sys.argv[2] if len(sys.argv) > 2 else "shots"))
