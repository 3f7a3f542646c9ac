"""Shareable positions (issue 8): a link opens the same position; it carries nothing hidden; a tampered
link gets a clear message and opens no game."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import panel as pn
import pytest

from academy.core.errors import InvalidNotation
from academy.games.conquest.position import parse_position as conquest_position
from academy.games.game_of_war import GameOfWarGame, parse_position as gow_position
from academy.ui.diplomacy.play import DiplomacyPlayPage
from academy.ui.game_of_war.play import GameOfWarPlayPage
from academy.ui.conquest.play import PlayPage
from academy.ui.position_link import (MAX_LENGTH, position_link, position_text, read_position,
                                      sharable_games)
from academy.ui.shell import build_page

CONQUEST = "Red to move, attack | Red: Ukraine 5, Ural 2 | Blue: Afghanistan 3 | rest: Blue 1"
GOW = ("North to move | board: empty | North arsenals: a8 | South arsenals: a10 | North: N-I1 e8, N-I2 g8 | "
       "South: S-I1 e10")
DIPLOMACY = "F1901M | England: A LON, F NTH | France: A BRE"


def query_of(link: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}


@pytest.mark.parametrize("game, line", [("conquest", CONQUEST), ("game_of_war", GOW), ("diplomacy", DIPLOMACY)])
def test_a_link_round_trips_its_position(game, line):
    state = read_position(game, line)
    text = position_text(game, state)
    query = query_of(position_link(game, text))
    assert query == {"game": game, "tab": "play", "position": text}
    assert position_text(game, read_position(game, query["position"])) == text


def test_sharable_games():
    assert sharable_games() == ["conquest", "diplomacy", "fronts", "game_of_war", "tactics"]


def test_conquest_link_carries_no_cards():
    state = conquest_position(CONQUEST + " | Red cards: Alaska, Peru | Blue cards: Egypt")
    text = position_text("conquest", state)
    assert "cards" not in text and "Alaska, Peru" not in text
    assert state.hands == [["alaska", "peru"], ["egypt"]]          # the game itself is untouched


def test_game_of_war_hidden_deployment_has_no_link():
    state = GameOfWarGame(deployment="free").new_initial_state(seed=3)
    state.settle()
    assert state.phase != "play"
    assert position_text("game_of_war", state) is None
    assert position_text("game_of_war", gow_position(GOW)) is not None


def test_a_tampered_link_says_what_is_wrong():
    with pytest.raises(InvalidNotation) as err:
        read_position("conquest", CONQUEST.replace("Ukraine", "Ukrane"))
    assert "'Ukrane' is not a territory" in err.value.message and "Did you mean Ukraine" in err.value.message
    assert "link may have been cut or changed" in err.value.message
    with pytest.raises(InvalidNotation) as err:
        read_position("conquest", "x" * (MAX_LENGTH + 1))
    assert err.value.reason == "position_too_long"
    with pytest.raises(InvalidNotation) as err:
        read_position("chess", "e4")
    assert err.value.reason == "no_position_links"


def test_conquest_play_page_opens_a_link_and_shares_the_moment():
    page = PlayPage(position=CONQUEST)
    s = page.session
    assert s.seats == ["human", "human"] and s.state.phase == "attack" and s.state.armies["ukraine"] == 5
    assert query_of(page.share.url.value)["position"] == position_text("conquest", s.state)
    assert page.share.layout.visible
    assert s.act("attack Ukraine -> Ural 3") or s.message      # play goes on from the position
    page.share.refresh()
    assert query_of(page.share.url.value)["position"] == position_text("conquest", s.state)


def test_conquest_play_page_refuses_a_tampered_link():
    page = PlayPage(position=CONQUEST.replace("Ukraine 5", "Ukraine five"))
    assert page.session.state is None
    assert "cannot be read" in page.form_message.object and page.form_message.visible
    assert not page.share.layout.visible


def test_game_of_war_play_page_opens_a_link():
    page = GameOfWarPlayPage(position=GOW)
    s = page.session
    assert s.seats == ["human", "human"] and s.state.position.unit("N-I1") is not None
    assert position_text("game_of_war", s.state) == query_of(page.share.url.value)["position"]
    bad = GameOfWarPlayPage(position=GOW.replace("e8", "zz99"))
    assert bad.session.state is None and "zz99&#x27; is not a square" in bad.form_message.object


def test_diplomacy_play_page_opens_a_link_with_every_power_on_the_board_played_here():
    page = DiplomacyPlayPage(position=DIPLOMACY)
    s = page.session
    assert str(s.engine_state.position.phase) == "F1901M"
    assert sorted(s.people) == ["ENGLAND", "FRANCE"] and s.ready and not page.cover.visible
    assert position_text("diplomacy", s.engine_state) == query_of(page.share.url.value)["position"]
    bad = DiplomacyPlayPage(position="S1901M | England: F XYZ")
    assert bad.session.state is None and "XYZ&#x27; is not a province" in bad.form_message.object


def test_the_shell_passes_the_link_to_the_play_page():
    page = build_page({"game": "conquest", "tab": "play", "position": CONQUEST})
    urls = [w.value for w in page.main[0].select(pn.widgets.TextInput) if "share-link-url" in w.css_classes]
    assert len(urls) == 1 and query_of(urls[0])["position"].startswith("Red to move, attack | Red: Ukraine 5, Ural 2")


def test_a_lesson_step_has_a_link_to_play_its_position():
    from academy.ui.conquest import LessonsPage
    page = LessonsPage(lesson_id="attacking")
    line = query_of(page.share.url.value)["position"]
    assert line == position_text("conquest", page.model.state) and page.share.layout.visible
    page.model.act("attack Ukraine -> Ural 3")         # the link follows the board
    page._on_model()
    assert query_of(page.share.url.value)["position"] == position_text("conquest", page.model.state) != line


def test_fronts_link_carries_the_game_and_nothing_while_the_fog_is_up():
    from academy.games.fronts.game import FrontsGame
    from academy.ui.fronts.play import FrontsPlayPage
    from academy.games.fronts.game import format_game_position as fronts_line
    state = FrontsGame(players=4, map="crossroads", mode="ffa").new_initial_state()
    line = fronts_line(state)
    assert line.startswith("map: crossroads; players: 4; mode: ffa; turn 1; Red 10: ")
    again = read_position("fronts", line)
    assert again.game.options["mode"] == "ffa" and fronts_line(again) == line
    assert position_text("fronts", state) is None              # a running game's stacks are in the fog
    page = FrontsPlayPage(position=line)
    assert page.session.people == ["red", "blue", "green", "gold"] and not page.share.layout.visible
    assert page.session.ready and not page.cover.visible          # the one who opened the link plays first
    with pytest.raises(InvalidNotation) as err:
        read_position("fronts", "map: nowhere; turn 1")
    assert "There is no Fronts map called 'nowhere'" in err.value.message
    bad = FrontsPlayPage(position="map: duel; Red 10: 2 infantry Nowhere")
    assert bad.session.obs is None and "Nowhere&#x27; is not a province" in bad.form_message.object


def test_tactics_link_opens_a_hot_seat_game_and_shares_nothing_under_fog():
    from academy.games.tactics.game import TacticsGame
    from academy.ui.tactics.play import TacticsPlayPage
    line = "river_crossing day 1 red | red 0: tank E2 | blue 0: infantry G8"
    page = TacticsPlayPage(position=line)
    assert page.session.seats == ["human", "human"] and query_of(page.share.url.value)["position"] == line
    fog = TacticsGame(map="river_crossing", fog=True).new_initial_state(seed=1)
    assert position_text("tactics", fog) is None
    bad = TacticsPlayPage(position=line.replace("E2", "Z99"))
    assert bad.session.state is None and "Z99 is off the board" in bad.form_message.object


@pytest.mark.parametrize("armies, words", [("10000", "Ukraine has 10000 armies; a territory holds at most 999."),
                                           ("9" * 2500, "holds a number of 2500 digits; a number in a position "
                                                        "has at most 20 digits.")])
def test_a_link_with_too_many_armies_opens_no_game_and_says_the_limit(armies, words):
    """issue 13, item 3: the issue's link (10000 armies on Ukraine and Ural) opens no game: the page states
    the limit (it used to open, and one click on Ukraine cost the server 760 MB)."""
    link = f"Red to move, attack | Red: Ukraine {armies}, Afghanistan 3 | Blue: Ural {armies} | rest: Blue 1"
    with pytest.raises(InvalidNotation, match="The position in this link cannot be read"):
        read_position("conquest", link)
    page = PlayPage(position=link)
    assert page.session.state is None
    assert words in page.form_message.object and page.form_message.visible
