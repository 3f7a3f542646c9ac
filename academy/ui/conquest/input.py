"""What a click on the Conquest board means in each phase: pure logic over the engine's legal actions.

No Panel here. The board and the keyboard path both call :func:`click`, which returns a
:class:`ClickResult`: an action to play (or none), the new selection and target, and a message.
Whether an action is allowed is always the engine's answer (its legal actions, or the message
of the ``IllegalAction`` it raises); nothing here restates a rule.

    >>> from academy.games.conquest import parse_position
    >>> s = parse_position("Red to move, attack | Red: Ukraine 5 | rest: Blue 1")
    >>> r = click(s, None, None, "ukraine", Choice())
    >>> r.selected, r.action
    ('ukraine', None)
    >>> r = click(s, "ukraine", None, "ural", Choice())       # the first click on a target shows the odds
    >>> r.action, r.target, r.message
    (None, 'ural', 'Ural targeted: 97.2% to conquer with up to 3 dice. Press Attack (or click Ural again) to roll.')
    >>> click(s, "ukraine", "ural", "ural", Choice()).action   # the second rolls
    Attack(src='ukraine', dst='ural', dice=3)
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.protocol import NodeKind
from academy.core.text import count, percent
from academy.games.conquest import odds, rules
from academy.games.conquest.actions import (Attack, Claim, EndAttack, EndTurn, Fortify, Occupy, Place,
                                            TradeCards)
from academy.games.conquest.cards import is_wild, symbol
from academy.games.conquest.notation import card_name

__all__ = ["Choice", "ClickResult", "Options", "options", "click", "targets", "sources", "amount_range",
           "dice_range", "targeted_message", "after_action", "after_message", "hidden_counts", "trade_label", "explain", "action_menu"]


class Choice(param.Parameterized):
    """The amounts a click uses: armies to place, dice to roll, armies to move (None: all but one)."""

    armies = param.Integer(1, bounds=(1, None), doc="armies placed per click (reinforce, set-up)")
    dice = param.Integer(3, bounds=(1, 3), doc="attack dice; fewer are used when fewer are allowed")
    move = param.Integer(None, allow_None=True, bounds=(1, None),
                         doc="armies moved after a conquest or when fortifying; None moves all but one")

    def new_attack(self) -> None:
        """A new source or target: the most dice allowed again (a smaller number chosen for one attack
        is not carried to the next)."""
        self.dice = self.param["dice"].default

    def reset(self) -> None:
        """Back to the defaults (a new exercise, a new game): 1 army per click, the most dice, all but one."""
        self.param.update({name: self.param[name].default for name in ("armies", "dice", "move")})


@dataclass(frozen=True)
class ClickResult:
    action: Any = None
    selected: str | None = None
    target: str | None = None
    message: str = ""


@dataclass
class Options:
    """The legal actions of the player to move, indexed the way clicks need them."""

    phase: str
    player: int | None
    claims: frozenset[str] = frozenset()
    places: dict[str, int] = field(default_factory=dict)            # territory -> most armies
    attacks: dict[tuple[str, str], int] = field(default_factory=dict)  # (src, dst) -> most dice
    occupy: tuple[int, int] | None = None                           # least, most
    fortifies: dict[tuple[str, str], int] = field(default_factory=dict)  # (src, dst) -> most armies
    trades: list[TradeCards] = field(default_factory=list)
    end_attack: bool = False
    end_turn: bool = False

    @property
    def attack_sources(self) -> frozenset[str]:
        return frozenset(s for s, _ in self.attacks)

    @property
    def fortify_sources(self) -> frozenset[str]:
        return frozenset(s for s, _ in self.fortifies)


_cache: list[tuple[Any, tuple, Options]] = []


def _key(state: Any) -> tuple:
    return (len(state.record), state.phase, state.current, state.reinforcements, sum(state.armies.values()))


def options(state: Any) -> Options:
    """The indexed legal actions of ``state`` (cached for the last few states seen)."""
    key = _key(state)
    for ref, k, opts in _cache:
        if ref() is state and k == key:
            return opts
    opts = Options(state.phase, state.to_move())
    if state.node_kind() is NodeKind.DECISION:
        claims = set()
        for a in state.legal_actions():
            if isinstance(a, Claim):
                claims.add(a.territory)
            elif isinstance(a, Place):
                opts.places[a.territory] = max(a.armies, opts.places.get(a.territory, 0))
            elif isinstance(a, Attack):
                k = (a.src, a.dst)
                opts.attacks[k] = max(a.dice, opts.attacks.get(k, 0))
            elif isinstance(a, Occupy):
                lo, hi = opts.occupy or (a.armies, a.armies)
                opts.occupy = (min(lo, a.armies), max(hi, a.armies))
            elif isinstance(a, Fortify):
                k = (a.src, a.dst)
                opts.fortifies[k] = max(a.armies, opts.fortifies.get(k, 0))
            elif isinstance(a, TradeCards):
                opts.trades.append(a)
            elif isinstance(a, EndAttack):
                opts.end_attack = True
            elif isinstance(a, EndTurn):
                opts.end_turn = True
        opts.claims = frozenset(claims)
    try:
        ref = weakref.ref(state)
    except TypeError:  # pragma: no cover - states are plain objects
        return opts
    _cache.insert(0, (ref, key, opts))
    del _cache[4:]
    return opts


def explain(state: Any, action: Any) -> str | None:
    """The engine's refusal of ``action`` in words, or None if the engine accepts it."""
    try:
        rules.validate(state, action)
    except RulesError as exc:
        return exc.message
    return None


def _name(state: Any, territory: str) -> str:
    return state.game.map.name_of(territory)


def sources(state: Any) -> frozenset[str]:
    """Territories the player can select first (to attack from, or to fortify from)."""
    o = options(state)
    if o.phase == "attack":
        return o.attack_sources
    if o.phase == "fortify":
        return o.fortify_sources
    return frozenset()


def targets(state: Any, selected: str | None = None) -> frozenset[str]:
    """Territories worth highlighting: where a click does something now."""
    o = options(state)
    if o.claims:
        return o.claims
    if o.places:
        return frozenset(o.places)
    if o.phase == "occupy" and state.occupy:
        return frozenset({state.occupy["dst"]})
    if o.phase == "attack":
        if selected in o.attack_sources:
            return frozenset(d for s, d in o.attacks if s == selected)
        return o.attack_sources
    if o.phase == "fortify":
        if selected in o.fortify_sources:
            return frozenset(d for s, d in o.fortifies if s == selected)
        return o.fortify_sources
    return frozenset()


def amount_range(state: Any, selected: str | None = None, target: str | None = None) -> tuple[int, int] | None:
    """(least, most) armies the amount control can take in this phase, or None when it has no use."""
    o = options(state)
    if o.places:
        return 1, max(o.places.values())
    if o.occupy:
        return o.occupy
    if o.phase == "fortify" and selected:
        most = [k for (s, d), k in o.fortifies.items() if s == selected and (target is None or d == target)]
        return (1, max(most)) if most else None
    return None


def dice_range(state: Any, selected: str | None, target: str | None = None) -> tuple[int, int] | None:
    """(1, most dice) for an attack from ``selected`` (to ``target``), or None."""
    o = options(state)
    most = [k for (s, d), k in o.attacks.items() if s == selected and (target is None or d == target)]
    return (1, max(most)) if most else None


def _clamp(value: int | None, low: int, high: int) -> int:
    return high if value is None else max(low, min(high, value))


def click(state: Any, selected: str | None, target: str | None, territory: str, choice: Choice) -> ClickResult:
    """What a click on ``territory`` does now; see the module docstring."""
    if territory not in state.owner:
        return ClickResult(None, selected, target, f"{territory!r} is not a territory of this map.")
    kind = state.node_kind()
    if kind is NodeKind.TERMINAL:
        return ClickResult(message="The game is over.")
    if kind is not NodeKind.DECISION:
        return ClickResult(None, selected, target, "Chance decides this step; wait a moment.")
    o = options(state)
    name = _name(state, territory)
    if state.phase == "claim":
        return ClickResult(Claim(territory))
    if state.phase == "reinforce" and (attempt := _early_attack(state, territory)) is not None:
        return ClickResult(attempt)       # the engine refuses it and says which phase this is
    if state.phase in ("place", "reinforce", "cashout"):
        most = o.places.get(territory)
        if most and choice.armies > most:     # say so: the number asked for is not the number placed
            return ClickResult(Place(territory, most), message=(
                f"You asked for {count(choice.armies, 'army')} per click, but {most} "
                f"{'is' if most == 1 else 'are'} the most you can place on {name} now: "
                f"{count(most, 'army')} placed there."))
        return ClickResult(Place(territory, _clamp(choice.armies, 1, most) if most else max(1, choice.armies)))
    if state.phase == "occupy":
        occ = state.occupy
        if territory in (occ["src"], occ["dst"]) and o.occupy:
            return ClickResult(Occupy(_clamp(choice.move, *o.occupy)), occ["src"], occ["dst"])
        return ClickResult(None, occ["src"], occ["dst"],
                           f"First move armies into {_name(state, occ['dst'])}: choose how many, then press Move "
                           f"(or click {_name(state, occ['dst'])}).")
    if state.phase == "attack":
        return _click_attack(state, o, selected, target, territory, name, choice)
    if state.phase == "fortify":
        return _click_fortify(state, o, selected, target, territory, name, choice)
    return ClickResult(None, selected, target, rules.phase_hint(state))


def _early_attack(state: Any, territory: str) -> Attack | None:
    """A click on an enemy territory before the armies are placed: an attack on it from the player's
    strongest neighbouring territory, for the engine to refuse with the reason (the phase) (None: no own
    neighbour; the click then asks to place there, and the engine says whose territory it is)."""
    me = state.current
    if state.owner[territory] == me:
        return None
    mine = [n for n in state.game.map.neighbours[territory] if state.owner[n] == me]
    if not mine:
        return None
    return Attack(max(sorted(mine), key=lambda n: state.armies[n]), territory, 1)


def _enemy_neighbour(state: Any, territory: str) -> str | None:
    me = state.owner[territory]
    return next((n for n in sorted(state.game.map.neighbours[territory]) if state.owner[n] != me), None)


def _click_attack(state: Any, o: Options, selected: str | None, target: str | None, territory: str, name: str,
                  choice: Choice) -> ClickResult:
    srcs = o.attack_sources
    if selected is not None and territory == selected:
        return ClickResult(message=f"{name} is no longer selected.")
    if territory in srcs:
        return ClickResult(None, territory, None, f"{name} selected: click an enemy neighbour to see the odds of attacking it.")
    if selected is not None and (selected, territory) in o.attacks:
        most = o.attacks[(selected, territory)]
        if territory == target:          # the second click on the target: roll
            return ClickResult(Attack(selected, territory, _clamp(choice.dice, 1, most)), selected, territory)
        return ClickResult(None, selected, territory, targeted_message(state, selected, territory, target, choice))
    if state.owner[territory] == state.current:
        # one's own territory that cannot attack: why, as a source (not "you hold it yourself" as a target)
        enemy = _enemy_neighbour(state, territory)
        why = (f"{name} has no enemy neighbour to attack." if enemy is None
               else (explain(state, Attack(territory, enemy, 1)) or f"{name} cannot attack now.")
               .split(" refused: ", 1)[-1])           # the reason is the source's, whichever neighbour
        kept = f" {_name(state, selected)} stays selected." if selected is not None else ""
        return ClickResult(None, selected, None, why + kept)
    if selected is not None:
        why = explain(state, Attack(selected, territory, 1))
        return ClickResult(None, selected, None, why or f"{name} cannot be attacked from {_name(state, selected)}.")
    froms = sorted(_name(state, s) for s, d in o.attacks if d == territory)
    if froms:
        return ClickResult(message=f"To attack {name}, first click the territory to attack from: "
                                   f"{', '.join(froms)}.")
    own = sorted((n for n in state.game.map.neighbours[territory] if state.owner[n] == state.current),
                 key=lambda n: (-state.armies[n], n))
    why = explain(state, Attack(own[0], territory, 1)) if own else None    # the engine says what an attack needs
    return ClickResult(message=why or f"{name} does not border any of your territories.")


def targeted_message(state: Any, src: str, dst: str, target: str | None, choice: Choice) -> str:
    """What the first click on an attack's target says: the odds and how to roll.

    A first click never rolls (a phone has no hover to show the odds first): it picks the target, the
    odds panel shows the battle, and the Attack button or a second click on it rolls. The dice are those
    the roll would use: a new target (another one was picked) starts again at the most allowed
    (``Choice.new_attack``), a first target keeps the dice chosen before it.
    """
    most = options(state).attacks[(src, dst)]
    dice = most if target is not None and target != dst else _clamp(choice.dice, 1, most)
    win = odds.conquer_probability(state.armies[src], state.armies[dst], dice)
    name = _name(state, dst)
    return (f"{name} targeted: {percent(win)} to conquer with {'1 die' if dice == 1 else f'up to {dice} dice'}. "
            f"Press Attack (or click {name} again) to roll.")


def _click_fortify(state: Any, o: Options, selected: str | None, target: str | None, territory: str,
                   name: str, choice: Choice) -> ClickResult:
    srcs = o.fortify_sources
    if selected is not None and territory == selected:
        return ClickResult(message=f"{name} is no longer selected.")
    if selected is not None and (selected, territory) in o.fortifies:
        most = o.fortifies[(selected, territory)]
        if territory == target:
            return ClickResult(Fortify(selected, territory, _clamp(choice.move, 1, most)), selected, territory)
        return ClickResult(None, selected, territory,
                           f"Move from {_name(state, selected)} to {name}: choose how many (1 to {most}), "
                           f"then press Fortify or click {name} again.")
    picked = f"{name} selected: click one of your territories to move armies to."
    if selected is not None and state.owner[territory] == state.current:
        why = explain(state, Fortify(selected, territory, 1))     # not joined to the selected one
        if territory in srcs:
            return ClickResult(None, territory, None, f"{why} {picked}" if why else picked)
        return ClickResult(None, selected, None, why or f"{name} cannot receive armies from {_name(state, selected)}.")
    if territory in srcs:
        return ClickResult(None, territory, None, picked)
    if selected is not None:
        return ClickResult(None, selected, None, explain(state, Fortify(selected, territory, 1))
                           or f"{name} cannot receive armies from {_name(state, selected)}.")
    return ClickResult(message=_why_not_a_source(state, territory, name))


def _why_not_a_source(state: Any, territory: str, name: str) -> str:
    """Why ``territory`` cannot fortify now, in the engine's words, with a real destination tried."""
    mine = [t for t in sorted(state.owner) if state.owner[t] == state.current and t != territory]
    joined = sorted(rules.reachable(state, territory)) if state.owner[territory] == state.current else []
    dst = next(iter(joined), mine[0] if mine else None)
    if dst is None:
        return f"{name} is your only territory: there is nowhere to move armies to."
    return explain(state, Fortify(territory, dst, 1)) or f"{name} cannot fortify now."


def after_action(state: Any, action: Any, selected: str | None, target: str | None) -> tuple[str | None, str | None]:
    """The selection to keep once ``action`` has been played and the state has moved on."""
    if state.node_kind() is not NodeKind.DECISION:
        return None, None
    if state.phase == "occupy" and state.occupy:
        return state.occupy["src"], state.occupy["dst"]
    if state.phase != "attack":
        return None, None
    srcs = sources(state)
    if isinstance(action, Occupy):
        for candidate in (target, selected):
            if candidate in srcs:
                return candidate, None
        return None, None
    if selected not in srcs:
        return None, None
    if target is not None and (selected, target) not in options(state).attacks:
        target = None
    return selected, target


def after_message(state: Any, action: Any, selected: str | None) -> str:
    """What the player should know about the selection kept after ``action`` ('' when nothing)."""
    if isinstance(action, Occupy) and selected is not None and state.phase == "attack":
        name = _name(state, selected)
        return (f"{name} stays selected ({count(state.armies[selected], 'army')}): click an enemy neighbour to "
                f"attack from it, or click {name} to deselect it.")
    return ""


def hidden_counts(model: Any) -> frozenset[str]:
    """The numbers a board model keeps to itself (its ``kept_back``: a lesson asks the learner to work them
    out; see ``goals.WORK_OUT``): ``reinforcements``, ``set_value``. A game hides none."""
    return frozenset(getattr(model, "kept_back", None) or ())


def trade_label(state: Any, trade: TradeCards, hidden: frozenset[str] = frozenset()) -> str:
    """'Alaska (infantry), Peru (cavalry), Wild → 6 armies (+2 on Alaska)'; without the armies when the set's
    value is ``hidden``."""
    game = state.game
    cards = ", ".join(card_name(c, game) if is_wild(c) else f"{card_name(c, game)} ({symbol(c, game.card_symbols)})"
                      for c in trade.cards)
    text = cards if "set_value" in hidden else f"{cards} → {count(rules.set_value(state.sets_traded), 'army')}"
    return text + (f" (+2 on {_name(state, trade.bonus)})" if trade.bonus else "")


def action_menu(state: Any, choice: Choice) -> list[Any]:
    """The legal actions worth listing for keyboard play: one per territory (or pair), amounts from ``choice``.

    Place uses ``choice.armies``, Attack ``choice.dice``, Fortify ``choice.move`` (all but one by
    default); Occupy lists every allowed amount, the largest first.
    """
    if state is None or state.node_kind() is not NodeKind.DECISION:
        return []
    o = options(state)
    name = state.game.map.name_of
    menu: list[Any] = list(o.trades)
    menu += [Claim(t) for t in sorted(o.claims, key=name)]
    menu += [Place(t, _clamp(choice.armies, 1, most)) for t, most in sorted(o.places.items(), key=lambda kv: name(kv[0]))]
    menu += [Attack(s, d, _clamp(choice.dice, 1, most))
             for (s, d), most in sorted(o.attacks.items(), key=lambda kv: (name(kv[0][0]), name(kv[0][1])))]
    if o.occupy:
        menu += [Occupy(k) for k in range(o.occupy[1], o.occupy[0] - 1, -1)]
    menu += [Fortify(s, d, _clamp(choice.move, 1, most))
             for (s, d), most in sorted(o.fortifies.items(), key=lambda kv: (name(kv[0][0]), name(kv[0][1])))]
    if o.end_attack:
        menu.append(EndAttack())
    if o.end_turn:
        menu.append(EndTurn())
    return menu
