"""The Games page's Diplomacy card (issue 3, "create a game ... game length"; diplomacy.md §8)."""
from __future__ import annotations

from academy.store.live import LiveHub
from academy.ui.diplomacy.games_form import DiplomacyGamesForm


def test_a_game_of_agreed_length(tmp_path):
    with LiveHub(f"sqlite:///{tmp_path}/form.db", synchronous=True) as hub:
        form = DiplomacyGamesForm(hub)
        form.years.value = 2
        game_id, tokens = form.create(seed=3)
        assert hub.store.game(game_id).options["years"] == 2
        assert hub.open(game_id)._state.game.options["years"] == 2
        form.years.value = None
        other, _ = form.create(seed=4)
        assert hub.store.game(other).options.get("years") is None
