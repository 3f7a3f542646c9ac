"""The coach's rule for Tactics (issue 22): an attack is graded by its expected damage exchange, in funds,
against the best attack the same unit had.

An attack's exchange is what the odds panel shows (combat.attack_preview, exact over every pair of luck
rolls): the funds value of the damage it is expected to deal (health removed × the target's cost ÷ 100)
less the funds value of the counterattack it is expected to take (health lost × its own cost ÷ 100),
with the terrain it fires from and the target's, both units' health, commanders and weather as they were.
The best attack available is the one of highest exchange among every attack the same unit could make
that turn (every target it could hit from every tile it could reach). The grade is the funds given away
(``THRESHOLDS``):

- below 500: good (half an infantry: within what luck moves either way);
- below 1,500: an inaccuracy (an infantry and a half, about a tenth of a tank);
- below 3,500: a mistake (half a tank);
- 3,500 or more: a blunder (more than half a tank given away in one attack).

Only attacks are graded (moves, captures and builds are plans, not odds). Under fog the grade uses the
board the player saw: the targets it could see, never the hidden units; and never the luck that fell.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from academy.core.errors import RulesError
from academy.core.review import Decision, GameReviewer, Mark, grade_of

from .actions import Attack
from .board import parse_tile
from .combat import attack_preview
from .legal import unit_actions

__all__ = ["LESSONS", "THRESHOLDS", "TacticsReviewer", "exchange_numbers"]

#: funds given away below which an attack is good, an inaccuracy, a mistake (else a blunder)
THRESHOLDS = (500.0, 1500.0, 3500.0)
#: the lesson behind each kind of mark: another target (the damage formula: chart, health, terrain), the
#: same target from another tile (the tile's defence stars cut the counterattack)
LESSONS = {"target": ("combat", None), "tile": ("terrain", None)}

DEALT, TAKEN, EXCHANGE = "expected damage dealt (funds)", "expected counter taken (funds)", "expected exchange (funds)"


def exchange_numbers(state: Any, action: Attack) -> dict[str, float]:
    """The expected funds value an attack deals and takes back, and their difference, exact over the luck
    rolls (``combat.attack_preview``). Raises IllegalAction when ``action`` is not a legal attack now."""
    odds = attack_preview(state, action)
    w, h = state.game.map.width, state.game.map.height
    attacker = state.units[parse_tile(action.at, w, h)].spec.cost
    target = state.units[parse_tile(action.target, w, h)].spec.cost
    dealt = sum((p * min(d, odds.defender_health) for (d, _), p in odds.outcomes.items()), Fraction(0)) * target / 100
    taken = sum((p * min(c or 0, odds.attacker_health) for (_, c), p in odds.outcomes.items()),
                Fraction(0)) * attacker / 100
    return {DEALT: float(dealt), TAKEN: float(taken), EXCHANGE: float(dealt - taken)}


class TacticsReviewer(GameReviewer):
    """Grades Tactics attacks (see the module docstring); every other decision gets no mark."""

    game_name = "tactics"
    graded = (Attack,)

    def judge(self, decision: Decision) -> Mark | None:
        action = decision.action
        view: Any = decision.view
        try:
            made = exchange_numbers(view, action)
        except RulesError:
            return None           # not an attack the player's own board allowed (a record edited by hand)
        pos = parse_tile(action.at, view.game.map.width, view.game.map.height)
        options = [(a, exchange_numbers(view, a)) for a in unit_actions(view, pos) if isinstance(a, Attack)]
        best, numbers = max([(action, made), *options], key=lambda o: o[1][EXCHANGE])
        loss = numbers[EXCHANGE] - made[EXCHANGE]
        text = self.game.format_action(action, view)
        if best == action or loss <= 0:
            why = (f"No attack of this unit had a better exchange: {made[DEALT]:,.0f} funds of damage expected for "
                   f"{made[TAKEN]:,.0f} taken back.")
            return Mark(decision.step, decision.player, text, "good", None, made, {}, why, LESSONS["target"])
        kind = "target" if best.target != action.target else "tile"
        why = (f"This attack was expected to deal {made[DEALT]:,.0f} funds of damage and take {made[TAKEN]:,.0f} back; "
               f"{'firing at ' + best.target if kind == 'target' else 'firing from ' + best.to} deals "
               f"{numbers[DEALT]:,.0f} for {numbers[TAKEN]:,.0f}: {loss:,.0f} funds given away.")
        return Mark(decision.step, decision.player, text, grade_of(loss, THRESHOLDS),
                    self.game.format_action(best, view), made, numbers, why, LESSONS[kind])
