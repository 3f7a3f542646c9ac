"""The `academy` command: serve the app, check lesson files, ask the odds.

    academy serve [--port 5006] [--address 127.0.0.1] [--show] [--lessons DIR] [--db URL] [--frame-ancestors SITES]
    academy lessons check [PATH ...]
    academy odds ATTACKERS DEFENDERS [DEFENDERS ...]
"""
from __future__ import annotations

import argparse
import gc
import os
import sys


def _serve(args: argparse.Namespace) -> int:
    import panel as pn

    from academy.core.visitor_json import WEBSOCKET_MAX_MESSAGE_BYTES
    from academy.ui.shell import build_page, current_query, setup_extensions

    if args.lessons:
        os.environ["ACADEMY_LESSONS"] = os.path.abspath(args.lessons)
    if args.db:
        os.environ["ACADEMY_DB"] = args.db
    from academy.security_headers import frame_ancestors, header_transform, security_headers
    ancestors = frame_ancestors(args.frame_ancestors or os.environ.get("ACADEMY_FRAME_ANCESTORS"))
    setup_extensions()
    warm_up()
    check_games_database()
    origins = sorted({f"{h}:{args.port}" for h in ("localhost", "127.0.0.1", args.address)} | set(args.allow_websocket_origin))
    print(f"The Academy is at http://{'localhost' if args.address in ('0.0.0.0', '127.0.0.1') else args.address}:{args.port}/",
          flush=True)
    pn.serve({"/": lambda: build_page(current_query())}, port=args.port, address=args.address,
             show=args.show, title="Academy", websocket_origin=origins, num_threads=args.threads,
             transforms=[header_transform(security_headers(ancestors))],
             websocket_max_message_size=WEBSOCKET_MAX_MESSAGE_BYTES)
    return 0


def check_games_database() -> bool:
    """Open the games database once at start: say clearly (one line) if it cannot be used; the app still starts."""
    from academy.store.errors import StoreError
    from academy.ui.live_session import shared_hub
    try:
        shared_hub()
    except StoreError as exc:
        print(f"Warning: shared games are unavailable: {exc} Lessons, rules and games on one screen still work.",
              file=sys.stderr, flush=True)
        return False
    return True


def warm_up() -> None:
    """Import the pages and read the shared data once, so the first visitor does not wait for it."""
    from academy.games.conquest.mapdata import load_map
    from academy.rulebook import GAMES, load_rulebook
    from academy.lessons.exercise import GOAL_MODULES
    from academy.ui.board_kit.board import warm_up as draw_a_board
    from academy.ui.lessons_page import game_lessons

    import academy.games.conquest.bots  # noqa: F401
    from academy.ui.diplomacy.map_layout import name_places, regions
    draw_a_board()
    load_map("classic")
    regions()                     # the Diplomacy board's province regions and name places (cached)
    for height in (640, 720):
        name_places(height)
    for game in GOAL_MODULES:
        game_lessons(game)
    for game in GAMES:
        load_rulebook(game)
    from academy.ui.registry import UI, part
    import academy.ui.local_games  # noqa: F401  (the Play tab keeps its game: the store's modules)
    for game in UI:                # each game's lesson and play boards drawn once (board_kit: later boards are copies)
        part(game, "lessons")(lesson_id=None, exercise=None)
        part(game, "play")()
    from academy.ui import page_idle
    page_idle.drain()              # and a spare copy of each made now, not while the first visitors wait
    # What start-up made lives as long as the process: out of the garbage collector's way, or its first full
    # sweep of those objects (about 0.3 s) would land in the first visitor's page (measured with py-spy)
    gc.collect()
    gc.freeze()


def _lessons_check(args: argparse.Namespace) -> int:
    from academy.lessons.cli import check_command

    return check_command(args.paths)


def _odds(args: argparse.Namespace) -> int:
    from academy.games.conquest.odds import battle_odds, chain_probability

    if len(args.defenders) == 1:
        o = battle_odds(args.attackers, args.defenders[0])
        print(f"{args.attackers} attacking {args.defenders[0]}: conquer {o.win:.2%}; expected losses "
              f"{o.expected_attacker_losses:.2f} (attacker) v {o.expected_defender_losses:.2f} (defender)")
    else:
        p = chain_probability(args.attackers, args.defenders)
        print(f"{args.attackers} attacking the chain {args.defenders}: conquer them all {p:.2%}")
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="academy", description="The Academy: learn strategy games.")
    sub = ap.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the Academy in the browser")
    serve.add_argument("--port", type=int, default=5006)
    serve.add_argument("--address", default="127.0.0.1", help="0.0.0.0 to let other machines connect")
    serve.add_argument("--show", action="store_true", help="open a browser tab")
    serve.add_argument("--lessons", help="a folder of your own lessons, shown next to the built-in ones")
    serve.add_argument("--db", help="SQLAlchemy URL of the games database (default: SQLite in the data folder; "
                                    "also ACADEMY_DB), e.g. postgresql+psycopg://user@host/academy")
    serve.add_argument("--allow-websocket-origin", action="append", default=[], metavar="HOST:PORT")
    serve.add_argument("--threads", type=int, default=4, help="worker threads for CPU players")
    serve.add_argument("--frame-ancestors", metavar="SITES",
                       help="sites that may show the Academy in a frame, e.g. 'https://school.example' "
                            "(default: none but the Academy itself; also ACADEMY_FRAME_ANCESTORS)")
    serve.set_defaults(func=_serve)
    lessons = sub.add_parser("lessons", help="lesson tools")
    lsub = lessons.add_subparsers(dest="lessons_command", required=True)
    check = lsub.add_parser("check", help="check lesson files and print every problem with file and line")
    check.add_argument("paths", nargs="*", help="files or folders (default: the built-in lessons)")
    check.set_defaults(func=_lessons_check)
    odds = sub.add_parser("odds", help="exact Conquest battle odds")
    odds.add_argument("attackers", type=int, help="armies in the attacking territory")
    odds.add_argument("defenders", type=int, nargs="+", help="defending armies (several: a chain of territories)")
    odds.set_defaults(func=_odds)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except ValueError as exc:
        print(f"academy: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
