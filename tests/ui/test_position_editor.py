"""The position editor (issue 8): set up a Conquest position by clicks, turn it into a lesson line and a
link; a hand-edited line is read by the engine (a bad one changes nothing)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from academy.games.conquest.position import parse_position
from academy.ui.conquest.editor import START, ConquestEditor, EditorPage
from academy.ui.editor_page import editor_page


def position_in(link: str) -> str:
    return parse_qs(urlsplit(link).query)["position"][0]


def test_a_click_paints_the_territory_with_the_chosen_owner_and_armies():
    m = ConquestEditor()
    m.owner, m.armies = 0, 7
    m.click("ural")
    assert m.state.owner["ural"] == 0 and m.state.armies["ural"] == 7
    assert "Red: Ukraine 3, Ural 7" in m.position_line()
    assert m.message == "Ural: Red, 7."
    m.owner = -1
    m.click("ural")
    assert "Neutral: Ural 7" in m.position_line()


def test_the_turn_and_phase():
    m = ConquestEditor()
    m.set_turn(1, "attack")
    assert m.position_line().startswith("Blue to move, attack |")
    m.set_turn(0, "reinforce", 9)
    assert m.position_line().startswith("Red to move, reinforce 9 |")
    with pytest.raises(ValueError):
        m.set_turn(0, "occupy")


def test_a_line_typed_by_hand_is_read_by_the_engine():
    m = ConquestEditor()
    assert m.apply_line("Blue to move, fortify | Red: Alaska 4 | rest: Blue 2")
    assert m.state.current == 1 and m.state.phase == "fortify" and m.state.armies["alaska"] == 4
    before = m.position_line()
    assert not m.apply_line("Blue to move, fortify | Red: Alaskka 4 | rest: Blue 2")
    assert "That line was not applied" in m.message and "Alaskka" in m.message
    assert m.position_line() == before


def test_a_position_without_a_player_cannot_be_shared():
    page = EditorPage("Red to move, attack | rest: Red 1")
    assert page.model.problems() == ["Blue owns no territory."]
    assert not page.share.layout.visible
    assert "Blue owns no territory." in page.message.object
    page.model.owner = 1
    page.model.click("alaska")
    assert page.model.problems() == [] and page.share.layout.visible


def test_the_page_shows_the_line_the_lesson_snippet_and_the_link():
    page = EditorPage()
    page.owner.value, page.armies.value = 0, 4
    page.model.click("ural")
    line = page.model.position_line()
    assert page.line.value == line
    assert f"position: &quot;{line}&quot;" in page.lesson.object
    assert position_in(page.share.url.value) == line
    assert parse_position(position_in(page.share.url.value)).armies["ural"] == 4
    page.mover.value, page.phase.value = 1, "attack"
    assert page.line.value.startswith("Blue to move, attack")
    page.line.value = "Red to move, attack | Red: Peru 6 | rest: Blue 1"
    page.apply.clicks += 1
    assert page.model.state.armies["peru"] == 6 and page.line.value.startswith("Red to move, attack | Red: Peru 6")


def test_editor_page_routes():
    assert isinstance(editor_page({"game": "conquest"}), EditorPage)
    assert editor_page({"game": "conquest", "position": "Red to move, attack | Red: Peru 6 | rest: Blue 1"}) \
        .model.state.armies["peru"] == 6
    bad = editor_page({"game": "conquest", "position": "Red to move, attack | Red: Perru 6"})
    alert = bad.objects[0]
    assert "cannot be read" in alert.object and "Perru" in alert.object
    assert "editor-page" in bad.objects[1].css_classes
    line = next(w for w in bad.objects[1].select() if "editor-line" in (getattr(w, "css_classes", None) or []))
    assert line.value == ConquestEditor(START).position_line()
    choose = editor_page({"game": "tetris"})
    assert "no position editor for tetris" in choose.object and "game=conquest" in choose.object


# --- Game of War --------------------------------------------------------------------------------------------

def test_game_of_war_editor_places_and_removes_units_and_arsenals():
    from academy.ui.game_of_war.editor import START as GOW_START
    from academy.ui.game_of_war.editor import GameOfWarEditor
    m = GameOfWarEditor(GOW_START)
    m.side, m.piece = "north", "cavalry"
    m.click((5, 5))
    assert m.message == "North cavalry on f6." and "North: N-I1 e5, N-C1 f6" in m.position_line()
    m.side, m.piece = "south", "arsenal"
    m.click((10, 10))
    assert "South arsenals: w18, k11" in m.position_line()
    m.piece = "remove"
    m.click((4, 4))
    assert "N-I1" not in m.position_line() and m.message == "e5 cleared."
    m.side, m.piece = "north", "infantry"
    m.click((4, 4))
    assert "North: N-C1 f6, N-I1 e5" in m.position_line()     # the first free number again
    m.set_mover("south")
    assert m.position_line().startswith("South to move |")


def test_game_of_war_editor_refuses_what_the_engine_refuses():
    from academy.ui.game_of_war.editor import GameOfWarEditor
    m = GameOfWarEditor("North to move | North arsenals: a1 | South arsenals: y20 | North: N-I1 e5 | South: S-I1 e9")
    mountain = sorted(m.state.position.mountains)[0]
    before = m.position_line()
    m.piece = "cavalry"
    m.click(mountain)
    assert m.message.startswith("Not done:") and "mountain" in m.message
    assert m.position_line() == before
    assert not m.apply_line("North to move | North: N-I1 e5 | South: S-I1 e5")
    assert "one unit per square" in m.message and m.position_line() == before


def test_game_of_war_editor_page_problems_line_and_link():
    from academy.ui.game_of_war.editor import GameOfWarEditorPage
    page = GameOfWarEditorPage("North to move | board: empty | North arsenals: c3 | North: N-R1 e5 | South: S-I1 u16")
    assert page.model.problems() == ["North has no fighting unit.", "South has no arsenal."]
    assert not page.share.layout.visible
    page.model.side, page.model.piece = "south", "arsenal"
    page.model.click((20, 18))
    page.model.side, page.model.piece = "north", "infantry"
    page.model.click((6, 6))
    assert page.model.problems() == []
    line = page.model.position_line()
    assert page.line.value == line and position_in(page.share.url.value) == line
    assert f"position: &quot;{line}&quot;" in page.lesson.object
    boards = len(page.board_slot.objects)
    assert page.model.apply_line("North to move | North arsenals: a1 | South arsenals: y20 | North: N-I1 e5 | "
                                 "South: S-I1 e9")                 # the classic board: terrain changes
    assert len(page.board_slot.objects) == boards == 1 and page.line.value.startswith("North to move | North: N-I1")


def test_editor_page_has_the_game_of_war():
    from academy.ui.game_of_war.editor import GameOfWarEditorPage
    assert isinstance(editor_page({"game": "game_of_war"}), GameOfWarEditorPage)


# --- Diplomacy ----------------------------------------------------------------------------------------------

def test_diplomacy_editor_places_units_on_coasts_and_gives_centres():
    from academy.ui.diplomacy.editor import START as DIP_START
    from academy.ui.diplomacy.editor import DiplomacyEditor
    m = DiplomacyEditor(DIP_START)
    assert m.position_line() == "S1901M | Austria: A BOH, A TYR | Germany: A BER, A MUN"
    m.owner, m.piece = "RUSSIA", "F"
    m.click("STP")
    assert "Russia: F STP/NC" in m.position_line()           # a split coast: the first coast unless chosen
    m.coast = "SC"
    m.click("STP")
    assert "Russia: F STP/SC" in m.position_line() and "STP/NC" not in m.position_line()
    m.owner, m.piece = "FRANCE", "centre"
    m.click("MUN")
    assert "centres France: BRE, MAR, MUN, PAR" in m.position_line() and "centres Germany: BER, KIE" in \
        m.position_line()
    m.piece = "remove"
    m.click("BOH")
    assert "A BOH" not in m.position_line() and m.message == "Bohemia cleared."
    m.set_phase("Fall movement", 1903)
    assert m.position_line().startswith("F1903M |")


def test_diplomacy_editor_refuses_what_the_engine_refuses():
    from academy.ui.diplomacy.editor import DiplomacyEditor
    m = DiplomacyEditor()
    before = m.position_line()
    m.owner, m.piece = "RUSSIA", "F"
    m.click("MUN")
    assert m.message == "Not done: Unit 'F MUN' of RUSSIA: a fleet cannot stand in Munich, inland."
    m.piece = "centre"
    m.click("TYR")
    assert m.message == "Not done: Tyrolia is not a supply centre."
    assert not m.apply_line("S1901M | England: F XYZ") and "'XYZ' is not a province" in m.message
    assert m.position_line() == before


def test_diplomacy_editor_page_line_and_link():
    from academy.ui.diplomacy.editor import DiplomacyEditorPage
    page = DiplomacyEditorPage()
    page.piece.value, page.owner.value = "A", "ITALY"
    page.model.click("PIE")
    line = page.model.position_line()
    assert "Italy: A PIE" in line and page.line.value == line
    assert position_in(page.share.url.value) == line
    page.season.value = "Winter adjustments"
    assert page.line.value.startswith("W1901A |")
    assert isinstance(editor_page({"game": "diplomacy"}), DiplomacyEditorPage)


ROUND_TRIP = ("Germany to order, S1902M | France: A BEL, A PIC | Germany: A MUN, A RUH | "
              "France orders: A PIC S A BEL")


def test_diplomacy_editor_keeps_every_part_of_an_applied_line():
    """Issue 20, item 2: Apply dropped the fixed orders and the learner's power while saying "Position
    applied."; now the line comes back as it went in, and the message says what was kept."""
    from academy.ui.diplomacy.editor import DiplomacyEditor
    m = DiplomacyEditor()
    assert m.apply_line(ROUND_TRIP)
    assert m.position_line() == ROUND_TRIP
    assert m.message == "Position applied, with Germany to order and France's orders (A PIC S A BEL)."
    m.owner, m.piece = "ITALY", "A"
    m.click("PIE")                                  # another change keeps the orders that still fit
    assert m.position_line().endswith("| France orders: A PIC S A BEL") and "Italy: A PIE" in m.position_line()
    m.piece = "remove"
    m.click("PIC")                                  # the supporting unit goes, and its order with it
    assert "orders" not in m.position_line()
    assert m.message == "Picardy cleared. Dropped the fixed order A PIC S A BEL: no longer possible here."


def test_diplomacy_editor_drops_fixed_orders_in_another_phase_and_names_retreat_phases():
    from academy.ui.diplomacy.editor import DiplomacyEditor, DiplomacyEditorPage
    m = DiplomacyEditor(ROUND_TRIP)
    m.set_phase("Fall movement", 1902)
    assert m.position_line() == "Germany to order, F1902M | France: A BEL, A PIC | Germany: A MUN, A RUH"
    assert "Dropped the fixed order A PIC S A BEL: they belong to another phase." in m.message
    page = DiplomacyEditorPage()
    retreat = "France to order, F1902R | France: A BUR | Germany: A PAR | dislodged France: A PAR from PIC"
    assert page.model.apply_line(retreat)
    assert (page.season.value, page.year.value) == ("Fall retreats", 1902)     # the phase shown follows the line
    assert page.line.value == retreat and page.learner.value == "FRANCE"
    page.year.value = 1903                          # one retreat phase to another keeps the dislodged unit
    assert page.line.value.startswith("France to order, F1903R |") and "dislodged France: A PAR" in page.line.value


def test_diplomacy_editor_chooses_the_learners_power_among_those_with_units():
    """Issue 20: the tip said to add "England to order," even when England had no unit (which the checker
    then refused); the page offers only the powers with units, and the lesson line names the choice."""
    from academy.ui.diplomacy.editor import DiplomacyEditorPage
    page = DiplomacyEditorPage()
    assert list(page.learner.options) == ["Nobody named", "Austria", "Germany"]
    page.learner.value = "GERMANY"
    assert page.line.value.startswith("Germany to order, S1901M |")
    assert 'position: &quot;Germany to order, S1901M |' in page.lesson.object and "England" not in page.lesson.object
    page.model.apply_line(ROUND_TRIP.replace("Germany to order", "France to order").replace(
        " | France orders: A PIC S A BEL", " | Germany orders: A MUN H"))
    page.learner.value = "GERMANY"                  # the learner's own power never has fixed orders
    assert "orders" not in page.line.value and "Germany's fixed orders (A MUN H) were dropped" in page.model.message


# --- Fronts -------------------------------------------------------------------------------------------------

def test_fronts_editor_sets_stacks_owners_and_clears():
    from academy.ui.fronts.editor import FrontsEditor
    m = FrontsEditor()
    m.owner, m.kind, m.count = "red", "armor", 3
    m.click("westmere")
    assert "2 infantry Oakhollow, 3 armor Westmere" in m.position_line()
    assert m.obs["stacks"]["westmere"] == [{"owner": "red", "units": {"infantry": 0, "artillery": 0, "armor": 3,
                                                                        "air": 0}}]
    m.action = "own"
    m.click("westmere")
    assert m.position_line().endswith("owners: Westmere Red") and m.message == "Westmere now belongs to Red."
    m.action = "clear"
    m.click("northgate")
    assert "Northgate" not in m.position_line().split("neutral:")[0]
    m.owner, m.action, m.kind, m.count = "neutral", "set", "infantry", 0
    m.click("fordham")                                     # 0: that type goes, and the garrison with it
    assert "Fordham" not in m.position_line()


def test_fronts_editor_changes_map_by_line_and_refuses_a_bad_one():
    from academy.ui.fronts.editor import FrontsEditorPage
    page = FrontsEditorPage()
    assert page.model.apply_line("map: crossroads; players: 4; mode: ffa; turn 1")
    assert page._map == "crossroads" and list(page.owner.options) == ["Red", "Blue", "Green", "Gold", "Neutral"]
    before = page.model.position_line()
    assert not page.model.apply_line("map: crossroads; Red 10: 2 infantry Nowhere")
    assert page.model.message == "That line was not applied: 'Nowhere' is not a province I know."
    assert page.model.position_line() == before == page.line.value
    assert position_in(page.share.url.value) == before
    assert f'Red to order; {before}' in page.lesson.object.replace("&quot;", '"')


def test_the_fronts_lesson_snippet_is_a_lesson_position():
    import html
    import re

    from academy.games.fronts.goals import start_state
    from academy.ui.fronts.editor import FrontsEditorPage
    page = FrontsEditorPage()
    line = re.search(r'position: "(.*)"', html.unescape(page.lesson.object)).group(1)
    state = start_state(line)
    assert state.board == page.model.state.board


# --- Tactics ------------------------------------------------------------------------------------------------

def test_tactics_editor_places_removes_and_gives_properties():
    from academy.ui.tactics.editor import START as T_START
    from academy.ui.tactics.editor import TacticsEditor
    m = TacticsEditor(T_START)
    m.army, m.unit, m.hp = "red", "artillery", 7
    m.click((2, 2))
    assert m.message == "Red Artillery on C3." and "artillery C3 hp7" in m.position_line()
    m.action = "remove"
    m.click((3, 2))
    assert "infantry D3" not in m.position_line()
    m.action, m.army = "own", "blue"
    prop = sorted(m.state.owners)[0]
    m.click(prop)
    assert m.position_line().endswith("owners: A8 blue")
    m.click((0, 0))
    assert m.message == "Not done: A1 is not a property."
    m.set_turn("blue", 3)
    assert m.position_line().startswith("river_crossing day 3 blue |")


def test_tactics_editor_refuses_what_the_engine_refuses():
    from academy.ui.tactics.editor import TacticsEditor
    m = TacticsEditor()
    before = m.position_line()
    m.unit = "battleship"
    m.click((3, 3))
    assert m.message == "Not done: 'battleship D4': a Battleship can't stand on plains."
    assert not m.apply_line("river_crossing day 1 red | red 0: tank Z99")
    assert "Z99 is off the board" in m.message and m.position_line() == before


def test_tactics_editor_page_changes_map_and_shares():
    from academy.ui.tactics.editor import TacticsEditorPage
    page = TacticsEditorPage()
    assert position_in(page.share.url.value) == page.model.position_line() == page.line.value
    page.map.value = "twin_harbors"
    assert page._map == "twin_harbors" and page.model.position_line().startswith("twin_harbors day 1 red")
    assert isinstance(editor_page({"game": "tactics"}), TacticsEditorPage)
