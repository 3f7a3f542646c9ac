"""bench/ladder.py without its long run (issue 21, the CPU ladder): the --quick path of one cheap game plays
every pairing and prints each figure with its target and a PASS or MISS word; an unknown game is refused.
No timing is asserted: the figures are the benchmark's, not the test's."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "bench" / "ladder.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_ladder", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


ladder = load_bench()


def test_the_quick_ladder_of_diplomacy_plays_every_pairing_and_prints_its_targets(capsys) -> None:
    """issue 21: random v easy, easy v normal, normal v hard, 2 games each, one power of the higher level
    rotating against six of the lower; a row per pairing with the centre share, its target and a verdict,
    and hard's phase time against its 5 s target."""
    rows = ladder.main(["diplomacy", "--quick"])
    out = capsys.readouterr().out
    assert [(r.lower, r.higher) for r in rows] == list(ladder.PAIRINGS)
    for row in rows:
        assert row.games == 2 and len(row.lengths) == 2
        assert all(o.share is not None and 0 <= o.share <= 1 for o in row.outcomes)
        assert all(0 < o.length <= ladder.QUICK_CAP["diplomacy"] for o in row.outcomes)
        assert row.times[row.lower] and row.times[row.higher]      # every level's phases were timed
    lines = [line for line in out.splitlines() if " v " in line and ">= 28.6%" in line]
    assert len(lines) == 3
    assert all(("PASS" in line) != ("MISS" in line) for line in lines)
    speed = next(line for line in out.splitlines() if line.strip().startswith("hard, a phase"))
    assert "target <= 5 s" in speed and speed.split()[-1] in ("PASS", "MISS")


def test_the_seats_rotate_and_the_higher_level_sits_alone() -> None:
    """issue 21: game i puts the higher level in seat i % seats, every other seat at the level below."""
    assert ladder._seats(3, 1, "easy", "normal") == {0: "easy", 1: "normal", 2: "easy"}
    diplomacy = ladder.setups("diplomacy")[0]
    assert diplomacy.seats == 7


def test_the_random_player_of_an_orders_game_writes_legal_orders() -> None:
    """The ladder's random Diplomacy and Fronts player (what the easy CPU is measured against) writes a
    legal, repeatable set of orders for every unit."""
    from academy.games.fronts.game import FrontsGame

    state = FrontsGame().new_initial_state(3)
    orders = ladder.RandomOrders(5).orders(state, 0)
    assert orders and state.validate_orders(0, orders) == tuple(orders)
    assert ladder.RandomOrders(5).orders(state, 0) == orders


def test_an_unknown_game_is_refused_with_the_games_there_are(capsys) -> None:
    with pytest.raises(SystemExit):
        ladder.main(["chess", "--quick"])
    assert "unknown game chess: choose from conquest, diplomacy, fronts, game_of_war, tactics" in capsys.readouterr().err


def test_at_a_table_of_teams_both_seats_of_one_team_play_the_higher_level_and_the_teams_take_turns() -> None:
    """issue 21: Fronts' Crossroads 2v2 table (teams of opposite corners: Red and Green, Blue and Gold) gives
    both players of team i % 2 the higher level in game i, and counts a win of that team as the higher
    level's."""
    table = next(s for s in ladder.setups("fronts") if s.teams)
    assert (table.seats, table.teams) == (4, ((0, 2), (1, 3)))
    assert table.levels(0, "normal", "hard") == (0, {0: "hard", 1: "normal", 2: "hard", 3: "normal"})
    assert table.levels(1, "normal", "hard") == (1, {0: "normal", 1: "hard", 2: "normal", 3: "hard"})
    assert table.levels(2, "normal", "hard")[0] == 0
    ffa = next(s for s in ladder.setups("fronts") if s.label == "crossroads 3 ffa")
    assert [ffa.levels(i, "easy", "normal")[0] for i in range(4)] == [0, 1, 2, 0]


def test_a_win_of_the_higher_team_counts_for_the_higher_level(monkeypatch) -> None:
    """A team's win is reported as its first player's; the ladder counts it for the level of that seat,
    so a win of Gold's and Blue's team counts for the level Blue plays, and a draw for neither."""
    from academy.games.fronts.state import FrontsState

    levels = {0: "normal", 1: "hard", 2: "normal", 3: "hard"}
    outcomes = {}
    for winner in (1, 0, None):
        monkeypatch.setattr(FrontsState, "winner", lambda self, w=winner: w)
        monkeypatch.setattr(FrontsState, "is_terminal", lambda self: True)
        outcomes[winner] = ladder.play_fronts({"players": 4, "map": "crossroads", "mode": "teams"}, 1, levels, 1,
                                              30, {})
    assert outcomes[1].higher_won and not outcomes[1].draw
    assert not outcomes[0].higher_won and not outcomes[0].draw
    assert not outcomes[None].higher_won and outcomes[None].draw


def test_a_row_shows_the_higher_levels_wins_by_seat_where_the_table_names_its_seats() -> None:
    """At a table whose seats differ (Crossroads with 3 players: Blue has no free corner) the row also says
    how the higher level did in each seat; tables without seat names print the row alone."""
    won, lost = ladder.Outcome(True, length=30), ladder.Outcome(False, length=30)
    row = ladder.Row("fronts", "crossroads 3 ffa", "normal", "hard", [won, lost, won, won], seats=[0, 1, 2, 0],
                     seat_names={0: "Red", 1: "Blue", 2: "Green"})
    assert row.by_seat() == "Red 2/2, Blue 0/1, Green 1/1"
    assert ladder.format_row(row).splitlines()[1].strip() == "hard won, by its seat: Red 2/2, Blue 0/1, Green 1/1"
    plain = ladder.Row("fronts", "duel", "normal", "hard", [won, lost], seats=[0, 1])
    assert plain.by_seat() == "" and len(ladder.format_row(plain).splitlines()) == 1


def test_games_played_in_two_processes_are_the_same_games() -> None:
    """``--jobs 2`` plays a pairing's games two at a time: the same outcomes and seats, in the same order."""
    one = ladder.run_pairing("fronts", 1, "random", "easy", 3, 5, 3)
    two = ladder.run_pairing("fronts", 1, "random", "easy", 3, 5, 3, jobs=2)
    assert one.outcomes == two.outcomes and one.seats == two.seats == [0, 1, 2]
    assert sorted(one.times) == sorted(two.times) and len(one.times["easy"]) == len(two.times["easy"])


def test_a_table_whose_seats_start_unequal_is_shown_and_not_judged() -> None:
    """Crossroads with 3 players (a map for four: Blue has no free corner) measures the seat as much as the
    level: its rows show the wins and say why they are not judged (no PASS or MISS); Three Passes, whose
    seats are alike, is judged."""
    tables = {s.label: s for s in ladder.setups("fronts")}
    assert tables["crossroads 3 ffa"].unequal and "Blue" in tables["crossroads 3 ffa"].unequal
    assert not tables["three passes 3 ffa"].unequal and not tables["duel"].unequal
    assert not tables["crossroads 2v2"].unequal
    won, lost = ladder.Outcome(True, length=30), ladder.Outcome(False, length=30)
    row = ladder.Row("fronts", "crossroads 3 ffa", "normal", "hard", [won, lost, won], seats=[0, 1, 2],
                     seat_names={0: "Red", 1: "Blue", 2: "Green"}, unequal=tables["crossroads 3 ffa"].unequal)
    lines = ladder.format_row(row).splitlines()
    assert "wins  66.7% not judged" in lines[0] and "PASS" not in lines[0] and "MISS" not in lines[0]
    assert lines[2].strip().startswith("not judged, its seats start unequal: a map for four")
    judged = ladder.Row("fronts", "three passes 3 ffa", "normal", "hard", [won, lost, won], seats=[0, 1, 2])
    assert "MISS" in ladder.format_row(judged).splitlines()[0]
