"""The CPU's turn, said when it hands the turn back (TurnSession._say_cpu_news), in the three turn-by-turn games.

Found by a newcomer: in Tactics and Conquest the message box was empty after the CPU's turn (nothing said
the CPU had played, or that it was the person's turn again; in Conquest at level hard Blue's first turn went
unsaid); in Game of War it kept the person's own "Turn 3: South to play." while the header said "North to
play · Turn 4", and said nothing of the North unit South had just destroyed. Now the message says who
played which turn, the most important of what the person could see of it, and whose turn it is, in the
game's own time; never the turn before.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable

from academy.ui.conquest.session import ConquestSession
from academy.ui.game_of_war.session import GameOfWarSession
from academy.ui.tactics.session import TacticsSession
from academy.ui.turn_session import HUMAN, TurnSession, times


def drive(s: TurnSession, until: Callable[[str], bool], steps: int = 3000) -> str:
    """Play the person's decisions as the easy bot would (seeded) until ``until(message)``; the message."""
    bot = importlib.import_module(f"academy.games.{s.game_name}.bots").make_bot("easy", seed=5)
    for _ in range(steps):
        if until(s.message) or s.state.is_terminal():
            break
        assert s.act(bot.choose(s.state.clone())), s.message
    return s.message


def test_times():
    assert [times(n) for n in (1, 2, 3, 10)] == ["once", "twice", "3 times", "10 times"]


# --- Game of War -------------------------------------------------------------------------------------
def test_game_of_war_after_end_turn_says_the_cpus_turn_and_yours_not_the_turn_before():
    """The newcomer's steps: CPU level Easy, start, one move, End turn. South destroyed a North unit."""
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1)
    assert s.message == ("New game: North (you), South (CPU easy). South (CPU easy) played turn 1: it made 5 "
                         "moves. Your turn: turn 2.")
    drive(s, lambda m: "played turn 3" in m)                  # the person's moves, then End turn
    assert s.state.turn == 4 and s.state.side == "north" and s.game_time() == "turn 4"
    assert s.message == ("South (CPU easy) played turn 3: it made 5 moves, then attacked your cavalry N-C4 "
                         "(14 against 10): destroyed. Your turn: turn 4.")
    assert "Turn 3: South to play." not in s.message


def test_game_of_war_news_is_never_a_turn_old():
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1)
    for _ in range(6):
        assert s.message.endswith(f"Your turn: turn {s.state.turn}.")
        assert f"played turn {s.state.turn - 1}" in s.message
        drive(s, lambda m, turn=s.state.turn: f"Your turn: turn {turn + 2}." in m)


def test_game_of_war_a_cpu_win_says_the_turn_and_the_end():
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1)
    drive(s, lambda m: False)
    assert s.state.is_terminal() and s.state.winner() == 1
    assert s.message == ("South (CPU easy) played turn 43: it made 3 moves, then attacked your infantry N-I1 "
                         "(17 against 0): destroyed. South wins: every north fighting unit is gone.")


def test_game_of_war_hot_seat_keeps_the_engines_words():
    """Two people: no CPU turn to tell; the message is the engine's hand-over, right for the next person."""
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, HUMAN], seed=1)
    s.end_turn()
    assert s.message == "Turn 2: North to play." and s.state.side == "north"


# --- Tactics ------------------------------------------------------------------------------------------
def test_tactics_after_end_turn_says_the_cpus_turn_and_yours():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=False)
    assert s.end_turn()
    assert s.message == "Blue (CPU easy) played its turn of day 1: it moved 3 units and built 1 unit. Your turn: day 2."
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=False)
    drive(s, lambda m: "you lost" in m)
    assert s.state.day == 4 and s.game_time() == "day 4"
    assert s.message == ("Blue (CPU easy) played its turn of day 3: it moved 2 units, attacked 3 times (you lost 1 "
                         "unit), took the City on C10 and built 1 unit. Your turn: day 4.")


def test_tactics_news_respects_the_fog():
    """Under fog the news counts only what the person saw: on day 1 nothing of Blue's turn."""
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=True)
    assert s.end_turn()
    assert s.message == "Blue (CPU easy) played its turn of day 1: you saw nothing of it. Your turn: day 2."
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=True)
    drive(s, lambda m: "you lost" in m)
    assert s.message == ("Blue (CPU easy) played its turn of day 7: it moved 5 units you could see, attacked 3 "
                         "times (you lost 1 unit and it lost 1 unit) and is capturing the City on A8. Your turn: day 8.")


def test_tactics_news_is_never_a_day_old():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=False)
    for day in range(2, 6):
        drive(s, lambda m, day=day: m.endswith(f"Your turn: day {day}."))
        assert s.state.day == day and s.message.startswith(f"Blue (CPU easy) played its turn of day {day - 1}")


def test_tactics_hot_seat_keeps_passing_the_screen():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, HUMAN], seed=1, fog=True)
    s.show_screen()
    s.end_turn()
    assert s.message == "Pass the screen to Blue."


# --- Conquest -----------------------------------------------------------------------------------------
def test_conquest_says_the_cpus_first_turn_when_it_moves_first():
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=2, seats=[HUMAN, "hard"], seed=1)
    assert s.state.turn == 2 and s.state.to_move() == 0
    assert s.message == ("New game: Red (you), Blue (CPU hard). Blue (CPU hard) played turn 1: it attacked 4 times "
                         "and took Alberta and Scandinavia. Your turn: turn 2.")


def test_conquest_after_the_persons_turn_says_the_cpus():
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=2, seats=[HUMAN, "easy"], seed=1)
    assert s.message == ("New game: Red (you), Blue (CPU easy). Blue (CPU easy) played turn 1: it attacked 4 times "
                         "and took Peru, Northwest Territory and South Africa. Your turn: turn 2.")
    s.act(next(iter(s.state.legal_actions())))
    drive(s, lambda m: "Your turn" in m)
    assert s.state.turn == 4 and s.game_time() == "turn 4"
    assert s.message == "Blue (CPU easy) played turn 3: it attacked 4 times and took 4 territories. Your turn: turn 4."


def test_conquest_hot_seat_with_a_cpu_names_the_person_to_play():
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=3, seats=[HUMAN, HUMAN, "easy"], seed=1)
    drive(s, lambda m: "your turn" in m)
    assert s.message == ("Green (CPU easy) played turn 2: it attacked 7 times and took 4 territories. Red, your "
                         "turn: turn 3.")


def test_conquest_set_up_steps_in_the_engines_words():
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=3, seats=[HUMAN, "easy", "easy"], setup="claim", seed=1)
    assert s.message == ("New game: Red (you), Blue (CPU easy), Green (CPU easy). Blue claims Kamchatka. Green "
                         "claims Alberta. Your turn: claim a territory nobody holds yet.")


def test_two_cpus_each_get_their_sentence_and_a_new_game_forgets_them():
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=3, seats=[HUMAN, "easy", "easy"], seed=2)
    drive(s, lambda m: "Green (CPU easy) played" in m and not m.startswith("New game"))
    assert s.message.startswith(f"Blue (CPU easy) played turn {s.state.turn - 2}: ")
    assert f". Green (CPU easy) played turn {s.state.turn - 1}: " in s.message
    assert s.message.endswith(f". Your turn: turn {s.state.turn}.")
    s.new_game(players=3, seats=[HUMAN, HUMAN, HUMAN], seed=2)
    assert s.message == "New game: Red (you), Blue (you), Green (you)." and s._cpu_news == []


def test_game_of_war_free_deployment_says_the_cpus_army_without_its_squares():
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=["easy", HUMAN], deployment="free", seed=1)
    assert s.message == ("New game: North (CPU easy), South (you). North (CPU easy) deployed its army (hidden until "
                         "both armies are placed). Your turn: place your army in your half.")
    s.place_rest()
    assert s.done_deploying()
    assert s.message == "South's army is deployed, and both armies are revealed. Your turn: turn 1."
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], deployment="free", seed=1)
    s.place_rest()
    assert s.done_deploying()
    assert s.message == ("South (CPU easy) deployed its army, and both armies are revealed. South (CPU easy) played "
                         "turn 1: it made 5 moves. Your turn: turn 2.")


# --- CPU turns on a thread ----------------------------------------------------------------------------
def wait_for_cpu(s: TurnSession, seconds: float = 60) -> None:
    import time
    end = time.monotonic() + seconds
    while (s.thinking or s.cpu_to_move) and time.monotonic() < end:
        time.sleep(0.02)
    assert not s.thinking and not s.cpu_to_move


def test_on_a_thread_the_news_is_the_same():
    s = ConquestSession(cpu_delay=0)
    s.new_game(players=2, seats=[HUMAN, "hard"], seed=1)
    wait_for_cpu(s)
    assert s.message == ("New game: Red (you), Blue (CPU hard). Blue (CPU hard) played turn 1: it attacked 4 times "
                         "and took Alberta and Scandinavia. Your turn: turn 2.")


def test_a_cpu_turn_cut_short_by_a_new_game_leaves_no_news():
    s = GameOfWarSession(cpu_delay=0.05)
    s.new_game(seats=[HUMAN, "easy"], seed=1)                 # South starts: its turn is under way
    s.new_game(seats=[HUMAN, HUMAN], seed=1)
    wait_for_cpu(s)
    import time
    time.sleep(0.3)                                             # a stale CPU result would have come by now
    assert s.message == "New game: North (you), South (you)." and s._cpu_news == []


def test_conquest_the_cpus_playing_on_without_the_person_are_said_in_short_to_the_end():
    """Red (the person) never attacks; once Green eliminates Red the CPUs play the game out: the message
    says the round that put Red out, how many turns followed, and the last turn and the end."""
    from academy.games.conquest.actions import EndAttack, EndTurn
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=3, seats=[HUMAN, "hard", "hard"], seed=3)
    for _ in range(5000):
        if s.state.is_terminal():
            break
        acts = s.state.legal_actions()
        assert s.act(next((a for a in acts if isinstance(a, (EndAttack, EndTurn))), acts[0])), s.message
    assert s.message == (
        "Blue (CPU hard) played turn 68: it traded cards for 50 armies, attacked once and took Egypt. Green (CPU "
        "hard) played turn 69: it traded cards for 55 armies, attacked twice, took Northwest Territory and Western "
        "United States and eliminated Red. Then 2 more turns were played. Blue (CPU hard) played turn 72: it traded "
        "cards for 60 armies, attacked 9 times, took 9 territories and eliminated Green. The game is over: Blue "
        "wins.")


def test_a_tactics_cpu_turn_with_nothing_done_says_so():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=False)
    assert s._cpu_did(1, []) == "it made no move"
    s.new_game(seats=[HUMAN, "easy"], seed=1, fog=True)
    assert s._cpu_did(1, []) == "you saw nothing of it"
