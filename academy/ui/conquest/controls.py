"""The controls of the current Conquest phase: amounts, dice, move sliders, end buttons, card trades.

Built once; each update only changes visibility, bounds and labels. Works with any board model
(``ConquestSession``, ``LessonModel``): it reads ``state``, ``selected``, ``target``, ``choice`` and
calls ``model.act(action)``. What is allowed comes from ``input.options`` (the engine's legal actions).
"""
from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from academy.core.text import count
from academy.games.conquest import rules
from academy.games.conquest.actions import Attack, EndAttack, EndTurn, Fortify, Occupy
from academy.games.conquest.cards import is_wild, symbol
from academy.games.conquest.notation import card_name
from academy.ui.defer import later

from . import input as conquest_input
from .style import CSS

__all__ = ["PhaseControls", "hand_html"]

#: a trade button's label is long ("Alaska (infantry), Peru (cavalry), Wild 1 → 6 armies (+2 on Alaska)"): it
#: wraps onto more lines inside the button instead of spilling out of it and hiding the armies it gives
WRAP_LABEL = (".bk-btn { white-space: normal; overflow-wrap: anywhere; height: auto; min-height: 31px; "
              "text-align: left; line-height: 1.35; padding-top: 4px; padding-bottom: 4px; }")


def hand_html(state: Any, player: int | None, hidden: frozenset[str] = frozenset()) -> str:
    """The cards ``player`` may see (their own hand from ``observation``), or the counts of hands; the next
    set's value unless ``hidden`` names ``set_value`` (a lesson asks the learner to work it out)."""
    if state is None or state.current is None or player is None or player < 0:
        return ""
    seen = state.observation(player)
    hand = seen["hands"][player]
    game = state.game
    chips = "".join(f'<span class="card-chip">{escape(card_name(c, game))} · '
                    f'{"wild" if is_wild(c) else symbol(c, game.card_symbols)}</span>' for c in hand)
    others = ", ".join(f"{escape(game.player_name(p))} {n}" for p, n in enumerate(seen["hands"])
                       if p != player and isinstance(n, int))
    notes = ([] if "set_value" in hidden else [f'Next set is worth {count(seen["next_set_value"], "army")}.'])
    notes += [f"Cards held by others: {others}."] if others else []
    return (f"<div><b>{escape(game.player_name(player))}'s cards</b> ({len(hand)}): "
            f"{chips or '<span class=academy-muted>none yet</span>'}</div>"
            f'<div class="academy-muted">{" ".join(notes)}</div>'
            f'<div class="academy-muted deck-count">Deck: {count(seen["deck"], "card")} · discard pile '
            f'(traded cards): {count(len(seen["discard"]), "card")}.</div>')


class PhaseControls(pn.viewable.Viewer):
    """Controls for the phase of ``model.state``; see the module docstring."""

    model = param.Parameter()

    def __init__(self, model: Any, **params: Any) -> None:
        super().__init__(model=model, **params)
        ch = model.choice
        self.armies = pn.widgets.IntInput(label="Armies per click", value=ch.armies, start=1, step=1,
                                          width=140, css_classes=["armies-input"])
        self.dice = pn.widgets.RadioButtonGroup(label="Dice", options={"1 die": 1, "2 dice": 2, "3 dice": 3},
                                                value=ch.dice, color="primary", variant="outline", css_classes=["dice-choice"])
        self.dice_label = pn.pane.HTML("<b>Attack dice</b>", margin=(8, 5, 0, 5))
        self.move = pn.widgets.IntSlider(label="Armies to move", start=1, end=2, value=1, step=1,
                                         sizing_mode="stretch_width", css_classes=["move-slider"])
        self.move_min = pn.widgets.Button(label="Least", width=70)
        self.move_all = pn.widgets.Button(label="All but 1", width=85)
        self.move_go = pn.widgets.Button(label="Move", color="primary", sizing_mode="stretch_width", min_width=80,
                                         css_classes=["move-button"])
        self.attack_go = pn.widgets.Button(label="Attack", color="danger", sizing_mode="stretch_width",
                                           css_classes=["attack-button"])
        self.end_attack = pn.widgets.Button(label="End attack", color="warning", width=140,
                                            css_classes=["end-attack"])
        self.end_turn = pn.widgets.Button(label="End turn", color="warning", width=140, css_classes=["end-turn"])
        self.trades = pn.Column(sizing_mode="stretch_width", margin=0)
        self.hand = pn.pane.HTML("", stylesheets=[CSS], sizing_mode="stretch_width", css_classes=["hand"])
        self.reveal = pn.widgets.Button(label="Show my cards", sizing_mode="stretch_width", visible=False,
                                        css_classes=["show-cards"])
        self.reveal.on_click(lambda e: self.model.show_cards())
        self._move_key: Any = None
        self._trade_key: Any = None
        # The boxes show the person's choice within what is allowed now; only the person's own changes
        # write the choice (a clamp to the 2 dice or the last armies allowed here is not a new choice).
        self._showing = False
        self.armies.param.watch(lambda e: self._chosen("armies", max(1, int(e.new or 1))), "value")
        self.dice.param.watch(lambda e: e.new is not None and self._chosen("dice", int(e.new)), "value")
        ch.param.watch(lambda *e: self._show_choice(), ["armies", "dice"])
        self.move.param.watch(lambda e: e.new is not None and setattr(ch, "move", int(e.new)), "value")
        self.move_min.on_click(lambda e: setattr(self.move, "value", self.move.start))
        self.move_all.on_click(lambda e: setattr(self.move, "value", self.move.end))
        self.move_go.on_click(self._on_move)
        self.attack_go.on_click(self._on_attack)
        self.end_attack.on_click(lambda e: self.model.act(EndAttack()))
        self.end_turn.on_click(lambda e: self.model.act(EndTurn()))
        self.layout = pn.Column(
            self.armies,
            pn.Row(self.dice_label, self.dice, margin=0),
            self.attack_go,
            self.move, pn.Row(self.move_min, self.move_all, self.move_go, sizing_mode="stretch_width", margin=0),
            pn.Row(self.end_attack, self.end_turn, margin=0),
            self.trades, self.reveal, self.hand,
            css_classes=["phase-controls"], sizing_mode="stretch_width", margin=0)
        model.param.watch(later(self._update), ["state", "selected", "target"])
        self._update()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- actions -------------------------------------------------------------------------
    def _on_move(self, event: Any) -> None:
        state = self.model.state
        if state.phase == "occupy":
            self.model.act(Occupy(int(self.move.value)))
        elif state.phase == "fortify" and self.model.selected and self.model.target:
            self.model.act(Fortify(self.model.selected, self.model.target, int(self.move.value)))

    def _on_attack(self, event: Any) -> None:
        m = self.model
        if m.selected and m.target:
            most = conquest_input.dice_range(m.state, m.selected, m.target)
            dice = min(m.choice.dice, most[1]) if most else m.choice.dice
            m.act(Attack(m.selected, m.target, dice))

    def _chosen(self, name: str, value: int) -> None:
        if not self._showing:
            setattr(self.model.choice, name, value)

    def _show_choice(self) -> None:
        """Show the choice in the boxes, within what is allowed now (without changing the choice)."""
        ch = self.model.choice
        self._showing = True
        try:
            if self.armies.value != ch.armies:      # as typed: a click says when fewer can be placed
                self.armies.value = ch.armies
            allowed = list(self.dice.options.values()) if isinstance(self.dice.options, dict) else []
            dice = min(ch.dice, max(allowed)) if allowed else ch.dice
            if allowed and self.dice.value != dice:
                self.dice.value = dice
        finally:
            self._showing = False

    # --- view ----------------------------------------------------------------------------
    def _blocked(self) -> bool:
        blocked = getattr(self.model, "_input_blocked", None)
        return bool(blocked and blocked())

    def _update(self, *events: Any) -> None:
        m, state = self.model, self.model.state
        live = state is not None and not state.is_terminal() and not self._blocked()
        o = conquest_input.options(state) if live else None
        phase = state.phase if live else None
        with pn.io.hold():
            amount = conquest_input.amount_range(state, m.selected, m.target) if live else None
            placing = bool(o and o.places)
            self.armies.visible = placing
            hide = conquest_input.hidden_counts(m)
            if placing:
                # the most now is the armies left to place: not said when the learner is to count them
                label = ("Armies per click" if "reinforcements" in hide and state.phase in ("reinforce", "cashout")
                         else f"Armies per click (at most {amount[1]} now)")
                if self.armies.name != label:
                    self.armies.name = label
            dice = conquest_input.dice_range(state, m.selected, m.target) if phase == "attack" and m.selected else None
            self.dice.visible = self.dice_label.visible = phase == "attack"
            if phase == "attack":
                most = dice[1] if dice else 3
                opts = {count(k, 'die'): k for k in range(1, most + 1)}
                if opts != self.dice.options:
                    self._showing = True
                    try:
                        self.dice.param.update(options=opts, value=min(m.choice.dice, most))
                    finally:
                        self._showing = False
            attack_ready = bool(phase == "attack" and m.selected and m.target and dice)
            self._show_choice()
            self.attack_go.visible = attack_ready
            if attack_ready:
                name = state.game.map.name_of
                k = min(m.choice.dice, dice[1])
                self.attack_go.label = f"Attack {name(m.target)} from {name(m.selected)} ({count(k, 'die')})"
            moving = phase == "occupy" or (phase == "fortify" and bool(m.selected and m.target and amount))
            for w in (self.move, self.move_min, self.move_all, self.move_go):
                w.visible = moving
            if moving:
                self._update_move(state, amount)
            self.end_attack.visible = bool(o and o.end_attack)
            self.end_turn.visible = bool(o and o.end_turn)
            hidden = bool(getattr(m, "cards_hidden", False))
            self._update_trades(state, None if hidden else o, hide)
            viewer = getattr(m, "viewer", state.current if state is not None else None)
            self.reveal.visible = hidden and state is not None and bool(state.turn)
            if self.reveal.visible:
                self.reveal.label = (f"Show {state.game.player_name(viewer)}'s cards "
                                     "(hot seat: the others look away)")
            self.hand.object = (hand_html(state, viewer, hide) if state is not None and state.turn and not hidden
                                else "")

    def _update_move(self, state: Any, amount: tuple[int, int]) -> None:
        low, high = amount
        key = (id(state), state.phase, self.model.selected, self.model.target, len(state.record), low, high)
        if key == self._move_key:
            return
        self._move_key = key
        self.move.start, self.move.end = low, max(high, low + 1)
        self.move.disabled = high == low
        self.move.value = high  # the default: all but one
        self.model.choice.move = high
        if state.phase == "occupy":
            self.move.label = f"Armies to move into {state.game.map.name_of(state.occupy['dst'])}"
            self.move_go.label = "Move"
        else:
            self.move.label = "Armies to move"
            self.move_go.label = "Fortify"

    def _update_trades(self, state: Any, o: Any, hide: frozenset[str] = frozenset()) -> None:
        trades = list(o.trades) if o else []
        key = (id(state), len(state.record) if state is not None else 0, tuple(trades), hide)
        if key == self._trade_key:
            return
        self._trade_key = key
        buttons: list[Any] = []
        if trades:
            must = rules.must_trade(state)
            buttons.append(pn.pane.HTML(f"<b>{'You must trade a set' if must else 'Trade a set of cards'}</b>",
                                        margin=(6, 5, 0, 5)))
            for t in trades:
                b = pn.widgets.Button(label=conquest_input.trade_label(state, t, hide), sizing_mode="stretch_width",
                                      color="success", css_classes=["trade-button"], stylesheets=[WRAP_LABEL])
                b.on_click(lambda e, t=t: self.model.act(t))
                buttons.append(b)
        self.trades.objects = buttons
