"""The CPU players: academy/core/bots.py (protocol, RandomBot, play_game) and the Conquest levels.

Every decision a bot makes is checked against the engine's own list of legal actions
(``state.legal_actions()``), through set-up (claiming, dealing with the 2-player neutral
armies), reinforcements and card trades, attacks, conquest moves, the cash-out after an
elimination and fortification.
"""
from __future__ import annotations

import json

import pytest

from academy.core.bots import Bot, RandomBot, play_game
from academy.core.protocol import NodeKind
from academy.games.conquest import (NEUTRAL, Attack, Claim, ConquestGame, EndTurn, Fortify, Occupy, Place,
                                    TradeCards, parse_position)
from academy.games.conquest import rules
from academy.games.conquest.bots import LEVELS, best_sweep, expected_losses, make_bot, plan_sweep, win_chance


def checked_game(players: int, setup: str, levels: tuple[str, ...], seed: int, cap: int = 20_000,
                 **options: str) -> tuple[object, dict[str, set[str]]]:
    """Play a game between bots, checking every decision; returns the state and the phases each level met.

    At every decision: the action is in ``legal_actions()``, choosing does not change the
    state, and now and then a fresh bot with the same seed on a copy of the state agrees.
    The phase "neutral" stands for a 2-player set-up army placed on a neutral territory.
    """
    state = ConquestGame(players=players, setup=setup, **options).new_initial_state(seed=seed)
    bots = {p: make_bot(levels[p % len(levels)], seed=seed * 10 + p) for p in range(players)}
    seen: dict[str, set[str]] = {level: set() for level in levels}
    state.settle()
    for step in range(cap):
        if state.node_kind() is NodeKind.TERMINAL:
            return state, seen
        p = state.to_move()
        bot = bots[p]
        before = state.to_json()
        action = bot.choose(state)
        assert state.to_json() == before, f"{bot.level} changed the state while choosing"
        assert action in state.legal_actions(), f"{bot.level} chose illegal {action!r} in phase {state.phase}"
        if step % 23 == 0:
            twin = make_bot(bot.level, seed=bot.seed)
            assert twin.choose(state.clone()) == action, f"{bot.level} is not deterministic at step {step}"
        phase = state.phase
        if phase == "place" and state.owner[action.territory] == NEUTRAL:
            phase = "neutral"
        seen[bot.level].add(phase)
        state.play(action)
    raise AssertionError(f"no winner after {cap} decisions")


# ============================================================================ the protocol
def test_levels_and_factory() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for level in LEVELS:
        bot = make_bot(level, seed=5)
        assert isinstance(bot, Bot)
        assert bot.level == level and isinstance(bot.name, str) and bot.name
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot("expert")


def test_random_bot_is_seeded_by_its_seed_and_the_state() -> None:
    state = ConquestGame(players=3, setup="claim").new_initial_state(seed=2)
    state.settle()
    first = RandomBot(seed=1).choose(state)
    assert first in state.legal_actions()
    bot = RandomBot(seed=1)
    bot.choose(state.clone())          # an earlier call does not change the next answer
    assert bot.choose(state) == first == RandomBot(seed=1).choose(state.clone())
    assert isinstance(RandomBot(), Bot)


def test_play_game_stops_at_the_cap_and_names_a_missing_bot() -> None:
    state = ConquestGame(players=2, setup="random").new_initial_state(seed=4)
    with pytest.raises(RuntimeError, match="no winner after 30 decisions"):
        play_game(state, {0: RandomBot(0), 1: RandomBot(1)}, max_decisions=30)
    state = ConquestGame(players=2, setup="random").new_initial_state(seed=4)
    with pytest.raises(KeyError, match="No bot for player"):
        play_game(state, {5: RandomBot(0)})


# ============================================================================ legal at every decision
@pytest.mark.parametrize("levels", [("hard", "easy"), ("easy", "normal"), ("normal", "hard")])
def test_two_player_deal_with_neutral_set_up(levels: tuple[str, ...]) -> None:
    state, seen = checked_game(2, "deal", levels, seed=11)
    assert state.winner() in (0, 1)
    for level in levels:
        assert {"place", "neutral", "reinforce", "attack", "occupy", "fortify"} <= seen[level], (level, seen)


def test_four_player_claim_set_up() -> None:
    levels = ("easy", "normal", "hard", "hard")
    state, seen = checked_game(4, "claim", levels, seed=3)
    assert state.winner() in range(4)
    for level in set(levels):
        assert {"claim", "place", "reinforce", "attack", "fortify"} <= seen[level], (level, seen)
    assert "occupy" in seen["hard"] and "occupy" in seen["normal"]


def test_three_player_random_set_up() -> None:
    state, seen = checked_game(3, "random", ("hard", "normal", "easy"), seed=8)
    assert state.winner() in range(3)


def test_adjacent_only_fortification() -> None:
    state, seen = checked_game(3, "random", ("easy", "normal", "hard"), seed=9, fortify="adjacent")
    assert state.winner() in range(3)
    assert all("fortify" in phases for phases in seen.values())


@pytest.mark.parametrize("level", LEVELS)
def test_forced_trade_with_five_cards(level: str) -> None:
    state = parse_position("Red to move, reinforce | Red: Brazil 12, Alaska 1, Peru 1, Greenland 1, Ural 1, "
                           "Siam 1 | rest: Blue 2 | Red cards: Alaska, Peru, Greenland, Ural, Siam")
    assert rules.must_trade(state)
    action = make_bot(level, seed=1).choose(state)
    assert isinstance(action, TradeCards) and action in state.legal_actions()


@pytest.mark.parametrize("level", LEVELS)
def test_cashout_after_an_elimination(level: str) -> None:
    state = parse_position("Red to move, cashout | Red: Brazil 12, Alaska 1, Peru 1 | rest: Blue 2 "
                           "| Red cards: Alaska, Peru, Greenland, Ural, Siam, Wild 1, Japan")
    bot = make_bot(level, seed=2)
    trades = 0
    while state.phase == "cashout":
        action = bot.choose(state)
        assert action in state.legal_actions()
        trades += isinstance(action, TradeCards)
        state.play(action)
    assert trades == 1 and len(state.hands[0]) == 4 and state.phase == "attack"


@pytest.mark.parametrize("level", LEVELS)
def test_occupy_and_voluntary_trade_are_legal(level: str) -> None:
    bot = make_bot(level, seed=3)
    state = parse_position("Red to move, occupy Ukraine -> Ural 3 | Red: Ukraine 20, Ural 0 "
                           "| Blue: Scandinavia 15, Siberia 1 | rest: Red 1")
    assert bot.choose(state) in state.legal_actions()
    state = parse_position("Red to move, reinforce 3 | Red: Brazil 5, Peru 1 | rest: Blue 2 "
                           "| Red cards: Peru, Alaska, Wild 2")
    assert bot.choose(state) in state.legal_actions()


# ============================================================================ what the levels do
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_an_easy_card(level: str) -> None:
    state = parse_position("Red to move, attack | Red: Brazil 12 | Blue: North Africa 1, Egypt 6 | rest: Red 1")
    assert make_bot(level).choose(state) == Attack("brazil", "north_africa", 3)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_fortifies_an_inland_stack_to_the_front(level: str) -> None:
    state = parse_position("Red to move, fortify | Red: Brazil 12, Peru 2, Ukraine 2 | Blue: Ural 9 | rest: Red 1")
    action = make_bot(level).choose(state)
    assert isinstance(action, Fortify) and action.src == "brazil" and action.armies == 11
    assert any(n == "ural" for n in state.game.map.neighbours[action.dst])


def test_hard_moves_everything_forward_from_an_inland_territory() -> None:
    state = parse_position("Red to move, occupy Indonesia -> New Guinea 3 | Red: Indonesia 12, New Guinea 0 "
                           "| Blue: Eastern Australia 5 | rest: Red 1")
    assert make_bot("hard").choose(state) == Occupy(11)


def test_hard_keeps_a_guard_on_a_threatened_border_after_a_conquest() -> None:
    state = parse_position("Red to move, occupy Ukraine -> Ural 3 | Red: Ukraine 20, Ural 0 "
                           "| Blue: Scandinavia 15, Siberia 1 | rest: Red 1")
    action = make_bot("hard").choose(state)
    assert 3 <= action.armies <= 12          # Scandinavia's 15 still face Ukraine


def test_hard_claims_toward_a_continent() -> None:
    state = ConquestGame(players=3, setup="claim").new_initial_state(seed=1)
    state.settle()
    picks = []
    while state.phase == "claim" and len(picks) < 9:
        action = make_bot("hard").choose(state) if state.current == state.first else RandomBot(7).choose(state)
        if state.current == state.first:
            picks.append(action.territory)
        state.play(action)
    continents = {state.game.map.territories[t].continent for t in picks}
    assert isinstance(action, (Claim, Place)) and len(continents) <= 2


def test_hard_ends_the_turn_when_no_move_helps() -> None:
    state = parse_position("Red to move, fortify | Red: Brazil 1, Peru 1 | rest: Blue 3")
    assert make_bot("hard").choose(state) == EndTurn()


# ============================================================================ whole games
@pytest.mark.parametrize("players, setup", [(2, "random"), (3, "random"), (4, "random"), (5, "random"),
                                            (6, "random"), (3, "deal"), (5, "claim")])
def test_games_between_bots_end_with_a_winner(players: int, setup: str) -> None:
    levels = ("hard", "normal", "easy")
    state = ConquestGame(players=players, setup=setup).new_initial_state(seed=20 + players)
    bots = {p: make_bot(levels[p % 3], seed=p) for p in range(players)}
    play_game(state, bots, max_decisions=50_000)
    winner = state.winner()
    assert state.is_terminal() and winner in range(players)
    assert state.players_in() == [winner]


def test_same_seed_same_game() -> None:
    def record(seed: int) -> str:
        state = ConquestGame(players=3, setup="random").new_initial_state(seed=seed)
        play_game(state, {0: make_bot("hard", 1), 1: make_bot("normal", 2), 2: make_bot("easy", 3)})
        return json.dumps(state.record.to_json(), sort_keys=True)
    assert record(5) == record(5)
    assert record(5) != record(6)


def test_hard_beats_easy() -> None:
    wins = 0
    for i in range(5):
        seat = i % 2
        state = ConquestGame(players=2, setup="deal").new_initial_state(seed=40 + i)
        play_game(state, {seat: make_bot("hard", seed=i), 1 - seat: make_bot("easy", seed=100 + i)})
        wins += state.winner() == seat
    assert wins >= 4, f"hard won {wins} of 5 against easy"


def test_hard_values_armies_dearly_and_counts_a_kill_as_a_loss_in_a_duel() -> None:
    duel = parse_position("Red to move, attack | Red: Brazil 8 | Blue: North Africa 5 | rest: Blue 1")
    hard, normal = make_bot("hard").assess(duel, card_open=True), make_bot("normal").assess(duel, card_open=True)
    assert hard.army > normal.army                      # an army is worth a territory, not 0.3
    assert hard.KILL == 1.0 and hard.DEPTH == 3         # zero-sum against a single rival
    lost, killed = expected_losses(7, 5)
    assert hard.cost(7, 5, 5) == pytest.approx(hard.army * (lost - killed))   # a kill pays for a loss
    assert hard.NEUTRAL < normal.NEUTRAL                # a neutral territory is worth less than a rival's


def test_hard_looks_two_conquests_ahead_and_values_kills_less_against_two_rivals() -> None:
    crowd = parse_position("Red to move, attack | Red: Brazil 8 | Blue: North Africa 5 | Green: Peru 3 "
                           "| rest: Blue 1")
    hard = make_bot("hard").assess(crowd, card_open=True)
    assert hard.KILL == 0.5 and hard.DEPTH == 2         # armies spent on one rival are a gift to the other


def test_hard_prefers_taking_from_the_strongest_rival_of_two() -> None:
    # Blue (Peru) and Green (North Africa) hold one territory each, the same armies, far from elimination;
    # Green has the bigger army elsewhere, so a conquest from Green is worth more to the hard bot
    state = parse_position("Red to move, attack | Red: Brazil 10 | Blue: Peru 2, Alaska 5, Ural 5 "
                           "| Green: North Africa 2, Japan 9, China 9 | rest: Red 1")
    view = make_bot("hard").assess(state, card_open=True)
    assert view.leader is not None and state.owner["north_africa"] == view.leader
    plain = make_bot("hard").assess(state, card_open=True)
    plain.LEADER = 0.0
    assert view.LEADER > 0
    assert view.value("north_africa", ()) == pytest.approx(plain.value("north_africa", ()) + view.LEADER)
    assert view.value("peru", ()) == pytest.approx(plain.value("peru", ()))


def test_hard_goes_for_the_elimination_of_a_rival_it_can_sweep_this_turn() -> None:
    # Blue holds two territories next to Red's Brazil: taking both wins Blue's cards (rules, "Eliminating a
    # Player"). Hard plans the sweep; normal takes the likelier single conquest, Venezuela.
    state = parse_position("Red to move, attack | Red: Brazil 9, Peru 3 | Blue: North Africa 2, Egypt 2 "
                           "| rest: Green 1")
    plan = best_sweep(state, 0, most=42, floor=0.0)
    assert plan is not None and plan.target == 1 and (plan.src, plan.dst) == ("brazil", "north_africa")
    assert 0.8 < plan.chance < win_chance(9, 2)          # both conquests must succeed
    assert make_bot("hard").choose(state) == Attack("brazil", "north_africa", 3)
    assert make_bot("normal").choose(state) == Attack("brazil", "venezuela", 3)


def test_a_sweep_needs_every_territory_of_the_rival_next_to_the_path() -> None:
    # Blue's Japan lies beyond Green's land: no sweep of Blue from Brazil this turn
    state = parse_position("Red to move, attack | Red: Brazil 30 | Blue: North Africa 1, Japan 1 | rest: Green 1")
    assert plan_sweep(state, 0, 1, floor=0.0) is None
