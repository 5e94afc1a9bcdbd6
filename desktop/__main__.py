"""``python -m desktop`` / ``qilu-cards``: run the app; ``--smoke-test``; ``--demo GAME --screenshot-dir DIR``."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="qilu-cards", description="齐鲁牌局 · Qilu Cards")
    p.add_argument("--smoke-test", action="store_true", help="load the QML offscreen, render, print SMOKE OK")
    from engine import games
    p.add_argument("--demo", choices=games.names(), help="play an all-bot match and take screenshots")
    p.add_argument("--screenshot-dir", default="screenshots", help="where --demo saves its PNGs")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a rule option for --demo (e.g. variant=sanwufan); repeatable")
    p.add_argument("--offscreen", action="store_true", help="no window (QT_QPA_PLATFORM=offscreen)")
    args = p.parse_args(argv)

    from desktop.app import check_qt, prepare_env
    rc = check_qt()  # a Linux without OpenGL: one clear message, not a traceback
    if rc:
        return rc
    if args.smoke_test:
        prepare_env(offscreen=True)
        from desktop.smoke import run_smoke
        return run_smoke()
    if args.demo:
        prepare_env(offscreen=args.offscreen or True)
        from desktop.demo import run_demo
        from engine.errors import RuleError
        from engine.options import parse_assignments
        try:
            options = parse_assignments(args.demo, games.option_specs(args.demo), args.option)
            games.rules(args.demo, options)
        except RuleError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return run_demo(args.demo, args.screenshot_dir, args.seed, options=options)
    prepare_env(offscreen=args.offscreen)
    from desktop.app import QiluApp
    qa = QiluApp(sys.argv[:1])
    if qa.window is None:
        print("\n".join(qa.qml_errors) or "QML failed to load", file=sys.stderr)
        return 1
    rc = qa.qapp.exec()
    qa.table.shutdown()
    del qa.engine
    return rc


if __name__ == "__main__":
    sys.exit(main())
