"""What a click means in each Conquest phase (academy.ui.conquest.input): pure logic, no browser."""
from __future__ import annotations

from academy.games.conquest import ConquestGame, parse_position
from academy.games.conquest.actions import Attack, Claim, EndAttack, EndTurn, Fortify, Occupy, Place
from academy.ui.conquest import input as ci

ATTACK = "Red to move, attack | Red: Ukraine 5, Ural 2, Siberia 1 | Blue: Afghanistan 3, Scandinavia 1 | rest: Blue 1"
FORTIFY = "Red to move, fortify | Red: Ukraine 6, Ural 1, Siberia 1, Scandinavia 1 | rest: Blue 1"
OCCUPY = "Red to move, occupy Ukraine -> Ural 3 | Red: Ukraine 8, Ural 0 | rest: Blue 1"


def test_claim_click_claims():
    state = ConquestGame(players=3, setup="claim").new_initial_state(seed=3)
    state.settle()
    assert state.phase == "claim"
    r = ci.click(state, None, None, "siam", ci.Choice())
    assert r.action == Claim("siam")
    assert ci.targets(state) == frozenset(state.owner)


def test_reinforce_click_places_the_chosen_armies_clamped():
    state = parse_position("Red to move, reinforce 3 | Red: Ukraine 2 | rest: Blue 1")
    assert ci.click(state, None, None, "ukraine", ci.Choice()).action == Place("ukraine", 1)
    assert ci.click(state, None, None, "ukraine", ci.Choice(armies=10)).action == Place("ukraine", 3)
    assert ci.amount_range(state) == (1, 3)
    assert ci.targets(state) == {"ukraine"}


def test_attack_select_then_target():
    state = parse_position(ATTACK)
    assert ci.targets(state) == {"ukraine", "ural"}                 # who can attack
    r = ci.click(state, None, None, "ukraine", ci.Choice())
    assert (r.action, r.selected) == (None, "ukraine")
    assert "afghanistan" in ci.targets(state, "ukraine")
    r = ci.click(state, "ukraine", None, "afghanistan", ci.Choice())
    assert (r.action, r.selected, r.target) == (None, "ukraine", "afghanistan")     # targeted, not rolled
    r = ci.click(state, "ukraine", "afghanistan", "afghanistan", ci.Choice())
    assert r.action == Attack("ukraine", "afghanistan", 3) and r.target == "afghanistan"
    r = ci.click(state, "ural", "afghanistan", "afghanistan", ci.Choice())
    assert r.action == Attack("ural", "afghanistan", 1)              # fewer dice when fewer are allowed
    assert ci.click(state, "ukraine", "afghanistan", "afghanistan", ci.Choice(dice=2)).action.dice == 2
    assert ci.dice_range(state, "ukraine") == (1, 3)


def test_the_first_click_on_a_target_shows_the_odds_and_never_rolls():
    """A phone has no hover: the first tap on an enemy picks it and says the odds and what to do next;
    a second tap on it (or the Attack button) rolls. Mouse and touch take the same path."""
    state = parse_position(ATTACK)
    before = len(state.record)
    r = ci.click(state, "ukraine", None, "afghanistan", ci.Choice())
    assert r.action is None and r.target == "afghanistan" and len(state.record) == before
    win = ci.odds.conquer_probability(5, 3, 3)
    assert r.message == (f"Afghanistan targeted: {ci.percent(win)} to conquer with up to 3 dice. "
                         "Press Attack (or click Afghanistan again) to roll.")
    r = ci.click(state, "ukraine", None, "afghanistan", ci.Choice(dice=1))      # the dice chosen are the ones said
    assert "with 1 die." in r.message and r.action is None
    # another target while one is picked: picked in its turn (not rolled), at the most dice again
    r = ci.click(state, "ukraine", "afghanistan", "scandinavia", ci.Choice(dice=1))
    assert (r.action, r.target) == (None, "scandinavia") and "with up to 3 dice" in r.message
    assert ci.click(state, "ukraine", "scandinavia", "scandinavia", ci.Choice()).action == Attack(
        "ukraine", "scandinavia", 3)
    # a click on the source deselects, as before
    assert ci.click(state, "ukraine", "afghanistan", "ukraine", ci.Choice()).selected is None


def test_attack_clicks_explain_in_the_engine_words():
    state = parse_position(ATTACK)
    assert "Siberia has 1 army" in ci.click(state, None, None, "siberia", ci.Choice()).message
    r = ci.click(state, "ukraine", None, "kamchatka", ci.Choice())
    assert r.action is None and "do not share a border" in r.message and r.selected == "ukraine"
    assert "Ukraine" in ci.click(state, None, None, "afghanistan", ci.Choice()).message   # where to attack from
    r = ci.click(state, "ukraine", None, "ukraine", ci.Choice())
    assert r.selected is None                                        # a second click deselects


def test_occupy_moves_all_but_one_by_default():
    state = parse_position(OCCUPY)
    assert ci.amount_range(state) == (3, 7)
    assert ci.click(state, None, None, "ural", ci.Choice()).action == Occupy(7)
    assert ci.click(state, None, None, "ukraine", ci.Choice(move=4)).action == Occupy(4)
    assert ci.click(state, None, None, "japan", ci.Choice()).action is None


def test_fortify_select_target_confirm():
    state = parse_position(FORTIFY)
    assert ci.targets(state) == {"ukraine"}
    r = ci.click(state, None, None, "ukraine", ci.Choice())
    assert r.selected == "ukraine" and ci.targets(state, "ukraine") == {"ural", "siberia", "scandinavia"}
    r = ci.click(state, "ukraine", None, "siberia", ci.Choice())
    assert r.action is None and r.target == "siberia" and "1 to 5" in r.message
    assert ci.amount_range(state, "ukraine", "siberia") == (1, 5)
    assert ci.click(state, "ukraine", "siberia", "siberia", ci.Choice()).action == Fortify("ukraine", "siberia", 5)
    assert ci.click(state, "ukraine", "siberia", "siberia", ci.Choice(move=2)).action.armies == 2
    assert "both territories must be yours" in ci.click(state, "ukraine", None, "china", ci.Choice()).message


def test_after_a_conquest_the_conquered_territory_stays_selected():
    state = parse_position(OCCUPY)
    state.play(Occupy(7))
    assert ci.after_action(state, Occupy(7), "ukraine", "ural") == ("ural", None)


def test_action_menu_is_short_and_uses_the_amounts():
    state = parse_position("Red to move, reinforce 5 | Red: Ukraine 2, Ural 1 | rest: Blue 1")
    menu = ci.action_menu(state, ci.Choice(armies=4))
    assert menu == [Place("ukraine", 4), Place("ural", 4)]
    attack = ci.action_menu(parse_position(ATTACK), ci.Choice(dice=2))
    assert Attack("ukraine", "afghanistan", 2) in attack and attack[-1] == EndAttack()
    fortify = ci.action_menu(parse_position(FORTIFY), ci.Choice())
    assert Fortify("ukraine", "ural", 5) in fortify and fortify[-1] == EndTurn()
    assert ci.action_menu(parse_position(OCCUPY), ci.Choice())[0] == Occupy(7)
