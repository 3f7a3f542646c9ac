"""Issue 16, "Diplomacy as a newcomer meets it": the forms offer every CPU level, the Length is never
blank, the header and message name the phase on the board, the hot seat's next person gets the order
box at once, the retreat trap warns, and refusals say why (diplomacy.md §3, §6, §7)."""
from __future__ import annotations

import re

import bokeh.document
import pytest

from academy.games.diplomacy.bots import EasyBot, HeuristicBot
from academy.store.live import LiveHub
from academy.ui.diplomacy.games_form import DiplomacyGamesForm
from academy.ui.diplomacy.panels import OrdersPanel
from academy.ui.diplomacy.play import DiplomacyPlayPage
from academy.ui.diplomacy.session import POWERS, LocalDiplomacy, phase_title
from academy.ui.position_link import read_position


def _texts(layout) -> str:
    return " ".join(str(getattr(o, "object", "")) for o in layout.select(lambda o: hasattr(o, "object")))


# --- item 1: easy, normal and hard per power, on both pages -------------------------------------------
def test_the_play_tab_offers_each_cpu_power_easy_normal_or_hard_and_says_what_to_expect():
    page = DiplomacyPlayPage(seed=2)
    page.layout.get_root(bokeh.document.Document())
    germany = page.levels["GERMANY"]
    assert list(germany.options) == ["CPU easy", "CPU normal", "CPU hard"]
    assert germany.value == "normal"                # as on every other game's Play form
    assert not page.levels["FRANCE"].visible and germany.visible      # France is a person on this screen
    text = _texts(page.layout)
    assert "CPU easy:" in text and "CPU normal:" in text and "CPU hard:" in text
    germany.value = "hard"
    page.levels["ITALY"].value = "easy"
    assert page.start_game()
    bots = page.session._bots
    assert isinstance(bots["GERMANY"], HeuristicBot) and bots["GERMANY"].level == "hard"
    assert type(bots["ITALY"]) is EasyBot and bots["ENGLAND"].level == "normal"
    assert "FRANCE" not in bots
    assert "hard: Germany" in page.session.message and "easy: Italy" in page.session.message
    kept = page.local_game()                                          # a reload keeps the levels
    again = DiplomacyPlayPage(seed=2)
    again.resume_local_game(kept.record, kept.setup)
    assert again.session._bots["GERMANY"].level == "hard"


def test_one_choice_sets_every_cpu_powers_level():
    """A walk: easy for all six CPU powers took six choices. "Every CPU power" sets them at once; each may
    still be changed after."""
    page = DiplomacyPlayPage(seed=2)
    page.all_levels.value = "easy"
    assert {w.value for w in page.levels.values()} == {"easy"}
    page.levels["GERMANY"].value = "hard"
    assert page.start_game()
    bots = page.session._bots
    assert bots["GERMANY"].level == "hard" and type(bots["ITALY"]) is EasyBot and type(bots["RUSSIA"]) is EasyBot


def test_the_form_says_who_plays_here_and_who_the_cpu_plays():
    """As on Fronts' form: the buttons add and remove powers, and the line under them says what that makes."""
    page = DiplomacyPlayPage(seed=2)
    assert "Played here: France. The CPU plays Austria, England, Germany, Italy, Russia and Turkey, each at the " \
        "level chosen below. A click on a side adds or removes it." in page.who.object
    page.people.value = ["FRANCE", "GERMANY"]
    assert "Played here, taking turns: France and Germany. The CPU plays Austria, England, Italy, Russia and " \
        "Turkey" in page.who.object
    page.people.value = list(POWERS)
    assert "No CPU plays" in page.who.object and not page.all_levels.visible


def test_an_unknown_level_is_refused():
    s = LocalDiplomacy()
    with pytest.raises(ValueError, match="CPU level"):
        s.new_game(people=["FRANCE"], seed=1, levels={"GERMANY": "expert"})


def test_the_games_page_offers_each_level_per_seat(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/levels.db", synchronous=True) as hub:
        form = DiplomacyGamesForm(hub)
        assert {"CPU easy", "CPU normal", "CPU hard"} <= set(form.seats[1].options)
        assert "CPU hard:" in _texts(form.layout)
        form.seats[1].value = "hard"
        game_id, _ = form.create(seed=3)
        seat = hub.store.game(game_id).seats[1]
        assert seat.kind == "cpu" and seat.level == "hard"


# --- item 2: the Length select shows its choice -------------------------------------------------------
def test_the_length_select_is_not_blank_when_the_form_appears(tmp_path):
    page = DiplomacyPlayPage(seed=1)
    model = page.years.get_root(bokeh.document.Document())
    labels = dict(model.options)
    assert model.value != "" and labels[model.value] == "No limit (18 centres win)"
    assert page.start_game() and page.session.game.options.get("years") is None
    with LiveHub(f"sqlite:///{tmp_path}/len.db", synchronous=True) as hub:
        form = DiplomacyGamesForm(hub)
        model = form.years.get_root(bokeh.document.Document())
        assert dict(model.options)[model.value] == "No limit (18 centres win)"


# --- item 3: the message names the phase on the board -------------------------------------------------
def test_the_message_names_the_phase_on_the_board_after_cpu_only_phases():
    """France has no retreats or adjustments to write in most years: the CPU resolves those phases
    alone, and the message must name the phase then on the board (it said "Now Winter 1901
    adjustments" under a Spring 1902 header)."""
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=5, years=3)
    panel = OrdersPanel(s)
    while not s.state.result:
        assert s.submit() or s.submit(), s.message       # a retreat left unordered warns once
        named = re.findall(r"Now ([A-Z][a-z]+ \d{4} [a-z]+)", s.message)
        if s.state.result:
            assert not named and "Game over" in panel.banner.object and "The game is over" in s.message
        else:
            assert named == [phase_title(s.state.phase)], s.message
            assert phase_title(s.state.phase) in panel.banner.object


# --- item 4: the hot seat's next person can order at once ---------------------------------------------
def test_the_next_person_at_the_hot_seat_gets_the_order_box_without_a_click():
    page = DiplomacyPlayPage(seed=1)
    page.layout.get_root(bokeh.document.Document())
    page.people.value = ["FRANCE", "GERMANY"]
    assert page.start_game()
    panel = page.orders_panel
    page.cover_button.clicks += 1
    assert panel.typed.visible and panel.submit.visible
    assert page.session.submit()
    assert page.cover.visible and not panel.submit.visible
    page.cover_button.clicks += 1                    # "I'm Germany: show my orders"
    assert panel.typed.visible and panel.add.visible and panel.submit.visible


# --- item 5: the retreat trap ---------------------------------------------------------------------------


def _retreat_session() -> LocalDiplomacy:
    from academy.games.diplomacy.game import DiplomacyGame
    st = DiplomacyGame().state_from_position({"phase": "S1901R", "units": {"FRANCE": ["A MUN"]},
                                              "dislodged": {"GERMANY": [{"unit": "A MUN", "attacked_from": "BUR"}]}})
    s = LocalDiplomacy()
    s.new_game(people=["GERMANY"], state=st)
    return s


def test_an_empty_submit_in_a_retreat_warns_first_and_a_second_one_disbands():
    s = _retreat_session()
    panel = OrdersPanel(s)
    assert not s.submit()
    assert "A MUN has no retreat order" in s.message and "disbanded" in s.message
    assert s.phase == "S1901R" and panel.submit.label == "Submit anyway"
    assert s.submit(), s.message                          # the second click: the learner means it
    assert s.phase != "S1901R" and "A MUN" not in str(s.state.position.units_of("GERMANY"))


def test_submit_anyway_needs_one_click_even_when_other_orders_arrive_in_between():
    """Issue 14 (a newcomer's walk): "Submit anyway" once needed two clicks. The warning was keyed on the
    record's step, which the CPU powers' orders move on while the learner reads it; it is keyed on the
    phase and the drafts."""
    s = _retreat_session()
    panel = OrdersPanel(s)
    assert not s.submit()
    s.step += 1                                           # a CPU power's orders reached the record
    assert s.warned and panel.submit.label == "Submit anyway"
    assert s.submit(), s.message
    assert s.phase != "S1901R"


def test_a_written_retreat_submits_at_once():
    s = _retreat_session()
    s.click("MUN")
    s.click("BOH")
    assert s.pending == {"A MUN": "A MUN R BOH"}
    assert s.submit(), s.message


def test_a_second_click_on_the_dislodged_unit_keeps_it_selected_and_says_so():
    s = _retreat_session()
    panel = OrdersPanel(s)
    s.click("MUN")
    assert "Selected: A MUN" in panel.selection.object and "BOH" in panel.selection.object
    s.click("MUN")                                        # a double click by mistake
    assert s.selected == "A MUN" and not s.pending and "still selected" in s.message
    s.click("BOH")                                        # the target click still writes the retreat
    assert s.pending == {"A MUN": "A MUN R BOH"} and panel.selection.object == ""


def test_an_unwritten_build_warns_before_it_is_lost():
    from academy.games.diplomacy.game import DiplomacyGame
    st = DiplomacyGame().state_from_position({"phase": "W1901A", "units": {"FRANCE": ["A BUR"]},
                                              "supply_centers": {"FRANCE": ["PAR", "BRE", "MAR"]}})
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=st)
    assert not s.submit() and "may build 2 more units" in s.message
    s.click("PAR")
    s.choose("A PAR B")
    assert not s.submit() and "may build 1 more unit" in s.message
    assert s.submit() and s.phase == "S1902M"


# --- item 6: refusals say why --------------------------------------------------------------------------
def test_a_click_where_the_unit_cannot_go_says_it_is_not_adjacent_and_where_it_can_go():
    from academy.games.diplomacy.game import DiplomacyGame
    st = DiplomacyGame().state_from_position({"phase": "S1901M", "units": {"ITALY": ["F ROM"], "AUSTRIA": ["A VEN"]}})
    s = LocalDiplomacy()
    s.new_game(people=["ITALY"], state=st)
    s.click("ROM")
    s.click("VEN")
    assert "No order of F ROM concerns Venice" in s.message
    assert "VEN is not adjacent to ROM for a fleet" in s.message and "F ROM can move to NAP, TUS or TYS" in s.message


def _standoff_retreat() -> LocalDiplomacy:
    """diplomacy.md §26: Austria's A VIE was dislodged from BOH; a standoff left GAL empty."""
    from academy.games.diplomacy.game import DiplomacyGame
    st = DiplomacyGame().state_from_position({"phase": "S1901R", "units": {"GERMANY": ["A VIE"]}, "contested": ["GAL"],
                                              "dislodged": {"AUSTRIA": [{"unit": "A VIE", "attacked_from": "BOH"}]}})
    s = LocalDiplomacy()
    s.new_game(people=["AUSTRIA"], state=st)
    return s


def test_a_retreat_to_a_standoff_says_a_standoff_happened_there():
    s = _standoff_retreat()
    assert not s.type_order("A VIE R GAL")
    assert "cannot retreat to GAL: a standoff happened in GAL" in s.message and "(Rules page: Retreats)" in s.message
    s.click("VIE")
    s.click("GAL")
    assert "a standoff happened in GAL" in s.message and not s.pending


def test_a_move_typed_in_a_retreat_is_answered_with_the_learners_own_unit():
    s = _standoff_retreat()
    assert not s.type_order("A VIE - TYR")
    assert "write 'A VIE R TYR'" in s.message and "MUN" not in s.message
    assert not s.type_order("A VIE - GAL")
    assert "A VIE" in s.message and "standoff" in s.message and "MUN" not in s.message


# --- item 8: several orders in the order box --------------------------------------------------------------
def test_the_order_box_takes_several_orders_separated_by_semicolons():
    """Lesson 2 teaches 'A BUR - BEL; A PAR - BUR'; the box refused it."""
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=read_position("diplomacy", "France to order, S1901M | France: A BUR, A PAR"))
    assert s.type_order("A BUR - BEL; A PAR - BUR"), s.message
    assert s.pending == {"A BUR": "A BUR - BEL", "A PAR": "A PAR - BUR"}
    assert "Orders written: A BUR - BEL; A PAR - BUR" in s.message
    assert not s.type_order("A BUR H; A PAR - MUN")            # one refused: neither is written
    assert s.pending == {"A BUR": "A BUR - BEL", "A PAR": "A PAR - BUR"} and "MUN" in s.message


# --- item 10: lesson items ------------------------------------------------------------------------------
def test_convoy_only_targets_are_ringed_apart_and_said():
    """Lesson 1: A LON marches to WAL and YOR; NWY, EDI, DEN, HOL and BEL only by convoy (diplomacy.md §12)."""
    from academy.ui.diplomacy.board import DiplomacyBoard
    from academy.ui.diplomacy.style import CONVOY_TARGET, TARGET
    s = LocalDiplomacy()
    s.new_game(people=["ENGLAND"], state=read_position("diplomacy", "England to order, S1901M | England: A LON, F NTH"))
    board = DiplomacyBoard(s)
    s.click("LON")
    assert s.by_convoy == ["BEL", "DEN", "EDI", "HOL", "NWY"] and {"WAL", "YOR"} <= set(s.targets)
    assert "only by convoy" in s.message and "BEL, DEN, EDI, HOL and NWY" in s.message
    colours = dict(zip(board.ids, board._province_columns()["line_color"]))
    assert colours["NWY"] == colours["BEL"] == CONVOY_TARGET and colours["WAL"] == colours["YOR"] == TARGET
    s.click("WAL")
    assert s.by_convoy == [] and s.pending == {"A LON": "A LON - WAL"}


def test_lesson_one_describes_the_board_as_drawn():
    from academy.ui.lessons_page import game_lessons
    lesson = next(item for item in game_lessons("diplomacy")[0] if item.id == "units-and-provinces")
    body = lesson.body.lower()
    assert "every square" not in body and "square" in body and "hexagon" in body and "circle" in body
    assert "two possible moves" not in body and "convoy" in body


def test_the_order_box_is_emptied_for_a_new_exercise_and_a_refusal_drops_the_old_menu():
    from academy.lessons import Attempt
    from academy.ui.diplomacy.lessons import DiplomacyLessonModel
    from academy.ui.lessons_page import game_lessons
    lessons = {item.id: item for item in game_lessons("diplomacy")[0]}
    model = DiplomacyLessonModel()
    panel = OrdersPanel(model)
    model.start(Attempt(lessons["orders"], lessons["orders"].exercises[0]))
    panel.typed.value_input = "A PAR - "
    model.click("PAR")
    model.click("BUR")
    assert model.choices                                  # the supports into Burgundy are offered instead
    assert not model.type_order("A PAR - MUN") and model.choices == []
    model.start(Attempt(lessons["support"], lessons["support"].exercises[0]))
    assert panel.typed.value_input == "" and panel.typed.value == ""


# --- item 11: a position link's orders and its power to order -------------------------------------------
def test_a_links_power_to_order_is_the_person_and_its_fixed_orders_are_played():
    line = ("France to order, S1901M | France: F BRE, F MAO | England: A LON, F ENG "
            "| England orders: A LON - PIC, F ENG C A LON - PIC")
    page = DiplomacyPlayPage(position=line)
    s = page.session
    assert s.people == ["FRANCE"] and "ENGLAND" in s.levels        # England is the CPU, not a person
    assert s.others == {"ENGLAND": ["A LON - PIC", "F ENG C A LON - PIC"]} and "link's orders" in s.message
    assert s.type_order("F BRE - PIC") and s.submit(), s.message
    orders = s.history[-1]["orders"]["ENGLAND"]
    assert list(orders) == ["A LON - PIC", "F ENG C A LON - PIC"]   # the link's orders, not the CPU's
    assert s.others == {}


def test_the_preview_says_next_to_each_result_which_other_units_could_change_it():
    """The preview adjudicates as if every other power held; each row names what that hides."""
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=1)
    panel = OrdersPanel(s)
    assert s.type_order("A PAR - BUR; F BRE - MAO; A MAR S A PAR - BUR")
    notes = {r["unit"]: r["assumes"] for r in s.preview}
    assert notes["A PAR"] == "Assumes A MUN stays out of BUR: it could move there too."
    assert notes["F BRE"] == "No other power's unit can reach MAO this phase: their orders cannot change this."
    assert "A PIE" not in notes["A MAR"] and "cannot be cut" in notes["A MAR"]   # Italy's army is in VEN
    assert "Assumes A MUN stays out of BUR" in panel.preview.object


def test_a_second_preview_against_the_cpus_likely_orders():
    """Issue 16: beside "if every other power held", each order is also adjudicated against the orders the
    normal CPU would give the others (the engine's likely_results on the same orders), and the panel says
    so; lessons, whose other powers' orders are the exercise's, show only the first preview."""
    from academy.games.diplomacy.likely import likely_orders, likely_results
    from academy.ui.diplomacy.panels import OrdersPanel
    from academy.ui.diplomacy.session import LocalDiplomacy
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=1)
    s.type_order("A PAR - BUR")
    [row] = [r for r in s.preview if r["unit"] == "A PAR"]
    expected = likely_results(s.state, "FRANCE", ["A PAR - BUR"], likely_orders(s.state, "FRANCE"))["A PAR"]
    assert (row["likely_result"], row["likely_reason"]) == expected
    assert "If the others order as a sound player would (the normal CPU's orders)" in OrdersPanel(s)._preview_html()


def test_lessons_keep_to_the_first_preview():
    """A session with ``likely_preview`` off (the lessons' model sets it) shows only the first preview."""
    from academy.ui.diplomacy.lessons import DiplomacyLessonModel
    from academy.ui.diplomacy.session import LocalDiplomacy
    assert DiplomacyLessonModel.likely_preview is False
    s = LocalDiplomacy()
    s.likely_preview = False
    s.new_game(people=["FRANCE"], seed=1)
    s.type_order("A PAR - BUR")
    assert s.preview and not any("likely_result" in r for r in s.preview)


def test_an_adjustment_preview_does_not_speak_of_the_others_holding():
    """A newcomer's walk: a build showed "Preview: if every other power held", which means nothing there."""
    from academy.games.diplomacy.game import DiplomacyGame
    from academy.ui.diplomacy.panels import OrdersPanel
    state = DiplomacyGame().state_from_position({"phase": "W1901A", "units": {"FRANCE": ["A BUR"]},
                                                 "supply_centers": {"FRANCE": ["PAR", "BRE", "MAR", "BEL"]}}, seed=1)
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=state)
    assert s.type_order("A PAR B"), s.message
    html = OrdersPanel(s)._preview_html()
    assert "Preview of your builds and disbands" in html and "if every other power held" not in html
    assert "once submitted, they happen as shown" in html


def test_a_click_where_no_build_is_possible_says_why_and_where_one_is():
    """A newcomer's walk (issue 14): in Winter, a click on Brest, taken by England, said "nothing of France's to
    order there. Click one of your units first." It now gives the adjudicator's reason and the open sites."""
    from academy.games.diplomacy.game import DiplomacyGame
    st = DiplomacyGame().state_from_position({
        "phase": "W1901A", "units": {"FRANCE": ["A PIC"], "ENGLAND": ["F BRE"]},
        "supply_centers": {"FRANCE": ["PAR", "MAR", "SPA"], "ENGLAND": ["BRE", "LON", "EDI", "LVP"]}})
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=st)
    s.click("BRE")
    assert s.message == ("Brest: France does not control BRE now, so it cannot build there. "
                         "You may build in Marseilles or Paris.")
    s.click("SPA")
    assert "SPA is not a home centre of France" in s.message
