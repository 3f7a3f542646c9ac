"""Replays of shared Diplomacy games (issue 3, "Replays"; issue 4, "replay"): phase by phase, with the
orders and results of each phase; a running game's replay never holds the orders of the phase under
way; a planner from any phase never touches the game."""
from __future__ import annotations

import pytest
from bokeh.document import Document

from academy.store.live import LiveHub
from academy.ui.diplomacy.replay import DiplomacyReplay, DiplomacyReplayPage
from academy.ui.replay import replay_page

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}] + [{"kind": "cpu", "level": "easy"}] * 5


@pytest.fixture
def hub(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/replay.db", synchronous=True) as h:
        yield h


def played(hub):
    game, tokens = hub.create("diplomacy", {}, 5, SEATS)
    game.submit(tokens[0], ["A VIE - GAL", "A BUD - SER"])
    game.submit(tokens[1], ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"])      # Spring 1901 resolves
    game.submit(tokens[1], ["F NTH - NWY"])                                      # Fall: England waits for Ann
    return game, tokens


def test_phase_by_phase_with_the_results(hub):
    game, tokens = played(hub)
    replay = DiplomacyReplay(game.record_copy(), viewer=0)
    assert replay.count == 2 and replay.phase == "S1901M"
    assert replay.state.position.unit_in("VIE") is not None and replay.history == []
    replay.forward()
    assert replay.phase == "F1901M" and replay.index == 1
    assert replay.history[-1]["results"]["A VIE"] == "succeeds"
    assert str(replay.state.position.unit_in("GAL")) == "A GAL"
    replay.forward()                                   # no further frame
    assert replay.index == 1
    assert not replay.submit() and "replay" in replay.message


def test_a_running_game_never_shows_the_pending_orders(hub):
    game, tokens = played(hub)
    replay = DiplomacyReplay(game.record_copy(), viewer=0)
    frames = repr(replay._frames)
    assert "NWY" not in frames                         # England's Fall order is still secret
    assert "NWY" not in repr(replay.pending) and "NWY" not in repr(replay.history)


def test_the_planner_starts_from_the_phase_shown_and_leaves_the_game_alone(hub):
    game, tokens = played(hub)
    replay = DiplomacyReplay(game.record_copy(), viewer=0)
    replay.go(1)
    steps = game.step
    local = replay.planner()
    assert local.engine_state.position.units == replay._frames[1]["position"].units
    assert local.power == "AUSTRIA"
    local.click("GAL")
    local.click("WAR")
    assert local.submit()
    assert game.step == steps and hub.store.game(game.game_id).num_actions == steps


def test_the_replay_link_opens_the_diplomacy_replay(hub):
    game, tokens = played(hub)
    page = replay_page({"match": str(game.game_id), "seat": tokens[0], "replay": "1"}, hub=hub)
    assert isinstance(page, DiplomacyReplayPage)
    page.__panel__().get_root(Document())
    assert "your own view" in page.layout.objects[0].object and "frame 1 of 2" in page.counter.object
    planner = page.open_planner()
    assert planner.session.power == "AUSTRIA"


def test_a_seats_replay_shows_its_messages_as_they_were_written(hub):
    """Issue 3, "Messages": they appear in the replay for their participants (through the generic dispatch)."""
    game, tokens = played(hub)
    game.send_message(tokens[0], [1], "Leave Galicia to me.")
    page = replay_page({"match": str(game.game_id), "seat": tokens[1], "replay": "1"}, hub=hub)
    page.__panel__().get_root(Document())
    page.session.go(0)
    page._update()
    assert "Leave Galicia" not in page.chat.object           # written after the first phase resolved
    page.session.go(1)
    page._update()
    assert "Leave Galicia to me." in page.chat.object
    other = replay_page({"match": str(game.game_id), "seat": tokens[0], "replay": "1"}, hub=hub)
    assert other.session.chat and replay_page({"match": str(game.game_id), "replay": "1"}, hub=hub).session.chat == []
