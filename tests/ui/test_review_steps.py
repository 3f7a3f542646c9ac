"""The newcomer's walk: the coach's review and the replay named two moves "step 8" (Game of War: the review's
"Step 8 · N-I6 p8-p9", the replay's "Step 8 of 16. North: infantry N-I5 moves o8-o9"). A mark's step is the
record's entry index (from 0); the replay's step k is the board after k entries, whose message names the k-th.
The review now names a decision by the replay's step that plays it (``played_at``: index + 1); a replay of
phases (Diplomacy, Fronts) by its frame, as its counter says "(frame k of n)"."""
from __future__ import annotations

import re

import pytest

from academy.core.protocol import NodeKind
from academy.games import REGISTRY
from academy.games.game_of_war.bots import make_bot
from academy.ui.replay import replay_factory
from academy.ui.review_session import ReviewSession

from .test_review import blunders


def game_of_war_record(plies: int = 40):
    """A Game of War played by two CPUs for ``plies`` decisions (a chance step, if any, drawn by the engine)."""
    state = REGISTRY["game_of_war"]().new_initial_state(seed=8)
    bots = [make_bot("easy", seed=1), make_bot("easy", seed=2)]
    while not state.is_terminal() and len(state.record) < plies:
        if state.node_kind() is NodeKind.CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        state.apply(bots[state.to_move()].choose(state))
    return state.record


def test_game_of_war_review_and_replay_name_the_same_move_for_a_step() -> None:
    record = game_of_war_record()
    page = replay_factory("game_of_war")(record, viewer=None, masked=False, title="a test", seat_names=[],
                                         chat=[], back_link="", embedded=True)
    r = ReviewSession(record, learners=[0, 1])
    r.show(r.compute([0, 1]))
    r.only_mistakes = False
    moves = [m for m in r.review.marks if re.fullmatch(r"[NS]-\w+ \w+-\w+", m.decision)]
    assert moves
    for mark in moves:
        step = int(re.match(r"Step (\d+) · ", r.mark_label(r.review.marks.index(mark))).group(1))
        page.session.go(step)                                   # the replay's own "Step <step> of n"
        assert page.session.message.startswith(f"Step {step} of ")
        unit, path = mark.decision.split(" ")
        assert f"{unit} moves {path}" in page.session.message, (mark, page.session.message)


@pytest.mark.parametrize("game", ["conquest", "tactics", "game_of_war"])
def test_a_turn_games_mark_is_named_by_the_step_that_plays_it(game: str) -> None:
    record, player = blunders()[game]
    page = replay_factory(game)(record, viewer=player, masked=False, title="a test", seat_names=[], chat=[],
                                back_link="", embedded=True)
    panel = page.open_review()
    r = panel.review
    i = r.mark_index
    assert r.review.marks[i].step == 0 and r.mark_label(i).startswith("Step 1 · ")
    assert "Step 1 · " in panel.detail.object
    assert page.session.message.startswith("Step 0 of ")          # the board it was decided on
    assert "(the replay's step 0, the board just before it)" in panel.detail.object   # (a walk: "15" showed "14")


@pytest.mark.parametrize("game", ["diplomacy", "fronts"])
def test_a_phase_replays_mark_is_named_by_its_frame(game: str) -> None:
    record, player = blunders()[game]
    page = replay_factory(game)(record, viewer=player, masked=False, title="a test", seat_names=[], chat=[],
                                back_link="", embedded=True)
    panel = page.open_review()
    label = panel.review.mark_label(panel.review.mark_index)
    frame = int(re.match(r"Frame (\d+) · ", label).group(1))
    assert f"(frame {frame} of " in page.session.message            # the frame the replay shows for it
