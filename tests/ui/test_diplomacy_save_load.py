"""Local Diplomacy games (issue 4, "Full games ... phase history; replay; save and load"): save the
record as JSON, load it to play on, replay it phase by phase; a bad file is refused with a reason."""
from __future__ import annotations

from bokeh.document import Document

from academy.ui.diplomacy.play import DiplomacyPlayPage
from academy.ui.diplomacy.session import LocalDiplomacy


def played() -> LocalDiplomacy:
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=4)
    s.click("PAR")
    s.click("BUR")
    assert s.submit()
    return s


def test_save_and_load_play_on_from_the_same_position():
    s = played()
    text = s.save_json()
    assert '"academy.record"' in text
    again = LocalDiplomacy()
    again.people = ["FRANCE"]
    assert again.load_json(text, name="game.json")
    assert again.phase == s.phase == "F1901M"
    assert again.engine_state.position.units == s.engine_state.position.units
    assert "loaded from game.json" in again.message


def test_a_bad_file_is_refused_and_the_game_goes_on():
    s = played()
    phase = s.phase
    assert not s.load_json(b"{not json", name="broken.json")
    assert "broken.json could not be loaded" in s.message and "bad JSON" in s.message
    assert not s.load_json('{"schema": "academy.record", "version": 1, "game": "conquest", "options": '
                           '{"players": 2}, "seed": 1, "log": []}', name="risk.json")
    assert "not of Diplomacy" in s.message and s.phase == phase


def test_the_page_saves_and_replays():
    page = DiplomacyPlayPage(played())
    page.__panel__().get_root(Document())
    assert '"log"' in page._save().getvalue()
    replay = page.open_replay()
    assert replay.session.count == 2 and replay.session.history == []
    replay.session.forward()
    assert replay.session.history[-1]["orders"]["FRANCE"]


def test_the_preview_shows_the_strengths_in_play():
    """Issue 4, "Explanations and odds": for an ordered unit, its attack, defend, prevent and hold strengths."""
    from academy.ui.diplomacy.panels import OrdersPanel
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=4)
    assert s.type_order("A PAR - BUR") and s.type_order("A MAR S A PAR - BUR")
    row = next(r for r in s.preview if r["unit"] == "A PAR")
    assert row["strengths"] == {"attack": 2, "defend": 2, "prevent": 2, "hold": 0}
    panel = OrdersPanel(s)
    assert "Strength to move in 2 · in a head-to-head 2 · to keep others out 2 · to stay put 0" in panel._preview_html()
