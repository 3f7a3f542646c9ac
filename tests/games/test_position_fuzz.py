"""A seeded fuzz of every game's position parser with huge and malformed numbers (issue 13, items 3 and 7).

Every number of a valid position line (and of a line rich in numbers) is replaced by huge, long, negative,
zero, fractional and non-ASCII numbers, and random characters are changed; each line must either parse
or raise the project's RulesError family (InvalidNotation ...) with a message: never ValueError,
OverflowError, RecursionError, MemoryError or anything else, and with little memory (no time is
asserted, but the inputs are such that a regression, e.g. an odds table of 10^23 armies, is obvious).
"""
from __future__ import annotations

import random
import re
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from academy.core.errors import RulesError

NUMBERS = ("0", "-1", "-0", "1" + "0" * 23, "9" * 5000, "4" * 4400, "99999999999", "1e9", "3.5", "٣", "²",
           "0x10", "+7", "00000000000000000000000000005", "")


def _conquest(text: str) -> Any:
    from academy.games.conquest.position import parse_position
    return parse_position(text)


def _game_of_war(text: str) -> Any:
    from academy.games.game_of_war import parse_position
    return parse_position(text)


def _diplomacy(text: str) -> Any:
    from academy.ui.position_link import parse_line
    return parse_line("diplomacy", text)


def _fronts(text: str) -> Any:
    from academy.games.fronts.game import parse_game_position
    return parse_game_position(text)


def _tactics(text: str) -> Any:
    from academy.games.tactics.position import parse_position
    return parse_position(text)


LINES: dict[str, tuple[Callable[[str], Any], tuple[str, ...]]] = {
    "conquest": (_conquest, (
        "Red to move, attack | Red: Ukraine 5, Ural 2 | Blue: Afghanistan 3 | rest: Blue 1",
        "Red to move, reinforce 7 | Red: Ukraine 5 | rest: Blue 1 | sets traded: 3",
        "Red to move, occupy Ukraine -> Ural 3 | Red: Ukraine 5, Ural 0 | rest: Blue 1",
        "Blue to move, cashout 4 | Red: Ukraine 5 | rest: Blue 1",
    )),
    "game_of_war": (_game_of_war, (
        "North to move | board: empty | North arsenals: a8 | South arsenals: a10 | North: N-I1 e8, N-I2 g8 | "
        "South: S-I1 e10",
        "South to move | board: empty | size: 25x20 | turn: 12 | North arsenals: a8 | South arsenals: a10 | "
        "North: N-I1 e8 | South: S-I1 e10 | mountains: c3, d4",
    )),
    "diplomacy": (_diplomacy, (
        "S1901M | Austria: A BUD, F TRI, A VIE | England: F EDI, F LON, A LVP | Russia: F STP/SC, A WAR",
        "F1905R | England: A LON, F NTH | France: A BRE | Dislodged France: A PAR from BUR | "
        "Centres England: LON, EDI",
    )),
    "fronts": (_fronts, (
        "map: duel; players: 2; mode: teams; turn 1; Red 10: 2 infantry 1 armor Millbrook, 3 infantry 1 artillery "
        "1 air Northgate; Blue 10: 2 infantry Elmshade, 3 infantry 1 artillery 1 air Southport; neutral: 2 infantry "
        "Fordham",
        "map: crossroads; players: 4; mode: ffa; turn 7; Red 25: 2 infantry Redhaven; dug: Redhaven 2; "
        "held: Redhaven 3; supply: Red Redhaven 1",
    )),
    "tactics": (_tactics, (
        "river_crossing day 1 red | red 6000: tank E2, infantry D3 hp5, infantry B4 | blue 3000: infantry I7, "
        "infantry G8, tank F9",
        "river_crossing day 12 blue | red 100: tank E2 health55 fuel20 ammo3 | blue 0: infantry G8 | meter: red 50",
    )),
}


def variants(line: str, rng: random.Random) -> list[str]:
    """The line with each number replaced by each of NUMBERS, and 40 random character changes."""
    spans = [m.span() for m in re.finditer(r"\d+", line)]
    out = [line[:a] + number + line[b:] for a, b in spans for number in NUMBERS]
    alphabet = "0123456789 ,;:|-+[]()x.e٣" + "abcXYZ"
    for _ in range(40):
        chars = list(line)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice(alphabet) * rng.choice((1, 1, 3, 30))
        out.append("".join(chars))
    out.append(line + " | " + "[" * 5000)
    return out


@pytest.mark.parametrize("game", sorted(LINES))
def test_every_position_parser_refuses_huge_and_malformed_numbers_clearly(game: str) -> None:
    """issue 13, items 3 and 7: huge and malformed numbers give a RulesError with a message, in little memory."""
    parse, lines = LINES[game]
    rng = random.Random(f"issue-13/{game}")
    tried = refused = 0
    for line in lines:
        parse(line)  # the unchanged line is a valid position
        for text in variants(line, rng):
            tried += 1
            tracemalloc.start()
            try:
                parse(text)
            except RulesError as exc:
                refused += 1
                assert exc.message and exc.message != exc.reason, (text[:200], exc)
                assert not re.search(r"\d{1000}", exc.message), text[:200]  # a huge number is never echoed whole
            except Exception as exc:  # noqa: BLE001 - the point of the test
                pytest.fail(f"{game}: {type(exc).__name__} ({str(exc)[:200]}) for {text[:300]!r}")
            finally:
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
            assert peak < 50_000_000, (text[:200], peak)
    assert refused >= tried // 3  # most variants are refused: the fuzz reaches the numbers


def _commands() -> dict[str, tuple[Callable[[str], Any], tuple[str, ...]]]:
    from academy.games.conquest.notation import parse_action as conquest_action
    from academy.games.conquest.position import parse_position as conquest_position
    from academy.games.fronts.game import FrontsGame
    from academy.games.game_of_war import parse_position as gow_position
    from academy.games.tactics.position import parse_position as tactics_position
    from academy.games.diplomacy import DiplomacyGame

    conquest = conquest_position("Red to move, fortify | Red: Ukraine 5, Ural 3 | rest: Blue 1")
    gow = gow_position(LINES["game_of_war"][1][0])
    tactics = tactics_position(LINES["tactics"][1][0])
    fronts, diplomacy = FrontsGame(), DiplomacyGame()
    return {
        "conquest": (lambda t: conquest_action(t, conquest), ("fortify Ukraine -> Ural 2", "occupy 3",
                                                              "attack Ukraine Ural 3", "place 4 Ukraine")),
        "game_of_war": (lambda t: gow.game.parse_action(t, gow), ("N-I1 e8-e7", "N-I1 [4, 7] - [4, 6]")),
        "tactics": (lambda t: tactics.game.parse_action(t, tactics), ("luck 3/9", "unload E2 infantry#1 E3",
                                                                      "build infantry at B2")),
        "fronts": (lambda t: fronts.parse_action(t), ("Red: 2 infantry Millbrook -> Westmere; Northgate hold",
                                                      "Red: build 3 infantry Millbrook")),
        "diplomacy": (lambda t: diplomacy.parse_action(t), ("A PAR - BUR", "F ENG C A LON - BRE")),
    }


@pytest.mark.parametrize("game", sorted(LINES))
def test_every_command_parser_refuses_huge_numbers_clearly(game: str) -> None:
    """issue 13, item 3: a typed command with a huge number is a RulesError with a message, not ValueError."""
    parse, commands = _commands()[game]
    rng = random.Random(f"issue-13/commands/{game}")
    for command in commands:
        for text in variants(command, rng):
            try:
                parse(text)
            except RulesError as exc:
                assert exc.message and not re.search(r"\d{1000}", exc.message), text[:200]
            except Exception as exc:  # noqa: BLE001 - the point of the test
                pytest.fail(f"{game}: {type(exc).__name__} ({str(exc)[:200]}) for {text[:300]!r}")
