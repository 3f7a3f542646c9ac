"""The set-up buttons of the Play and Games forms: one set of words, the engine's default, and only the
set-ups the chosen number of players may use (claiming needs 3 or more; ``game.setup_choices``)."""
from __future__ import annotations

from typing import Any

import panel as pn

from academy.games.conquest.game import DEFAULT_SETUP, setup_choices

__all__ = ["SETUP_LABELS", "setup_buttons", "setup_options"]

SETUP_LABELS = {"deal": "Dealt cards", "claim": "Claim in turn", "random": "Random (quick)"}


def setup_options(players: int) -> dict[str, str]:
    """{button word: set-up} for a game of ``players``."""
    return {SETUP_LABELS[k]: k for k in setup_choices(players)}


def setup_buttons(players: Any, **params: Any) -> pn.widgets.RadioButtonGroup:
    """The set-up choice, starting on the engine's default, kept to what ``players`` (a widget) allows:
    when the player count rules out the chosen set-up, the choice goes back to the default."""
    group = pn.widgets.RadioButtonGroup(options=setup_options(players.value), value=DEFAULT_SETUP, **params)

    def follow(*events: Any) -> None:
        options = setup_options(players.value)
        value = group.value if group.value in options.values() else DEFAULT_SETUP
        group.param.update(options=options, value=value)
    players.param.watch(follow, "value")
    return group
