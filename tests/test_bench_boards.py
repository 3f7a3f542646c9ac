"""bench/boards.py without a browser (issue 14, "Speed": the board benchmark of all five games): it imports, its
small helpers give what their examples say, it finds a lesson with a piece to tap in every game, and that piece
is in the data of the board the lesson page builds, where the benchmark looks for it in the browser (so a
rewritten board, or a changed lesson, shows here before a benchmark run finds no spot to tap)."""
from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path

import pytest
import panel as pn
from bokeh.document import Document
from bokeh.models import ColumnDataSource, GlyphRenderer, Plot

PATH = Path(__file__).resolve().parents[1] / "bench" / "boards.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_boards", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


boards = load_bench()


def test_the_helpers_examples_hold() -> None:
    """issue 14, "Speed": p90, vm_rss and the figures table give what their docstrings show."""
    failed, tried = doctest.testmod(boards)
    assert tried >= 3 and failed == 0


def test_the_table_puts_each_target_next_to_its_figure() -> None:
    """issue 14, "Speed": a row per figure with its target, a column per game, text figures as they are."""
    text = boards.table({"tactics": {"render_first": 1.234, "memory_mb": 0.5, "drag_fps": "not supported"},
                         "fronts": {"tap_median": 41.6}})
    rows = {line.split("  ")[0]: line.split() for line in text.splitlines()[2:]}
    assert rows["first render, first session (s)"][-3:] == ["1.5", "1.23", "n/a"]
    assert rows["tap -> board updated, median (ms)"][-3:] == ["40", "n/a", "42"]
    drag = next(line for line in text.splitlines() if line.startswith("drag"))
    assert drag.split()[-4:] == ["20", "not", "supported", "n/a"]


def test_an_unknown_game_is_refused_with_the_games_there_are(capsys) -> None:
    """issue 14, "Speed": ``boards.py chess`` says which games it knows instead of measuring nothing."""
    with pytest.raises(SystemExit):
        boards.main(["chess"])
    err = capsys.readouterr().err
    assert "unknown game chess: choose from conquest, diplomacy, tactics, game_of_war, fronts" in err


def _board_figure(page) -> Plot:
    """The board's figure on a lesson page (as boards.py's page script finds it)."""
    doc = Document()
    doc.add_root(pn.panel(page).get_root(doc))
    figures = [m for m in doc.models if isinstance(m, Plot)
               and ("board" in (m.name or "") or "board" in (m.css_classes or []))]
    assert len(figures) == 1, [f.name for f in figures]
    return figures[0]


def _board_rows(page, names: list[str]) -> list[tuple[str, float, float]]:
    """(name, x, y) of each row of the lesson page's board data naming one of ``names``, as boards.py's page
    script finds them: a glyph of the figure named ...board... (or of css class board), its x and y fields."""
    doc = Document()
    root = pn.panel(page).get_root(doc)
    doc.add_root(root)
    figures = [m for m in doc.models if isinstance(m, Plot)
               and ("board" in (m.name or "") or "board" in (m.css_classes or []))]
    assert len(figures) == 1, [f.name for f in figures]
    wanted = {n.lower() for n in names}
    found = []
    for r in figures[0].references():
        if not (isinstance(r, GlyphRenderer) and isinstance(r.data_source, ColumnDataSource)):
            continue
        data, fx, fy = r.data_source.data, getattr(r.glyph, "x", None), getattr(r.glyph, "y", None)
        fx, fy = (f if isinstance(f, str) else getattr(f, "field", None) for f in (fx, fy))
        if fx not in data or fy not in data:
            continue
        for values in data.values():
            for i, value in enumerate(values):
                if isinstance(value, str) and value.lower() in wanted:
                    found.append((value, float(data[fx][i]), float(data[fy][i])))
    return found


@pytest.mark.parametrize("game", boards.GAMES)
def test_each_game_has_a_lesson_whose_piece_is_in_its_board_data(game) -> None:
    """issue 14, "Speed": the lesson chosen for the taps starts with a piece of the learner's, and the board of
    that lesson's page holds a row naming it, at a place on the map (not a placeholder off the board)."""
    from academy.ui.registry import part

    lesson, names = boards.lesson_to_tap(game)
    assert names and lesson.exercises
    rows = _board_rows(part(game, "lessons")(lesson_id=lesson.id), names)
    assert rows, f"none of {names} is in the data of {game}'s board on lesson {lesson.id!r}"
    fig = _board_figure(part(game, "lessons")(lesson_id=lesson.id))
    assert any(fig.x_range.start <= x <= fig.x_range.end and min(fig.y_range.start, fig.y_range.end) <= y
               <= max(fig.y_range.start, fig.y_range.end) for _, x, y in rows)
