"""DiplomacyView: what the Diplomacy board and results panel read (no Panel).

One power's view of a position: the engine's view state of that power's observation, the orders drawn
on it (this power's drafts, and other powers' orders a lesson gives), the highlights of a click path and
the results of the phases resolved so far. Two models are views: ``DiplomacySession`` (a screen that
writes a power's orders; academy/ui/diplomacy/session.py) and ``DiplomacyReplay`` (a record, phase by
phase; academy/ui/diplomacy/replay.py), so the same board and panels draw either.
"""
from __future__ import annotations

import param

__all__ = ["DiplomacyView"]


class DiplomacyView(param.Parameterized):
    """One power's view of a Diplomacy position; see the module docstring."""

    state = param.Parameter(doc="DiplomacyState built from the observation of ``power`` (views read it)")
    power = param.String(None, allow_None=True, doc="the power whose view this is (None: watching)")
    pending = param.Dict({}, doc="this power's orders drawn as drafts: thing to order -> order text")
    others = param.Dict({}, doc="other powers' orders this screen may show (a lesson's fixed orders): "
                                "power -> order texts, drawn like this power's drafts")
    selected = param.String(None, allow_None=True, doc="the unit (or build site) clicked first")
    targets = param.List([], doc="provinces the selection's orders concern (highlighted)")
    by_convoy = param.List([], doc="of ``targets``, the provinces the selected army reaches only by convoy")
    history = param.List([], doc="every resolved phase seen: dicts phase, orders, results, reasons")

    @property
    def phase(self) -> str:
        """The phase shown ('S1901M'; '' before a game)."""
        return self.state.phase if self.state is not None else ""
