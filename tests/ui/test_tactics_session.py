"""The Tactics play model, board and Play page without a browser: a unit's moves and targets come from the
engine's legal actions; moving, attacking (the preview's numbers are the damage module's), capturing,
building and ending the turn by clicks and buttons; the CPU plays its turn; illegal clicks show the
engine's message and change nothing; fog keeps hidden enemies out of the board's data; the hot seat
cover."""
from __future__ import annotations

import json

import bokeh.document
from bokeh.events import Tap
import pytest

from academy.core.errors import RulesError
from academy.games.tactics import rules as tactics_rules
from academy.games.tactics.actions import Wait
from academy.games.tactics.damage import damage_by_luck, exchange
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.position import parse_position
from academy.ui.tactics.board import TacticsBoard
from academy.ui.tactics.panels import odds_html, status_html, why_html
from academy.ui.tactics.play import TacticsPlayPage
from academy.ui.tactics.session import HUMAN, TacticsSession

#: Red's tank on E2 and infantry on G1 (next to the neutral city H1); Blue's infantry on the mountain E4
DUEL = "river_crossing day 2 red | red 3000: tank E2, infantry G1 | blue 0: infantry E4, tank H9"


def session_at(text: str = DUEL, seats=(HUMAN, "normal"), **options) -> TacticsSession:
    game = TacticsGame(map=text.split()[0], **options)
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position(text, game, seed=5), list(seats))
    return s


def board_for(s: TacticsSession) -> TacticsBoard:
    b = TacticsBoard(s)
    b.pane.get_root(bokeh.document.Document())
    return b


def snapshot(s: TacticsSession) -> tuple[dict, int]:
    return s.state.to_json(), len(s.state.record)


def test_a_new_game_shows_the_map_and_the_person_to_play():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "easy"], map_id="river_crossing", seed=1)
    assert s.viewer == 0 and s.ready and s.obs["day"] == 1 and s.obs["current"] == 0
    assert "River Crossing" in s.message and "Blue (CPU easy)" in s.message
    assert "Red" in status_html(s) and "to play" in status_html(s)



def test_the_first_players_day_one_income_is_in_the_log():
    """tactics.md "Funds": each army earns its income at the start of its turn. A newcomer's walk (issue 14): Red
    started day 1 with twice Blue's funds and the log never said why; its day-1 income opens the log, also when
    the game is rebuilt from its record (a reload)."""
    from academy.ui.history import rebuild
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, HUMAN], map_id="river_crossing", seed=1)
    first = s.log[0]
    assert first["kind"] == "income" and first["text"].startswith("Red earns 3,000 funds from 3 properties")
    assert s.act("end turn")
    _, log = rebuild(s.state.record)                     # the game's full log, rebuilt from its record
    assert [e["kind"] for e in log][:1] == ["income"] and log[0]["text"] == first["text"]
    s.resume(s.state.record, [HUMAN, HUMAN])              # as a reload does: each person's log again
    assert s.log[0]["text"] == first["text"]


def test_bad_seats_and_options_are_refused_in_plain_words():
    s = TacticsSession(synchronous=True)
    with pytest.raises(ValueError, match="2 seats, one per army"):
        s.new_game(seats=[HUMAN, "grandmaster"])
    with pytest.raises(ValueError, match="starting_funds"):
        s.new_game(seats=[HUMAN, "easy"], starting_funds=-5)
    assert s.state is None


def test_selecting_a_unit_highlights_its_legal_moves_and_targets():
    s = session_at()
    s.click("E2")
    legal = [a for a in s.state.legal_actions() if getattr(a, "at", None) == "E2" and not hasattr(a, "unit")]
    assert s.selected == "E2"
    assert set(s.destinations) == {a.to for a in legal}
    assert s.targets == ["E4"]
    board = board_for(s)
    assert board.kit.column("destinations", "tile") == s.destinations
    assert board.kit.column("selected", "tile") == ["E2"]


def test_move_by_two_taps_then_wait():
    s = session_at()
    s.click("E2")
    s.click("D2")
    assert s.destination == "D2" and s.choice_kinds() == ["wait"]
    assert s.choose("wait")
    assert s.state.units[(3, 1)].type == "tank" and (4, 1) not in s.state.units
    assert s.selected is None and "Tank E2 → D2" in s.log[-1]["text"]


def test_attack_preview_is_the_damage_module_and_the_attack_explains_itself():
    s = session_at()
    s.click("E2")
    s.click("E4")                     # tapping the target aims at it from a tile in reach
    p = s.preview
    assert s.target == "E4" and p is not None
    expected = damage_by_luck("tank", "infantry", attacker_health=100, defender_health=100,
                              defender_terrain="mountain")
    assert p["damage_by_luck"] == expected
    assert p["damage_range"] == [min(expected), max(expected)]
    assert p["stars"] == 4 and p["terrain"] == "Mountain"
    counters = [exchange("tank", "infantry", attacker_terrain=s.state.terrain((4, 2)), defender_terrain="mountain",
                         luck=r, counter_luck=c).counter for r in range(10) for c in range(10)]
    assert p["expected_counter"] == pytest.approx(sum(counters) / len(counters))
    html = odds_html(p)
    assert f"{min(expected)}–{max(expected)}%" in html and "4★" in html
    before = s.state.units[(4, 3)].health
    s.click("E4")                     # the second tap fires
    after = s.state.units.get((4, 3))
    dealt = before - (after.health if after else 0)
    assert dealt in expected
    assert s.last_attack is not None and s.last_attack["why"][0].startswith("Attack: (75 ×")
    assert "Why: the last attack" in why_html(s.last_attack)


def test_capture_by_buttons():
    s = session_at()
    s.click("G1")
    s.click("H1")
    assert "capture" in s.choice_kinds()
    assert s.choose("capture")
    assert s.state.capture[(7, 0)] == 10
    assert "10 points left" in s.message


def test_build_at_an_own_factory():
    s = session_at()
    s.click("C2")                     # Red's empty factory
    assert s.build_at == "C2" and any(b.unit == "infantry" for b in s.builds)
    assert s.build("infantry")
    assert s.state.units[(2, 1)].type == "infantry" and s.state.funds[0] == 2000
    assert s.build_at is None


def test_end_turn_hands_over_to_the_cpu_which_plays():
    s = session_at()
    assert s.end_turn()
    assert s.state.current == 0 and s.state.day == 3          # Blue (CPU) played and ended its turn
    assert any("Blue ends the turn" in e["text"] for e in s.log)
    assert not s.thinking


def test_illegal_clicks_show_the_engine_message_and_change_nothing():
    s = session_at()
    before = snapshot(s)
    s.click("E2")
    s.click("J10")                    # far out of reach
    with pytest.raises(RulesError) as info:
        tactics_rules.validate(s.state, Wait("E2", "J10"))
    assert s.message == info.value.message and s.message
    assert snapshot(s) == before
    s.cancel()
    s.click("E4")                     # an enemy without a selection: what it is, nothing played
    assert "Blue's Infantry" in s.message and snapshot(s) == before
    assert not s.choose("capture") and snapshot(s) == before
    assert not s.act("tank E2 -> J10 wait") and s.message and snapshot(s) == before


def test_a_unit_that_has_acted_is_refused_with_the_engine_reason():
    s = session_at()
    s.click("E2")
    s.click("E2")
    s.choose("wait")
    before = snapshot(s)
    s.click("E2")
    with pytest.raises(RulesError) as info:
        tactics_rules.validate(s.state, Wait("E2", "E2"))
    assert s.message == info.value.message and s.selected is None and snapshot(s) == before


def test_fog_hides_enemy_units_from_the_board_data():
    s = session_at("river_crossing day 2 red | red 0: infantry B3 | blue 0: infantry I9, tank J10", fog=True)
    assert s.obs["fog"] and s.state.units[(8, 8)].owner == 1
    board = board_for(s)
    tiles = board.kit.column("units", "tile")
    assert tiles == ["B3"]                         # only Red's own unit: Blue's are out of sight
    fogged = dict(zip(board.kit.column("fog", "tile"), board.kit.column("fog", "fill_alpha")))
    assert fogged["J10"] > 0 and fogged["B3"] == 0
    assert all(u["owner"] == 0 for u in s.obs["units"])


def test_hot_seat_with_fog_covers_the_screen_between_turns():
    s = session_at("river_crossing day 2 red | red 0: infantry B3 | blue 0: infantry I9", seats=(HUMAN, HUMAN),
                   fog=True)
    assert not s.ready and s.viewer == 0             # the first person is behind the cover too
    s.show_screen()
    s.end_turn()
    assert not s.ready and s.viewer == 1 and "Pass the screen to Blue" in s.message
    before = snapshot(s)
    s.click("I9")
    assert "Pass the screen to Blue" in s.message and snapshot(s) == before
    s.show_screen()
    assert s.ready and s.viewer == 1
    s.click("I9")
    assert s.selected == "I9"


def test_the_board_taps_reach_the_session():
    s = session_at()
    board = board_for(s)
    board.figure._trigger_event(Tap(board.figure, x=4.1, y=-0.9))       # E2 (y is minus the row)
    assert s.selected == "E2"
    board.figure._trigger_event(Tap(board.figure, x=30, y=-30))         # off the board: nothing
    assert s.selected == "E2"
    units = dict(zip(board.kit.column("units", "tile"), board.kit.column("units", "code")))
    assert units["E2"] == "Tank" and units["E4"] == "Inf"


def test_the_power_button_appears_with_a_full_meter():
    s = session_at(DUEL + " | meter: red 15000", commanders=["vanguard", None])
    assert s.powers() == ["power"]
    page = TacticsPlayPage(session=s)
    assert page.controls.power_button.visible and not page.controls.super_button.visible
    assert "Vanguard" in page.status.object
    assert s.power("power")
    assert s.state.power[0] == "power" and not page.controls.power_button.visible


def test_the_play_page_starts_a_game_and_shows_the_odds():
    page = TacticsPlayPage(session=TacticsSession(synchronous=True, cpu_delay=0), seed=2)
    page.__panel__().get_root(bokeh.document.Document())
    page.seat_choices[1].value = "easy"
    assert page.start_game()
    assert page.game_area.visible and "Red" in page.status.object
    s = page.session
    s.click("E2")
    assert page.controls.cancel.visible
    s.click("E2")
    assert page.controls.buttons["wait"].visible and not page.controls.buttons["capture"].visible
    page.controls.buttons["wait"].clicks += 1
    assert s.state.units[(4, 1)].acted
    page.controls.end_button.clicks += 1
    assert s.state.current == 0 and s.state.day == 2 and "Blue" in page.events.text()


def test_load_and_unload_a_transport_by_buttons():
    s = session_at("river_crossing day 2 red | red 0: apc D2, infantry D3, apc G2 [infantry] | blue 0: tank H9")
    s.click("D3")
    s.click("D2")                     # onto the friendly APC: the only choice is to board it
    assert s.choice_kinds() == ["load"]
    assert s.choose("load")
    assert len(s.state.units[(3, 1)].cargo) == 1 and (3, 2) not in s.state.units
    page = TacticsPlayPage(session=s)
    s.click("G2")
    s.click("G2")                     # stay, then drop the cargo on one of the free tiles next to it
    drops = s.options_of("unload")
    assert "unload" in s.choice_kinds() and len(drops) > 1
    assert page.controls.drops.visible and list(page.controls.drops.options.values()) == drops
    page.controls.drops.value = drops[1]
    page.controls.buttons["unload"].clicks += 1
    tile = drops[1].drops[0][1]
    assert s.visible_unit(tile)["type"] == "infantry" and not s.state.units[(6, 1)].cargo


def test_hot_seat_without_fog_hands_the_screen_over_without_a_cover():
    s = session_at(seats=(HUMAN, HUMAN))
    s.end_turn()
    assert s.ready and s.viewer == 1 and s.state.current == 1
    s.click("E4")
    assert s.selected == "E4"


def test_two_cpus_play_on_their_own_and_everything_shows():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    game_days = 3
    s.start_from(TacticsGame(map="river_crossing", day_limit=game_days).new_initial_state(seed=2), ["easy", "easy"])
    assert s.viewer is None and s.state.is_terminal()
    assert "The game is over" in s.message and not s.my_actions()


def test_the_shell_opens_the_tactics_play_and_lessons_pages():
    from academy.games import catalog_entry
    from academy.ui.shell import build_page
    assert catalog_entry("tactics").has_board
    page = build_page({"game": "tactics", "tab": "play"})
    assert any("tactics-play" in (o.css_classes or []) for o in page.main[0].select())
    lessons = build_page({"game": "tactics", "tab": "lessons"})
    assert any("tactics-lessons" in (o.css_classes or []) for o in lessons.main[0].select())


def test_the_side_panel_shows_the_odds_then_why():
    s = session_at()
    page = TacticsPlayPage(session=s)
    s.click("E2")
    s.click("E4")
    assert "Damage: <b>45–50%</b>" in page.odds.object and "Counter:" in page.odds.object
    assert page.controls.buttons["attack"].visible and page.controls.buttons["attack"].label == "Attack E4"
    page.controls.buttons["attack"].clicks += 1
    assert page.odds.object == "" and "Base damage" in page.why.object


def test_the_threat_overlay_is_the_engine_threat_map_of_visible_enemies():
    from academy.games.tactics.view import threat_map
    s = session_at()
    s.set_threats(True)
    expected = {f"{chr(65 + x)}{y + 1}" for x, y in threat_map(s.state, 0)}
    assert {t["tile"] for t in s.threats} == expected and expected
    board = board_for(s)
    assert set(board.kit.column("threats", "tile")) == expected
    assert any("Tank H9" in b for b in board.kit.column("threats", "by"))
    from academy.games.tactics.threats import threat_damage
    rolls = threat_damage(s.state, 0)[(4, 1)][(4, 3)]         # Blue's infantry E4 on Red's tank E2
    on_tank = next(t for t in s.threats if t["tile"] == "E2")
    assert f"Infantry E4 {min(rolls)}–{max(rolls)}%" in on_tank["by"]
    s.set_threats(False)
    assert s.threats == [] and board.kit.column("threats", "tile") == []


def test_the_cpu_moves_leave_a_trail_until_the_person_ends_the_turn():
    s = session_at()
    board = board_for(s)
    s.end_turn()
    moves = [e for e in s.log if e["kind"] == "move"]
    assert s.trail and len(s.trail) == len(moves) and all(m["owner"] == 1 for m in s.trail)
    assert len(board.kit.column("trail", "x0")) == len(s.trail)
    s.end_turn()
    assert all(m["owner"] == 1 for m in s.trail)          # only the CPU's turn just played


def test_hot_seat_with_fog_keeps_each_persons_log_to_themselves():
    s = session_at("river_crossing day 2 red | red 0: infantry B3 | blue 0: infantry I9", seats=(HUMAN, HUMAN),
                   fog=True)
    s.show_screen()
    s.act("infantry B3 -> B2 wait")
    assert any("Infantry B3 → B2" in e["text"] for e in s.log)
    s.end_turn()
    s.show_screen()
    assert s.viewer == 1 and not any("B3 → B2" in e["text"] for e in s.log)


def test_under_fog_the_cpu_moves_out_of_sight_stay_out_of_the_log_and_trail():
    s = session_at("twin_harbors day 2 red | red 0: infantry B3 | blue 0: tank O12, infantry P11", fog=True,
                   seats=(HUMAN, "hard"))
    s.end_turn()
    seen = set(s.obs["seen"])
    blue = [e for e in s.state.record.entries if e.player == 1]
    assert blue                                           # Blue played its turn out of sight
    assert all(m["to"] in seen and m["from"] in seen for m in s.trail)
    assert not any(e["kind"] == "move" and "O12" in e["text"] for e in s.log)
    assert all(u["owner"] == 0 for u in s.obs["units"] if u["tile"] not in seen)


def test_a_typed_command_is_read_and_checked_by_the_engine():
    s = session_at()
    page = TacticsPlayPage(session=s)
    before = snapshot(s)
    page.controls.command.value_input = "tank E2 -> J10 wait"
    page.controls.play_button.clicks += 1
    assert snapshot(s) == before and s.message and page.controls.command.value_input == "tank E2 -> J10 wait"
    page.controls.command.value_input = "tank E2 -> F2 wait"
    page.controls.play_button.clicks += 1
    assert s.state.units[(5, 1)].type == "tank" and page.controls.command.value_input == ""


def test_the_form_follows_the_map_and_the_board_fits_a_bigger_one():
    page = TacticsPlayPage(session=TacticsSession(synchronous=True, cpu_delay=0), seed=1)
    page.__panel__().get_root(bokeh.document.Document())
    small = page.board.figure.width
    page.map_choice.value = "twin_harbors"
    assert page.funds.value == 6000
    page.seat_choices[1].value = "hard"
    page.commander_choices[0].value = "mender"
    page.fog.value = True
    assert page.start_game()
    s = page.session
    assert s.state.game.options["fog"] and s.state.game.options["commanders"] == ["mender", None]
    assert s.state.game.map.id == "twin_harbors" and s.state.funds[0] >= 6000
    assert len(page.board.kit.column("tiles", "tile")) == 18 * 14
    assert page.board.figure.x_range.end == 17.5 and page.board.figure.width != small
    assert "Mender" in page.status.object and "hidden" in page.status.object    # Blue's funds under fog


def test_save_and_load_the_record():
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=[HUMAN, "normal"], map_id="river_crossing", seed=4)
    s.act("tank E2 -> F2 wait")
    s.end_turn()
    saved = s.save_json()
    other = TacticsSession(synchronous=True, cpu_delay=0)
    other.seats = [HUMAN, "normal"]
    assert other.load_json(saved, name="game.json")
    assert other.state.to_json() == s.state.to_json() and "Game loaded from game.json" in other.message
    before = snapshot(other)
    assert not other.load_json("{not json", name="bad.json")
    assert "bad.json could not be loaded" in other.message and snapshot(other) == before
    page = TacticsPlayPage(session=other)
    again, direct = json.loads(page.tools.saved().getvalue()), json.loads(other.save_json())
    assert {**again, "seed": 0} == {**direct, "seed": 0}      # each save has a new seed (issue 13, item 12)


def test_a_campaign_mission_from_the_play_page():
    """tactics.md "Weather (campaign missions)" and "Winning and losing": a mission sets its map and weather,
    and the status shows its objective."""
    import re

    from academy.ui.tactics.play import TacticsPlayPage
    page = TacticsPlayPage(seed=1)
    page.mission.value = "rain_on_the_river"
    assert page.map_choice.value == "river_crossing" and page.map_choice.disabled
    assert "Capture the city on J3" in page.mission_brief.object
    page.seat_choices[1].value = "easy"
    assert page.start_game()
    options = page.session.state.game.options
    assert options["mission"] == "rain_on_the_river" and options["weather"] == "rain"
    status = re.sub("<[^>]+>", " ", page.status.object)
    assert "weather: rain" in status and "Mission: Rain on the River" in status
    page.mission.value = ""
    assert not page.map_choice.disabled and page.mission_brief.object == ""
