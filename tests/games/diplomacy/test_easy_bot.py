"""Issue 21: the Diplomacy easy CPU plays like a beginner and every order it writes makes sense; each level
beats six of the level below; the bots read only what every power sees; a CPU that cannot win accepts a
draw (diplomacy.md §8 "Win or Draw", §12 orders, §14 supports, §28-29 centres and builds)."""
from __future__ import annotations

import pytest

from academy.games.diplomacy.bots import LEVELS, RandomOrdersBot, make_bot, play_orders
from academy.games.diplomacy.game import DiplomacyGame
from academy.games.diplomacy.mapdata import province_of
from academy.games.diplomacy.orders import Build, Convoy, Hold, Move, SupportHold, SupportMove, Waive, parse_order
from academy.games.diplomacy.phases import adjustment_counts, buildable_sites
from academy.games.diplomacy.position import Position

GAME = DiplomacyGame()


def at(position: dict):
    return GAME.state_from_position(Position.from_dict(position))


def incoherent(orders: list[str], dmap) -> list[str]:
    """The orders of one power that back nothing it orders: a support of a move it does not make or of a
    unit that does not hold, a convoy of a move it does not make, an army sent by sea with no fleet of
    its own convoying it."""
    parsed = [parse_order(o, dmap) for o in orders]
    moves = {(o.unit.province, province_of(o.dest)) for o in parsed if isinstance(o, Move)}
    holds = {o.unit.province for o in parsed if isinstance(o, Hold)}
    convoys = {(o.army.province, province_of(o.dest)) for o in parsed if isinstance(o, Convoy)}
    bad = []
    for text, o in zip(orders, parsed):
        if isinstance(o, SupportMove) and (o.supported.province, province_of(o.dest)) not in moves:
            bad.append(text)
        elif isinstance(o, SupportHold) and o.supported.province not in holds:
            bad.append(text)
        elif isinstance(o, Convoy) and (o.army.province, province_of(o.dest)) not in moves:
            bad.append(text)
        elif (isinstance(o, Move) and o.unit.kind == "A"
              and province_of(o.dest) not in dmap.army_adj[o.unit.province]
              and (o.unit.province, province_of(o.dest)) not in convoys):
            bad.append(text)
    return bad


# --- coherent orders and full builds, through seeded games ------------------------------------------
@pytest.mark.parametrize("level, seeds, seats, phases", [("easy", (1, 2, 3), range(7), 18),
                                                         ("normal", (1, 2), range(7), 18),
                                                         ("hard", (1,), (0, 2, 5), 12)])
def test_every_support_and_convoy_backs_an_order_of_its_own_power_and_every_build_is_made(level, seeds, seats,
                                                                                          phases):
    """§14: a support backs a move its power orders or a unit that holds; a convoy carries an army of its
    power that moves there. §29: in the adjustments a power builds on every free home centre it is owed.
    Checked for every power the level plays (the others are normal), every phase of seeded games."""
    supports = 0
    for seed in seeds:
        state = GAME.new_initial_state(seed)
        bots = {p: make_bot(level if p in seats else "normal", 10 * seed + p) for p in range(7)}
        for _ in range(phases):
            if state.is_terminal():
                break
            pos = state.position
            for p in state.waiting():
                orders = bots[p].orders(state, p)
                power = state.power_of(p)
                if p in seats and pos.phase.kind == "M":
                    assert incoherent(orders, pos.dmap) == [], (pos.phase, power, orders)
                    supports += sum(" S " in o for o in orders)
                elif p in seats and pos.phase.kind == "A" and adjustment_counts(pos)[power] > 0:
                    owed = min(adjustment_counts(pos)[power], len(buildable_sites(pos, power)))
                    parsed = [parse_order(o, pos.dmap) for o in orders]
                    assert sum(isinstance(o, Build) for o in parsed) == owed, (pos.phase, power, orders)
                    assert not any(isinstance(o, Waive) for o in parsed)
                state.submit(p, orders)
            state.resolve_step()
    assert supports > 0


# --- what easy does ---------------------------------------------------------------------------------
def test_easy_sends_each_unit_toward_the_nearest_centre_it_does_not_own():
    """France in Spring 1901: Marseilles to Spain, Brest's fleet to the Mid-Atlantic (next to Spain and
    Portugal), Paris to Gascony (toward Spain and Portugal)."""
    state = GAME.new_initial_state(1)
    assert make_bot("easy", 1).orders(state, state.player_of("FRANCE")) == ["A MAR - SPA", "A PAR - GAS",
                                                                            "F BRE - MAO"]


def test_easy_stands_on_a_centre_in_the_fall_to_take_it():
    """§28: a centre changes hands when a unit stands on it after the Fall."""
    state = at({"phase": "F1901M", "units": {"FRANCE": ["A BEL", "A PAR", "F BRE"], "GERMANY": ["A MUN"]}})
    assert "A BEL H" in make_bot("easy", 1).orders(state, state.player_of("FRANCE"))


def test_easy_convoys_an_army_that_cannot_get_nearer_by_land():
    """§12: an army crosses the sea only with a fleet in the sea convoying it."""
    state = at({"phase": "S1902M", "units": {"ENGLAND": ["A YOR", "F NTH", "F LON"]},
                "supply_centers": {"ENGLAND": ["LON", "EDI", "LVP"]}})
    orders = make_bot("easy", 1).orders(state, state.player_of("ENGLAND"))
    assert "A YOR - BEL" in orders and "F NTH C A YOR - BEL" in orders


def test_easy_builds_on_every_free_home_centre_it_is_owed():
    """§29: Russia with six centres and one unit may build five, but only STP, MOS and SEV are free."""
    state = at({"phase": "W1901A", "units": {"RUSSIA": ["A WAR"]},
                "supply_centers": {"RUSSIA": ["MOS", "WAR", "SEV", "STP", "RUM", "SWE"]}})
    orders = make_bot("easy", 1).orders(state, state.player_of("RUSSIA"))
    assert sorted(province_of(o.split()[1]) for o in orders) == ["MOS", "SEV", "STP"]
    assert all(o.endswith(" B") for o in orders)


# --- strength of the levels ---------------------------------------------------------------------------
@pytest.mark.parametrize("level, below, phases", [("easy", "random", 15), ("normal", "easy", 21),
                                                  pytest.param("hard", "normal", 15, marks=pytest.mark.slow)])
def test_one_power_of_a_level_beats_six_of_the_level_below(level, below, phases):
    """Seven seeded games, the level playing each power once: more than an even share of the 34 centres
    (34 / 7 a game) on average."""
    total = 0
    for seat in range(7):
        state = GAME.new_initial_state(seat)
        bots = {p: RandomOrdersBot(50 + p) if below == "random" else make_bot(below, 50 + p) for p in range(7)}
        bots[seat] = make_bot(level, 7)
        play_orders(state, bots, phases)
        total += state.centre_counts()[state.powers[seat]]
    assert total > 34, f"{level} held {total} centres in 7 games against {below}"


# --- fair play and draws ------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_orders_do_not_depend_on_the_orders_others_have_already_submitted(level):
    """§11: orders are secret until the phase resolves."""
    state = GAME.new_initial_state(4)
    before = make_bot(level, 3).orders(state, 2)
    state.submit(0, make_bot("normal", 1).orders(state, 0))
    state.submit(5, ["A MOS - UKR"])
    assert make_bot(level, 3).orders(state, 2) == before


@pytest.mark.parametrize("level", [*LEVELS, "random"])
def test_a_cpu_that_cannot_win_accepts_a_draw(level):
    """§8: a draw ends the game when every survivor agrees. France and Germany tie for the lead (5 each),
    so neither can call itself the winner: both agree, as do the powers behind; once France leads alone
    it plays on."""
    bot = RandomOrdersBot(1) if level == "random" else make_bot(level, 1)
    tied = at({"phase": "S1903M",
               "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER"], "ENGLAND": ["F LON"], "ITALY": ["A ROM"]},
               "supply_centers": {"FRANCE": ["PAR", "BRE", "MAR", "SPA", "POR"], "GERMANY": ["BER", "MUN", "KIE", "HOL", "DEN"],
                                  "ENGLAND": ["LON", "EDI"], "ITALY": ["ROM"]}})
    tied.vote_draw("ENGLAND")
    for power in ("FRANCE", "GERMANY", "ITALY"):
        vote = bot.draw_vote(tied, tied.player_of(power))
        assert vote is not None and vote.power == power and vote.agree
    assert bot.draw_vote(tied, tied.player_of("ENGLAND")) is None              # it has voted already
    ahead = at({"phase": "S1903M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER"]},
                "supply_centers": {"FRANCE": ["PAR", "BRE", "MAR", "SPA", "POR", "BEL"],
                                   "GERMANY": ["BER", "MUN", "KIE", "HOL", "DEN"]}})
    ahead.vote_draw("GERMANY")
    assert bot.draw_vote(ahead, ahead.player_of("FRANCE")) is None
