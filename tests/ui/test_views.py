"""The views without a browser: Bokeh models from get_root, CDS contents after clicks, panes' HTML."""
from __future__ import annotations

import bokeh.document
import pytest
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource

from academy.games.conquest import parse_position
from academy.ui.conquest import ConquestBoard, LessonsPage, PlayPage
from academy.ui.conquest.controls import PhaseControls
from academy.ui.conquest.keyboard import ActionPicker
from academy.ui.event_log import Turn, turn_html
from academy.ui.conquest.odds_panel import OddsPanel, attack_html, outcome_label
from academy.ui.conquest.style import PLAYER_COLOURS, TARGET
from academy.ui.conquest.session import ConquestSession

ATTACK = "Red to move, attack | Red: Ukraine 5, Ural 2, Siberia 1 | Blue: Afghanistan 3, Scandinavia 1 | rest: Blue 1"


def root(view):
    return view.__panel__().get_root(bokeh.document.Document())


def game(position: str = ATTACK) -> ConquestSession:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position(position), ["human", "human"])
    return s


def test_board_models_and_taps_patch_the_source():
    """The board is drawn by HoloViews from the board kit's layers and patched in place (issue 14, item 5)."""
    s = game()
    board = ConquestBoard(s)
    model = root(board)
    sources = {m.name for m in model.references() if isinstance(m, ColumnDataSource)}
    assert {"conquest-nodes", "conquest-board-halos", "conquest-board-territories"} <= sources
    assert board.source.name == "conquest-nodes" and len(board.source.data["id"]) == 42
    halos = board.kit.sources["halos"]
    i, j = board.index["ukraine"], board.index["afghanistan"]
    assert board.kit.column("territories", "fill_color")[i] == PLAYER_COLOURS[0]
    assert board.source.data["label"][i] == "5"
    x, y = board.map.territories["ukraine"].at
    before = halos.data["line_width"]
    board.figure._trigger_event(Tap(board.figure, x=x + 0.004, y=y - 0.004))     # what a tap sends
    assert s.selected == "ukraine"
    assert halos.data["line_width"][i] == 4.0 and halos.data["line_width"] is before   # patched, not replaced
    assert halos.data["line_alpha"][j] > 0              # a valid target is highlighted
    x, y = board.map.territories["afghanistan"].at
    board.figure._trigger_event(DoubleTap(board.figure, x=x, y=y))   # a quick second tap counts too
    assert s.target == "afghanistan" and board.source.data["label"][j] == "3"    # targeted: nothing rolled
    assert halos.data["line_color"][j] == TARGET
    board.figure._trigger_event(Tap(board.figure, x=x, y=y))          # the target tapped again: rolled
    assert board.source.data["label"][j] != "3" or board.source.data["label"][i] != "5"


def test_board_is_a_holoviews_overlay_a_teacher_can_add_to():
    """In a notebook the board is a HoloViews object: overlay it, and it shows the state as it is (issue 14, item 5)."""
    import holoviews as hv
    s = game()
    board = ConquestBoard(s)
    s.click("ukraine")
    overlay = board.element * hv.Text(0.5, 0.5, "here")
    assert isinstance(overlay, hv.Overlay)
    halos = [el for el in overlay if isinstance(el, hv.Points) and "line_width" in el.vdims]
    assert halos and list(halos[0].dimension_values("line_width")).count(4.0) == 1


def test_board_nearest_ignores_empty_sea():
    board = ConquestBoard(game())
    assert board.nearest(0.05, 0.86) == "alaska"
    assert board.nearest(0.02, 0.1) is None


def test_on_a_phone_the_map_keeps_its_names_apart_and_its_key_off_the_territories():
    """Issue 14, item 7 (a phone's 390 px): the map stretches to a 370 px column at its full height; its names,
    placed for a desktop's 945 px, ran into each other and the continents' key covered South America. Once the
    browser reports the narrow size, no two names' boxes overlap at it and the key sits below the map (two
    columns); back on a wide screen the key returns to the map's corner."""
    import itertools
    from academy.ui.board_kit.label_layout import label_box
    from academy.ui.conquest.board import NAME_PX, X_RANGE, Y_RANGE
    board = ConquestBoard(game())
    root(board)
    fig, names = board.figure, board.kit.sources["names"]

    def overlapping(width, height):
        boxes = []
        for text, x, y in zip(names.data["name"], names.data["x"], names.data["y"]):
            w, h = label_box(text, NAME_PX)
            cx = (x - X_RANGE[0]) / (X_RANGE[1] - X_RANGE[0]) * width
            cy = (y - Y_RANGE[0]) / (Y_RANGE[1] - Y_RANGE[0]) * height
            boxes.append((text, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
        return [(a, b) for (a, p), (b, q) in itertools.combinations(boxes, 2)
                if p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]]

    assert not overlapping(945, 540) and overlapping(370, 460)     # the desktop places, squeezed onto a phone
    assert board.key.visible and board.key in fig.center and not board.key_below.visible
    fig.set_from_json("inner_width", 370)
    fig.set_from_json("inner_height", 460)
    assert not overlapping(370, 460)
    assert board.key_below.visible and board.key_below in fig.below and board.key_below.ncols == 2
    assert not board.key.visible
    fig.set_from_json("inner_width", 945)
    fig.set_from_json("inner_height", 540)
    assert board.key.visible and not board.key_below.visible
    assert not overlapping(945, 540)


def test_odds_panel_shows_exact_odds_and_the_dice_why():
    s = game()
    panel = OddsPanel(s)
    root(panel)
    s.click("ukraine")
    assert "chance to conquer" in panel.odds.object and "Afghanistan (3)" in panel.odds.object
    s.click("afghanistan")             # targeted: the odds of this attack, no dice yet
    assert "conquer-probability" in panel.odds.object and not panel.dice.visible
    s.click("afghanistan")             # rolled
    assert "dice-result" in panel.dice.css_classes and panel.dice.visible
    assert "the defender loses 1 army" in panel.dice.object or "the attacker loses 1 army" in panel.dice.object
    html = attack_html(parse_position(ATTACK), "ukraine", "afghanistan", 3)
    assert "conquer-probability" in html and "%" in html and "2275/7776" in html
    assert outcome_label(1, 1) == "Each side loses 1"


def test_reinforcement_breakdown_in_the_odds_panel():
    s = game("Red to move, reinforce | Red: Indonesia 1, New Guinea 1, Western Australia 1, Eastern Australia 1"
             " | rest: Blue 1")
    panel = OddsPanel(s)
    assert "+2 for holding all of Australia" in panel.odds.object and "big-number'>5<" in panel.odds.object


def test_controls_follow_the_phase():
    s = game()
    c = PhaseControls(s)
    root(c)
    assert c.end_attack.visible and not c.end_turn.visible and not c.armies.visible
    s.click("ural")
    assert list(c.dice.options.values()) == [1]
    s.click("ukraine")
    s.click("scandinavia")
    if s.state.phase == "occupy":
        assert c.move.visible and c.move.value == c.move.end
        c.move_go.clicks += 1
        assert s.state.phase == "attack"
    c.end_attack.clicks += 1
    assert s.state.phase in ("fortify", "draw") or s.state.phase == "fortify"
    assert c.end_turn.visible


def test_keyboard_path_lists_actions_and_plays_typed_notation():
    s = game("Red to move, reinforce 3 | Red: Ukraine 2, Ural 1 | rest: Blue 1")
    k = ActionPicker(s)
    assert k.select.options == ["place 1 Ukraine", "place 1 Ural"]
    s.choice.armies = 3
    assert k.select.options == ["place 3 Ukraine", "place 3 Ural"]
    k.select.value = "place 3 Ural"
    k.play_selected.clicks += 1
    assert s.state.armies["ural"] == 4 and s.state.phase == "attack"
    k.text.value_input = "attack Ural -> Kazakhstan 3"
    k.play_text.clicks += 1
    assert "did you mean" in s.message.lower() or "not a territory" in s.message.lower() or s.message
    k.text.value_input = "end attack"
    k.play_text.clicks += 1
    assert s.state.phase == "fortify" and k.text.value_input == ""


def test_log_is_an_accessible_list_that_folds_long_runs():
    entries = [{"kind": "place", "text": f"Red places 1 on T{i}.", "why": []} for i in range(20)]
    entries.append({"kind": "roll", "text": "Dice 6 against 5.", "why": ["6 beats 5: the defender loses 1 army."]})
    html = turn_html(Turn("Turn 1 · Red", list(enumerate(entries))), newest=True)
    assert 'aria-live="polite"' in html and "<ol" in html and "20 events like" in html
    assert html.index("20 events") < html.index("Dice 6")          # a turn reads in the order it happened


def test_play_page_builds_starts_and_plays():
    page = PlayPage(cpu_delay=0)
    page.session.synchronous = True
    root(page)
    assert not page.game_area.visible
    page.form.players.value = 3
    page.form.seats[1].value = "easy"
    page.form.seats[2].value = "hard"
    page.form.setup.value = "random"
    page.form.start.clicks += 1
    s = page.session
    assert page.game_area.visible and s.state.phase == "reinforce" and s.state.to_move() == 0
    assert "Red" in page.banner.pane.object and "Reinforcement" in page.banner.pane.object
    assert "Blue (CPU easy)" in page.players.object
    s.click(s.state.territories_of(1)[0])
    assert page.message.visible and "refused" in page.message.object


def test_play_page_claim_with_two_players_is_not_offered():
    """Issue 15, Rules item 2: "Claim in turn" is not offered for 2 players (it used to be, then refused)."""
    page = PlayPage(cpu_delay=0)
    page.session.synchronous = True
    assert "claim" not in page.form.setup.options.values()
    page.form.players.value = 3
    page.form.setup.value = "claim"
    page.form.players.value = 2
    page.form.start.clicks += 1
    assert page.session.state is not None and page.session.state.game.options["setup"] != "claim"


def test_lessons_page_lists_and_solves_by_clicks():
    page = LessonsPage()
    root(page)
    assert page.listing.visible and not page.view.visible
    text = " ".join(str(getattr(o, "object", "")) for o in page.listing.select())
    assert "Attacking and the dice" in text and "?game=conquest&tab=rules&section=attacking#attacking" in text
    page.open("attacking")
    assert page.view.visible and "Attack Ural from Ukraine" in page.prompt.object
    # the whole lesson text is on the page: no box of its own that cut its last paragraph (issue 14's walk)
    assert "On this board Ukraine has 4 armies" in page.body.object and "max-height" not in page.body.object
    page.model.click("ukraine")
    page.model.click("ural")                    # targeted: the odds show; the second click rolls
    assert not page.feedback.object
    page.model.click("ural")
    assert "feedback-success" in page.feedback.object
    assert ("attacking", "most-dice") in page.solved
    assert page.model.targets == []                                   # the try is over
    assert not page.hint_button.visible             # a phone walk used up a hint after solving
    page.next_button.clicks += 1
    assert page.exercise_index == 1 and page.feedback.visible is False


def test_lessons_page_wrong_try_hint_and_reset():
    page = LessonsPage("attacking")
    page.model.click("ukraine")
    page.model.click("ural")
    page.model.choice.dice = 1
    page.model.click("ural")
    assert "feedback-wrong" in page.feedback.object and "fewer dice" in page.feedback.object
    assert page.hint_button.visible
    page.hint_button.clicks += 1
    assert "Count the armies" in page.hints.object
    page.reset_button.clicks += 1
    assert page.model.feedback is None and page.model.attempt.tries == 2
    assert page.model.state.armies["ukraine"] == 4


@pytest.mark.parametrize("lesson_id", ["nope", None])
def test_lessons_page_unknown_lesson_shows_the_list(lesson_id):
    page = LessonsPage(lesson_id)
    assert page.listing.visible and page.lesson_id is None


def test_hot_seat_hides_cards_until_the_player_asks():
    s = game("Red to move, reinforce | Red: Ukraine 2, Alaska 1, Peru 1 | Red cards: Alaska, Peru, Wild 1"
             " | Blue cards: Ural | rest: Blue 1")
    controls, keys = PhaseControls(s), ActionPicker(s)
    assert s.hot_seat and s.cards_hidden
    assert controls.reveal.visible and "Red's cards" in controls.reveal.label and controls.hand.object == ""
    assert not controls.trades.objects and not any(o.startswith("trade") for o in keys.select.options)
    controls.reveal.clicks += 1
    assert not s.cards_hidden and "Alaska" in controls.hand.object and "Ural" not in controls.hand.object
    assert controls.trades.objects and any(o.startswith("trade") for o in keys.select.options)


def test_hot_seat_covers_the_screen_between_peoples_turns():
    page = PlayPage(session=ConquestSession(synchronous=True, cpu_delay=0))
    page.session.new_game(players=2, seats=["human", "human"], setup="random", seed=4)
    s = page.session
    first = s.state.game.player_name(s.state.to_move())
    assert page.cover.visible and not page.table.visible
    assert f"Pass the screen to {first}" in page.cover_text.object and first in page.cover_button.label
    page.cover_button.clicks += 1
    assert not page.cover.visible and page.table.visible
    while s.state.game.player_name(s.state.to_move()) == first:     # play the turn out
        s.act(s.state.legal_actions()[-1])
    second = s.state.game.player_name(s.state.to_move())
    assert page.cover.visible and f"Pass the screen to {second}" in page.cover_text.object


def test_one_person_against_the_cpu_sees_no_cover():
    page = PlayPage(session=ConquestSession(synchronous=True, cpu_delay=0))
    page.session.new_game(players=2, seats=["human", "easy"], setup="random", seed=4)
    assert not page.cover.visible and page.table.visible


def test_play_page_shows_the_winner():
    page = PlayPage(session=ConquestSession(synchronous=True, cpu_delay=0))
    page.session.new_game(players=2, seats=["hard", "easy"], setup="random", seed=2)
    html = page.banner.pane.object
    assert "wins!" in html and "Replay" in html


def test_board_draws_territories_as_regions_outlined_in_their_owners_colour():
    """The board reads as a map: each territory a region within its continent, outlined in its owner's
    colour, and the names placed so that none overlaps another (issue 14, item 6)."""
    board = ConquestBoard(game())
    ids = board.kit.column("regions", "id")
    lines = board.kit.column("regions", "line_color")
    assert set(ids) == set(board.ids)
    assert {lines[i] for i, t in enumerate(ids) if t == "ukraine"} == {PLAYER_COLOURS[0]}
    assert {lines[i] for i, t in enumerate(ids) if t == "afghanistan"} == {PLAYER_COLOURS[1]}
    xs, ys = board.kit.column("names", "x"), board.kit.column("names", "y")
    gb, ne = board.index["great_britain"], board.index["northern_europe"]
    assert (xs[gb], ys[gb]) != (xs[ne], ys[ne] - 0.042)      # no longer both 0.042 below their nodes


def test_after_a_conquest_the_board_shows_the_move_being_chosen():
    """conquest.md "Conquering" (move in at least as many armies as dice rolled): while the learner
    chooses, the conquered territory showed an empty token (0 armies, issue 14's newcomer walk). It now
    shows the armies the chosen move takes in, and the territory left behind what stays."""
    s = game("Red to move, occupy Ukraine -> Afghanistan 3 | Red: Ukraine 7, Afghanistan 0 | rest: Blue 1")
    board = ConquestBoard(s)
    root(board)
    i, j = board.index["ukraine"], board.index["afghanistan"]
    labels = lambda: (board.source.data["label"][i], board.source.data["label"][j])      # noqa: E731
    assert labels() == ("1", "6")                        # the default: all but one
    assert board.kit.column("territories", "armies_text")[j] == "conquered: 6 armies to move in (choose below)"
    s.choice.move = 4
    assert labels() == ("3", "4")
    assert board.kit.column("territories", "armies_text")[i] == "7 armies, 3 after the move"
    s.choice.move = 1                                    # fewer than the 3 dice rolled: the least allowed
    assert labels() == ("4", "3")
    s.choice.move = None
    assert s.act("move 5")
    assert s.state.phase == "attack" and labels() == ("2", "5")


def test_reset_starts_the_move_in_slider_from_its_default_again():
    """A newcomer's walk (issue 14): after a try that moved the least armies in and failed, Reset showed the slider
    at that same failing value; a new try starts from all but one, as the first did."""
    page = LessonsPage("conquering")
    root(page)
    controls = PhaseControls(page.model)
    root(controls)

    def conquer() -> None:
        while page.model.state.phase == "attack":
            page.model.click("ukraine")
            page.model.click("ural")
            if page.model.state.phase == "attack" and page.model.target == "ural":
                controls.attack_go.clicks += 1
        assert page.model.state.phase == "occupy"

    conquer()
    assert controls.move.value == 11
    controls.move_min.clicks += 1                   # the least: 3
    assert controls.move.value == 3
    controls.move_go.clicks += 1
    assert "feedback-wrong" in page.feedback.object
    page.reset_button.clicks += 1
    conquer()
    assert controls.move.value == 11 and page.model.choice.move == 11


def test_the_try_line_follows_the_feedback():
    """A newcomer's walk: after a wrong try the box said "This try can no longer solve the exercise" while the
    line under the prompt still counted "9 actions left · try 1"."""
    page = LessonsPage()
    root(page)
    page.open("attacking")
    assert "left · try 1" in page.prompt.object
    page.model.act("attack Ukraine -> Ural 1")
    assert page.model.feedback.status == "wrong", page.model.feedback.message
    assert "try 1 is over" in page.prompt.object and "left · try" not in page.prompt.object
    page.model.reset()
    assert "left · try 2" in page.prompt.object
    page.model.click("ukraine")
    page.model.click("ural")
    page.model.click("ural")
    assert page.model.feedback.status == "solved" and "solved on try 2" in page.prompt.object
