"""The easy CPU plays the game as a beginner (issue 21): it deploys and keeps its units inside its lines of
communication, uses its moves every turn, attacks when its total is higher, never plays at random, beats
the random player and loses to normal. Rules: ../shared/rules/game-of-war.md."""
from __future__ import annotations

import pytest

from academy.core.bots import RandomBot, bot_seed, play_game
from academy.games.game_of_war import Attack, EndTurn, GameOfWarGame, Move, Retreat, communication, parse_position
from academy.games.game_of_war.bots import make_bot

FRAME = "board: empty | North arsenals: m1 | South arsenals: m20"


def deployed(levels: dict[int, str], seed: int = 4):
    """A free deployment played by the bots of ``levels``; returns the state once both armies stand."""
    state = GameOfWarGame(deployment="free").new_initial_state(seed=seed)
    bots = {p: make_bot(level, bot_seed(seed, p)) for p, level in levels.items()}
    while state.phase == "deploy":
        state.play(bots[state.to_move()].choose(state))
    return state


def play(levels: dict[int, str], seed: int, max_turns: int):
    """A seeded game from the standard opening ("random" is academy.core.bots.RandomBot); returns the state,
    per player the number of moves in each of its turns (a retreat counts as a move), and its attacks."""
    state = GameOfWarGame(max_turns=max_turns).new_initial_state(seed=seed)
    bots = {p: RandomBot(bot_seed(seed, p)) if level == "random" else make_bot(level, bot_seed(seed, p))
            for p, level in levels.items()}
    turns: dict[int, list[int]] = {0: [], 1: []}
    made = {0: 0, 1: 0}
    attacks = {0: 0, 1: 0}

    def count(s, player, action):
        made[player] += isinstance(action, (Move, Retreat))
        attacks[player] += isinstance(action, Attack)
        if s.to_move() != player:           # the turn is over
            turns[player].append(made[player])
            made[player] = 0
    play_game(state, bots, on_decision=count)
    return state, turns, attacks


def test_easy_deploys_every_unit_inside_its_lines():
    """game-of-war.md, Communication: "A unit off the network is cut off". The easy CPU's free deployment
    leaves none of its 17 units cut off, as North and as South."""
    state = deployed({0: "easy", 1: "easy"})
    for side in ("north", "south"):
        units = [u.id for u in state.position.units_of(side)]
        assert len(units) == 17
        assert set(units) <= communication(state.position, side).connected


def test_easy_deployment_does_not_look_at_the_hidden_army():
    """game-of-war.md is played with the other side's free deployment hidden: South's easy CPU places its
    army the same whatever North has placed."""
    def south(state):
        return sorted((u.type, u.at) for u in state.position.units_of("south"))
    assert south(deployed({0: "easy", 1: "easy"})) == south(deployed({0: "normal", 1: "easy"}))


def test_easy_does_not_step_off_its_lines():
    """game-of-war.md, Communication. From a1 the North arsenal's lines run down column a and the
    diagonal; N-I1 on a6 could only get nearer the enemy by leaving column a (cut off), so it ends the turn;
    on d4 it steps along the diagonal to e5, though e4 is as near."""
    stuck = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
                           "North: N-I1 a6 | South: S-I1 k6")
    assert make_bot("easy").choose(stuck) == EndTurn()
    free = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
                          "North: N-I1 d4 | South: S-I1 k6")
    assert Move("N-I1", (4, 3)) in free.legal_actions()
    assert make_bot("easy").choose(free) == Move("N-I1", (4, 4))


def finish_turn(state, level="easy"):
    """The bot plays its turn until it attacks or ends it; returns that last action."""
    bot = make_bot(level)
    action = bot.choose(state)
    while isinstance(action, Move):
        state.apply(action)
        action = bot.choose(state)
    return action


def test_easy_attacks_when_its_total_is_higher():
    """game-of-war.md, Combat: N-I1 (4) and N-K1 (5) against S-I1's defence 6 is 9 against 6, a destruction;
    the easy CPU makes that attack."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9, N-K1 m8 | South: S-I1 m11, S-I2 y12")
    action = finish_turn(state)
    assert isinstance(action, Attack) and action.target == "S-I1"


def test_easy_does_not_attack_against_a_higher_defence():
    """game-of-war.md, Combat: attack <= defence is repelled. A lone infantry (4) against S-I1 backed by
    S-I2 (12): the easy CPU's turn ends without an attack."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9 | South: S-I1 m11, S-I2 n12")
    assert Attack("N-I1", "S-I1") in state.legal_actions()
    assert finish_turn(state) == EndTurn()


def test_easy_uses_no_chance():
    """The same position gets the same answer from easy CPUs of any seed, and again after a clone."""
    state = deployed({0: "easy", 1: "easy"})
    state.settle()
    answers = {make_bot("easy", seed).choose(state) for seed in (0, 1, 99)} | {make_bot("easy").choose(state.clone())}
    assert len(answers) == 1 and isinstance(answers.pop(), Move)


def test_easy_uses_its_moves_and_attacks_in_a_seeded_game():
    """game-of-war.md, Your turn: up to 5 moves a turn, then one attack. Over 40 turns against normal the
    easy CPU averages at least 3 moves a turn, never passes a turn without a move, and attacks."""
    _, turns, attacks = play({0: "easy", 1: "normal"}, seed=1, max_turns=40)
    easy = turns[0]
    assert len(easy) >= 19 and max(easy) <= 5
    assert sum(easy) >= 3 * len(easy) and min(easy) >= 1
    assert attacks[0] >= 1


def test_easy_beats_the_random_player():
    for levels, seed in (({0: "easy", 1: "random"}, 1), ({0: "random", 1: "easy"}, 2)):
        state, _, _ = play(levels, seed, max_turns=80)
        assert levels[state.winner()] == "easy"


@pytest.mark.slow            # a strength test of whole games: make test-all
def test_normal_beats_easy_in_most_seeded_games():
    wins = 0
    for levels, seed in (({0: "normal", 1: "easy"}, 3), ({0: "easy", 1: "normal"}, 4), ({0: "normal", 1: "easy"}, 5)):
        state, _, _ = play(levels, seed, max_turns=200)
        wins += state.winner() is not None and levels[state.winner()] == "normal"
    assert wins >= 2


@pytest.mark.slow            # a strength test of whole games: make test-all
def test_hard_beats_normal_as_south():
    """South is the harder seat from the standard opening; hard wins it against normal."""
    state, _, _ = play({0: "normal", 1: "hard"}, seed=2, max_turns=200)
    assert state.winner() == 1
