"""ConquestSession without a browser: click routing, act with text and errors, undo, save/load, CPU turns, replay."""
from __future__ import annotations

import json
import time

import pytest

from academy.games.conquest import parse_position
from academy.games.conquest.actions import EndAttack, EndTurn
from academy.ui.history import rebuild
from academy.ui.conquest.session import ConquestSession

ATTACK = "Red to move, attack | Red: Ukraine 5, Ural 2, Siberia 1 | Blue: Afghanistan 3, Scandinavia 1 | rest: Blue 1"


def session(**kw) -> ConquestSession:
    return ConquestSession(synchronous=True, cpu_delay=0, **kw)


def from_position(text: str, seats=("human", "human")) -> ConquestSession:
    s = session()
    s.start_from(parse_position(text), list(seats))
    return s


def human_turn_game(seed: int = 4) -> ConquestSession:
    """A random set-up 2-player game against a CPU, stopped at the human's first decision."""
    s = session()
    s.new_game(players=2, seats=["human", "easy"], setup="random", seed=seed)
    assert s.state.to_move() == 0 and s.state.phase == "reinforce"
    return s


def test_new_game_random_setup_starts_at_reinforcements():
    s = human_turn_game()
    assert s.log and s.log[0]["kind"] == "first_player"
    assert s.targets == sorted(s.state.territories_of(0))       # where a click places an army
    assert "New game" in s.message


def test_bad_options_show_the_engine_message():
    s = session()
    with pytest.raises(ValueError):
        s.new_game(players=2, seats=["human", "human"], setup="claim")
    assert "2-player game" in s.message and s.state is None


def test_click_places_reinforcements_with_the_armies_choice():
    s = human_turn_game()
    mine = s.state.territories_of(0)[0]
    before, left = s.state.armies[mine], s.state.reinforcements
    s.choice.armies = 2
    s.click(mine)
    assert s.state.armies[mine] == before + 2 and s.state.reinforcements == left - 2
    assert s.log[-1]["kind"] == "place"


def test_click_on_enemy_territory_is_refused_with_the_engine_text():
    """A click on an enemy territory while placing: next to one of yours it is an attack before placing
    (issue 15, Lessons item 2: the engine says which phase it is); elsewhere a placement on it (the engine
    says whose it is). Either way the state is unchanged."""
    s = human_turn_game()
    mine = set(s.state.territories_of(s.state.current))
    theirs = s.state.territories_of(1)
    near = next(t for t in theirs if mine & set(s.state.game.map.neighbours[t]))
    far = next((t for t in theirs if not mine & set(s.state.game.map.neighbours[t])), None)
    snapshot = s.state.to_json()
    s.click(near)
    assert "Attacking is refused now" in s.message and "reinforcement phase" in s.message
    assert s.state.to_json() == snapshot
    if far is not None:
        s.click(far)
        assert "refused" in s.message and "Armies go only on territories you control" in s.message
        assert s.state.to_json() == snapshot


def test_attack_by_clicks_uses_max_dice_and_keeps_the_selection():
    s = from_position(ATTACK)
    s.click("ukraine")
    assert s.selected == "ukraine" and "afghanistan" in s.targets and "ural" not in s.targets
    s.click("afghanistan")             # the first click picks the target: the odds, no roll
    assert s.target == "afghanistan" and not s.last_events and "Press Attack" in s.message
    s.click("afghanistan")             # the second rolls
    roll = [e for e in s.last_events if e.kind == "roll"]
    assert roll and len(roll[0].data["attack"]) == 3 and roll[0].why
    assert s.log[-1]["why"] or any(e["why"] for e in s.log)


def test_fewer_dice_can_be_chosen():
    s = from_position(ATTACK)
    s.click("ukraine")
    s.choice.dice = 1                  # chosen once the source is picked (a new source starts at the most)
    s.click("afghanistan")
    s.click("afghanistan")
    assert len(next(e for e in s.last_events if e.kind == "roll").data["attack"]) == 1
    s.click("afghanistan")             # the same attack again: the same choice
    assert len(next(e for e in s.last_events if e.kind == "roll").data["attack"]) == 1


def test_act_with_text_and_errors():
    s = from_position(ATTACK)
    assert s.act("attack Ukraine -> Afghanistan 2")
    assert any(e.kind == "roll" for e in s.last_events)
    snapshot = s.state.to_json()
    assert not s.act("attack Ukrane -> Afghanistan 2")
    assert "did you mean" in s.message.lower() or "ukraine" in s.message.lower()
    assert not s.act("attack Siberia -> Yakutsk 1")
    assert "Siberia has 1 army" in s.message
    assert not s.act("fly to the moon")
    assert "not a Conquest command" in s.message
    assert s.state.to_json() == snapshot


def test_undo_takes_back_the_last_human_move_and_the_cpu_moves_after_it():
    s = human_turn_game()
    start = s.state.to_json()
    mine = s.state.territories_of(0)[0]
    s.choice.armies = s.state.reinforcements
    s.click(mine)                     # all reinforcements: now attacking
    s.act(EndAttack())
    s.act(EndTurn())                  # the CPU plays its whole turn, then it is the human's again
    assert s.state.to_move() == 0 and s.state.turn == 3
    record = s.state.record
    last = max(i for i, e in enumerate(record.entries) if not e.chance and e.player == 0)
    if any(e.chance for e in record.entries[last:]):      # the CPU rolled: Undo stops there (issue 15)
        assert not s.undo() and "dice once rolled stay rolled" in s.message
        return
    assert s.undo() and s.state.phase == "fortify" and "end turn" in s.message
    assert s.undo() and s.state.phase == "attack"
    assert s.undo() and s.state.to_json() == start
    assert not s.undo() and "Nothing to undo" in s.message
    assert len(s.log) == len(rebuild(s.state.record)[1])


def test_save_and_load_round_trip():
    """Save gives the record (with a new seed while the game runs: save_load.py); Load plays on from it."""
    s = human_turn_game()
    s.click(s.state.territories_of(0)[0])
    assert s.save_refusal() is None                  # no cards in any hand yet: nothing is hidden
    text = s.save_json()
    assert json.loads(text)["schema"] == "academy.record"
    other = session()
    other.seats = ["human", "easy"]
    assert other.load_json(text, name="game.json")
    assert other.state.to_json() == s.state.to_json() and other.seats == ["human", "easy"]
    assert [e["text"] for e in other.log] == [e["text"] for e in s.log]
    assert "Game loaded from game.json" in other.message


def test_save_is_refused_while_cards_are_hidden():
    """A running game whose players hold cards is not saved (the file would show every hand and the seed)."""
    s = human_turn_game()
    s.state.hands[0].append(s.state.deck.pop())      # as if Red had conquered a territory and drawn a card
    assert "cards in each player's hand" in s.save_refusal()
    with pytest.raises(ValueError, match="once the game is over"):
        s.save_json()


@pytest.mark.parametrize("text, words", [
    ("{not json", "bad JSON at line 1"),
    ("[1, 2]", "expected a JSON object"),
    ('{"schema": "something.else", "version": 1}', "academy.record"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_load_refuses_bad_files_clearly(text, words):
    s = human_turn_game()
    before = s.state.to_json()
    assert not s.load_json(text, name="bad.json")
    assert words in s.message and s.message.startswith("bad.json could not be loaded.")
    assert s.state.to_json() == before


def test_cpu_turn_in_synchronous_mode_plays_until_the_human_moves():
    s = human_turn_game()
    s.choice.armies = 99
    s.click(s.state.territories_of(0)[0])
    s.act("end attack")
    s.act("end turn")
    kinds = [e["kind"] for e in s.log]
    # the first turn's beginning (set-up over), Blue's turn, Red's turn again
    assert kinds.count("turn") == 3 and s.state.to_move() == 0 and not s.thinking
    assert any(e["text"].startswith("Blue") for e in s.log)


def test_cpu_turn_on_a_thread_without_a_server():
    s = ConquestSession(cpu_delay=0)
    s.new_game(players=2, seats=["human", "easy"], setup="random", seed=4)
    if s.thinking:  # the CPU may move first
        _wait(lambda: not s.thinking)
    s.choice.armies = 99
    s.click(s.state.territories_of(0)[0])
    s.act("end attack")
    s.act("end turn")
    assert s.thinking or s.state.to_move() == 0
    _wait(lambda: not s.thinking)
    assert s.state.to_move() == 0 and s.state.turn >= 3


def test_human_input_is_refused_while_the_cpu_plays():
    s = ConquestSession(cpu_delay=5)
    s.new_game(players=2, seats=["easy", "easy"], setup="random", seed=4)
    assert s.thinking
    s.click("ukraine")
    assert "is playing" in s.message
    s._cancel_cpu()


def test_all_cpu_game_plays_to_the_end_synchronously():
    s = session()
    s.new_game(players=2, seats=["hard", "easy"], setup="random", seed=2)
    assert s.state.is_terminal() and s.state.winner() in (0, 1)
    assert s.log[-1]["kind"] == "win"


def test_the_replay_is_its_own_page_on_the_record_and_leaves_the_game_alone():
    """Issue 14 ("one replay, built on the record"): Conquest's Play page opens the same replay page as a
    shared game's, under the board, instead of a replay mode of the game's session."""
    from academy.ui.conquest.play import PlayPage
    s = human_turn_game()
    s.click(s.state.territories_of(0)[0])
    live, n = s.state.to_json(), len(s.state.record)
    page = PlayPage(session=s)
    replay = page.open_replay()
    assert [type(o).__name__ for o in page.replay_area.objects][0] == "ScrollHere"      # brought into view
    assert page.replay_area.objects[1] is replay.__panel__()
    assert "Your game so far" in replay.head.object and "all games" not in replay.head.object   # embedded: no links
    r = replay.session
    assert r.step == 0 and r.length == n and all(o is None for o in r.state.owner.values())
    r.to_end()                  # the position as the person at the screen saw it (the deck stays hidden)
    assert {k: v for k, v in r.state.to_json().items() if k != "deck"} == {k: v for k, v in live.items()
                                                                         if k != "deck"}
    assert set(r.state.to_json()["deck"]) == {"?"}
    r.back()
    assert r.counter_text().startswith(f"Step {n - 1} of {n}")
    assert s.state.to_json() == live and not s.message.startswith("This is a replay")
    s.click(s.state.territories_of(0)[0])              # the game goes on while its replay is open
    assert len(s.state.record) == n + 1 and r.length == n


def test_hot_seat_shows_only_the_current_humans_cards():
    s = session()
    s.new_game(players=2, seats=["human", "human"], setup="random", seed=4)
    assert s.viewer == s.state.to_move()
    solo = human_turn_game()
    assert solo.viewer == 0


def _wait(cond, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


class _BrokenBot:
    def __init__(self, mode: str) -> None:
        self.mode = mode

    def choose(self, state):
        if self.mode == "raise":
            raise RuntimeError("no idea")
        from academy.games.conquest.actions import EndTurn
        return EndTurn()                       # never legal while the CPU must place its armies


@pytest.mark.parametrize("mode, words", [("raise", "failed to choose a move: no idea"),
                                         ("illegal", "tried an illegal move")])
def test_a_broken_cpu_stops_with_a_message_and_the_game_is_unchanged(mode, words):
    """session_loop.CpuTurns._cpu_play: a bot that fails or chooses an illegal action stops the CPU turn."""
    s = ConquestSession(bot_factory=lambda level, seed: _BrokenBot(mode), synchronous=True)
    s.new_game(players=2, seats=["easy", "human"], setup="random", seed=3)
    assert words in s.message and not s.thinking
    assert s.state.to_move() == 0 and s.state.phase in ("reinforce", "cashout", "place")


def test_moments_date_record_steps_in_the_games_own_words():
    """What a shared game's messages are dated by: the turn's heading after that many entries."""
    from academy.ui.history import moments
    s = from_position(ATTACK)
    assert s.act("end attack") and s.act("end turn")
    record = s.state.record
    dates = moments(record, {0, len(record.entries), len(record.entries) + 5})
    assert dates[0] == "Turn 1 · Red" and dates[len(record.entries)].endswith("· Blue")
    assert len(record.entries) + 5 not in dates                     # beyond the record: not dated
