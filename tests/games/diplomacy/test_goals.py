"""Goals of Diplomacy lessons (academy/games/diplomacy/goals.py): each key met and lost, on small boards.

Each test names the rule of diplomacy.md it is about. A goal is open until the learner's orders
for the start phase are resolved; then it is met or lost, with the engine's reason.
"""
from __future__ import annotations

import doctest

import pytest

from academy.core.errors import IllegalAction, InvalidNotation, RulesError
from academy.games.diplomacy import goals
from academy.games.diplomacy.actions import SubmitOrders
from academy.games.diplomacy.goals import (GOAL_KEYS, GoalError, LessonState, Progress, compile_goal, fixed_orders_of,
                                           learner_of, narrate, next_step, play, split_orders, start_state)
from academy.games.diplomacy.position import PositionError


def run(position: str, orders, goal) -> tuple[str, str, str]:
    """(status before, status after, reason after) of ``goal`` when the learner plays ``orders``."""
    s = start_state(position)
    start, me = s.clone(), learner_of(s)
    g = compile_goal(goal, s)
    before = g.evaluate(Progress(start, s, me)).status
    play(s, me, orders)
    v = g.evaluate(Progress(start, s, me))
    return before, v.status, v.reason


def test_the_module_examples_run():
    """diplomacy.md §11-§12: the docstring example plays one phase of orders."""
    assert doctest.testmod(goals).failed == 0


# --------------------------------------------------------------------------- succeeds / fails
MOVE = "France to order, S1901M | France: A PAR, A MAR | Germany: A MUN"


def test_succeeds_a_plain_move():
    """diplomacy.md §12: a unit may move to an adjacent province."""
    assert run(MOVE, "A PAR - BUR", {"succeeds": "A PAR - BUR"}) == ("open", "met", "")


def test_succeeds_lost_on_a_bounce():
    """diplomacy.md §15: equal strengths moving to one province bounce."""
    pos = MOVE + " | Germany orders: A MUN - BUR"
    assert run(pos, "A PAR - BUR", {"succeeds": "A PAR - BUR"}) == (
        "open", "lost", "The order of A PAR failed: A PAR - BUR bounces (attack 1; A MUN also moves there with 1).")


def test_succeeds_lost_when_another_order_was_given():
    """diplomacy.md §12: each unit takes one order; the goal names which."""
    assert run(MOVE, "A PAR - PIC", {"succeeds": "A PAR - BUR"})[1:] == (
        "lost", 'A PAR was given "A PAR - PIC", not "A PAR - BUR".')


def test_succeeds_with_a_unit_only_counts_a_hold():
    """diplomacy.md §12: a unit holds; an unordered unit holds too."""
    assert run(MOVE, "A MAR - BUR", {"succeeds": "A PAR"}) == ("open", "met", "")
    assert run(MOVE, "A MAR - BUR", {"succeeds": "munich"}) == ("open", "met", "")


def test_fails_an_enemy_move_by_a_standoff():
    """diplomacy.md §15: a bounce keeps both units out."""
    pos = MOVE + " | Germany orders: A MUN - BUR"
    assert run(pos, "A PAR - BUR", {"fails": "A MUN - BUR"}) == ("open", "met", "")
    assert run(pos, "A PAR - PIC", {"fails": "A MUN - BUR"}) == (
        "open", "lost", "The order of Germany's A MUN succeeded: A MUN moves to BUR (attack 1).")


CUT = ("Germany to order, S1901M | Germany: A MUN, A KIE | France: A BUR, A RUH "
       "| France orders: A BUR - MUN, A RUH S A BUR - MUN")


def test_fails_a_support_cut_from_elsewhere():
    """diplomacy.md §19: support is cut by an attack from any province but the one supported into."""
    assert run(CUT, "A KIE - RUH", {"fails": "A RUH S A BUR - MUN"}) == ("open", "met", "")


def test_a_support_attacked_from_its_target_is_not_cut():
    """diplomacy.md §19: an attack from the province the support is aimed at does not cut it."""
    status = run(CUT, "A MUN - RUH", {"fails": "A RUH"})
    assert status == ("open", "lost", "The order of France's A RUH succeeded: A RUH S A BUR - MUN: the support is "
                                      "given and not cut, adding 1 to A BUR.")


# --------------------------------------------------------------------------- dislodged / not_dislodged
GAL = ("Austria to order, S1901M | Austria: A VIE, A BUD, A BOH | Russia: A GAL, A UKR "
       "| Russia orders: A UKR S A GAL")


def test_dislodged_by_a_greater_force():
    """diplomacy.md §18: 3 against 2 dislodges the holding unit."""
    orders = "A VIE - GAL; A BUD S A VIE - GAL; A BOH S A VIE - GAL"
    assert run(GAL, orders, {"dislodged": "A GAL"}) == ("open", "met", "")


def test_dislodged_lost_on_equal_force():
    """diplomacy.md §18: equal force does not dislodge."""
    assert run(GAL, "A VIE - GAL; A BUD S A VIE - GAL", {"dislodged": "A GAL"}) == (
        "open", "lost", "Russia's A GAL was not dislodged: A GAL holds (hold 2) against A VIE (attack 2).")


def test_not_dislodged_a_bounced_unit_still_defends():
    """diplomacy.md §17: a bounced unit keeps a force of 1 in the province it started from."""
    pos = "France to order, S1901M | France: A BUR | Germany: A MUN, A RUH | Germany orders: A RUH - BUR"
    assert run(pos, "A BUR - MUN", {"not_dislodged": "A BUR"}) == ("open", "met", "")


def test_not_dislodged_lost_to_a_supported_attack():
    """diplomacy.md §18 and §14: a supported attack beats a lone hold."""
    pos = ("Germany to order, S1901M | Germany: A BEL, A RUH | France: A PIC, A BUR "
           "| France orders: A PIC - BEL, A BUR S A PIC - BEL")
    assert run(pos, "A RUH S A BEL", {"not_dislodged": "A BEL"})[1] == "met"
    assert run(pos, "A RUH H", {"not_dislodged": "A BEL"}) == (
        "open", "lost", "A BEL was dislodged: A BEL holds but is dislodged by A PIC with attack 2 against hold 1.")


def test_a_unit_where_a_bounce_happened_is_not_dislodged():
    """diplomacy.md §23: two single attacks on a holding unit bounce, and it stays."""
    pos = ("Germany to order, S1901M | Germany: A MUN, A KIE | France: A BUR | Austria: A TYR "
           "| France orders: A BUR - MUN | Austria orders: A TYR - MUN")
    assert run(pos, "A KIE - HOL", {"not_dislodged": ["A MUN"], "occupies": ["MUN", "HOL"]})[1] == "met"


def test_you_cannot_dislodge_your_own_unit():
    """diplomacy.md §22: a power never dislodges its own units."""
    pos = "Germany to order, S1901M | Germany: A MUN, A RUH, A BUR"
    assert run(pos, "A MUN - BUR; A RUH S A MUN - BUR", {"dislodged": "A BUR"}) == (
        "open", "lost", "A BUR was not dislodged: A BUR holds (hold 1) against A MUN (attack 0).")


def test_convoy_disrupted_when_its_fleet_is_dislodged():
    """diplomacy.md §24: a dislodged convoying fleet disrupts the convoy; a mere attack does not."""
    pos = ("France to order, S1901M | France: F BRE, F MAO | England: A LON, F ENG "
           "| England orders: A LON - PIC, F ENG C A LON - PIC")
    goal = {"dislodged": "F ENG", "fails": "A LON - PIC"}
    assert run(pos, "F BRE - ENG; F MAO S F BRE - ENG", goal) == ("open", "met", "")
    before, status, reason = run(pos, "F BRE - ENG", goal)
    assert status == "lost" and reason.startswith("England's F ENG was not dislodged: F ENG C A LON - PIC: the fleet "
                                                  "stays in place and A LON arrives in PIC by convoy.")
    assert reason.endswith("The order of England's A LON succeeded: A LON moves to PIC (attack 1).")


# --------------------------------------------------------------------------- the board after the phase
def test_occupies_after_a_rotation():
    """diplomacy.md §16: three units can rotate positions."""
    pos = "Germany to order, S1901M | Germany: F KIE, A BER, A MUN"
    ring = "F KIE - BER; A BER - MUN; A MUN - KIE"
    assert run(pos, ring, {"unit_in": {"BER": "F", "KIE": "A"}}) == ("open", "met", "")


def test_unit_in_lost_on_a_swap():
    """diplomacy.md §16: two units ordered into each other's province do not switch places."""
    pos = "Germany to order, S1901M | Germany: F KIE, A BER, A MUN"
    assert run(pos, "F KIE - BER; A BER - KIE", {"unit_in": {"BER": "F", "KIE": "A"}}) == (
        "open", "lost", "The exercise asked for a fleet of yours in Berlin; after the phase your army is there. "
                        "The exercise asked for an army of yours in Kiel; after the phase your fleet is there.")


def test_occupies_lost_names_who_is_there():
    """diplomacy.md §16: a stronger unit wins a head-to-head battle."""
    pos = "Germany to order, S1901M | Germany: A MUN | France: A BUR, A RUH | France orders: A BUR - MUN, A RUH S A BUR - MUN"
    assert run(pos, "A MUN - BUR", {"occupies": "MUN"}) == (
        "open", "lost", "Munich is held by a French army after the phase.")


def test_unit_in_with_a_coast():
    """diplomacy.md §32: a fleet moving to a split-coast province selects the coast."""
    pos = "France to order, S1901M | France: F MAO"
    assert run(pos, "F MAO - SPA/SC", {"unit_in": {"SPA/SC": "F"}}) == ("open", "met", "")
    assert run(pos, "F MAO - SPA/NC", {"unit_in": {"SPA/SC": "fleet"}}) == (
        "open", "lost", "The exercise asked for a fleet of yours in Spain (south coast); after the phase your fleet "
                        "on the north coast is there.")
    assert run(pos, "F MAO - SPA/NC", {"unit_in": {"Spain": "F"}})[1] == "met"


def test_unit_in_lost_names_a_sea_with_its_article():
    """diplomacy.md §25-§27 (retreats; a newcomer's walk, issue 14): "You wanted a fleet in Adriatic Sea; after
    the phase there is nothing" read as if the learner had ordered the Adriatic."""
    pos = ("Austria to order, S1901R | Austria: A VIE | Italy: F TRI, F ION | dislodged Austria: F TRI from VEN "
           "| dislodged Turkey: F ION from TUN | Turkey orders: F ION R ALB")
    assert run(pos, "F TRI R ALB", {"unit_in": {"ADR": "F"}})[1:] == (
        "lost", "The exercise asked for a fleet of yours in the Adriatic Sea; after the phase it is empty.")


def test_unit_in_after_builds():
    """diplomacy.md §29: build in unoccupied home centres when short of units."""
    pos = "Germany to order, W1901A | Germany: A HOL, A DEN | centres Germany: BER, KIE, MUN, HOL, DEN"
    assert run(pos, "F KIE B; A MUN B", {"unit_in": {"Kiel": "F", "Munich": "A"}}) == ("open", "met", "")
    assert run(pos, "A KIE B; A MUN B", {"unit_in": {"Kiel": "F"}})[1:] == (
        "lost", "The exercise asked for a fleet of yours in Kiel; after the phase your army is there.")


def test_unit_in_after_a_retreat():
    """diplomacy.md §25-§26: retreat to a vacant province, not where the attack came from nor a standoff."""
    pos = ("Austria to order, S1901R | Austria: A BUD | Germany: A VIE, A TYR | dislodged Austria: A VIE from BOH "
           "| contested: GAL")
    assert run(pos, "A VIE R TRI", {"unit_in": {"TRI": "A"}}) == ("open", "met", "")


def test_work_out_retreats_is_a_modifier_of_a_retreat_goal():
    """diplomacy.md §25-§26 (retreats): a lesson may ask the learner to work out where a dislodged unit may
    go; ``work_out`` is never checked itself, belongs to the top mapping, and needs a retreat phase."""
    pos = ("Austria to order, S1901R | Austria: A BUD | Germany: A VIE, A TYR | dislodged Austria: A VIE from BOH "
           "| contested: GAL")
    goal = {"unit_in": {"TRI": "A"}, "work_out": "retreats"}
    assert run(pos, "A VIE R TRI", goal) == ("open", "met", "")
    assert goals.worked_out(goal) == {"retreats"} and goals.worked_out({"unit_in": {"TRI": "A"}}) == set()
    assert goal_error({"work_out": "retreats"}, pos).message.startswith("work_out needs another goal key")
    assert "work_out takes retreats (or a list of them), not 'builds'" in goal_error({"unit_in": {"TRI": "A"}, "work_out": "builds"},
                                                                  pos).message
    assert goal_error({"all": [{"unit_in": {"TRI": "A"}, "work_out": "retreats"}]}, pos).message.startswith(
        "work_out belongs to the goal's top mapping")
    assert goal_error({"occupies": "GAL", "work_out": "retreats"},
                      "Austria to order, S1901M | Austria: A VIE").message.startswith(
        "'work_out' needs a retreats phase")


# --------------------------------------------------------------------------- ordered / disbanded
def test_ordered_met_and_lost():
    """diplomacy.md §12: the orders a unit may be given."""
    pos = "France to order, S1901M | France: A BUR | Germany: A MUN"
    assert run(pos, "a bur-mun", {"ordered": "A BUR - MUN"}) == ("open", "met", "")
    assert run(pos, "A BUR H", {"ordered": "A BUR - MUN"}) == (
        "open", "lost", 'You gave A BUR "A BUR H"; the exercise asked for "A BUR - MUN".')
    assert run(pos, "", {"ordered": "A BUR H"})[1] == "met"     # an unordered unit holds


def test_ordered_move_matches_the_same_move_via_convoy():
    """diplomacy.md §12: an army in a coastal province may move by convoy."""
    pos = "England to order, S1901M | England: A LON, F NTH"
    orders = ["A LON - NWY VIA CONVOY", "F NTH C A LON - NWY"]
    assert run(pos, orders, {"ordered": "A LON - NWY"})[1] == "met"
    assert run(pos, orders, {"succeeds": "A LON - NWY", "ordered": "F NTH C A LON - NWY"})[1] == "met"


def test_disbanded_when_units_outnumber_centres():
    """diplomacy.md §29: with too many units you must disband the excess."""
    pos = "Germany to order, W1901A | Germany: A MUN, A BER, F NAO | centres Germany: BER, MUN"
    assert run(pos, "F NAO D", {"disbanded": "F NAO"}) == ("open", "met", "")
    assert run(pos, "A MUN D", {"disbanded": "F NAO"}) == (
        "open", "lost", "F NAO is still on the board: F NAO had no order.")


def test_two_retreats_to_one_province_destroy_both():
    """diplomacy.md §27: two units retreating to the same province are both destroyed."""
    pos = ("Austria to order, S1901R | Austria: A VIE | Italy: F TRI, F ION | dislodged Austria: F TRI from VEN "
           "| dislodged Turkey: F ION from TUN | Turkey orders: F ION R ALB")
    assert run(pos, "F TRI R ALB", {"disbanded": ["F TRI", "F ION"]})[1] == "met"
    assert run(pos, "F TRI R ADR", {"disbanded": "F TRI"}) == (
        "open", "lost", "F TRI is still on the board: F TRI retreats to ADR.")


# --------------------------------------------------------------------------- all / any
def test_all_and_any():
    """diplomacy.md §11: all orders of the phase are resolved together."""
    pos = "France to order, S1901M | France: A PAR, A BUR"
    both = {"all": [{"occupies": "BEL"}, {"occupies": "BUR"}]}
    assert run(pos, "A BUR - BEL; A PAR - BUR", both) == ("open", "met", "")
    assert run(pos, "A BUR - BEL", both) == ("open", "lost", "Burgundy is empty after the phase.")
    either = {"any": [{"occupies": "PIC"}, {"occupies": "GAS"}]}
    assert run(pos, "A PAR - PIC", either)[1] == "met"
    assert run(pos, "A PAR H", either) == ("open", "lost", "Picardy is empty after the phase. Gascony is empty after "
                                                           "the phase.")
    assert compile_goal(either, start_state(pos)).text == "have a unit of yours in Picardy or have a unit of yours in Gascony"


def test_goal_texts():
    """diplomacy.md §12 and §18: goals read as the orders and outcomes they name."""
    s = start_state(GAL)
    assert compile_goal({"dislodged": "A GAL"}, s).text == "dislodge Russia's A GAL"
    assert compile_goal({"not_dislodged": "VIE"}, s).text == "keep A VIE from being dislodged"
    assert compile_goal({"succeeds": "vie - gal"}, s).text == '"A VIE - GAL" succeeds'
    assert compile_goal({"fails": "A UKR"}, s).text == "the order of Russia's A UKR fails"
    assert compile_goal({"ordered": "A BUD S A VIE - GAL"}, s).text == 'give the order "A BUD S A VIE - GAL"'
    assert set(GOAL_KEYS) == {"succeeds", "fails", "dislodged", "not_dislodged", "occupies", "unit_in", "ordered",
                              "disbanded", "all", "any"}


# --------------------------------------------------------------------------- goals that do not compile
def goal_error(goal, position: str = GAL) -> GoalError:
    with pytest.raises(GoalError) as info:
        compile_goal(goal, start_state(position))
    return info.value


def test_an_unknown_key_gets_did_you_mean_and_a_path():
    """diplomacy.md §12: the goal vocabulary is about orders and their results; a typo is caught."""
    e = goal_error({"all": [{"ocupies": "GAL"}]})
    assert e.path == ("all", 0, "ocupies")
    assert e.message.startswith("unknown goal key 'ocupies' (did you mean 'occupies'?)")


def test_an_unknown_province_gets_did_you_mean():
    """diplomacy.md §2: the 75 provinces, named leniently, with did-you-mean."""
    e = goal_error({"occupies": ["GAL", "Galicai"]})
    assert e.path == ("occupies", 1) and "Did you mean GAL" in e.message


def test_a_unit_that_is_not_there():
    """diplomacy.md §4: a unit is named by the province it stands in."""
    e = goal_error({"dislodged": "A WAR"})
    assert e.path == ("dislodged",)
    assert e.message == ("there is no unit 'A WAR' at the start of the exercise; the units are: A BOH, A BUD, A GAL, "
                         "A UKR, A VIE")
    assert "neither a unit nor an order" in goal_error({"succeeds": "A VIE - Galizia"}).message


def test_an_impossible_order_is_refused():
    """diplomacy.md §12: a move goes to an adjacent province."""
    e = goal_error({"succeeds": "A VIE - WAR"})
    assert e.message.startswith("the order 'A VIE - WAR' is not possible here: Austria's order 'A VIE - WAR' is refused: WAR is not "
                            "adjacent")


def test_keys_that_need_another_phase():
    """diplomacy.md §9: dislodgements happen in an orders phase, disbands in retreats or builds."""
    build = "Germany to order, W1901A | Germany: A HOL | centres Germany: BER, HOL"
    assert goal_error({"dislodged": "A HOL"}, build).message.startswith("'dislodged' needs a movement phase")
    assert goal_error({"disbanded": "A VIE"}).message.startswith("'disbanded' needs a retreats or adjustments phase")


def test_ordered_takes_a_whole_order_of_the_learner():
    """diplomacy.md §12: you give orders to your own units."""
    assert "takes a whole order" in goal_error({"ordered": "A VIE"}).message
    assert "belongs to Russia" in goal_error({"ordered": "A UKR H"}).message


def test_bad_values():
    """diplomacy.md §3: a unit is an army (A) or a fleet (F)."""
    assert goal_error({"unit_in": {"TRI": "X"}}).path == ("unit_in", "TRI")
    assert goal_error({"unit_in": ["TRI"]}).message.startswith("unit_in maps provinces to a unit kind")
    assert goal_error({"any": []}).message == "expected a list of goals"
    assert goal_error({"occupies": 3}).message == "expected a province such as NTH, got 3"


def test_a_position_without_a_learner_has_no_goals():
    """diplomacy.md §12: you give orders to your own units, so a goal needs a power to order."""
    with pytest.raises(GoalError, match="names no power to order"):
        compile_goal({"occupies": "BUR"}, start_state("S1901M | France: A PAR"))


# --------------------------------------------------------------------------- playing the phase
def test_start_state_submits_the_fixed_orders_and_holds():
    """diplomacy.md §11: orders are entered secretly and resolved together."""
    s = start_state(CUT)
    assert isinstance(s, LessonState) and s.learner == "GERMANY" and learner_of(s) == 3
    assert fixed_orders_of(s) == {"FRANCE": ("A BUR - MUN", "A RUH S A BUR - MUN")}
    assert s.pending == {"FRANCE": ("A BUR - MUN", "A RUH S A BUR - MUN")}
    s = start_state("Germany to order, S1901M | Germany: A MUN | France: A BUR, A PAR | France orders: A BUR H")
    assert s.pending == {"FRANCE": ("A BUR H", "A PAR H")}
    assert learner_of(start_state("S1901M | France: A PAR")) is None


def test_a_learner_with_nothing_to_order_is_refused():
    """diplomacy.md §9: a phase in which a power has nothing to order is not its to play."""
    with pytest.raises(PositionError, match="has nothing to order in Spring 1901 \\(retreats\\)"):
        start_state("Germany to order, S1901R | Germany: A MUN | dislodged France: A BUR from MUN")


def test_play_resolves_the_phase_and_returns_the_events():
    """diplomacy.md §11 and §19: the phase resolves at once; each result comes with its reason."""
    s = start_state(CUT)
    action, events = play(s, learner_of(s), "A KIE - RUH")
    assert action == SubmitOrders("GERMANY", ("A KIE - RUH", "A MUN H"))
    assert [e.kind for e in events] == ["submitted", "order", "order", "order", "order", "phase"]
    assert narrate(events).splitlines() == [
        "France A BUR: fails. A BUR - MUN bounces (attack 1; A MUN holds with 1).",
        "France A RUH: fails. A RUH S A BUR - MUN: support cut by A KIE moving to RUH (attack 1).",
        "Germany A KIE: fails. A KIE - RUH bounces (attack 1; A RUH holds with 1).",
        "Germany A MUN: succeeds. A MUN holds (hold 1) against A BUR (attack 1).",
        "Spring 1901 movement resolved; now Fall 1901 movement."]


@pytest.mark.parametrize("orders", ["A KIE - RUH; A MUN H", "A KIE - RUH\nA MUN H", ["A KIE - RUH", "A MUN H"],
                                    "Germany: A KIE - RUH; A MUN H", SubmitOrders("GERMANY", ("A KIE - RUH",))])
def test_the_ways_to_write_a_submission(orders):
    """diplomacy.md §12: all of a power's orders for the phase, as one submission."""
    s = start_state(CUT)
    assert play(s, learner_of(s), orders)[0] == SubmitOrders("GERMANY", ("A KIE - RUH", "A MUN H"))


def test_a_refused_order_changes_nothing():
    """diplomacy.md §3: an army cannot move to a sea."""
    s = start_state("England to order, S1901M | England: A LON, F NTH")
    before, entries = s.to_json(), len(s.record)
    with pytest.raises(IllegalAction, match="an army cannot move to English Channel, a sea"):
        play(s, learner_of(s), "F NTH - NWY; A LON - ENG")
    with pytest.raises(InvalidNotation):
        play(s, learner_of(s), "A LON - Atlantis")
    with pytest.raises(IllegalAction, match="You play England in this exercise"):
        play(s, learner_of(s), SubmitOrders("FRANCE", ()))
    with pytest.raises(RulesError, match="not your|belongs to"):
        play(start_state(CUT), 3, "A RUH H")
    assert s.to_json() == before and len(s.record) == entries


def test_split_orders_and_next_step():
    """diplomacy.md §12 and §25: the orders of each kind of phase."""
    assert split_orders("A LON - NWY; F NTH C A LON - NWY, A EDI H\n") == [
        "A LON - NWY", "F NTH C A LON - NWY", "A EDI H"]
    assert next_step(start_state(CUT)).startswith("Write Germany's orders for Spring 1901 (movement): one order per unit")
    assert "retreat or disband" in next_step(start_state(
        "Austria to order, S1901R | Germany: A VIE | dislodged Austria: A VIE from BOH"))
