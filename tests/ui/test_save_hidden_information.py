"""Issue 13, item 12: Save on a Play page never hands out what a person at the screen may not see.

Save (JSON) during a running Tactics fog game downloaded the whole log (the other army's hidden moves
and builds) and the seed. The rule now (``academy.ui.save_load``): a finished game saves in full; a
running game that hides something (fog, a hidden deployment, secret orders already submitted) is
refused with the reason, in a hot seat too; any other running game saves with a new seed, and a
running game loaded from a file plays on with a new seed, so no file tells the luck to come.
"""
from __future__ import annotations

import json

import pytest
from bokeh.document import Document

from academy.games.tactics.actions import Resign
from academy.ui.save_load import SaveRefused, read_game_record, save_refusal, save_text
from academy.ui.tactics.play import TacticsPlayPage
from academy.ui.tactics.session import HUMAN, TacticsSession


def tactics(fog: bool, seats: list[str]) -> TacticsSession:
    s = TacticsSession(synchronous=True, cpu_delay=0)
    s.new_game(seats=seats, map_id="river_crossing", fog=fog, seed=4)
    if not s.ready:
        s.show_screen()
    s.act("tank E2 -> F2 wait")
    s.end_turn()
    return s


@pytest.mark.parametrize("seats", [[HUMAN, "normal"], [HUMAN, HUMAN]])
def test_a_running_fog_game_is_not_saved(seats):
    """Against the CPU and in a hot seat alike: the file would show the other army's moves in the fog."""
    s = tactics(fog=True, seats=seats)
    assert not s.state.is_terminal()
    with pytest.raises(SaveRefused, match="fog of war.*seed.*once the game is over"):
        s.save_json()
    page = TacticsPlayPage(session=s)
    page.__panel__().get_root(Document())
    assert page.tools.save.disabled and page.tools.note.visible and "fog of war" in page.tools.note.object
    assert page.tools.saved().getvalue() == ""


def test_a_finished_fog_game_is_saved_in_full():
    s = tactics(fog=True, seats=[HUMAN, "normal"])
    s.state.play(Resign())
    assert s.state.is_terminal() and save_refusal(s.state) is None
    data = json.loads(save_text(s.state))
    assert data["seed"] == s.state.record.seed and len(data["log"]) == len(s.state.record)


def test_a_running_game_without_fog_saves_without_its_seed():
    """The luck to come stays secret: the file's seed is new, the past replays the same from it, and a
    game loaded from the file plays on with yet another seed."""
    s = tactics(fog=False, seats=[HUMAN, "normal"])
    text = s.save_json()
    data = json.loads(text)
    assert data["seed"] != s.state.record.seed
    record = read_game_record(text, "tactics", "game.json")
    assert record.seed not in (data["seed"], s.state.record.seed)
    assert record.replay().to_json() == s.state.to_json()
    page = TacticsPlayPage(session=s)
    page.__panel__().get_root(Document())
    assert not page.tools.save.disabled and not page.tools.note.visible


def test_game_of_war_hidden_deployment_is_not_saved():
    from academy.ui.game_of_war.session import GameOfWarSession
    s = GameOfWarSession(synchronous=True)
    s.new_game(seats=["human", "human"], deployment="free", seed=4)
    assert s.state.phase == "deploy"
    s.act(next(iter(s.state.legal_actions())))
    with pytest.raises(SaveRefused, match="hidden deployment"):
        s.save_json()


def test_diplomacy_submitted_orders_are_not_saved_before_the_phase_resolves():
    from academy.ui.diplomacy.session import LocalDiplomacy
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE", "ENGLAND"], seed=4)
    state = s.engine_state
    state.submit("FRANCE", ["A PAR - BUR"])
    assert "FRANCE" in save_refusal(state)
    with pytest.raises(SaveRefused, match="secret until the phase resolves"):
        s.save_json()
