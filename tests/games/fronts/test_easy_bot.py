"""Issue 21: the Fronts easy CPU plays like a beginner (it marches on cities and attacks with the odds),
games against it end, each level beats the one below, and every bot writes its orders from its own
view (fronts.md "Battles", "Supply", "Income", "Fog").

A new game has a limit of 30 turns (``FrontsGame(turns=30)``); the games here that must end by
conquest are played without one (``turns=None``).
"""
from __future__ import annotations

import pytest

from academy.games.fronts.bots import LEVELS, FrontsBot, make_bot
from academy.games.fronts.game import FrontsGame
from academy.games.fronts.orders import parse_order

NO_LIMIT = FrontsGame(turns=None)


def bot(level: str, seed: int) -> FrontsBot:
    return FrontsBot(seed, "random") if level == "random" else make_bot(level, seed)


def play(levels: tuple[str, str], seed: int, turns: int | None = None, cap: int = 60):
    """A seeded duel; the final state (still going if ``cap`` turns were not enough)."""
    state = FrontsGame(turns=turns).new_initial_state(seed)
    bots = {p: bot(level, seed * 10 + p) for p, level in enumerate(levels)}
    while not state.is_terminal() and state.board.turn <= cap:
        for player in state.waiting():
            state.submit(player, bots[player].orders(state, player))
        state.resolve_step()
    return state


def easy_orders(line: str) -> list[str]:
    return make_bot("easy", 1).orders(NO_LIMIT.state_from_board(line), 0)


# --- what easy does ---------------------------------------------------------------------------------
def test_battles_easy_attacks_a_city_it_beats_at_even_odds_or_better():
    """fronts.md "Battles": 3 infantry and 1 armor into urban Riverton across the river: (3 + 3.5 × 0.5)
    ÷ 1.25 = 3.8 against 1 infantry's 2 × 1.5 = 3, a 3.8² ÷ (3.8² + 3²) = 62% chance: easy attacks."""
    orders = easy_orders("turn 3; Red 0: 3 infantry 1 armor Millbrook; Blue 0: 2 infantry Southport; "
                         "neutral: 1 infantry Riverton, 2 infantry Fordham")
    assert orders == ["3 infantry 1 armor Millbrook -> Riverton"]


def test_battles_easy_does_not_attack_against_the_odds_but_still_marches():
    """2 infantry (1.6 across the river) against 3 infantry in urban Riverton (9): easy leaves it and
    goes for the next city, Fordham, through Oakhollow."""
    orders = easy_orders("turn 3; Red 0: 2 infantry Millbrook; Blue 0: 2 infantry Southport; "
                         "neutral: 3 infantry Riverton, 2 infantry Fordham")
    assert orders == ["2 infantry Millbrook -> Oakhollow"]


def test_air_easy_strikes_where_it_attacks_or_else_scouts_as_its_level_note_says():
    """fronts.md "Air": easy's plane in Millbrook strikes Riverton, which its stack attacks; with no attack in
    range it scouts. Its level note (the forms' line) says so."""
    from academy.games.fronts.bots import LEVEL_NOTES
    attack = easy_orders("turn 3; Red 0: 3 infantry 1 armor 1 air Millbrook; Blue 0: 2 infantry Southport; "
                         "neutral: 1 infantry Riverton, 2 infantry Fordham")
    assert attack == ["3 infantry 1 armor Millbrook -> Riverton", "1 air Millbrook strike Riverton"]
    march = easy_orders("turn 3; Red 0: 2 infantry 1 air Millbrook; Blue 0: 2 infantry Southport; "
                        "neutral: 3 infantry Riverton, 2 infantry Fordham")
    assert march[0] == "2 infantry Millbrook -> Oakhollow" and march[1].startswith("1 air Millbrook scout ")
    assert "its planes strike where it attacks, or else scout" in LEVEL_NOTES["easy"]


def test_supply_a_stack_cut_off_heads_back_toward_a_friendly_city():
    """fronts.md "Supply": Birchwood (Blue's land) has no path to a Red city; the stack steps nearer one."""
    line = ("turn 3; Red 0: 2 infantry Birchwood, 2 infantry Northgate; Blue 0: 2 infantry Southport; "
            "neutral: 2 infantry Riverton, 2 infantry Fordham")
    state = NO_LIMIT.state_from_board(line)
    assert [e["province"] for e in state.observation(0)["out_of_supply"]] == ["birchwood"]
    fmap = NO_LIMIT.map
    move = next(parse_order(o, fmap) for o in make_bot("easy", 1).orders(state, 0) if o.startswith("2 infantry Birch"))
    home = min(fmap.distances_from("birchwood")[c] for c in ("northgate", "millbrook"))
    assert min(fmap.distances_from(move.target)[c] for c in ("northgate", "millbrook")) == home - 1


def test_income_easy_spends_its_funds_on_a_bit_of_everything_in_its_capital():
    """fronts.md "Income": builds appear in a city held at the start and end of the turn; 12 buys an
    infantry (3) and an artillery (5), then another infantry (3)."""
    orders = easy_orders("turn 3; Red 12: 2 infantry Northgate; Blue 0: 2 infantry Southport")
    assert orders[-1] == "build 2 infantry 1 artillery Northgate"


def test_every_easy_stack_gets_an_order_every_turn():
    state = NO_LIMIT.new_initial_state(5)
    bots = {0: make_bot("easy", 50), 1: make_bot("normal", 51)}
    for _ in range(15):
        if state.is_terminal():
            break
        orders = bots[0].orders(state, 0)
        sources = {parse_order(o, NO_LIMIT.map).source for o in orders}
        ground = {p for p, u in state.board.stacks["red"].items() if any(n for k, n in u.items() if k != "air")}
        assert ground <= sources, (state.board.turn, orders)
        state.submit(0, orders)
        state.submit(1, bots[1].orders(state, 1))
        state.resolve_step()


# --- whole games ------------------------------------------------------------------------------------
@pytest.mark.parametrize("levels", [("easy", "easy"), ("easy", "random"), ("normal", "easy")])
def test_duels_against_easy_are_won_within_60_turns_without_a_turn_limit(levels):
    for seed in (1, 2, 3):
        state = play(levels, seed)
        assert state.is_terminal() and state.result["kind"] in ("victory", "surrender"), (levels, seed)
        assert state.board.turn - 1 <= 60


def test_easy_beats_the_random_bot():
    for seed in range(6):
        seat = seed % 2
        levels = ("easy", "random") if seat == 0 else ("random", "easy")
        assert play(levels, 20 + seed).winner() == seat, seed


def test_normal_beats_easy():
    wins = 0
    for seed in range(8):
        seat = seed % 2
        levels = ("normal", "easy") if seat == 0 else ("easy", "normal")
        wins += play(levels, 40 + seed).winner() == seat
    assert wins >= 6, f"normal won {wins} of 8"


@pytest.mark.slow            # a strength test of whole games: make test-all
def test_hard_beats_normal_in_30_turn_games():
    wins = 0
    for seed in range(3):
        seat = seed % 2
        levels = ("hard", "normal") if seat == 0 else ("normal", "hard")
        wins += play(levels, 60 + seed, turns=30).winner() == seat
    assert wins >= 2, f"hard won {wins} of 3"


# --- fair play ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", [*LEVELS, "random"])
def test_orders_depend_on_the_players_view_only(level):
    """fronts.md "Fog": the others' orders for the turn and the stacks the fog hides do not change a bot's
    orders."""
    state = FrontsGame().new_initial_state(3)
    before = bot(level, 7).orders(state, 0)
    state.submit(1, bot("normal", 8).orders(state, 1))             # Blue has given its orders
    assert bot(level, 7).orders(state, 0) == before
    state.board.stacks["blue"]["southport"]["infantry"] += 5      # far from Red: in the fog
    assert bot(level, 7).orders(state, 0) == before
