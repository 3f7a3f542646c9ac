"""Issue 14, item 3: one session base for the turn-by-turn games (Conquest, Tactics, Game of War).

Each game's session is a ``TurnSession``; what the base holds (seats and their questions, Save and Load
as the record, the refusal of input, undo) behaves the same for the three.
"""
from __future__ import annotations

import json

import pytest

from academy.ui.game_of_war.session import GameOfWarSession
from academy.ui.conquest.session import ConquestSession
from academy.ui.tactics.session import TacticsSession
from academy.ui.turn_session import HUMAN, TurnSession


def conquest() -> ConquestSession:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=2, seats=[HUMAN, "easy"], setup="random", seed=4)
    return s


def tactics() -> TacticsSession:
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], map_id="river_crossing", fog=False, seed=4)
    return s


def game_of_war() -> GameOfWarSession:
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], seed=4)
    return s


MAKERS = {"conquest": conquest, "tactics": tactics, "game_of_war": game_of_war}
GAMES = pytest.mark.parametrize("game", list(MAKERS))


def first_move(s: TurnSession) -> None:
    """Play the first legal decision of the person to move (through ``act``, as notation)."""
    action = next(iter(s.state.legal_actions()))
    assert s.act(s.state.game.format_action(action, s.state)), s.message


@GAMES
def test_each_session_is_a_turn_session(game):
    s = MAKERS[game]()
    assert isinstance(s, TurnSession) and s.game_name == game == s.state.game.name


@GAMES
def test_seats_and_their_questions(game):
    s = MAKERS[game]()
    assert s.humans == [0] and not s.hot_seat
    assert s.is_cpu(1) and not s.is_cpu(0) and not s.is_cpu(None) and not s.is_cpu(5)
    assert s.seat_label(1) == f"{s.state.game.player_name(1)} (CPU easy)"
    assert s.seat_label(0) == s.state.game.player_name(0)
    assert s.state.to_move() == 0 and not s.cpu_to_move      # the CPU waits for the person
    with pytest.raises(ValueError, match="one per .*'human' or one of"):
        s.start_from(s.state.clone(), [HUMAN, "grandmaster"])


@GAMES
def test_save_and_load_round_trip(game):
    s = MAKERS[game]()
    first_move(s)
    assert s.save_refusal() is None
    text = s.save_json()
    data = json.loads(text)
    assert data["schema"] == "academy.record" and data["game"] == game
    assert data["seed"] != s.state.record.seed                # a running game's file keeps its luck secret
    other = type(s)(synchronous=True, cpu_delay=0)
    other.seats = [HUMAN, "easy"]
    assert other.load_json(text, name="saved.json")
    assert other.state.to_json() == s.state.to_json()
    assert other.seats == [HUMAN, "easy"] and other.message.startswith("Game loaded from saved.json (")


@GAMES
def test_load_refuses_a_file_that_is_not_a_record(game):
    s = MAKERS[game]()
    before = s.state.to_json()
    assert not s.load_json("{not json", name="broken.json")
    assert s.message.startswith("broken.json could not be loaded.") and s.state.to_json() == before


@GAMES
def test_load_refuses_another_games_record(game):
    s = MAKERS[game]()
    other = next(name for name in MAKERS if name != game)
    text = MAKERS[other]().save_json()
    before = s.state.to_json()
    assert not s.load_json(text, name="other.json")
    assert "other.json is a record of" in s.message and s.state.to_json() == before


@GAMES
def test_input_is_refused_with_one_message_while_the_cpu_plays(game):
    s = MAKERS[game]()
    s.seats = ["easy", "easy"]        # both seats the CPU's now; it has not been asked to play yet
    assert s.cpu_to_move
    assert not s.act(next(iter(s.state.legal_actions())))
    assert s.message == f"{s.seat_label(s.state.to_move())} is playing; wait for your turn."


@GAMES
def test_a_new_session_refuses_input_and_undo_until_a_game_starts(game):
    s = type(MAKERS[game]())(synchronous=True)
    assert not s.act("anything") and s.message == "No game yet: start a new game first."
    assert not s.undo() and s.message == "No game yet: start a new game first."


@GAMES
def test_undo_takes_back_the_persons_last_decision(game):
    s = MAKERS[game]()
    s.seats = [HUMAN, HUMAN]
    before = s.state.to_json()
    first_move(s)
    assert s.state.to_json() != before
    assert s.undo() and s.message.startswith("Undone: ")
    assert s.state.to_json() == before


def test_tactics_undo_is_off_under_fog():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], map_id="river_crossing", fog=True, seed=4)
    first_move(s)
    before = s.state.to_json()
    assert not s.undo() and "fog of war" in s.message and s.state.to_json() == before


# --- replays: one model on the record, never a play session ---------------------------------------
def record_of(game: str, moves: int = 8):
    s = MAKERS[game]()
    s.seats = [HUMAN, HUMAN]
    for _ in range(moves):
        first_move(s)
    return s.state.record


def replay_of(game: str, record, **kw):
    from academy.ui.conquest.replay import ConquestReplay
    from academy.ui.game_of_war.replay import GameOfWarReplay
    from academy.ui.tactics.replay import TacticsReplay
    return {"conquest": ConquestReplay, "tactics": TacticsReplay, "game_of_war": GameOfWarReplay}[game](record, **kw)


def test_no_replay_is_a_play_session():
    """issue 14, item 3: a replay *has* a view state; no class of the UI that is a turn-by-turn session is a
    replay, and each game's replay is a RecordReplay."""
    import importlib
    import inspect
    import pkgutil

    import academy.ui
    from academy.ui.replay_session import RecordReplay
    sessions = []
    for info in pkgutil.walk_packages(academy.ui.__path__, "academy.ui."):
        module = importlib.import_module(info.name)
        sessions += [c for _, c in inspect.getmembers(module, inspect.isclass)
                     if issubclass(c, TurnSession) and c.__module__ == module.__name__]
    assert {c.__name__ for c in sessions} >= {"ConquestSession", "TacticsSession", "GameOfWarSession"}
    assert not [c.__name__ for c in sessions if "Replay" in c.__name__ or issubclass(c, RecordReplay)]
    for game in MAKERS:
        replay = replay_of(game, record_of(game, moves=2))
        assert isinstance(replay, RecordReplay) and not isinstance(replay, TurnSession)


@GAMES
def test_replay_steps_through_the_record(game):
    record = record_of(game)
    r = replay_of(game, record, title="test", seat_names=["Ann", "Bob"],
                  chat=[{"id": 1, "sender": 0, "recipients": [1], "text": "hi", "step": 3}])
    n = len(record)
    assert r.step == 0 and r.length == n and r.counter_text().startswith(f"Step 0 of {n}")
    r.forward()
    r.forward()
    r.back()
    assert r.step == 1 and r.message.startswith(f"Step 1 of {n}.") and r.step_events
    assert r.state.to_json() == record.replay(1).to_json()
    assert r.messages_until() == [] and [m["text"] for m in r.messages_until(3)] == ["hi"]
    r.to_end()
    assert r.step == n and r.log
    r.to_start()
    assert r.step == 0
    r.next_turn()
    assert 0 < r.step <= n
    r.previous_turn()
    assert r.step == 0
    assert r.seat_label(0) == f"{r.player_name(0)} (Ann)"
    assert r.can_export and '"schema": "academy.record"' in r.export_json()


@GAMES
def test_replay_refuses_input_and_plays_on_from_a_step(game):
    record = record_of(game)
    from academy.core.protocol import NodeKind
    r = replay_of(game, record)
    step = next(i for i in range(3, len(record)) if record.replay(i).node_kind() is NodeKind.DECISION)
    r.go(step)
    before = r.state
    assert not r.act(next(iter(before.legal_actions()))) and "replay" in r.message
    assert not r.undo() and r.state is before and r.step == step
    local = r.planner()
    assert isinstance(local, TurnSession) and local.seats == [HUMAN, HUMAN]
    assert local.state.to_json() == before.to_json() and f"step {step}" in local.message


@GAMES
def test_a_running_games_replay_is_masked_for_its_seat(game):
    record = record_of(game)
    r = replay_of(game, record, viewer=0, masked=True, seat_names=["Ann", "Bob"])
    assert r.masked and r.seat == 0 and r.seat_label(0).endswith("(you)") and not r.seat_label(1).endswith("(you)")
    assert not r.can_export
    with pytest.raises(PermissionError):
        r.export_json()
