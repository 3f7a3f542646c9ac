"""The import page (``?page=replay``, issue 14): one game-neutral page that reads a record file and opens it on its
own game's replay page, under it, for every game of the registry."""
from __future__ import annotations

import json

import pytest
from bokeh.document import Document

from academy.ui.registry import UI
from academy.ui.replay import RecordImportPage, replay_factory, replay_page
from tests.ui.test_replay_chrome import short_record


@pytest.mark.parametrize("name", list(UI))
def test_a_record_opens_on_its_games_replay_page(name: str) -> None:
    record = short_record(name)
    page = replay_page({"page": "replay"})
    assert isinstance(page, RecordImportPage)
    page.__panel__().get_root(Document())
    page.upload.param.update(filename=f"{name}.json", value=json.dumps(record.to_json()).encode())
    shown = page.shown
    expected = type(replay_factory(name)(record, viewer=None, masked=False, title="x"))
    assert type(shown) is expected and len(page.replay_slot.objects) == 1
    assert f"imported record ({name}.json)" in shown.head.object and "Import another record" in page.head.object
    assert not page.import_area.visible and page.message == ""
    s = shown.session
    assert not s.masked and s.can_export and s.at_start
    s.to_end()
    assert s.at_end and shown.chrome.buttons["forward"].disabled
