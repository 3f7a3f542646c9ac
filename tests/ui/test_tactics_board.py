"""The Tactics board on the board kit (issue 14, item 5), without a browser: drawn by HoloViews, patched in
place, fog kept out of the page's data, drags that play as the taps would; and its text sizes (issue 14,
item 1)."""
from __future__ import annotations

import bokeh.document
import holoviews as hv
from bokeh.events import PanEnd, PanStart, Tap
from bokeh.models import ColumnDataSource, Text

from academy.games.tactics.board import parse_tile
from academy.games.tactics.game import TacticsGame
from academy.games.tactics.position import parse_position
from academy.ui.board_kit.board import Board
from academy.ui.tactics.board import TacticsBoard
from academy.ui.tactics.board_layers import TEXT_ROLES
from academy.ui.tactics.board_layers import LAYER_NAMES
from academy.ui.tactics.session import HUMAN, TacticsSession
from tests.ui.gestures import pan, show_at

DUEL = "river_crossing day 2 red | red 3000: tank E2, infantry G1 | blue 0: infantry E4, tank H9"


def session_at(text: str = DUEL, seats=(HUMAN, "normal"), **options) -> TacticsSession:
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.start_from(parse_position(text, TacticsGame(map=text.split()[0], **options), seed=5), list(seats))
    return s


def board_for(s: TacticsSession) -> TacticsBoard:
    b = TacticsBoard(s)
    b.pane.get_root(bokeh.document.Document())
    return b


def at(tile: str) -> tuple[float, float]:
    """A point inside ``tile`` in the board's data units (x the column, y minus the row)."""
    x, row = parse_tile(tile, 10, 10)
    return x + 0.1, -row - 0.2


def gesture(board: TacticsBoard, event: type, tile: str) -> None:
    board.figure._trigger_event(event(board.figure, x=at(tile)[0], y=at(tile)[1]))


def drag(board: TacticsBoard, *tiles: str, release: bool = True) -> None:
    """Press on the first tile, move over the others (several points in each), release on the last."""
    gesture(board, PanStart, tiles[0])
    for tile in tiles[1:]:
        x, y = at(tile)
        for dx in (0.0, 0.15, 0.3):
            pan(board.figure, x + dx, y)
    if release:
        gesture(board, PanEnd, tiles[-1])


def shown(s: TacticsSession) -> tuple:
    return (s.selected, s.destination, s.target, s.destinations, s.targets, s.preview, s.message,
            s.state.to_json(), len(s.state.record))


def text_glyphs(board: TacticsBoard) -> list[Text]:
    return [r.glyph for r in board.figure.renderers if isinstance(r.glyph, Text)]


# --- drawing -------------------------------------------------------------------------------------
def test_the_board_is_drawn_by_holoviews_from_named_layers():
    """Issue 14, item 5: the board is the kit's Board (one HoloViews overlay rendered once), every layer's
    data is the source ``tactics-<layer>`` the browser tests read, and the figure keeps its name."""
    s = session_at()
    board = board_for(s)
    assert isinstance(board.kit, Board) and board.figure is board.kit.figure and board.figure.name == "tactics-board"
    assert {src.name for src in board.kit.sources.values()} == {f"tactics-{n}" for n in LAYER_NAMES}
    assert [r.data_source.name for r in board.figure.renderers] == [f"tactics-{n}" for n in LAYER_NAMES]
    assert dict(zip(board.kit.column("units", "tile"), board.kit.column("units", "army"))) == \
        {"E2": "Red", "G1": "Red", "E4": "Blue", "H9": "Blue"}
    assert board.figure.xaxis[0].major_label_overrides[4] == "E"
    assert board.figure.yaxis[0].major_label_overrides[-9] == "10"           # row 10 at y = -9
    assert board.figure.toolbar_location is None


def test_a_board_before_any_game_sends_no_float_array_as_colours():
    """Issue 14, item 5: the Play tab's board before a game has no units, marks or arrows; HoloViews sent
    those empty columns as float arrays, and BokehJS failed on the colours ("invalid color array": no
    board, no Start button)."""
    board = board_for(TacticsSession(synchronous=True))
    empty = {name: src.data for name, src in board.kit.sources.items() if not len(next(iter(src.data.values())))}
    assert {"units", "selected", "trail", "trail-heads", "targets"} <= set(empty)
    assert all(list(column) == [] and isinstance(column, list) for data in empty.values() for column in data.values())
    assert len(board.kit.column("tiles", "tile")) == 100        # the default map shows


def test_the_board_is_a_holoviews_overlay_a_notebook_can_add_to():
    """Issue 14, item 5: ``board.element`` is the board as it stands, an hv.Overlay of its layers."""
    s = session_at()
    board = board_for(s)
    s.click("E2")
    element = board.element
    assert isinstance(element, hv.Overlay) and len(element) == len(LAYER_NAMES)
    selected = element.get(LAYER_NAMES.index("selected"))
    assert list(selected.dimension_values("tile")) == ["E2"]
    assert isinstance(element * hv.Text(4, -1, "here"), hv.Overlay)


def test_a_tap_patches_only_the_cells_that_changed(monkeypatch):
    """Issue 14, item 5: a tap never rebuilds the figure; the terrain, fog and units get nothing when only
    the selection changes, and a unit that has acted changes only its own cells."""
    s = session_at()
    board = board_for(s)
    fig, names = board.figure, {id(src): name for name, src in board.kit.sources.items()}
    sent: list[tuple[str, dict]] = []
    real_patch = ColumnDataSource.patch
    monkeypatch.setattr(ColumnDataSource, "patch",
                        lambda self, patches: (sent.append((names[id(self)], patches)), real_patch(self, patches)))
    replaced: list[str] = []
    real_replace = Board.replace
    monkeypatch.setattr(Board, "replace",
                        lambda self, layer, cols: (replaced.append(layer), real_replace(self, layer, cols)))

    gesture(board, Tap, "E2")
    assert s.selected == "E2" and board.figure is fig
    touched = {name for name, _ in sent} | set(replaced)
    assert touched and touched <= {"selected", "destinations", "targets"}
    assert board.kit.column("selected", "tile") == ["E2"] and board.kit.column("targets", "tile") == ["E4"]

    sent.clear(), replaced.clear()
    gesture(board, Tap, "E2")                     # stay on E2
    s.choose("wait")
    units = [patches for name, patches in sent if name == "units"]
    row = board.kit.column("units", "tile").index("E2")
    assert units == [{"fill_alpha": [(row, 0.45)], "note": [(row, "has acted")]}]
    assert "units" not in replaced and not {"tiles", "fog", "signs", "frames"} & ({n for n, _ in sent} | set(replaced))


def test_fogged_units_never_reach_any_source():
    """Issue 14, item 5: under fog the board's data (every source the browser gets) is the same whatever
    the units out of the viewer's sight are and wherever they stand: they are in no column."""
    hidden = "river_crossing day 2 red | red 0: infantry B3 | blue 0: infantry I9, tank J10"
    elsewhere = "river_crossing day 2 red | red 0: infantry B3 | blue 0: mech J9, infantry J8"
    data = []
    for text in (hidden, elsewhere):
        s = session_at(text, fog=True)
        board = board_for(s)
        s.click("B3")
        data.append({name: {c: list(v) for c, v in src.data.items()} for name, src in board.kit.sources.items()})
        assert board.kit.column("units", "tile") == ["B3"]
    assert data[0] == data[1]
    fog = dict(zip(data[0]["fog"]["tile"], data[0]["fog"]["fill_alpha"]))
    assert fog["J10"] > 0 and fog["I9"] > 0 and fog["B3"] == 0


def test_another_map_gets_its_size_ticks_and_rows():
    """Issue 14, item 5: a game on a bigger map redraws nothing: the same figure gets the map's ranges,
    size, tick labels and rows."""
    s = session_at()
    board = board_for(s)
    fig, width = board.figure, board.figure.width
    s.start_from(TacticsGame(map="twin_harbors").new_initial_state(seed=1), [HUMAN, HUMAN])
    assert board.figure is fig and fig.x_range.end == 17.5 and fig.y_range.start == -13.5 and fig.width > width
    assert len(board.kit.column("tiles", "tile")) == 18 * 14 and fig.xaxis[0].major_label_overrides[17] == "R"
    assert board.kit.element.opts.get().kwargs["xlim"] == (-0.5, 17.5)


# --- dragging ------------------------------------------------------------------------------------
def test_a_drag_onto_a_tile_does_what_two_taps_do():
    """Issue 14, item 5: a drag from your unit onto a tile selects it and picks that destination, as
    tapping the unit and then the tile does; the tile under the pointer shows while dragging."""
    s, taps = session_at(), session_at()
    board = board_for(s)
    drag(board, "E2", "F2", release=False)
    assert s.selected == "E2" and s.destination == "F2" and board.kit.column("destination", "tile") == ["F2"]
    gesture(board, PanEnd, "F2")
    taps.click("E2")
    taps.click("F2")
    assert shown(s) == shown(taps)
    assert s.choose("wait") and s.state.units[(5, 1)].type == "tank"


def test_a_drag_onto_an_enemy_aims_and_the_release_fires():
    """Issue 14, item 5: dragged onto an enemy in reach the unit aims at it (the odds in the side panel,
    the thicker ring on the board) and nothing is played; the release attacks as a second tap on the
    aimed enemy does."""
    s, taps = session_at(), session_at()
    board = board_for(s)
    before = s.state.to_json()
    drag(board, "E2", "E3", "E4", release=False)          # over E3 (a tile it may move to), then the enemy
    assert s.target == "E4" and s.preview is not None and s.state.to_json() == before
    assert board.kit.column("targets", "line_width") == [5]
    taps.click("E2")
    taps.click("E3")
    taps.click("E4")                                      # the first tap on the enemy aims (odds only)
    assert shown(s) == shown(taps) and taps.target == "E4"   # the same aim and odds as the taps give
    gesture(board, PanEnd, "E4")
    taps.click("E4")
    assert shown(s) == shown(taps) and s.state.to_json() != before
    assert any(e["kind"] == "attack" for e in s.log)


def test_a_drag_straight_onto_an_enemy_aims_from_where_a_tap_would():
    """Issue 14, item 5: from the unit straight onto the enemy (the pointer seen over no tile in between), it
    aims as a tap on the enemy does, from the first tile that can fire (E3, next to the infantry on E4)."""
    s, taps = session_at(), session_at()
    board = board_for(s)
    drag(board, "E2", "E4", release=False)
    taps.click("E2")
    taps.click("E4")
    assert shown(s) == shown(taps) and (s.destination, s.target) == ("E3", "E4")


def test_a_drag_from_an_empty_tile_or_an_enemy_does_nothing():
    """Issue 14, item 5: only a drag that starts on one of your units moves anything."""
    s = session_at()
    board = board_for(s)
    before = shown(s)
    drag(board, "A1", "E2", "F2")
    assert shown(s) == before
    drag(board, "E4", "E3")                              # Blue's infantry: not Red's to drag
    assert shown(s) == before


def test_a_drag_released_where_the_unit_cannot_go_says_why():
    """Issue 14, item 5: released on a tile the unit cannot reach, the drag does what that tap does: the
    engine's refusal, and nothing is played."""
    s, taps = session_at(), session_at()
    board = board_for(s)
    drag(board, "G1", "H1", "J10")
    taps.click("G1")
    taps.click("J10")
    assert shown(s) == shown(taps) and s.selected == "G1" and s.destination is None and "J10" in s.message


def test_the_dragged_unit_has_a_ghost_the_page_moves_with_the_pointer():
    """Issue 14 (speed): from the press on your unit, the board holds a ghost of it (the army's colour, the
    unit's code) that the page moves with the pointer, with no round trip; the release takes it away. A drag
    from an empty tile has none."""
    s = session_at()
    board = board_for(s)
    ghost, code = board.kit.sources["ghost"], board.kit.sources["ghost-code"]
    assert not ghost.data["x"] and not ghost.syncable
    gesture(board, PanStart, "E2")
    x, row = parse_tile("E2", 10, 10)
    assert (list(ghost.data["x"]), list(ghost.data["y"]), list(code.data["code"])) == ([x], [-row], ["Tank"])
    drag_to = at("F2")
    pan(board.figure, drag_to[0], drag_to[1])
    assert list(ghost.data["x"]) == [x]                  # the server leaves the moving to the page
    gesture(board, PanEnd, "F2")
    assert not ghost.data["x"] and not code.data["x"]
    gesture(board, PanStart, "A1")
    assert not ghost.data["x"]


# --- text sizes (issue 14, item 1) -----------------------------------------------------------------
def test_text_sizes_are_one_value_per_glyph_and_follow_the_map():
    """Issue 14, item 1: no text size is read from a data column (BokehJS may pair a changed source's labels
    with the sizes of another update and read past the column's end); the sizes still follow the map's tile
    size when another map is shown."""
    s = TacticsSession(synchronous=True)
    s.new_game(seats=[HUMAN, HUMAN], map_id="river_crossing", seed=1)
    board = TacticsBoard(s)
    glyphs = text_glyphs(board)
    assert len(glyphs) == len(TEXT_ROLES)
    for glyph in glyphs:
        size = glyph.text_font_size
        assert isinstance(size, str) and size.endswith("px"), f"{glyph.text!r} takes its size from {size!r}"
    assert not any("font" in column for src in board.kit.sources.values() for column in src.data)
    small = {g.text_font_size for g in glyphs}

    s.start_from(TacticsGame(map="twin_harbors").new_initial_state(seed=1), [HUMAN, HUMAN])
    board.update()
    assert board.map.id == "twin_harbors" and board.cell < 60
    assert {g.text_font_size for g in glyphs} != small          # smaller tiles: smaller text
    assert set(board._fonts()) == {g.text_font_size for g in glyphs}


def test_on_a_phone_the_board_shrinks_with_its_text_and_target_rings():
    """Issue 14, item 7: at a phone's width the board is scaled down to the window (not cut off), and its
    text and target rings are sized for the tiles as shown, so a unit's code still fits its tile."""
    s = session_at()
    b = board_for(s)
    codes = b.kit.renderers["unit-codes"].glyph
    full_font, full_cell = codes.text_font_size, b.cell
    s.click("E2")                                      # the tank: its targets get rings
    full_rings = b.kit.column("targets", "size")
    assert full_rings
    show_at(b.figure, b.figure.width // 2)
    assert b.cell == full_cell // 2
    assert int(codes.text_font_size.rstrip("px")) < int(full_font.rstrip("px"))
    assert b.kit.column("targets", "size") == [r / 2 for r in full_rings]
