"""Diplomacy as a game of the engine protocol: secret orders, resolution, draws, game length,
JSON, replay, refusals with reasons (diplomacy.md §8, §9, §11; ARCHITECTURE.md "The engine protocol")."""
from __future__ import annotations

import json
import random

import pytest

from academy.core.conformance import check_replay, random_orders, random_playout
from academy.core.errors import GameOver, IllegalAction, InvalidNotation, RulesError
from academy.core.protocol import NodeKind
from academy.core.record import Record
from academy.games import CATALOG, REGISTRY
from academy.games.diplomacy import DiplomacyGame, DrawVote, Resolve, SubmitOrders
from academy.games.diplomacy.options import option_leaves

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def roundtrip(state):
    """The state rebuilt from its JSON (keeping its record); checks they are equal."""
    data = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(data, record=state.record)
    assert again.to_json() == state.to_json()
    return again


def snapshot(state):
    return json.dumps(state.to_json(), sort_keys=True), len(state.record)


# --- the game and its options --------------------------------------------------------------------------
def test_new_game_is_simultaneous_for_the_seven_powers():
    game = DiplomacyGame()
    assert game.options == {"players": 7, "victory_centers": 18, "years": None}
    state = game.new_initial_state(seed=3)
    assert state.node_kind() is NodeKind.SIMULTANEOUS and state.to_move() is None
    assert state.powers_to_order() == list(POWERS) and state.waiting_for() == list(POWERS)
    assert state.players_to_act() == list(range(7))
    assert [game.player_name(i) for i in range(7)] == [p.title() for p in POWERS]
    assert state.phase == "S1901M" and state.winner() is None and state.chance_outcomes() == []


@pytest.mark.parametrize("opts", [{"players": 6}, {"victory_centers": 0}, {"years": 0}, {"years": "ten"}])
def test_bad_options_are_refused(opts):
    with pytest.raises(IllegalAction) as exc:
        DiplomacyGame(**opts)
    assert exc.value.reason == "bad_option"


def test_registered_with_an_engine_and_a_board():
    assert REGISTRY["diplomacy"] is DiplomacyGame
    entry = next(e for e in CATALOG if e.name == "diplomacy")
    assert entry.has_engine and entry.has_board


def test_options_tree_leaves_are_all_legal_orders():
    state = DiplomacyGame().new_initial_state()
    for power in POWERS:
        tree = state.options(power)
        assert set(tree) == {str(u) for u in state.position.units_of(power)}
        for unit, branch in tree.items():
            for text in option_leaves(branch):
                assert state.validate_orders(power, [text]) == (text,)
    france = state.options("FRANCE")
    assert france["A PAR"]["H"] == "A PAR H"
    assert set(france["A PAR"]["-"]) == {"BRE", "BUR", "GAS", "PIC"}
    assert france["A MAR"]["S"]["A PAR"]["-"]["BUR"] == "A MAR S A PAR - BUR"
    assert state.options(5)["F STP/SC"]["-"] == {"BOT": "F STP/SC - BOT", "FIN": "F STP/SC - FIN",
                                                   "LVN": "F STP/SC - LVN"}
    assert state.order_limit("FRANCE") is None


def test_convoy_options_follow_the_chain_of_fleets():
    game = DiplomacyGame()
    state = game.state_from_position({"phase": "S1901M", "units": {
        "ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["A PAR"]}})
    tree = state.options("ENGLAND")
    assert tree["F NTH"]["C"]["A LON"]["NWY"] == "F NTH C A LON - NWY"
    assert tree["F ENG"]["C"]["A LON"]["BRE"] == "F ENG C A LON - BRE"
    assert "NWY" in tree["A LON"]["-"] and "BRE" in tree["A LON"]["-"]
    state.submit("ENGLAND", ["A LON - NWY", "F NTH C A LON - NWY"])
    assert state.resolve().results == {"A LON": "succeeds", "F NTH": "succeeds"}
    assert str(state.position.unit_in("NWY")) == "A NWY"


def test_retreat_and_build_options_and_limits():
    game = DiplomacyGame()
    state = game.state_from_position({"phase": "S1901R", "units": {"ITALY": ["A TYR"], "GERMANY": ["A VIE"]},
                                      "dislodged": {"AUSTRIA": [{"unit": "A VIE", "attacked_from": "TYR"}]},
                                      "contested": ["GAL"]})
    assert state.powers_to_order() == ["AUSTRIA"]
    tree = state.options("AUSTRIA")
    assert tree == {"A VIE": {"R": {"BOH": "A VIE R BOH", "BUD": "A VIE R BUD", "TRI": "A VIE R TRI"},
                              "D": "A VIE D"}}
    with pytest.raises(IllegalAction) as exc:
        state.submit("AUSTRIA", ["A VIE R GAL"])
    assert exc.value.reason == "bad_retreat" and "BOH, BUD or TRI" in str(exc.value)
    assert "a standoff happened in GAL" in str(exc.value)      # diplomacy.md §26, said (issue 16, item 6)
    with pytest.raises(IllegalAction) as exc:
        state.submit("ITALY", ["A TYR - VEN"])
    assert exc.value.reason == "wrong_phase"

    winter = game.state_from_position({"phase": "W1901A", "units": {"RUSSIA": ["A MOS"], "TURKEY": ["A SMY",
                                       "A ANK", "F CON", "A BUL", "A GRE"]},
                                       "supply_centers": {"RUSSIA": ["MOS", "STP", "WAR", "SEV"],
                                                          "TURKEY": ["SMY", "ANK", "CON"]}})
    assert winter.powers_to_order() == ["RUSSIA", "TURKEY"]
    assert winter.order_limit("RUSSIA") == 3 and winter.order_limit("TURKEY") == 2
    russia = winter.options("RUSSIA")
    assert russia["STP"] == {"A": "A STP B", "F": {"STP/NC": "F STP/NC B", "STP/SC": "F STP/SC B"}}
    assert russia["WAR"] == {"A": "A WAR B"} and russia["WAIVE"] == "WAIVE"
    assert set(winter.options("TURKEY")) == {"A SMY", "A ANK", "F CON", "A BUL", "A GRE"}
    before = snapshot(winter)
    for bad, reason in ((["A STP B", "A WAR B", "A SEV B", "WAIVE"], "too_many_builds"),
                        (["A MOS B"], "illegal_adjustment"), (["A MUN B"], "illegal_adjustment"),
                        (["A STP B", "F STP/NC B"], "two_orders")):
        with pytest.raises(IllegalAction) as exc:
            winter.submit("RUSSIA", bad)
        assert exc.value.reason == reason, (bad, exc.value)
        assert snapshot(winter) == before
    winter.submit("RUSSIA", ["F STP/NC B", "A WAR B"])
    winter.submit("TURKEY", ["A GRE D"])          # owes two: civil disorder picks the other
    res = winter.resolve()
    assert res.results == {"F STP/NC": "succeeds", "A WAR": "succeeds", "A GRE": "succeeds"}
    assert winter.phase == "S1902M" and len(winter.position.units_of("TURKEY")) == 3
    check_replay(winter, REGISTRY)   # the record starts from the given position


# --- submitting and resolving --------------------------------------------------------------------------
def test_submit_replaces_pending_orders_and_unordered_units_hold():
    state = DiplomacyGame().new_initial_state()
    state.submit("FRANCE", ["A PAR - PIC"])
    state.submit(2, ["a par-bur", "Marseilles - Spain"])      # lenient input, canonical storage
    assert state.pending["FRANCE"] == ("A PAR - BUR", "A MAR - SPA")
    assert state.waiting_for() == [p for p in POWERS if p != "FRANCE"]
    assert [e.action for e in state.record.entries] == [SubmitOrders("FRANCE", ("A PAR - PIC",)),
                                                         SubmitOrders("FRANCE", ("A PAR - BUR", "A MAR - SPA"))]
    assert state.record.entries[-1].player == 2
    res = state.resolve()
    assert res.results == {"A PAR": "succeeds", "A MAR": "succeeds"}
    assert res.reasons["A PAR"].startswith("A PAR moves to BUR")
    assert state.pending == {} and state.phase == "F1901M"
    assert str(state.position.unit_in("BRE")) == "F BRE"          # held, unordered
    assert state.last["orders"] == {"FRANCE": ["A PAR - BUR", "A MAR - SPA"]}
    assert state.last["results"]["A MAR"] == "succeeds" and state.last["phase"] == "S1901M"
    assert isinstance(state.record.entries[-1].action, Resolve)


def test_resolve_events_explain_every_order():
    state = DiplomacyGame().new_initial_state()
    state.submit("GERMANY", ["A MUN - BUR"])
    state.submit("FRANCE", ["A PAR - BUR"])
    events = state.apply(Resolve())
    orders = [e for e in events if e.kind == "order"]
    assert {e.data["unit"]: e.data["result"] for e in orders} == {"A MUN": "fails", "A PAR": "fails"}
    assert {e.data["power"] for e in orders} == {"GERMANY", "FRANCE"}
    assert all("bounces" in e.why[0] for e in orders)
    assert events[-1].kind == "phase" and events[-1].data == {"from": "S1901M", "to": "F1901M"}


@pytest.mark.parametrize("power, orders, error, reason, words", [
    ("FRANCE", ["A MUN - BUR"], IllegalAction, "not_your_unit", "belongs to Germany"),
    ("FRANCE", ["A BUR - PAR"], IllegalAction, "no_unit", "no unit in BUR"),
    ("FRANCE", ["F PAR - BUR"], IllegalAction, "wrong_unit_kind", "an army"),
    ("FRANCE", ["A PAR - MUN"], IllegalAction, "impossible_order", "not adjacent"),
    ("FRANCE", ["A PAR - NTH"], IllegalAction, "impossible_order", "a sea"),
    ("FRANCE", ["A PAR S A PAR"], IllegalAction, "impossible_order", "cannot support itself"),
    ("FRANCE", ["A PAR B"], IllegalAction, "wrong_phase", "not a movement-phase order"),
    ("FRANCE", ["A PAR - BUR", "A PAR H"], IllegalAction, "two_orders", "one order per phase"),
    ("FRANCE", ["A PAR - Burgundyy"], InvalidNotation, "unknown_name", "Did you mean BUR"),
    ("FRANCE", ["A PAR jumps"], InvalidNotation, "no_order_kind", "say what the unit does"),
    ("FRENCE", ["A PAR - BUR"], InvalidNotation, "unknown_power", "Did you mean FRANCE"),
    (9, ["A PAR - BUR"], IllegalAction, "unknown_power", "no player 9"),
])
def test_illegal_orders_are_refused_with_reasons_and_change_nothing(power, orders, error, reason, words):
    state = DiplomacyGame().new_initial_state()
    state.submit("ENGLAND", ["F LON - NTH"])
    before = snapshot(state)
    with pytest.raises(error) as exc:
        state.submit(power, orders)
    assert exc.value.reason == reason and words in str(exc.value), str(exc.value)
    assert snapshot(state) == before
    with pytest.raises(RulesError):      # the same through the action
        state.apply(SubmitOrders(str(power), tuple(orders)))
    assert snapshot(state) == before


def test_a_power_cannot_act_for_another():
    state = DiplomacyGame().new_initial_state()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as exc:
        state.apply(SubmitOrders("FRANCE", ("A PAR - BUR",)), player=3)
    assert exc.value.reason == "not_your_power" and "Germany cannot act for France" in str(exc.value)
    assert snapshot(state) == before
    state.apply(SubmitOrders("FRANCE", ("A PAR - BUR",)), player=2)
    assert state.record.entries[-1].player == 2


def test_a_power_with_nothing_to_do_cannot_order():
    state = DiplomacyGame().state_from_position({"phase": "S1901R", "units": {"ITALY": ["A TYR"]},
                                                 "dislodged": {"AUSTRIA": ["A VIE"]}})
    with pytest.raises(IllegalAction) as exc:
        state.submit("ITALY", ["A VIE R BOH"])
    assert exc.value.reason == "not_your_unit"
    state.submit("ITALY", [])                       # nothing to say is fine
    assert state.resolve().results == {} and str(state.phase) == "F1901M"
    assert state.position.unit_in("VIE") is None    # the unordered retreat disbanded


# --- what each power sees --------------------------------------------------------------------------------
def test_observation_hides_other_powers_pending_orders():
    state = DiplomacyGame().new_initial_state()
    state.submit("FRANCE", ["A PAR - BUR"])
    state.submit("GERMANY", ["A MUN - RUH"])
    france = state.observation("FRANCE")
    assert france["pending"] == {"FRANCE": ["A PAR - BUR"]}
    assert france["submitted"] == ["FRANCE", "GERMANY"]
    assert "A MUN - RUH" not in json.dumps(france)
    assert set(france["options"]) == {"A PAR", "A MAR", "F BRE"}
    watcher = state.observation(None)
    assert watcher["pending"] == {} and watcher["options"] == {}
    assert "A PAR - BUR" not in json.dumps(watcher) and "A MUN - RUH" not in json.dumps(watcher)
    state.resolve()
    after = state.observation("ENGLAND")
    assert after["last"]["orders"]["GERMANY"] == ["A MUN - RUH"]      # revealed once resolved
    assert after["submitted"] == [] and after["centres"]["FRANCE"] == 3


# --- draws, victory and game length (diplomacy.md §8) ------------------------------------------------------
def test_draw_by_agreement_of_the_survivors():
    state = DiplomacyGame().new_initial_state()
    for p in POWERS[:6]:
        state.vote_draw(p)
    assert state.node_kind() is NodeKind.SIMULTANEOUS and state.draw_votes == set(POWERS[:6])
    state.vote_draw("ITALY", agree=False)          # withdrawn
    state.resolve()
    assert state.draw_votes == set()               # a proposal stands for one phase
    for p in POWERS:
        state.apply(DrawVote(p))
    assert state.node_kind() is NodeKind.TERMINAL and state.winner() is None
    assert state.result["kind"] == "draw" and state.result["winners"] == list(POWERS)
    assert state.powers_to_order() == [] and state.legal_actions() == []
    with pytest.raises(GameOver):
        state.submit("FRANCE", ["A PAR - BUR"])
    roundtrip(state)
    check_replay(state, REGISTRY)


def test_draw_counts_survivors_only():
    state = DiplomacyGame().state_from_position({"phase": "S1905M", "units": {"FRANCE": ["A PAR"],
                                                 "GERMANY": ["A MUN"]},
                                                 "supply_centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}})
    with pytest.raises(IllegalAction) as exc:
        state.vote_draw("ITALY")
    assert exc.value.reason == "not_a_survivor"
    state.vote_draw("FRANCE")
    state.vote_draw("GERMANY")
    assert state.result == {"kind": "draw", "winners": ["FRANCE", "GERMANY"],
                            "text": "Draw agreed by FRANCE, GERMANY."}


def _french_1901(state):
    state.submit("FRANCE", ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"])
    state.resolve()
    state.submit("FRANCE", ["A BUR - BEL", "F MAO - POR"])
    return state.resolve()


def test_game_length_ends_with_the_most_centres_winning():
    state = DiplomacyGame(years=1).new_initial_state(seed=2)
    _french_1901(state)
    assert state.phase == "W1901A" and not state.is_terminal()      # the winter is still played
    state.submit("FRANCE", ["A PAR B", "A MAR B", "F BRE B"])
    events = state.resolve()
    assert state.phase == "S1902M" and state.is_terminal()
    assert state.result["kind"] == "length" and state.result["winners"] == ["FRANCE"]
    assert state.winner() == 2 and state.centre_counts()["FRANCE"] == 6
    assert "France has the most supply centres (6)" in state.result["text"]
    assert state.record.entries[-1].action == Resolve() and events.results
    check_replay(state, REGISTRY)


def test_game_length_tie_is_shared():
    state = DiplomacyGame(years=1).new_initial_state()
    state.resolve()
    state.resolve()                     # nobody moves: Russia has 4, everyone else 3
    assert state.result["kind"] == "length" and state.winner() == 5
    tie = DiplomacyGame(years=1).state_from_position({"phase": "F1901M", "units": {"FRANCE": ["A PAR"],
                                                      "GERMANY": ["A MUN"]},
                                                      "supply_centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}})
    tie.resolve()
    assert tie.result["winners"] == ["FRANCE", "GERMANY"] and tie.winner() is None


def test_victory_at_the_agreed_number_of_centres():
    state = DiplomacyGame(victory_centers=5).new_initial_state()
    _french_1901(state)
    assert state.is_terminal() and state.result["kind"] == "victory" and state.winner() == 2
    assert state.result["text"] == "France controls 6 supply centres and wins."


# --- notation, JSON and replay ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, action", [
    ("FRANCE: A PAR - BUR; F BRE H", SubmitOrders("FRANCE", ("A PAR - BUR", "F BRE H"))),
    ("FRANCE:", SubmitOrders("FRANCE", ())),
    ("RESOLVE", Resolve()),
    ("ITALY DRAW", DrawVote("ITALY")),
    ("ITALY NO DRAW", DrawVote("ITALY", False)),
])
def test_action_notation_round_trips(text, action):
    game = DiplomacyGame()
    state = game.new_initial_state()
    assert game.parse_action(text, state) == action
    assert game.format_action(action, state) == text
    assert game.parse_action("fra: a par-bur ; Brest hold", state) == SubmitOrders("FRANCE", ("A PAR - BUR",
                                                                                              "BRE H"))
    with pytest.raises(InvalidNotation):
        game.parse_action("hello", state)


def test_state_json_has_schema_and_version():
    state = DiplomacyGame(years=3).new_initial_state()
    state.submit("FRANCE", ["A PAR - BUR"])
    data = roundtrip(state).to_json()
    assert data["schema"] == "academy.diplomacy.state" and data["version"] == 1
    assert data["pending"] == {"FRANCE": ["A PAR - BUR"]} and data["options"]["years"] == 3
    with pytest.raises(ValueError):
        state.game.state_from_json({**data, "version": 2})
    with pytest.raises(ValueError):
        state.game.state_from_json({k: v for k, v in data.items() if k != "pending"})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_full_seeded_random_game_round_trips_and_replays(seed):
    """Seven random powers to the end (victory) or the year cap; JSON at every step; replay identical."""
    game = DiplomacyGame(years=12)
    state = game.new_initial_state(seed=seed)
    rnd = random.Random(seed)
    phases = 0
    while not state.is_terminal():
        for player in state.players_to_act():
            if rnd.random() < 0.9:               # now and then a power forgets to submit
                state.submit(player, random_orders(state, player, rnd))
                state = roundtrip(state) if rnd.random() < 0.3 else state
        clone = state.clone()
        res = state.resolve()
        assert set(res.results) == set(res.reasons)
        assert clone.phase != state.phase and clone.record.entries != state.record.entries   # independent
        roundtrip(state)
        phases += 1
        assert phases < 200
    assert state.result["kind"] in ("victory", "length")
    if state.result["kind"] == "length":
        assert state.phase == "S1913M"
    best = max(state.centre_counts().values())
    assert all(state.centre_counts()[w] == best for w in state.result["winners"])
    check_replay(state, REGISTRY)
    again = Record.from_json(json.loads(json.dumps(state.record.to_json())), REGISTRY).replay()
    assert again == state
    undone = state.record.undo(player=2)     # France's last submission undone
    assert len(undone.record) < len(state.record)


@pytest.mark.parametrize("name", ["conquest", "diplomacy"])
def test_registry_conformance_for_both_games(name):
    state = random_playout(REGISTRY[name](), seed=8, max_steps=400, check_every=3)
    check_replay(state, REGISTRY)
