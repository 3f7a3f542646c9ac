"""A Fronts map's page (issue 19; fronts.md, "Neutral cities": "Each map page lists its garrisons"): every
province with its terrain, kind, starting holder and borders, the garrisons, links from the Rules page and
the Play form."""
from __future__ import annotations

import html
import re

from academy.games.fronts.mapdata import available_maps, load_map
from academy.rulebook import load_rulebook
from academy.ui.fronts.map_page import map_html, map_page
from academy.ui.fronts.play import FrontsPlayPage
from academy.ui.shell import build_page


def test_the_duel_page_lists_every_province_and_both_garrisons() -> None:
    fmap = load_map("duel")
    html = map_html(fmap)
    for prov in fmap.provinces.values():
        assert f"<td><b>{prov.name}</b></td><td>{prov.terrain}</td>" in html, prov.name
    assert "Neutral garrisons</b>: Riverton (2 infantry), Fordham (2 infantry)." in html
    riverton = re.search(r"<tr><td><b>Riverton</b>.*?</tr>", html).group(0)
    assert "urban</td><td>city</td><td>neutral: a grey garrison of 2 infantry</td>" in riverton
    assert "<span class='river'>Millbrook (river)</span>" in riverton and "Westmere" in riverton
    northgate = re.search(r"<tr><td><b>Northgate</b>.*?</tr>", html).group(0)
    assert "capital (a city)</td><td>Red, with 3 infantry 1 artillery 1 air</td>" in northgate


def test_an_unknown_map_lists_the_maps_to_pick_from() -> None:
    shown = map_page("atlantis").object
    assert "There is no Fronts map called atlantis." in shown
    for map_id in available_maps()[0]:
        assert f"href='?page=map&game=fronts&map={map_id}'" in shown


def test_the_shell_serves_a_map_page_and_the_rules_link_to_each_map() -> None:
    build_page({"page": "map", "game": "fronts", "map": "crossroads"})     # builds without error
    rules = " ".join(s.markdown for s in load_rulebook("fronts").sections)
    for map_id in available_maps()[0]:
        assert f"(?page=map&game=fronts&map={map_id})" in rules


def test_the_play_forms_link_follows_the_chosen_map() -> None:
    page = FrontsPlayPage()
    assert ("<a href='?page=map&game=fronts&map=duel' class='map-link' target='_blank' rel='noopener'>The Two "
            "Rivers (duel)<span class='new-tab-note'>&nbsp;(new tab)</span></a>") in page.map_about.object
    page.game_choice.value = "Crossroads: 3 players"
    assert "map=crossroads' class='map-link' target='_blank' rel='noopener'>Crossroads" in page.map_about.object


def test_the_play_form_says_which_seat_of_a_three_player_crossroads_is_hardest() -> None:
    """Crossroads is a map for four: with 3 players Gold's land starts neutral, 3 steps from Red's capital,
    4 from Green's, 5 from Blue's; the form under the map link says Blue has the hardest seat."""
    page = FrontsPlayPage()
    assert "seats-note" not in page.map_about.object
    page.game_choice.value = "Crossroads: 3 players"
    assert ("With 3 players, Gold's land and armies start neutral. Its nearest city is 3 steps from Red's capital, "
            "4 from Green's and 5 from Blue's: Blue has the hardest seat, with the least to take."
            ) in html.unescape(page.map_about.object)
    assert "For 3 seats that start equal, choose Three Passes, a map drawn for 3 players." in html.unescape(
        page.map_about.object)
    page.game_choice.value = "Crossroads: 4 players"
    assert "seats-note" not in page.map_about.object


def test_three_passes_a_table_of_three_equal_seats() -> None:
    """The Play form offers Three Passes for 3 players: its link, no seat note (every corner is alike),
    each player named once (a team of one is named for its player: "Red", not "Red (Red)"), and a game
    of three on it starts; its page lists the players without teams."""
    page = FrontsPlayPage(seed=3)
    page.game_choice.value = "Three Passes: 3 players"
    assert "map=three_passes' class='map-link' target='_blank' rel='noopener'>Three Passes (three players)" in (
        page.map_about.object)
    assert "seats-note" not in page.map_about.object
    assert list(page.people.options) == ["Red", "Blue", "Green"]
    assert page.mode.value == "ffa"              # a walk met "Teams" chosen, three teams of one
    page.start_game()
    state = page.session.engine_state
    assert state.game.map.id == "three_passes" and state.game.table_name == "Three Passes, 3 players, free-for-all"
    assert ("New game on Three Passes, 3 players, free-for-all: you play Red; the normal CPU plays Blue and Green."
            ) in page.session.message
    # a walk met the turn limit only when the game ended ("The 30 turns are over"), under "Red — turn 31"
    assert "A game lasts 30 turns: then the side holding the most cities wins" in page.map_about.object
    from academy.ui.fronts.panels import OrdersPanel
    panel = OrdersPanel(page.session)
    assert "<span class='turn'>turn 1 of 30</span>" in panel.banner.object
    # the example order is from this board (a walk met the lesson board's Millbrook and Westmere here)
    assert panel.typed.placeholder == "Type an order, e.g. 3 infantry Redhaven -> Ember Ford"
    assert not page.session.add_order("") and "e.g. 3 infantry Redhaven -> Ember Ford." in page.session.message
    shown = map_html(load_map("three_passes"))
    assert "Players and teams: Red (10 funds); Blue (10 funds); Green (10 funds)." in shown
    # a walk: "countryside" where the rules say "rural", and "(river)" marks nothing explained
    assert "<td>mountain</td><td>rural</td>" in shown and "countryside" not in shown
    assert "A border marked <span class='river'>(river)</span> crosses a river" in shown
    page.game_choice.value = "Crossroads: 4 players"
    assert list(page.people.options)[0] == "Red (Sun)" and page.mode.value == "teams"
    from academy.ui.fronts.games_form import FrontsGamesForm
    from academy.store.live import LiveHub
    with LiveHub("sqlite://", synchronous=True) as hub:
        form = FrontsGamesForm(hub)
        assert form.mode.value == "teams"
        form.game_choice.value = "Three Passes: 3 players"
        assert form.mode.value == "ffa"
        form.game_choice.value = "Crossroads: 3 players"
        assert form.mode.value == "teams"
