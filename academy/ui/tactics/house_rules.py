"""The house rules of a Tactics skirmish (tactics.md, "Game options"), one set of widgets for the Play
tab's form and the Games page's: luck, starting funds, income per property, whether properties repair
units, and fog of war. Their defaults are the chosen map's settings (the document's: luck on, 1,000 per
property, repairs on, fog off); ammo and fuel are always on and have no setting.
"""
from __future__ import annotations

from typing import Any

import panel as pn

from academy.ui.labels import wrapping_row
from academy.ui.tick import Tick


class HouseRules:
    """The option widgets; ``prefix`` and ``suffix`` keep each form's CSS classes apart (``fog-choice``
    on the Play tab, ``tactics-fog`` on the Games page)."""

    def __init__(self, settings: dict[str, Any], prefix: str = "", suffix: str = "") -> None:
        def css(name: str) -> list[str]:
            return [f"{prefix}{name}{suffix}"]
        self.fog = Tick("Fog of war", value=False, css_classes=css("fog"))
        self.luck = Tick("Luck (damage +0 to 9)", value=True, css_classes=css("luck"))
        self.repairs = Tick("Properties repair units", value=True, css_classes=css("repairs"))
        self.funds = pn.widgets.IntInput(label="Starting funds", value=0, start=0, end=100_000, step=1000,
                                         width=160, css_classes=css("funds"))
        self.income = pn.widgets.IntInput(label="Income per property", value=1000, start=0, end=10_000, step=500,
                                          width=160, css_classes=css("income"))
        self.set_from(settings)

    def set_from(self, settings: dict[str, Any]) -> None:
        """Show a map's settings (a map without a repairs setting repairs, as the document's default)."""
        self.fog.value = bool(settings.get("fog", False))
        self.luck.value = bool(settings.get("luck", True))
        self.repairs.value = bool(settings.get("repairs", True))
        self.funds.value = int(settings.get("starting_funds", 0))
        self.income.value = int(settings.get("income_per_property", 1000))

    def options(self) -> dict[str, Any]:
        """The chosen house rules as ``TacticsGame`` keywords."""
        return {"fog": bool(self.fog.value), "luck": bool(self.luck.value), "repairs": bool(self.repairs.value),
                "starting_funds": int(self.funds.value or 0), "income": int(self.income.value or 0)}

    def layout(self) -> pn.viewable.Viewable:
        return pn.Column(wrapping_row(self.fog, self.luck, self.repairs), wrapping_row(self.funds, self.income),
                         margin=0, sizing_mode="stretch_width")
