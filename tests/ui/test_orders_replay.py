"""The replays of simultaneous orders (issue 14: "a replay *has* a view state rather than subclassing a play page"):
Diplomacy's and Fronts' replays are an OrdersReplay and their game's view, never a play session; the stepping they
share (OrdersReplay on ReplaySteps, as RecordReplay is) steps, counts, places messages, labels seats, refuses input
and keeps a running game's record."""
from __future__ import annotations

import importlib
import inspect
import json
import pkgutil

import pytest

import academy.ui
from academy.games import REGISTRY
from academy.games.diplomacy.bots import make_bot, play_orders
from academy.ui.diplomacy.replay import DiplomacyReplay
from academy.ui.diplomacy.session import DiplomacySession
from academy.ui.diplomacy.view import DiplomacyView
from academy.ui.fronts.replay import FrontsReplay
from academy.ui.fronts.session import FrontsSession
from academy.ui.fronts.view import FrontsView
from academy.ui.orders_replay import OrdersReplay
from academy.ui.orders_session import OrdersSession
from academy.ui.replay_session import RecordReplay
from academy.ui.replay_steps import ReplaySteps


def diplomacy_record(phases: int = 2):
    state = REGISTRY["diplomacy"]().new_initial_state(seed=1)
    play_orders(state, {p: make_bot("easy", p) for p in range(7)}, phases)
    return state.record


def fronts_record():
    return REGISTRY["fronts"](players=2, map="duel").new_initial_state(seed=2).record


class Frames(OrdersReplay):
    """Three frames of a Diplomacy record with no entry, at the record's steps 0, 4 and 9: the stepping alone."""

    secret = "the test's secrets"

    def __init__(self, **kw):
        super().__init__(REGISTRY["diplomacy"]().new_initial_state(seed=1).record, **kw)
        self.load([{"step": 0, "words": "the start"}, {"step": 4, "words": "the middle"},
                   {"step": 9, "words": "the end"}])

    def _frame_changes(self, index):
        return {}

    def _frame_words(self, index):
        return self._frames[index]["words"]


@pytest.mark.parametrize("replay, session, view", [(DiplomacyReplay, DiplomacySession, DiplomacyView),
                                                   (FrontsReplay, FrontsSession, FrontsView)])
def test_an_orders_replay_is_its_games_view_and_never_a_play_session(replay, session, view):
    made = replay(diplomacy_record() if replay is DiplomacyReplay else fronts_record(), viewer=0)
    assert isinstance(made, OrdersReplay) and isinstance(made, ReplaySteps) and isinstance(made, view)
    assert not isinstance(made, session) and not isinstance(made, OrdersSession)
    assert issubclass(session, view)                 # the play session draws from the same view
    assert issubclass(RecordReplay, ReplaySteps)     # the turn-by-turn replays share the same stepping


def test_no_orders_session_of_the_ui_is_a_replay():
    sessions = []
    for info in pkgutil.walk_packages(academy.ui.__path__, "academy.ui."):
        module = importlib.import_module(info.name)
        sessions += [c for _, c in inspect.getmembers(module, inspect.isclass)
                     if issubclass(c, OrdersSession) and c.__module__ == module.__name__]
    assert {c.__name__ for c in sessions} >= {"DiplomacySession", "FrontsSession", "LocalDiplomacy", "LocalFronts"}
    assert not [c.__name__ for c in sessions if "Replay" in c.__name__ or issubclass(c, ReplaySteps)]


def test_the_shared_stepping_clamps_and_counts():
    s = Frames()
    assert (s.index, s.count, s.at_start, s.at_end) == (0, 3, True, False)
    assert s.counter_text() == "the start (frame 1 of 3)." and s.message == s.counter_text()
    s.forward()
    assert s.index == 1 and not s.at_start and not s.at_end and s.record_step == 4
    s.to_end()
    assert s.index == 2 and s.at_end and s.counter_text() == "the end (frame 3 of 3)."
    s.forward()
    assert s.index == 2
    s.back()
    assert s.index == 1
    s.go(-4)
    assert s.index == 0
    s.go(99)
    assert s.index == 2
    s.to_start()
    assert s.index == 0


def test_the_views_see_one_change_per_step():
    s = Frames()
    seen = []
    s.param.watch(lambda *events: seen.append(sorted(e.name for e in events)), ["index", "message"])
    s.forward()
    assert seen == [["index", "message"]]


def test_messages_are_placed_by_the_records_step_at_the_frame():
    chat = [{"id": 1, "sender": 0, "recipients": [1], "text": "early", "step": 2},
            {"id": 2, "sender": 1, "recipients": [0], "text": "late", "step": 7}]
    s = Frames(viewer=0, chat=chat)
    assert s.messages_until() == []
    s.forward()
    assert [m["text"] for m in s.messages_until()] == ["early"]
    s.to_end()
    assert [m["text"] for m in s.messages_until()] == ["early", "late"]
    assert [m["text"] for m in s.messages_until(2)] == ["early"]


def test_seat_labels_name_the_seat_and_the_viewer_of_a_running_game():
    running = Frames(viewer=0, masked=True, seat_names=["Ann", "Bob"])
    assert running.seat_label(0) == "Austria (Ann) (you)" and running.seat_label(1) == "England (Bob)"
    assert running.seat_label(None) == ""
    assert Frames(viewer=0, seat_names=["Ann"]).seat_label(0) == "Austria (Ann)"      # finished: nobody is "you"


def test_input_is_refused():
    s = Frames()
    for act in (lambda: s.click("PAR"), lambda: s.submit(), lambda: s.type_order("A PAR - BUR")):
        s.message = ""
        assert not act()
        assert s.message == s.refusal and "replay" in s.message


def test_a_running_games_record_is_kept_and_a_finished_ones_is_given():
    with pytest.raises(PermissionError, match="still running: its record holds the test's secrets"):
        Frames(masked=True).export_json()
    assert not Frames(masked=True).can_export
    done = Frames()
    assert done.can_export and json.loads(done.export_json())["game"] == "diplomacy"
