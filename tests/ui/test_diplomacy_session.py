"""The Diplomacy play model without a browser: orders by clicks and menus (only the options tree's
leaves), typed orders checked by the engine, the preview, a local game against the CPUs through a
retreat and a build phase, and one shared game seen from two seats (orders stay secret until the
phase resolves). Also: the board builds and follows the model; the map has coordinates."""
from __future__ import annotations

import bokeh.document
import panel as pn
import pytest

from academy.games.diplomacy.game import DiplomacyGame
from academy.games.diplomacy.mapdata import standard_map
from academy.games.diplomacy.options import option_leaves
from academy.store.live import LiveHub
from academy.ui.diplomacy.board import DiplomacyBoard, map_graph, point
from academy.games.diplomacy.view import HIDDEN_ORDERS
from academy.ui.diplomacy.session import LocalDiplomacy, SharedDiplomacy


def local(people=("FRANCE",), seed=1, state=None) -> LocalDiplomacy:
    s = LocalDiplomacy()
    s.new_game(people=list(people), seed=seed, state=state)
    return s


def test_every_province_and_coast_has_coordinates():
    m = standard_map()
    assert len(m.provinces) == 75
    for p in m.provinces.values():
        assert p.xy is not None and all(0 <= v <= 1 for v in p.xy), p.id
        assert set(p.coast_xy) == set(p.coasts), p.id
    g = map_graph(m)
    assert g.number_of_nodes() == 75 and all("pos" in d for _, d in g.nodes(data=True))
    assert point(m, "STP/NC") != point(m, "STP/SC") != point(m, "STP")


def test_clicks_write_a_move_and_the_board_draws_it():
    s = local()
    board = DiplomacyBoard(s)
    board.pane.get_root(bokeh.document.Document())
    s.click("PAR")
    assert s.selected == "A PAR" and "BUR" in s.targets
    s.click("BUR")
    assert s.pending == {"A PAR": "A PAR - BUR"}
    assert all(t in option_leaves(s.options["A PAR"]) for _, t in s.choices)   # the alternatives: supports into BUR
    assert len(board.kit.column("draft-moves", "x0")) == 1
    assert board.nearest(*point(standard_map(), "BUR")) == "BUR"
    s.click("PAR")
    s.click("PAR")                        # the unit again: hold
    assert s.pending["A PAR"] == "A PAR H"


def test_a_support_and_a_convoy_through_the_menus():
    s = local()
    s.click("BRE")
    s.click("PIC")                        # F BRE - PIC is written; supporting A PAR - PIC is offered instead
    assert s.pending["F BRE"] == "F BRE - PIC"
    support = "F BRE S A PAR - PIC"
    assert support in [t for _, t in s.choices]
    s.choose(support)
    assert s.pending["F BRE"] == support
    # a convoy: England's fleet in the Channel carries the army from London
    g = DiplomacyGame()
    st = g.state_from_position({"phase": "S1901M", "units": {"ENGLAND": ["F ENG", "A LON"], "FRANCE": ["A PAR"]}})
    e = local(people=["ENGLAND"], state=st)
    e.click("ENG")
    e.click("LON")                        # the move to LON is written; every convoy of A LON is offered instead
    texts = [t for _, t in e.choices]
    assert "F ENG C A LON - BRE" in texts and "F ENG S A LON" in texts and e.pending == {"F ENG": "F ENG - LON"}
    e.choose("F ENG C A LON - BRE")
    e.click("LON")
    e.click("BRE")                        # the army's move by convoy
    assert e.pending == {"F ENG": "F ENG C A LON - BRE", "A LON": "A LON - BRE"}
    assert e.choices == [] or all(t in option_leaves(e.options["A LON"]) for _, t in e.choices)
    res = {r["unit"]: r["result"] for r in e.preview}
    assert res == {"F ENG": "succeeds", "A LON": "succeeds"}


def test_a_typed_illegal_order_gives_the_engines_message_and_changes_nothing():
    s = local()
    s.click("PAR")
    s.click("BUR")
    before = dict(s.pending)
    assert not s.type_order("A MAR - MUN")
    assert "not adjacent" in s.message and s.message.startswith("France's order 'A MAR - MUN' is refused: MUN is not")
    assert not s.type_order("A BER - KIE")
    assert "GERMANY" in s.message or "not your" in s.message.lower() or "belongs" in s.message
    assert not s.type_order("A PAR - XYZ")
    assert s.pending == before
    assert s.type_order("a mar - gas")
    assert s.pending["A MAR"] == "A MAR - GAS"


def test_the_preview_shows_each_orders_result_and_reason_if_the_others_held():
    s = local()
    s.type_order("A PAR - BUR")
    s.type_order("A MAR S A PAR - BUR")
    s.type_order("F BRE - ENG")
    rows = {r["unit"]: r for r in s.preview}
    assert rows["A PAR"]["result"] == "succeeds" and "BUR" in rows["A PAR"]["reason"]
    assert rows["F BRE"]["result"] == "succeeds"
    s.remove("A PAR")
    rows = {r["unit"]: r for r in s.preview}
    assert rows["A MAR"]["result"] == "fails" and "void" in rows["A MAR"]["reason"]


def test_submit_resolves_against_the_cpus_and_shows_results():
    s = local(seed=4)
    s.type_order("A PAR - BUR")
    assert s.submit()
    assert s.phase == "F1901M" and s.pending == {} and s.preview == []
    last = s.history[-1]
    assert last["phase"] == "S1901M" and last["orders"]["FRANCE"] == ["A PAR - BUR"]
    assert len(last["orders"]) == 7 and set(last["results"]) == set(last["reasons"])
    assert "resolved" in s.message
    assert s.state.last == last
    # the view never holds another power's pending orders
    assert all(t == HIDDEN_ORDERS for pw, t in s.state.pending.items() if pw != "FRANCE")


def test_hot_seat_passes_the_screen_and_keeps_orders_secret():
    s = local(people=["FRANCE", "GERMANY"], seed=2)
    assert s.power == "FRANCE" and not s.ready
    s.click("PAR")
    assert "Pass the screen" in s.message and not s.pending
    s.show_screen()
    s.type_order("A PAR - BUR")
    s.submit()
    assert s.power == "GERMANY" and not s.ready and s.pending == {}
    assert "FRANCE" in s.submitted and s.state.pending["FRANCE"] == HIDDEN_ORDERS   # a placeholder, not the orders
    s.show_screen()
    s.type_order("A MUN - BUR")
    s.submit()
    last = s.history[-1]
    assert last["results"]["A PAR"] == last["results"]["A MUN"] == "fails"     # they bounce
    assert s.power == "FRANCE" and s.phase == "F1901M"


def test_a_retreat_then_the_next_phase():
    g = DiplomacyGame()
    st = g.state_from_position({"phase": "S1901R", "units": {"GERMANY": ["A BUR"], "FRANCE": ["A GAS"]},
                                "dislodged": {"FRANCE": [{"unit": "A PIC", "attacked_from": "BEL"}]}})
    s = local(state=st)
    assert s.phase == "S1901R" and s.power == "FRANCE"
    s.click("PIC")
    assert s.selected == "A PIC" and ("Retreat: A PIC R PAR", "A PIC R PAR") in s.choices
    s.click("PAR")
    assert s.pending == {"A PIC": "A PIC R PAR"}
    s.click("PIC")
    s.click("PIC")                       # the dislodged unit again: still selected (issue 16, item 5)
    assert s.pending == {"A PIC": "A PIC R PAR"} and s.selected == "A PIC"
    s.choose("A PIC D")                  # a disband is chosen from the menu
    assert s.pending == {"A PIC": "A PIC D"}
    s.click("PIC")
    s.click("BRE")
    assert s.submit()
    assert s.history[-1]["results"] == {"A PIC": "succeeds"}
    assert s.phase == "F1901M" and "BRE" in s.state.position.units


def test_a_build_phase_through_the_options_tree():
    g = DiplomacyGame()
    st = g.state_from_position({"phase": "W1901A", "units": {"FRANCE": ["A SPA", "A POR", "F MAO"]},
                                "supply_centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA", "POR"]}})
    s = local(state=st)
    assert s.order_limit == 2
    s.click("PAR")                       # an inland centre: one leaf, written at once
    assert s.pending == {"PAR": "A PAR B"}
    s.click("BRE")
    assert sorted(t for _, t in s.choices) == ["A BRE B", "F BRE B"]
    s.choose("F BRE B")
    s.click("MAR")
    s.choose("A MAR B")
    assert len(s.pending) == 2 and "remove one" in s.message
    assert s.submit()
    units = s.state.position.units
    assert units["PAR"].kind == "A" and units["BRE"].kind == "F" and "MAR" not in units
    assert s.phase == "S1902M"


def test_a_position_shown_from_an_observation_only():
    st = DiplomacyGame().new_initial_state(1)
    st.submit("GERMANY", ["A MUN - BUR"])
    v = st.game.view_state(st.observation("FRANCE"))
    assert v.pending == {"GERMANY": HIDDEN_ORDERS} and v.phase == "S1901M"
    assert len(v.position.units) == 22


# --- the shared game ------------------------------------------------------------------------------
@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/live.db", synchronous=True) as h:
        yield h


def test_two_seats_of_a_shared_game(hub):
    seats = [{"kind": "cpu", "level": "easy"}] * 7
    seats = list(seats)
    seats[1] = {"kind": "human", "name": "Ann"}       # England
    seats[2] = {"kind": "human", "name": "Bob"}       # France
    game, tokens = hub.create("diplomacy", {}, 5, seats)
    england, france = SharedDiplomacy(game, tokens[1]), SharedDiplomacy(game, tokens[2])
    watcher = SharedDiplomacy(game)
    assert england.power == "ENGLAND" and france.power == "FRANCE" and watcher.power is None
    assert sorted(game.view(1).waiting) == [1, 2]        # the CPUs have written theirs
    france.click("PAR")
    france.click("BUR")
    assert france.submit()
    assert "submitted" in france.message.lower()
    # England sees that France has submitted, and not what
    assert "FRANCE" in england.submitted and "France ✓" in england.waiting_text()
    assert "Waiting for: England" in england.waiting_text()
    assert "A PAR - BUR" not in repr(game.state_for(1)) and "FRANCE" in england.state.pending
    assert all(t == HIDDEN_ORDERS for pw, t in england.state.pending.items() if pw != "ENGLAND")
    assert "A PAR - BUR" not in repr(watcher.state.pending)
    # France may still change its orders
    france.type_order("A PAR - PIC")
    assert france.submit() and game.view(1).waiting == (1,)
    england.type_order("F LON - ENG")
    assert england.submit()
    for s in (england, france, watcher):
        assert s.phase == "F1901M", s.phase
        last = s.history[-1]
        assert last["phase"] == "S1901M" and last["orders"]["FRANCE"] == ["A PAR - PIC"]
        assert last["orders"]["ENGLAND"] == ["F LON - ENG"] and "A PAR" in last["reasons"]
    assert "resolved" in england.message
    late = SharedDiplomacy(game, tokens[1])           # a page opened later has the history too
    assert [h["phase"] for h in late.history] == ["S1901M"]
    watcher.click("PAR")
    assert "watching" in watcher.message


def test_the_games_page_creates_a_diplomacy_game_and_its_links_open_the_diplomacy_page(hub):
    from academy.ui.dashboard import GamesDashboard, shared_game_page
    from academy.ui.diplomacy.play import SharedDiplomacyPage
    dash = GamesDashboard(hub)
    form = dash.forms["diplomacy"]
    form.seats[0].value = "open"                      # Austria: anyone may take it
    game_id, tokens = form.create(seed=3)
    assert sorted(tokens) == [0, 2]                    # France by link, Austria open; the others CPU
    assert f"match={game_id}&amp;seat=" in form.links.object or f"match={game_id}&seat=" in form.links.object
    assert "?game=diplomacy&tab=play" in form.links.object and f"data-game='{game_id}'" in form.table.object
    # the seat link opens the Diplomacy page (whatever game the link names), a bad token a clear message
    page = shared_game_page(str(game_id), tokens[2], hub=hub)
    assert isinstance(page, SharedDiplomacyPage) and page.session.power == "FRANCE"
    bad = shared_game_page(str(game_id), "forged", hub=hub)
    assert not isinstance(bad, SharedDiplomacyPage)
    # someone takes the open seat from the list
    assert list(form.join_seat.options.values()) == [(game_id, 0)]
    form.join_seat.value = (game_id, 0)
    token = form.join()
    assert token and "You play Austria" in form.join_result.object
    assert SharedDiplomacy(hub.open(game_id), token).power == "AUSTRIA"


def test_the_play_page_follows_the_session_and_covers_the_screen_between_people():
    from academy.ui.diplomacy.play import DiplomacyPlayPage
    page = DiplomacyPlayPage(seed=1)
    page.layout.get_root(bokeh.document.Document())
    assert not page.game_area.visible
    page.people.value = ["FRANCE", "GERMANY"]
    assert page.start_game()
    s = page.session
    assert page.game_area.visible and page.cover.visible and not page.table.visible
    assert "Pass the screen to France" in page.cover_text.object
    page.cover_button.clicks += 1
    assert not page.cover.visible and page.table.visible
    s.click("PAR")
    s.click("BUR")
    html = "".join(str(getattr(o, "object", "")) for o in page.layout.select(lambda o: hasattr(o, "object")))
    assert "A PAR - BUR" in html and "Preview: if every other power held" in html
    assert "Support a move: A PAR S A MAR - BUR" in [b.label for b in page.layout.select(pn.widgets.Button)]
    s.submit()
    assert page.cover.visible and "Germany" in page.cover_text.object
    page.people.value = []
    assert not page.start_game() and page.confirm_box.visible      # a game runs: the form asks first
    page.confirm_start.clicks += 1
    assert "at least one power" in page.form_message.object and page.session.engine_state is not None


def test_the_coast_of_a_split_province_is_chosen_in_the_menu():
    g = DiplomacyGame()
    st = g.state_from_position({"phase": "S1901M", "units": {"FRANCE": ["F MAO", "A PAR"]}})
    s = local(state=st)
    s.click("MAO")
    s.click("SPA")
    assert [t for _, t in s.choices] == ["F MAO - SPA/NC", "F MAO - SPA/SC"] and not s.pending
    s.choose("F MAO - SPA/SC")
    assert s.pending == {"F MAO": "F MAO - SPA/SC"}
    s.choose("F MAO - SPA/NC")             # no longer offered: nothing changes
    assert s.pending == {"F MAO": "F MAO - SPA/SC"} and "not one of the choices" in s.message


def test_random_clicks_only_ever_write_leaves_of_the_options_tree():
    """A long game of random clicks and menu choices: every written order is a leaf of the options
    tree of its unit, submits are accepted, and the game goes through retreats and adjustments."""
    import random
    rng = random.Random(7)
    s = local(people=["FRANCE"], seed=11)
    provinces = sorted(standard_map().provinces)
    kinds = set()
    for _ in range(14):
        if s.state.result:
            break
        kinds.add(s.phase[-1])
        for _ in range(12):
            s.click(rng.choice(provinces) if rng.random() < 0.5 else
                    (rng.choice([k.split()[-1] for k in s.options]) if s.options else rng.choice(provinces)))
            if s.choices and rng.random() < 0.7:
                s.choose(rng.choice(s.choices)[1])
            for key, text in s.pending.items():
                assert text in option_leaves(s.options[key]), (key, text)
        # a dislodged unit left without a retreat order: the first submit warns, the second disbands it
        assert s.submit() or ("submit again" in s.message and s.submit()), s.message
    assert len(s.history) >= 10
    assert {"M", "A"} <= kinds | {h["phase"][-1] for h in s.history}


def test_the_board_shows_the_last_phase_with_failures_and_can_hide_it():
    s = local(seed=4)
    board = DiplomacyBoard(s)
    board.pane.get_root(bokeh.document.Document())
    s.type_order("A PAR - BUR")
    s.submit()
    last = s.history[-1]
    moves = sum(t.split()[2:3] == ["-"] for texts in last["orders"].values() for t in texts)
    assert len(board.kit.column("last-moves", "x0")) == moves
    assert len(board.kit.column("fails", "x")) == sum(r == "fails" for r in last["results"].values())
    board.show_last = False
    assert board.kit.column("last-moves", "x0") == [] and board.kit.column("fails", "x") == []
    assert sum(1 for t in board.units.data["letter"] if t) == len(s.state.position.units)


def test_the_unit_source_never_shrinks_from_one_lesson_to_the_next():
    """Issue 14, item 1 (found by the walk): opening a lesson with fewer units than the one before made
    the browser throw "Offset is outside the bounds of the DataView" (BokehJS's Text glyph, with a text
    colour per row, meets a source that got shorter). The unit source keeps its length; the rows a
    position does not use are blank, and the new position is patched in place."""
    from academy.lessons import Attempt
    from academy.ui.diplomacy.lessons import DiplomacyLessonModel
    from academy.ui.lessons_page import game_lessons
    lessons = {lesson.id: lesson for lesson in game_lessons("diplomacy")[0]}
    m = DiplomacyLessonModel()
    board = DiplomacyBoard(m)
    board.pane.get_root(bokeh.document.Document())
    lengths, drawn = [], []
    for lid in ("dislodging", "standoffs", "coasts"):            # 5 units, then 3, then 1
        m.start(Attempt(lessons[lid], lessons[lid].exercises[0]))
        lengths.append(len(board.units.data["x"]))
        drawn.append(sorted(u for u in board.units.data["unit"] if u))
    assert len(set(lengths)) == 1, f"the unit source changed length: {lengths}"
    assert [len(d) for d in drawn] == [5, 3, 1]
    assert drawn[2] == ["FRANCE F MAO"]
    blank = [i for i, u in enumerate(board.units.data["unit"]) if not u]
    assert all(board.units.data["letter"][i] == "" and board.units.data["size"][i] == 0 for i in blank)


def test_the_end_of_a_game_says_game_over_not_the_next_phase():
    """Issue 14, item 1 (found by the walk): when a one-year game ended, the page still read "France —
    Spring 1902 movement" and the message "... Now Spring 1902 movement. The game is over: ...". The
    banner says the game is over and the result stays shown under it."""
    from academy.ui.diplomacy.panels import OrdersPanel
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=3, years=1)
    panel = OrdersPanel(s)
    for _ in range(6):
        if s.state.result:
            break
        assert "Game over" not in panel.banner.object
        assert s.submit(), s.message
    assert s.state.result, "a one-year game ends after its Winter"
    assert "Game over" in panel.banner.object and "Spring 1902" not in panel.banner.object
    assert "Now Spring 1902" not in s.message and "The game is over" in s.message
    assert f"The game is over: {s.state.result['text']}" in panel.waiting.object
    s.click("PAR")                                  # a click after the end: the result stays in sight
    assert s.state.result["text"] in panel.waiting.object


def test_one_order_is_an_order_not_orders():
    """Issue 14, item 1 (seen at the walk's end): "Winter 1901 adjustments resolved: 1 orders" and
    "(1 orders)" in the results."""
    from academy.ui.diplomacy.panels import results_html
    from academy.ui.position_link import read_position
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], state=read_position("diplomacy", "France to order, S1901M | France: A PAR"))
    one = {"phase": "W1901A", "orders": {"GERMANY": ["F KIE B"]}, "results": {"F KIE": "succeeds"},
           "reasons": {"F KIE": "GERMANY builds F KIE."}}
    assert "(1 order)" in results_html(one)
    assert s.type_order("A PAR - BUR") and s.submit(), s.message
    assert "Spring 1901 movement resolved: 1 order, 0 failed" in s.message, s.message


def test_selecting_an_army_does_not_offer_a_convoy_a_fleet_does():
    """A newcomer was told an army could "convoy": only fleets convoy."""
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=3, years=1)
    s.click("PAR")
    assert "A PAR selected" in s.message and "convoy" not in s.message
    s.click("PAR")                      # hold, and select the fleet
    s.click("BRE")
    assert "F BRE selected" in s.message and "or to convoy an army" in s.message
