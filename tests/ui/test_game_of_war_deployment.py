"""Free deployment and scenarios on the Game of War pages, without a browser: placing units by clicks on the
model (a palette of what the engine says is left, the engine's squares, take back, Done), bad placements
refused with the engine's message and nothing changed, the CPU deploying on its own, the hot-seat cover,
the other side's units absent from the board's sources (and from a shared seat's state) until both armies
are deployed, shared games created with free deployment, and a game started from a pasted position."""
from __future__ import annotations

import bokeh.document
import pytest

from academy.core.errors import IllegalAction
from academy.games.game_of_war import rules as gow_rules
from academy.games.game_of_war.actions import Deploy
from academy.store.live import LiveHub
from academy.ui.game_of_war.board import GameOfWarBoard
from academy.ui.game_of_war.games_form import GameOfWarGamesForm
from academy.ui.game_of_war.play import GameOfWarPlayPage
from academy.ui.game_of_war.session import HUMAN, GameOfWarSession
from academy.ui.game_of_war.shared import SharedGameOfWar, SharedGameOfWarPage


def free_game(seats=(HUMAN, HUMAN), seed=1) -> GameOfWarSession:
    s = GameOfWarSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=list(seats), deployment="free", seed=seed)
    return s


def rendered_board(session) -> GameOfWarBoard:
    board = GameOfWarBoard(session)
    board.__panel__().get_root(bokeh.document.Document())
    return board


def board_sides(board: GameOfWarBoard) -> set[str]:
    return set(board.units.data["side"])


def test_placing_units_by_clicks_follows_the_engine():
    s = free_game()
    board = rendered_board(s)
    assert s.state.phase == "deploy" and s.deploying == 0
    assert s.unplaced() == gow_rules.ARMY                       # the palette: what the engine says is left
    assert s.unit_type == "infantry"                            # the first type left is picked
    legal = sorted({a.at for a in s.state.legal_actions() if a.unit_type == "infantry"},
                   key=lambda t: (t[1], t[0]))
    assert s.deploy_squares == legal and all(y < 10 for _, y in legal)   # North's half, from legal_actions
    assert list(board.marks["deploy"].data["x"]) == [q[0] for q in legal]
    s.choose_type("cavalry")
    s.click((3, 4))
    assert s.placements == [Deploy("cavalry", (3, 4))]
    assert s.unplaced()["cavalry"] == 3 and "placed on d5" in s.message
    assert list(board.units.data["id"]) == ["N-C1"] and list(board.units.data["x"]) == [3]
    assert len(s.state.position.units) == 0                     # a draft: the game itself is unchanged
    s.click((3, 4))                                             # a tap on a placed unit takes it back
    assert s.placements == [] and "taken back" in s.message and list(board.units.data["id"]) == []
    s.click((5, 5))
    s.click((6, 5))
    assert s.undo() and s.placements == [Deploy("cavalry", (5, 5))]   # Undo takes back the last placement


@pytest.mark.parametrize("square, reason", [((3, 15), "not_your_half"), ((9, 2), "mountain")])
def test_a_bad_placement_shows_the_engines_message_and_changes_nothing(square, reason):
    s = free_game()
    s.click((3, 4))
    placements, steps = list(s.placements), len(s.state.record)
    draft = s.draft_state().clone()
    with pytest.raises(IllegalAction) as refused:
        draft.apply(Deploy("infantry", square))
    assert refused.value.reason == reason
    s.click(square)
    assert s.message == refused.value.message
    assert s.placements == placements and len(s.state.record) == steps and not s.state.position.units


def test_a_type_with_none_left_and_done_too_early_are_refused():
    s = free_game()
    for x in range(4):
        s.choose_type("cavalry")
        s.click((x, 6))
    assert "cavalry" not in s.unplaced() and s.unit_type != "cavalry"
    s.choose_type("cavalry")
    assert "No cavalry left" in s.message
    assert not s.done_deploying() and "Place every unit first" in s.message and s.state.to_move() == 0


def test_hot_seat_cover_and_the_other_armys_units_never_reach_the_board():
    s = free_game()
    board = rendered_board(s)
    s.click((3, 4))
    assert s.place_rest() and s.unplaced() == {}
    assert s.done_deploying()
    assert s.state.to_move() == 1 and s.covered and "Pass the screen to South" in s.message
    assert list(board.units.data["id"]) == [] and s.deploy_squares == []     # covered: nothing drawn
    s.click((3, 15))
    assert "Pass the screen" in s.message and s.placements == []
    s.show_network("north")
    s.reveal()
    assert not s.covered and s.deploying == 1
    s.click((3, 15))
    assert board_sides(board) == {"south"} and list(board.units.data["id"]) == ["S-I1"]
    assert all(u.side == "south" for u in s.board_position().units)
    north = {tuple(u.at) for u in s.state.position.units_of("north")}
    shown = set(zip(board.units.data["x"], board.units.data["y"]))
    assert len(north) == 17 and not north & shown
    assert all("N-" not in e["text"] for e in s.log)            # the log says only that North is deployed
    assert s.undo() and s.placements == []
    assert not s.undo() and s.state.to_move() == 1              # nothing of North's can be undone from here
    s.show_network(None)
    s.place_rest()
    assert s.done_deploying() and s.state.phase == "play" and not s.covered
    assert board_sides(board) == {"north", "south"} and len(board.units.data["id"]) == 34
    assert any("Both armies are deployed" in e["text"] for e in s.log)


def test_the_cpu_deploys_on_its_own_after_the_person():
    s = free_game(seats=(HUMAN, "easy"), seed=3)
    board = rendered_board(s)
    s.place_rest()
    assert s.done_deploying() and not s.covered                 # no cover against the CPU
    assert s.state.phase in ("play", "over") and len(s.state.position.units) >= 33
    assert len(list(s.state.position.units_of("south"))) == 17 or s.state.turn > 1
    assert board_sides(board) == {"north", "south"}


def test_a_cpu_north_deploys_first_and_stays_hidden():
    s = free_game(seats=("normal", HUMAN), seed=4)
    board = rendered_board(s)
    assert s.state.phase == "deploy" and s.state.to_move() == 1 and s.deploying == 1
    assert len(list(s.state.position.units_of("north"))) == 17  # placed by the CPU (its bot's deployment)
    assert board_sides(board) <= {"south"} and list(board.units.data["id"]) == []
    assert not s.covered and all(y >= 10 for _, y in s.deploy_squares)
    s.click((12, 14))
    assert list(board.units.data["id"]) == ["S-I1"]
    s.place_rest()
    assert s.done_deploying() and s.state.phase in ("play", "over")


def test_place_the_rest_puts_a_displaced_unit_near_its_opening_square():
    from academy.games.game_of_war.mapdata import deployment
    opening = {u.at: u.type for u in deployment("academy_default").units_of("north")}
    cannon = next(at for at, kind in opening.items() if kind == "cannon")
    s = free_game()
    s.choose_type("infantry")
    s.click(cannon)                                             # a person's infantry on the cannon's square
    assert s.place_rest() and s.unplaced() == {}
    placed = {tuple(a.at): a.unit_type for a in s.placements}
    assert len(placed) == 17 and placed[cannon] == "infantry"
    where = next(at for at, kind in placed.items() if kind == "cannon")
    assert max(abs(where[0] - cannon[0]), abs(where[1] - cannon[1])) == 1     # next to its opening square
    assert s.done_deploying() and s.state.to_move() == 1       # every placement legal for the engine


def test_a_cpu_deployment_is_placed_without_the_turn_delay():
    s = GameOfWarSession(cpu_delay=0.35)
    s.new_game(seats=[HUMAN, HUMAN], deployment="free", seed=1)
    assert s._cpu_delay(s.state) == 0.0
    s.new_game(seats=[HUMAN, HUMAN], seed=1)
    assert s._cpu_delay(s.state) == 0.35


def test_the_play_page_offers_free_deployment_palette_and_done():
    page = GameOfWarPlayPage(GameOfWarSession(synchronous=True, cpu_delay=0), seed=3)
    page.__panel__().get_root(bokeh.document.Document())
    assert "free" in page.deployment.options.values()
    page.side.value, page.deployment.value = "both", "free"
    assert page.start_game()
    s = page.session
    panel = page.deploy_panel
    assert panel.layout.visible and not page.game_tools.visible   # no save/share/replay during deployment
    assert panel.palette.options["Cavalry (4)"] == "cavalry"
    assert "North" in page.status.object and "0 placed, 17 to go" in page.status.object
    panel.palette.value = "cavalry"
    assert s.unit_type == "cavalry"
    page.board._on_tap(3.1, 4.2)
    assert "Cavalry (3)" in panel.palette.options and panel.done_button.disabled
    panel.rest_button.clicks += 1
    assert not panel.done_button.disabled and "All 17 placed" in page.status.object
    panel.done_button.clicks += 1
    assert page.cover.layout.visible and not page.table.visible
    assert "Pass the screen to South" in page.cover.text.object
    page.cover.button.clicks += 1
    assert not page.cover.layout.visible and page.table.visible and s.deploying == 1
    s.place_rest()
    panel.done_button.clicks += 1
    assert s.state.phase == "play" and not panel.layout.visible and page.game_tools.visible


def test_a_position_pasted_in_the_form_starts_the_game_or_says_why_not():
    page = GameOfWarPlayPage(GameOfWarSession(synchronous=True, cpu_delay=0), seed=3)
    page.__panel__().get_root(bokeh.document.Document())
    page.position_input.value = "North to move | North: N-I1 e5 | South: S-I1 z7"
    assert not page.start_game() and page.session.state is None
    assert "This position cannot be read" in page.form_message.object and "off the board" in page.form_message.object
    page.position_input.value = "Up to move | North: N-I1 e5"
    assert not page.start_game() and "North to move" in page.form_message.object
    page.side.value = "both"
    page.position_input.value = "South to move | North: N-I1 e5, N-C1 f6 | South: S-I1 e7"
    assert page.start_game() and page.form_message.object == ""
    s = page.session
    assert s.state.side == "south" and s.seats == [HUMAN, HUMAN]
    assert sorted(page.board.units.data["id"]) == ["N-C1", "N-I1", "S-I1"]


# --- shared games --------------------------------------------------------------------------------------
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/gow.db", synchronous=True) as h:
        yield h


def test_shared_free_deployment_each_seat_on_its_own_page(hub):
    game, tokens = hub.create("game_of_war", {"deployment": "free"}, 5, PEOPLE)
    north, south = SharedGameOfWar(game, tokens[0]), SharedGameOfWar(game, tokens[1])
    pages = SharedGameOfWarPage(north), SharedGameOfWarPage(south)
    for page in pages:
        page.__panel__().get_root(bokeh.document.Document())
    assert north.deploying == 0 and south.deploying is None
    assert "deploy your army" in pages[0].status.object and "is deploying" in pages[1].status.object
    assert pages[0].deploy_panel.layout.visible and not pages[1].deploy_panel.layout.visible
    south.click((3, 15))
    assert south.placements == [] and "is deploying its army" in south.message and game.step == 0
    north.click((3, 4))
    north.click((3, 15))                                      # the engine's refusal, on the seat's own view
    assert "not in North's half" in north.message and len(north.placements) == 1
    assert game.step == 0                                     # nothing is sent before Done
    north.place_rest()
    assert north.done_deploying() and "deployed" in north.message
    assert south.deploying == 1 and north.deploying is None
    # South sees that North is deployed, never where: no North unit in its state, view or board
    assert not [u for u in south.state.position.units if u.side == "north"]
    assert board_sides(pages[1].board) <= {"south"} and "North is deployed" in pages[1].status.object
    assert all("N-" not in e["text"] for e in south.log)
    assert game.state_for(1)["enemy_placed"] == 17
    south.click((10, 15))
    assert list(pages[1].board.units.data["id"]) == ["S-I1"]
    assert not [u for u in north.state.position.units if u.side == "south"]
    assert board_sides(pages[0].board) == {"north"}
    south.place_rest()
    assert south.done_deploying()
    assert north.state.phase == south.state.phase == "play"
    assert board_sides(pages[0].board) == board_sides(pages[1].board) == {"north", "south"}


def test_a_shared_cpu_seat_deploys_on_the_server(hub):
    game, tokens = hub.create("game_of_war", {"deployment": "free"}, 5, [{"kind": "cpu", "level": "easy"}, PEOPLE[1]])
    me = SharedGameOfWar(game, tokens[1])
    assert me.deploying == 1 and not [u for u in me.state.position.units if u.side == "north"]
    me.place_rest()
    assert me.done_deploying() and me.state.phase in ("play", "over")


def test_the_games_page_creates_a_free_deployment_game(hub):
    form = GameOfWarGamesForm(hub)
    assert "free" in form.deployment.options.values()
    form.deployment.value = "free"
    game_id, tokens = form.create(seed=3)
    game = hub.open(game_id)
    assert game.info.options["deployment"] == "free" and game.state_for(0)["phase"] == "deploy"
    form.deployment.value = "standard"
    other_id, _ = form.create(seed=3)
    assert hub.open(other_id).state_for(0)["phase"] != "deploy"


def test_the_form_says_what_the_chosen_deployment_is():
    """Found by a new user: the form explained only free deployment, while "The Academy's opening" is the
    default and "The open-source opening" was never explained; the line under the choice now follows it,
    in the map's own words for its openings."""
    from academy.games.game_of_war.mapdata import deployment_description
    page = GameOfWarPlayPage(seed=1)
    assert page.deployment.value == "standard"
    assert "designed for the Academy" in page.deployment_about.object
    assert deployment_description("academy_default").startswith("Original opening designed for the Academy")
    page.deployment.value = "open_source_default"
    assert "open-source web and Scala ports" in page.deployment_about.object
    page.deployment.value = "free"
    assert "places its 17 units in its own territory, hidden" in page.deployment_about.object
    assert deployment_description("no_such_opening") == ""
