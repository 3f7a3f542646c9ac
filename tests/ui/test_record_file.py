"""The record file input (academy/ui/record_file.py): a file over the limit is refused with a message on
every page that loads files (issue 13, item 7), a file within it arrives as a FileInput's would."""
from __future__ import annotations

from academy.core.visitor_json import MAX_FILE_BYTES, WEBSOCKET_MAX_MESSAGE_BYTES
from academy.ui.record_file import RecordFileInput, refusal
from academy.ui.save_load import SaveLoadBar


def test_the_refusal_names_the_file_and_the_limit() -> None:
    """issue 13, item 7: the message states the limit."""
    assert refusal("big.json", 15 * 1024 * 1024 + 5) == "big.json is 15.0 MB; a record file may be at most 2 MB."
    assert RecordFileInput().max_bytes == MAX_FILE_BYTES
    assert WEBSOCKET_MAX_MESSAGE_BYTES >= 6 * MAX_FILE_BYTES   # a file at the limit fits, even all escaped


def test_a_file_over_the_limit_sets_refused_and_no_value() -> None:
    """issue 13, item 7: what the browser reports for a refused file becomes a message; no value arrives."""
    widget = RecordFileInput()
    seen: list[str] = []
    widget.param.watch(lambda e: seen.append(e.new), "refused")
    widget.refused_size = ["huge.json", 30 * 1024 * 1024]
    assert widget.refused == "huge.json is 30 MB; a record file may be at most 2 MB." and widget.value is None
    widget.refused_size = ["huge.json", 30 * 1024 * 1024]      # the same file again: told again
    assert seen.count("huge.json is 30 MB; a record file may be at most 2 MB.") == 2


def test_a_file_within_the_limit_arrives_with_its_name() -> None:
    """issue 13, item 7: the browser's message for an accepted file sets filename and value."""
    widget = RecordFileInput()
    values: list[object] = []
    widget.param.watch(lambda e: values.append(e.new), "value")
    widget._handle_msg({"filename": "game.json", "value": "{}"})
    widget._handle_msg({"filename": "game.json", "value": "{}"})   # the same file twice: loaded twice
    assert widget.filename == "game.json" and values.count("{}") == 2


def test_the_load_bar_shows_the_refusal_and_loads_nothing() -> None:
    """issue 13, item 7: the Load button of Diplomacy, Game of War and Fronts says why a file was refused."""
    loaded: list[object] = []
    bar = SaveLoadBar(save=lambda: "", load=lambda content, name="": loaded.append(content) or True,
                      filename="game.json")
    bar.load.refused_size = ["huge.json", 15 * 1024 * 1024]
    assert bar.refused.visible and "huge.json is 15 MB; a record file may be at most 2 MB." in bar.refused.object
    assert loaded == []
    bar.load._handle_msg({"filename": "ok.json", "value": "{}"})
    assert loaded == ["{}"] and not bar.refused.visible
