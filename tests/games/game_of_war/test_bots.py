"""The Game of War CPU players: legal and deterministic at every decision; hard only attacks with a winning
total, takes a destroying attack and an arsenal; evaluate() (the retreat's judge) values lines; hard beats
easy. The easy CPU has its own tests in test_easy_bot.py."""
from __future__ import annotations

import pytest

from academy.core.bots import Bot, play_game
from academy.games.game_of_war import Attack, GameOfWarGame, Move, parse_position
from academy.games.game_of_war.bots import LEVELS, evaluate, make_bot

FRAME = "board: empty | North arsenals: m1 | South arsenals: m20"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_deterministic_actions_from_free_deployment(level):
    game = GameOfWarGame(deployment="free", max_turns=6)
    state = game.new_initial_state(seed=5)
    bot = make_bot(level, seed=1)
    assert isinstance(bot, Bot) and bot.level == level

    seen = []
    while not state.is_terminal():
        state.settle()
        if state.is_terminal():
            break
        action = bot.choose(state)
        assert action in state.legal_actions()
        if len(seen) % 5 == 0:
            assert make_bot(level, seed=1).choose(state) == action      # a function of (seed, state)
        seen.append(type(action).__name__)
        state.play(action)
    assert seen.count("Deploy") == 34 and state.result == "draw"


def test_hard_only_attacks_with_a_winning_total():
    """A lone infantry against a supported one (4 against 12): hard does not attack."""
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9 | South: S-I1 m11, S-I2 n12")
    assert Attack("N-I1", "S-I1") in state.legal_actions()
    assert not isinstance(make_bot("hard").choose(state), Attack)


def test_hard_takes_a_destroying_attack():
    state = parse_position(f"North to move | {FRAME} | North: N-I1 m9, N-K1 m8 | South: S-I1 m11, S-I2 y12")
    action = make_bot("hard").choose(state)
    while isinstance(action, Move):
        state.apply(action)
        action = make_bot("hard").choose(state)
    assert isinstance(action, Attack) and action.target == "S-I1"


def test_hard_takes_an_arsenal_when_it_can():
    state = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: a20, y20 | "
                           "North: N-C1 a18 | South: S-I1 y1")
    assert make_bot("hard").choose(state) == Move("N-C1", (0, 19))


def test_hard_keeps_connected_and_cuts_enemy_lines():
    """evaluate(): cutting an enemy unit off is worth more than the same move that cuts nothing, and losing
    one's own line costs more than any advance."""
    pos = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: y20 | "
                         "North: N-C1 w16 | South: S-I1 y12").position
    cut, idle = pos.with_unit_at("N-C1", (24, 15)), pos.with_unit_at("N-C1", (22, 14))
    assert evaluate(cut, "north") > evaluate(idle, "north")
    pos = parse_position(f"North to move | {FRAME} | North: N-I1 m5 | South: S-I1 y20").position
    assert evaluate(pos.with_unit_at("N-I1", (12, 5)), "north") > evaluate(pos.with_unit_at("N-I1", (13, 5)), "north")


def test_hard_beats_easy_in_a_seeded_game():
    state = GameOfWarGame(max_turns=200).new_initial_state(seed=3)
    play_game(state, {0: make_bot("hard", 1), 1: make_bot("easy", 2)})
    assert state.winner() == 0


def test_unknown_level():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("levels, kinds", [
    (("normal", "hard"), {"Move", "Attack", "EndTurn"}),     # hard attacks at defence + 2: no retreat here
    (("normal", "easy"), {"Move", "Attack", "Retreat", "EndTurn"}),
])
def test_a_game_between_cpus_passes_the_conformance_checks(levels, kinds):
    """Seeded CPU play reaches moves, attacks and (normal v easy) retreats; every step is checked as in
    tests/core/test_conformance.py (legal actions, JSON, illegal mutations, notation), then the replay."""
    from academy.core.conformance import check_replay, random_playout
    from academy.games import REGISTRY
    bots = {0: make_bot(levels[0], 1), 1: make_bot(levels[1], 2)}
    state = random_playout(GameOfWarGame(max_turns=60), seed=7, max_steps=260, check_every=4,
                           policy=lambda s, rnd: bots[s.to_move()].choose(s))
    assert kinds <= {type(e.action).__name__ for e in state.record.entries}
    check_replay(state, REGISTRY)


def test_a_cpu_game_won_by_taking_the_arsenal_passes_the_conformance_checks():
    """game-of-war.md, Goal: destroying the enemy arsenals wins (here South has one). Hard's cavalry on
    column a rides down to a20 and takes it; every step is checked, then the replay."""
    from academy.core.conformance import check_replay, random_playout
    from academy.games import REGISTRY
    scenario = parse_position("North to move | board: empty | North arsenals: a1 | South arsenals: a20 | "
                              "North: N-C1 a15, N-I1 m3 | South: S-I1 y8, S-I2 x9").position.to_dict()
    bots = {0: make_bot("hard", 1), 1: make_bot("normal", 2)}
    state = random_playout(GameOfWarGame(deployment=scenario, max_turns=20), seed=1, max_steps=100, check_every=1,
                           policy=lambda s, rnd: bots[s.to_move()].choose(s))
    assert state.result == "arsenals" and state.winner() == 0
    assert state.record.entries[-1].action == Move("N-C1", (0, 19))
    check_replay(state, REGISTRY)


def test_the_cpu_shortcuts_agree_with_the_engine():
    """game-of-war.md, Combat and Communication: totals() gives combat()'s attack, defence and attackers;
    own_network_after() gives communication() after a move; blocks_lines() is False only for moves that
    leave the other side's network as it was. Checked on every move of every fifth decision of a game."""
    from academy.games.game_of_war import combat, communication
    from academy.games.game_of_war.bots import blocks_lines, own_network_after, totals
    from academy.games.game_of_war.units import SIDES, other_side
    state = GameOfWarGame(max_turns=30).new_initial_state(seed=2)
    bots = {0: make_bot("easy", 1), 1: make_bot("normal", 2)}
    state.settle()
    checked = 0
    while not state.is_terminal():
        if state.phase == "play" and checked % 5 == 0:
            pos, side = state.position, state.side
            nets = {s: communication(pos, s) for s in SIDES}
            connected = {s: n.connected for s, n in nets.items()}
            for target in pos.units:
                c = combat(pos, other_side(target.side), target.id)
                assert totals(pos, other_side(target.side), target, connected) == (c.attack, c.defence,
                                                                                  len(c.attackers))
            for m in state.legal_actions():
                if isinstance(m, Move):
                    unit, after = pos.unit(m.unit), pos.with_unit_at(m.unit, m.to)
                    assert own_network_after(nets[side], pos, after, unit, m.to) == communication(after, side).connected
                    if not blocks_lines(nets[other_side(side)], unit.at, m.to):
                        assert communication(after, other_side(side)).connected == connected[other_side(side)]
        checked += 1
        state.play(bots[state.to_move()].choose(state))
    assert checked > 100



def test_hard_creeps_forward_out_of_a_standstill_but_not_into_a_destruction():
    """creep(): from a standstill, hard's one push move steps forward where the enemy's best reply cannot
    punish it (S-K1 alone brings 5 on m9 against N-I1's 6), and N-I1 does not step to m9 where it would be
    destroyed (S-K1 and S-K2 already aim 10 at m9, out of N-K1's support; on m8 N-K1 adds its 8)."""
    from academy.games.game_of_war.bots import HardBot, creep, reply
    frame = "North to move | board: empty | North arsenals: m1 | South arsenals: m20 | North: N-I1 m8, N-K1 m5"
    into_fire = Move("N-I1", (12, 8))
    for south, safe in (("S-K1 m13", True), ("S-K1 m12, S-I3 l12, S-I2 k12, S-K2 j12", False)):
        state = parse_position(f"{frame} | South: {south}")
        values = HardBot().values(state.position)
        standing = evaluate(reply(state.position, "north", values), "north")
        step = creep(state, state.legal_actions(), "north", values, standing)
        assert step is not None and step.to[1] > state.position.unit(step.unit).at[1]    # forward, toward South
        assert (step == into_fire or step == Move("N-K1", (12, 5))) if safe else step != into_fire
    assert make_bot("hard").choose(state) != into_fire
