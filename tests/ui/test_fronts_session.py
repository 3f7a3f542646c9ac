"""The Fronts play model and board without a browser: clicks write orders the engine accepts, typed
orders are checked by the engine, the odds preview, a turn against the CPU, and the fog (the board
draws only what ``observation(player)`` shows)."""
from __future__ import annotations

import bokeh.document
from bokeh.events import Tap
import panel as pn
import pytest

from academy.core.errors import RulesError

from academy.games.fronts.odds import preview as odds_preview
from academy.ui.fronts.board import FrontsBoard, stack_label
from academy.ui.fronts.panels import odds_html, reports_html
from academy.ui.fronts.play import FrontsPlayPage
from academy.ui.fronts.session import LocalFronts


def new(people=("red",), **kw) -> LocalFronts:
    s = LocalFronts()
    s.new_game(people=list(people), seed=kw.pop("seed", 1), **kw)
    return s


def board_for(s: LocalFronts) -> FrontsBoard:
    b = FrontsBoard(s)
    b.pane.get_root(bokeh.document.Document())
    return b


def test_a_click_sequence_writes_an_order_the_engine_accepts():
    s = new()
    s.click("millbrook")
    assert s.selected == "millbrook" and "westmere" in s.targets and "riverton" in s.targets
    assert s.split == {"infantry": 2, "armor": 1}
    s.set_split("infantry", 1)
    s.click("westmere")
    assert s.pending == ["1 infantry 1 armor Millbrook -> Westmere"]
    assert s.selected is None and s.targets == []
    # the engine takes it as it is
    assert s.engine_state.validate_orders("red", s.pending) == tuple(s.pending)
    # a second order for the rest of the stack, a support leaf from the options tree
    s.click("millbrook")
    assert s.split == {"infantry": 1, "armor": 0}      # the units without an order yet
    s.click("ashford")
    s.click("northgate")
    assert s.available_modes() == ["move", "support", "strike", "scout"]
    s.set_mode("support")
    assert "millbrook" in s.targets
    s.click("millbrook")
    s.click("northgate")
    s.set_mode("strike")
    s.click("riverton")
    assert s.pending == ["1 infantry 1 armor Millbrook -> Westmere", "1 infantry Millbrook -> Ashford",
                         "1 artillery Northgate support Millbrook", "1 air Northgate strike Riverton"]
    assert s.engine_state.validate_orders("red", s.pending) == tuple(s.pending)
    assert "1 artillery Northgate support Millbrook" in str(s.options["Northgate"]["support"])


def test_a_new_move_of_the_same_units_replaces_the_old_one_and_clicks_elsewhere_explain():
    s = new()
    s.click("westmere")
    assert s.pending == [] and "no stack of yours" in s.message
    s.click("millbrook")
    s.click("westmere")
    s.click("millbrook")
    s.click("riverton")
    assert s.pending == ["2 infantry 1 armor Millbrook -> Riverton"]
    assert "replaces 2 infantry 1 armor Millbrook -> Westmere" in s.message
    s.click("oakhollow")
    s.click("saltmarsh")           # not a target of Oakhollow's stack
    assert "Saltmarsh does not border Oakhollow" in s.message and s.selected == "oakhollow"
    s.click("oakhollow")           # a second click unselects
    assert s.selected is None


def test_a_typed_illegal_order_gives_the_engine_message_and_changes_nothing():
    s = new()
    assert s.type_order("2 infantry Oakhollow -> Highcrag")
    before_pending, before_state = list(s.pending), s.engine_state.to_json()
    for text in ["3 infantry Oakhollow -> Highcrag", "2 infantry Oakhollow -> Saltmarsh", "build 9 air Northgate",
                 "march on Blueport", "1 air Northgate strike Southport"]:
        assert s.type_order(text) is False
        messages = set()
        for orders in ([*before_pending, text], [text]):   # (a stack's new order may replace its old one)
            with pytest.raises(RulesError) as exc:
                s.engine_state.validate_orders("red", orders)
            messages.add(exc.value.message)
        assert s.message in messages                     # the very words of the engine
        assert s.pending == before_pending
        assert s.engine_state.to_json() == before_state
    assert s.type_order("build 1 infantry Northgate") is True
    assert s.pending[-1] == "build 1 infantry Northgate"


def test_typed_refusal_is_word_for_word_the_engine():
    s = new()
    with pytest.raises(RulesError) as exc:
        s.engine_state.validate_orders("red", ["2 infantry Oakhollow -> Saltmarsh"])
    assert s.type_order("2 infantry Oakhollow -> Saltmarsh") is False
    assert s.message == exc.value.message


def test_the_odds_preview_of_a_planned_move():
    s = new()
    s.type_order("2 infantry 1 armor Millbrook -> Riverton")
    assert len(s.previews) == 1
    p = s.previews[0]
    expected = odds_preview(s.engine_state, "red", "2 infantry 1 armor Millbrook -> Riverton")
    assert p["province"] == expected.province == "riverton"
    wins = [float(x) for x in expected.battle.win_probabilities()]
    assert [side["win"] for side in p["sides"]] == pytest.approx(wins)
    assert [side["name"] for side in p["sides"]] == ["Red", "Neutral"]
    assert sum(side["win"] for side in p["sides"]) == pytest.approx(1.0)
    assert "crossing a river" in p["explain"] and "Chance to win" in p["explain"]
    html = odds_html(s.previews)
    assert "Riverton" in html and "20%" in html and "80%" in html
    # a move into empty land has no battle; the support counts in the attack
    assert s.type_order("2 infantry Oakhollow -> Highcrag")
    assert len(s.previews) == 1
    s.type_order("1 artillery Northgate support Millbrook")
    assert len(s.previews) == 1


def test_submit_resolves_the_turn_against_the_cpu_with_reports_from_the_observation():
    s = new(level="hard")
    s.type_order("2 infantry 1 armor Millbrook -> Riverton")
    assert s.submit() is True
    st = s.engine_state
    assert st.board.turn == 2 and s.obs["turn"] == 2 and s.pending == []
    assert len(s.reports) == 1 and s.reports[0]["turn"] == 1
    events = s.reports[0]["events"]
    assert events == st.observation("red")["last"]
    battle = next(e for e in events if e["kind"] == "battle" and "Riverton" in e["text"])   # Red's own battle
    assert battle["why"]
    html = reports_html(s.reports)
    assert "Turn 1" in html and "Battle at Riverton" in html
    for _ in range(3):
        assert s.submit() is True
    assert s.obs["turn"] == 5 and [r["turn"] for r in s.reports] == [1, 2, 3, 4]


def test_the_viewer_never_gets_another_players_hidden_stacks():
    s = new()
    b = board_for(s)
    st = s.engine_state
    for _ in range(4):
        obs = st.observation("red")
        assert s.obs == obs
        seen = {(p, e["owner"], stack_label(e)) for p, es in obs["stacks"].items() for e in es}
        drawn = set(zip(*(b.kit.column("stacks", c) for c in ("province", "owner", "label"))))
        assert drawn == seen
        hidden = {p for p in st.board.stacks["blue"] if not any(e["owner"] == "blue" for e in
                                                                obs["stacks"].get(p, []))}
        assert hidden, "the test needs a blue stack red cannot see"
        assert not hidden & {p for p, o in zip(b.kit.column("stacks", "province"), b.kit.column("stacks", "owner"))
                             if o == "blue"}
        # nor does the hover text tell
        texts = dict(zip(b.kit.column("provinces", "id"), b.kit.column("provinces", "stack_text")))
        assert all("Blue" not in texts[p] for p in hidden)
        s.submit()


def test_the_board_draws_orders_targets_and_battles_and_taps_select():
    s = new()
    b = board_for(s)
    assert len(b.kit.column("provinces", "id")) == len(s.fmap.provinces)
    assert len(b.kit.column("edges-river", "x0")) == len(s.fmap.rivers)
    assert len(b.kit.column("edges-border", "x0")) == len(s.fmap.borders) - len(s.fmap.rivers)
    x, y = s.fmap.provinces["millbrook"].at
    b.figure._trigger_event(Tap(b.figure, x=x + 0.005, y=y - 0.005))
    assert s.selected == "millbrook"
    halo = dict(zip(b.kit.column("halos", "id"), b.kit.column("halos", "line_alpha")))
    assert halo["millbrook"] == 1 and halo["westmere"] == 1 and halo["saltmarsh"] == 0
    x, y = s.fmap.provinces["riverton"].at
    b.figure._trigger_event(Tap(b.figure, x=x, y=y))
    assert s.pending == ["2 infantry 1 armor Millbrook -> Riverton"]
    assert len(b.kit.column("moves", "x0")) == 1 and len(b.kit.column("moves-heads", "x")) == 1
    assert b.kit.column("routes", "x0") == []                   # a one-step move is its arrow only
    assert b.nearest(0.0, 0.0) is None
    s.submit()
    assert len(b.kit.column("battles", "x")) >= 1


def test_hot_seat_passes_the_screen_and_each_sees_their_own():
    s = new(people=["red", "blue"], map="crossroads", players=4, mode="ffa")
    assert s.player == "red" and s.ready is False
    s.click("redhaven")
    assert s.selected is None and "Pass the screen" in s.message
    s.show_screen()
    assert s.submit() is True
    assert s.player == "blue" and s.ready is False and s.obs == s.engine_state.observation("blue")
    s.show_screen()
    s.submit()
    assert s.obs["turn"] == 2 and s.player == "red" and len(s.reports) == 1


def test_new_game_form_refuses_bad_choices_with_the_engine_words():
    page = FrontsPlayPage(seed=1)
    pn.panel(page).get_root(bokeh.document.Document())
    page.people.value = []
    assert page.start_game() is False and "Choose at least one player" in page.form_message.object
    page.game_choice.value = "Crossroads: 4 players"
    assert page.people.value == ["red"]
    page.level.value = "easy"
    assert page.start_game() is True and page.game_area.visible
    assert page.session.level == "easy" and len(page.session._bots) == 3


def test_the_side_panel_sets_the_split_the_mode_and_builds():
    from academy.ui.fronts.panels import OrdersPanel
    s = new()
    panel = OrdersPanel(s)
    pn.panel(panel).get_root(bokeh.document.Document())
    s.click("millbrook")
    assert panel.counts["infantry"].visible and panel.counts["armor"].visible
    assert not panel.counts["artillery"].visible and not panel.mode.visible
    assert (panel.counts["infantry"].value, panel.counts["armor"].value) == (2, 1)
    panel.counts["armor"].value = 0
    assert s.split == {"infantry": 2, "armor": 0}
    s.click("westmere")
    assert s.pending == ["2 infantry Millbrook -> Westmere"]
    s.click("northgate")
    assert panel.mode.visible and list(panel.mode.options) == ["move", "support", "strike", "scout"]
    panel.mode.value = "scout"
    assert s.mode == "scout" and "saltmarsh" in s.targets
    s.click("saltmarsh")
    assert s.pending[-1] == "1 air Northgate scout Saltmarsh"
    assert panel.build_row.visible and "Northgate" in panel.build_city.options
    panel.build_city.value, panel.build_kind.value, panel.build_n.value = "Northgate", "infantry", 2
    panel._build()
    assert s.pending[-1] == "build 2 infantry Northgate"
    panel.build_n.value = 3                      # 6 infantry cost 18; the funds are 10: the engine says no
    panel._build()
    assert s.pending[-1] == "build 2 infantry Northgate" and "refused" in s.message
    assert "Submit orders (3)" == panel.submit.label
    assert len(panel.orders.objects) == 3


def test_a_game_played_to_the_end_says_so_and_takes_no_more_orders():
    from academy.ui.fronts.panels import OrdersPanel
    s = new(level="hard", seed=5)
    panel = OrdersPanel(s)
    pn.panel(panel).get_root(bokeh.document.Document())
    for _ in range(40):
        if s.obs.get("result"):
            break
        assert s.submit() is True
    result = s.engine_state.result
    assert result and s.obs["result"] == result
    assert "Game over" in panel.banner.object and not panel.submit.visible
    assert s.submit() is False and s.message == f"The game is over: {result['text']}"
    s.click("northgate")
    assert s.selected is None


def test_a_mode_choice_without_a_selected_stack_says_so_instead_of_failing():
    """Issue 14, item 1 (found by the walk): the order-mode buttons' choice can reach the server after a
    tap on the board has written the stack's order and unselected it; it raised KeyError('') in the
    server (a traceback, the choice lost without a word). Now the learner reads why nothing changed."""
    s = new()
    s.click("northgate")
    s.set_mode("strike")
    s.click("riverton")                     # the order is written, the stack unselected
    assert s.selected is None and s.pending == ["1 air Northgate strike Riverton"]
    s.set_mode("scout")
    assert s.mode == "strike" and s.pending == ["1 air Northgate strike Riverton"]
    assert "No stack is selected" in s.message and "click one of your stacks" in s.message


def test_no_text_on_the_board_takes_its_colour_from_a_column():
    """Issue 14, item 1 (found by the walk): BokehJS's Text glyph reads a per-row text colour for its old
    rows when its source shrinks (a lesson on the Crossroads map, then one on the smaller Two Rivers map),
    and the browser throws "Offset is outside the bounds of the DataView". Every text glyph of the board
    has one colour."""
    from bokeh.models import Text
    b = board_for(new())
    texts = [r.glyph for r in b.figure.renderers if isinstance(r.glyph, Text)]
    assert len(texts) >= 3                  # names, terrain words, stack labels
    columns = {c for source in b.kit.sources.values() for c in source.data}
    for glyph in texts:
        assert glyph.text_color not in columns, f"text coloured by the column {glyph.text_color!r}"


def test_the_selection_says_what_a_click_on_a_target_will_move():
    """Issue 14, item 1 (found by the walk): the counts of the units that move were not shown anywhere but
    in their boxes, so nothing said whether the page had taken a changed count before the tap on the
    target (the walk's "2 of 4 infantry" left the city empty); the selection now says what moves."""
    from academy.ui.fronts.panels import OrdersPanel
    s = new()
    panel = OrdersPanel(s)
    s.click("millbrook")
    assert "Moves: 2 infantry 1 armor" in panel.selection.object
    s.set_split("infantry", 1)
    assert "Moves: 1 infantry 1 armor" in panel.selection.object
    s.set_split("infantry", 0)
    s.set_split("armor", 0)
    assert "Moves: nothing yet" in panel.selection.object
    s.deselect()
    s.click("northgate")
    s.set_mode("strike")
    assert "Moves:" not in panel.selection.object        # planes strike: no units move


def test_the_last_turns_message_says_the_game_is_over_not_that_a_new_turn_begins():
    """Issue 14, item 1 (found by the walk): the message after the last turn said "Now turn 19. The game is
    over: ...", a turn that is never played."""
    s = new(turns=2)
    assert s.submit() and "Now turn 2." in s.message
    assert s.submit()
    assert s.obs["result"] and "The game is over" in s.message
    assert "Now turn" not in s.message, s.message


def test_move_highlights_follow_the_slowest_unit_of_the_units_chosen():
    """fronts.md "Units": a stack moves at the pace of its slowest unit. 2 infantry and 1 armor in
    Millbrook reach only its neighbours (not forest Oakhollow: armor entering forest spends 2 moves);
    the armor alone reaches Greyridge through Westmere, and Oakhollow with both its moves."""
    s = new()
    s.click("millbrook")
    assert set(s.targets) == set(s.fmap.neighbours["millbrook"]) - {"oakhollow"}
    s.set_split("infantry", 0)
    assert "greyridge" in s.targets and "oakhollow" in s.targets        # 2 moves: forest costs both
    s.set_split("armor", 0)
    s.set_split("infantry", 1)
    assert set(s.targets) == set(s.fmap.neighbours["millbrook"])
    s.set_split("armor", 1)
    s.set_split("infantry", 2)
    assert "greyridge" not in s.targets
    # typed, the engine refuses with the real reason: the infantry's pace
    assert s.type_order("2 infantry 1 armor Millbrook -> Greyridge") is False
    assert "slowest unit" in s.message and "infantry move 1 province a turn" in s.message


def test_the_odds_count_a_teammates_submitted_orders():
    """fronts.md "Battles": a side's strength is the sum of its units, the team's stacks moving in
    together. On Crossroads Red and Green are one team (Sun): Green's submitted move into Crown joins
    Red's: 4 + 4 infantry attacking = 8 against the garrison's (3 × 2 + 1) × 1.5 = 10.5."""
    from academy.games.fronts.goals import start_state
    st = start_state("Red to order; map: crossroads; players: 4; Red 10: 4 infantry South Pass; Blue 10: "
                     "1 infantry Bluecastle; Green 10: 4 infantry North Pass; Gold 10: 1 infantry Goldcrest; "
                     "neutral: 3 infantry 1 artillery Crown; owners: South Pass Red, North Pass Green")
    s = LocalFronts()
    s.start_from(st, people=["red"])
    assert s.type_order("4 infantry South Pass -> Crown")
    [alone] = [p for p in s.previews if p["province"] == "crown"]
    assert [x["strength"] for x in alone["sides"]] == [4, 10.5]
    s.engine_state.submit("green", ["4 infantry North Pass -> Crown"])
    s.remove(0)
    assert s.type_order("4 infantry South Pass -> Crown")
    [battle] = [p for p in s.previews if p["province"] == "crown"]
    assert battle["sides"][0]["name"] == "Red + Green" and [x["strength"] for x in battle["sides"]] == [8, 10.5]
    assert battle["sides"][0]["win"] == pytest.approx(64 / (64 + 110.25))


def test_the_build_box_names_a_city_when_the_first_position_comes_from_a_lesson():
    """Issue 21, item 6: a lesson played out against the CPU starts with Red's cities in the "Build in" box
    and one of them chosen (the box was blank: a Select given its options after it had none keeps no value)."""
    from urllib.parse import parse_qsl, urlsplit

    from academy.ui.fronts.panels import OrdersPanel
    from academy.ui.shell import part
    lessons = part("fronts", "lessons")(lesson_id="artillery", exercise=None)
    href = lessons.practice.link.object.split('href="')[1].split('"')[0].replace("&amp;", "&")
    page = FrontsPlayPage(seed=1)
    panel = OrdersPanel(page.session)  # made before the game and shown after it started, as from a link
    assert not panel.build_city.options
    assert page.open_position(dict(parse_qsl(urlsplit(href).query))["position"], cpu="easy")
    assert panel.build_row.visible and panel.build_city.options == ["Millbrook", "Northgate"]
    assert panel.build_city.value == "Millbrook"
    assert pn.panel(panel).get_root(bokeh.document.Document()).select_one({"css_classes": ["build-city"]}).value \
        == "Millbrook"


def test_a_strike_or_a_support_where_no_battle_of_yours_is_says_so_when_written():
    """A newcomer's walk: '1 air Redhaven strike West Pass' was written without a word, though no battle of the
    player's was there; only the turn's report said 'nothing to add'. And an order written twice said it
    replaced itself."""
    s = new()
    said: list[str] = []
    s.param.watch(lambda e: said.append(e.new), "message")
    assert s.add_order("1 air Northgate strike Riverton")
    assert said == [s.message]                  # said once, whole (no half message shown first)
    assert s.message == ("Order written: 1 air Northgate strike Riverton. No battle of yours in Riverton yet: the "
                         "strike adds strength only to a battle there (an attack of yours, or your defence if an "
                         "enemy comes in).")
    assert s.add_order("2 infantry 1 armor Millbrook -> Riverton")
    assert s.message == "Order written: 2 infantry 1 armor Millbrook -> Riverton."
    assert s.add_order("1 air Northgate strike Riverton")
    assert s.message == "Order written: 1 air Northgate strike Riverton (it was on your sheet already)."
