"""The coach's rule for Diplomacy (issue 22): a power's orders for a movement phase are adjudicated
against the other powers' real orders, and so are the orders the hard CPU would have given.

There are no dice in Diplomacy: what the others ordered decides, and the record holds it. A decision is
one power's orders for a movement phase (the last set it submitted before the phase was resolved).
The hard CPU's orders are its own search (bots.HeuristicBot, level "hard": its plans, polished a unit at a
time) told the others' real orders instead of guessing them (``HeuristicBot.orders_against``). Both sets
are adjudicated with the engine's adjudicator against the others' real orders, and each result is worth
(``worth``): the supply centres the power owns or stands on after the phase (a centre it owns with no
unit on it, or any centre its unit occupies), less ``DISLODGED`` for each of its units dislodged (it must
retreat or be disbanded). The grade is the worth given away against the hard CPU's orders
(``THRESHOLDS``): below half a centre good; a unit dislodged (half a centre) an inaccuracy; a centre a
mistake; two centres or more a blunder. The mark says which of the power's orders failed and why, in the
adjudicator's words (a bounce a support would have won, a support cut), and links the lesson.

Retreats and builds are not graded.

Foreseen (the live coach, before the phase resolves): the others' real orders are secret then, so both
sets are adjudicated against the orders the hard CPU expects the others to give, from the public position
(``HeuristicBot.expected_orders``, its likeliest guess), and the mark says so. The same worth and
thresholds grade them.
"""
from __future__ import annotations

from collections.abc import Mapping

from academy.core.bots import bot_seed
from academy.core.review import Decision, GameReviewer, Mark, grade_of, phase_of
from academy.core.text import count

from .actions import Resolve, SubmitOrders
from .adjudicate import FAILS, Resolution, adjudicate
from .bots import HeuristicBot
from .position import Position

__all__ = ["DISLODGED", "LESSONS", "THRESHOLDS", "DiplomacyReviewer", "worth"]

#: what a dislodged unit costs, in supply centres
DISLODGED = 0.5
#: worth given away (in centres) below which orders are good, an inaccuracy, a mistake (else a blunder)
THRESHOLDS = (0.5, 1.0, 2.0)
#: the lesson (and exercise) behind each kind of mark: by the adjudicator's kind of the first failed order
LESSONS = {"bounce": ("support", "supported-attack"), "cut": ("cutting-support", "cut-the-ruhr"),
           "dislodged": ("support", "support-to-hold"), "other": ("orders", None)}

CENTRES, LOST, FAILED = "supply centres yours or under your units", "units dislodged", "orders that failed"
#: after a Spring phase: why a centre under a unit counts before it is owned
SPRING_NOTE = (" (after Spring a centre counts when your unit stands on it: it becomes yours if the unit is still "
               "there after the Fall moves)")


def worth(after: Position, power: str) -> tuple[int, int]:
    """The centres ``power`` holds or stands on in ``after`` and how many of its units are dislodged."""
    centres = 0
    for c in after.dmap.supply_centers:
        unit = after.units.get(c)
        if (unit is not None and unit.power == power) or (unit is None and after.supply_centers.get(c) == power):
            centres += 1
    return centres, sum(d.unit.power == power for d in after.dislodged)


def _numbers(res: Resolution, power: str) -> dict[str, int]:
    centres, dislodged = worth(res.position, power)
    failed = sum(res.results.get(r.key) == FAILS for r in res.rows if r.power == power)
    return {CENTRES: centres, LOST: dislodged, FAILED: failed}


def _value(numbers: Mapping[str, int]) -> float:
    return numbers[CENTRES] - DISLODGED * numbers[LOST]


class DiplomacyReviewer(GameReviewer):
    """Grades each power's orders for a movement phase (see the module docstring)."""

    game_name = "diplomacy"
    graded = (SubmitOrders,)

    def judge(self, decision: Decision) -> Mark | None:
        action, state = decision.action, decision.state
        if state.position.phase.kind != "M":
            return None
        last, resolved = phase_of(decision.record, decision.step, lambda a: isinstance(a, SubmitOrders),
                                  lambda a: isinstance(a, Resolve))
        if not resolved or last.get(decision.player) != decision.step:
            return None
        others = {decision.record.entries[i].action.power: list(decision.record.entries[i].action.orders)
                  for p, i in last.items() if p != decision.player}
        cpu = HeuristicBot(bot_seed(decision.record.seed, decision.player), "hard")
        hard = cpu.orders_against(state, decision.player, others)
        return self._mark(decision, action, others, hard, "the others' real orders")

    def foresee(self, decision: Decision) -> Mark | None:
        """The mark of orders not submitted yet: against the orders the hard CPU expects the others to give
        (see the module docstring); None outside a movement phase or for another kind of decision."""
        self._refuse_other(decision.state.game)
        action, state = decision.action, decision.state
        if not isinstance(action, SubmitOrders) or state.position.phase.kind != "M":
            return None
        action = SubmitOrders(state.power_of(decision.player), tuple(action.orders))   # the player's power
        cpu = HeuristicBot(bot_seed(decision.record.seed, decision.player), "hard")
        guesses = cpu.expected_orders(state, decision.player, most=1)        # the likeliest guess only
        others = {p: o for p, o in (guesses[0] if guesses else {}).items() if p != action.power}
        hard = cpu.orders_against(state, decision.player, others)
        return self._mark(decision, action, others, hard, "the orders the hard CPU expects from the others")

    def _mark(self, decision: Decision, action: SubmitOrders, others: Mapping[str, list[str]], hard: list[str],
              against: str) -> Mark:
        """The mark of ``action``'s orders and the hard CPU's (``hard``), both adjudicated against ``others``
        (what ``against`` names in the sentence)."""
        pos = decision.state.position
        power = action.power
        made_res = adjudicate(pos, {**others, power: list(action.orders)})
        hard_res = adjudicate(pos, {**others, power: hard})
        made, best = _numbers(made_res, power), _numbers(hard_res, power)
        loss = _value(best) - _value(made)
        text = self.game.format_action(action)
        failed = self._first_failure(made_res, power)
        kind = (made_res.details.get(failed, {}).get("kind") if failed else None) or "other"
        lesson = LESSONS.get(kind, LESSONS["other"])
        note = SPRING_NOTE if str(pos.phase).startswith("S") else ""
        if loss <= 0:
            why = (f"Against {against} these orders do as well as the hard CPU's: "
                   f"{count(made[CENTRES], 'supply centre')} yours or under your units{note}, "
                   f"{count(made[LOST], 'unit')} dislodged.")
            return Mark(decision.step, decision.player, text, "good", None, made, {}, why, lesson)
        better = self.game.format_action(SubmitOrders(power, tuple(hard)))
        result = (f"against {against} these orders end with {count(made[CENTRES], 'supply centre')} "
                  f"yours or under your units{note} and {count(made[LOST], 'unit')} dislodged; the hard CPU's "
                  f"end with {best[CENTRES]} and {best[LOST]}.")
        why = f"{made_res.reasons[failed].rstrip('.')}; {result}" if failed else result[0].upper() + result[1:]
        return Mark(decision.step, decision.player, text, grade_of(loss, THRESHOLDS), better, made, best, why,
                    lesson)

    @staticmethod
    def _first_failure(res: Resolution, power: str) -> str | None:
        """The result key of ``power``'s first order that failed, or None."""
        return next((r.key for r in res.rows if r.power == power and res.results.get(r.key) == FAILS), None)
