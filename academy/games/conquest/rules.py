"""The rules of Conquest (conquest.md, "Section 4: Gameplay"), plus the classic set-up and cards.

Functions take a ConquestState. ``validate`` raises IllegalAction and changes nothing;
``apply`` assumes a validated action and returns the events, each with the "why".
"""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core import graph
from academy.core.errors import IllegalAction
from academy.core.protocol import Event
from academy.core.text import count

from . import cards as cardlib
from .actions import (Attack, Claim, Deal, Draw, EndAttack, EndTurn, FirstPlayer, Fortify, Occupy, Place,
                      RandomPlace, Roll, TradeCards)
from .dice import compare, max_attack_dice, max_defence_dice, sorted_rolls

if TYPE_CHECKING:
    from .state import ConquestState

NEUTRAL = -1
set_value = cardlib.set_value
#: starting armies per player by player count; the 2-player game adds a neutral army of 40
STARTING_ARMIES = {2: 40, 3: 35, 4: 30, 5: 25, 6: 20}
CASH_OUT_LIMIT = 4   # after an elimination, trade until holding this many cards or fewer


# ============================================================================ helpers
def name(s: ConquestState, territory: str) -> str:
    return s.game.map.name_of(territory)


def who(s: ConquestState, player: int | None) -> str:
    return "Neutral" if player == NEUTRAL else s.game.player_name(player if player is not None else 0)


def has_neutral(s: ConquestState) -> bool:
    return s.game.num_players == 2


def pile_order(s: ConquestState) -> list[int]:
    """Who receives cards and places armies at set-up, in order, starting with the first player."""
    n, first = s.game.num_players, s.first or 0
    order = [(first + i) % n for i in range(n)]
    return order + [NEUTRAL] if has_neutral(s) else order


def refuse(reason: str, message: str) -> IllegalAction:
    return IllegalAction(reason, message)


def reinforcement_breakdown(s: ConquestState, player: int) -> tuple[int, list[str]]:
    """Armies a player receives at the start of a turn, and the lines that explain the count.

    conquest.md Phase 1: territories ÷ 3 rounded down, at least 3; plus each whole continent's bonus.
    """
    owned = s.territories_of(player)
    base = max(3, len(owned) // 3)
    why = [f"{count(len(owned), 'territory')} ÷ 3 = {len(owned) // 3}" + (", raised to the minimum of 3" if len(owned) // 3 < 3 else "")]
    total = base
    for c in s.game.map.continents.values():
        if all(s.owner[t] == player for t in c.territories):
            total += c.bonus
            why.append(f"+{c.bonus} for holding all of {c.name}")
    return total, why


def reachable(s: ConquestState, src: str) -> set[str]:
    """Territories reachable from ``src`` through the owner's own territories (fortification paths)."""
    player, cmap = s.owner[src], s.game.map
    if s.game.options["fortify"] == "adjacent":
        return {t for t in cmap.neighbours[src] if s.owner[t] == player}
    borders = graph.map_graph(cmap, lambda: graph.graph_of(cmap.neighbours))
    return graph.reachable(borders, src, passable=lambda t: s.owner[t] == player) - {src}


def must_trade(s: ConquestState) -> bool:
    """A set must be traded now: 5+ cards in the reinforcement phase, or above 4 after an elimination."""
    hand = s.hands[s.current] if s.current is not None and s.current >= 0 else []
    if s.phase == "reinforce":
        return len(hand) >= 5
    return s.phase == "cashout" and len(hand) > CASH_OUT_LIMIT


def trade_options(s: ConquestState) -> list[TradeCards]:
    player = s.current
    out = []
    for combo in cardlib.valid_sets(s.hands[player], s.game.card_symbols):
        owned = [c for c in combo if not cardlib.is_wild(c) and s.owner[c] == player]
        out += [TradeCards(combo, b) for b in owned] if owned else [TradeCards(combo, None)]
    return out


# ============================================================================ legal actions
def legal_actions(s: ConquestState) -> list[Any]:
    p, ph = s.current, s.phase
    if ph == "claim":
        return [Claim(t) for t, o in s.owner.items() if o is None]
    if ph == "place":
        step_owner, most = setup_step(s)
        return [Place(t, k) for t, o in s.owner.items() if o == step_owner for k in range(1, most + 1)]
    if ph in ("reinforce", "cashout"):
        acts: list[Any] = list(trade_options(s)) if (ph == "reinforce" or must_trade(s)) else []
        if not must_trade(s):
            acts += [Place(t, k) for t in s.territories_of(p) for k in range(1, s.reinforcements + 1)]
        return acts
    if ph == "attack":
        acts = [Attack(src, dst, d) for src in s.territories_of(p) if s.armies[src] >= 2
                for dst in sorted(s.game.map.neighbours[src]) if s.owner[dst] != p
                for d in range(1, max_attack_dice(s.armies[src]) + 1)]
        return acts + [EndAttack()]
    if ph == "occupy":
        occ = s.occupy
        return [Occupy(k) for k in range(occ["min"], s.armies[occ["src"]])]
    if ph == "fortify":
        acts = [Fortify(src, dst, k) for src in s.territories_of(p) if s.armies[src] >= 2
                for dst in sorted(reachable(s, src)) for k in range(1, s.armies[src])]
        return acts + [EndTurn()]
    return []


def setup_step(s: ConquestState) -> tuple[int, int]:
    """During set-up placement: whose territories the next army goes on, and how many at most.

    With 3-6 players each set-up turn is 1 army. In the 2-player game a turn is 2 of your own
    armies (on 1 or 2 territories), then 1 neutral army on a neutral territory.
    """
    p = s.current
    if not has_neutral(s):
        return p, 1
    own_left = min(2, s.pool[p] + s.placed_this_turn) - s.placed_this_turn
    if own_left > 0:
        return p, own_left
    return NEUTRAL, 1


# ============================================================================ chance
def chance_outcomes(s: ConquestState) -> list[tuple[Any, Fraction]]:
    ph = s.phase
    if ph == "first":
        n = s.game.num_players
        return [(FirstPlayer(p), Fraction(1, n)) for p in range(n)]
    if ph == "deal":
        free = [t for t, o in s.owner.items() if o is None]
        return [(Deal(t), Fraction(1, len(free))) for t in free]
    if ph == "random_place":
        step_owner, _ = setup_step(s)
        mine = [t for t, o in s.owner.items() if o == step_owner]
        return [(RandomPlace(t), Fraction(1, len(mine))) for t in mine]
    if ph == "battle":
        b = s.battle
        d = max_defence_dice(s.armies[b["dst"]])
        return list(battle_outcomes(b["dice"], d))
    if ph == "draw":
        return [(Draw(c), Fraction(1, len(s.deck))) for c in s.deck]
    return []


@functools.cache
def battle_outcomes(attack_dice: int, defence_dice: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Every roll of ``attack_dice`` against ``defence_dice``, sorted high to low, with its exact chance."""
    return tuple((Roll(a, d), pa * pd) for (a, pa), (d, pd) in
                 itertools.product(sorted_rolls(attack_dice), sorted_rolls(defence_dice)))


# ============================================================================ validation
def validate(s: ConquestState, action: Any) -> None:
    check = _VALIDATORS.get(type(action))
    if check is None:
        raise refuse("unknown_action", f"{action!r} is not a Conquest action. Use claim, place, trade, attack, "
                                       "move, end attack, fortify or end turn.")
    check(s, action)


def _phase_is(s: ConquestState, action: Any, *phases: str) -> None:
    if s.phase not in phases:
        verb = _VERBS.get(type(action), type(action).__name__)
        raise refuse("wrong_phase", f"{verb} is refused now: it is the {phase_title(s.phase)} phase, and that "
                                    f"belongs to the {' or '.join(phase_title(p) for p in phases)} phase. "
                                    f"{phase_hint(s, counts=False)}")   # the banner says how many


_VERBS = {Claim: "Claiming", Place: "Placing armies", TradeCards: "Trading cards", Attack: "Attacking",
          Occupy: "Moving in after a conquest", EndAttack: "Ending the attack", Fortify: "Fortifying",
          EndTurn: "Ending the turn"}


def _territory(s: ConquestState, t: Any) -> None:
    if t not in s.owner:
        raise refuse("unknown_territory", f"{t!r} is not a territory of this map. Pick one of the map's territories.")


def _check_claim(s: ConquestState, a: Claim) -> None:
    _phase_is(s, a, "claim")
    _territory(s, a.territory)
    if s.owner[a.territory] is not None:
        raise refuse("already_claimed", f"Claim {name(s, a.territory)} refused: {who(s, s.owner[a.territory])} "
                                        "already holds it. Claim a territory nobody holds yet.")


def _check_place(s: ConquestState, a: Place) -> None:
    _phase_is(s, a, "place", "reinforce", "cashout")
    _territory(s, a.territory)
    if not isinstance(a.armies, int) or a.armies < 1:
        raise refuse("bad_count", f"Place refused: {a.armies!r} is not a number of armies. Place 1 or more.")
    t = name(s, a.territory)
    if s.phase == "place":
        step_owner, most = setup_step(s)
        if s.owner[a.territory] != step_owner:
            whose = "a neutral territory" if step_owner == NEUTRAL else "one of your own territories"
            raise refuse("not_your_territory", f"Place on {t} refused: this set-up army goes on {whose}.")
        if a.armies > most:
            raise refuse("too_many_armies", f"Place {a.armies} refused: you may place {most} now.")
        return
    if must_trade(s):
        raise refuse("must_trade_cards", f"Place refused: you hold {count(len(s.hands[s.current]), 'card')}, so you must "
                                         "trade a set first. Trade three cards, then place.")
    if s.owner[a.territory] != s.current:
        raise refuse("not_your_territory", f"Place on {t} refused: {who(s, s.owner[a.territory])} holds {t}. "
                                           "Armies go only on territories you control.")
    if a.armies > s.reinforcements:
        raise refuse("too_many_armies", f"Place {a.armies} on {t} refused: you have only "
                                        f"{count(s.reinforcements, 'army')} left to place.")


def _check_trade(s: ConquestState, a: TradeCards) -> None:
    _phase_is(s, a, "reinforce", "cashout")
    if s.phase == "cashout" and not must_trade(s):
        raise refuse("no_trade_needed", "Trade refused: you hold 4 cards or fewer, so place your armies and go on attacking.")
    hand = s.hands[s.current]
    cards = tuple(a.cards)
    missing = [c for c in cards if c not in hand]
    if len(cards) != 3 or len(set(cards)) != 3 or missing:
        raise refuse("not_your_cards", f"Trade refused: you do not hold {', '.join(map(str, missing or cards))}. "
                                       f"Your cards: {', '.join(hand) or 'none'}.")
    if not cardlib.is_valid_set(cards, s.game.card_symbols):
        syms = ", ".join(cardlib.symbol(c, s.game.card_symbols) for c in cards)
        raise refuse("invalid_set", f"Trade refused: {syms} is not a set. A set is three of a kind, one of each "
                                    "(infantry, cavalry, artillery), or any two with a wild card.")
    owned = [c for c in cards if not cardlib.is_wild(c) and s.owner[c] == s.current]
    if owned and a.bonus not in owned:
        names = " or ".join(name(s, c) for c in owned)
        raise refuse("bonus_territory", f"Trade refused: a card shows a territory you control, so its 2 bonus "
                                        f"armies must go on {names}. Choose it as the bonus territory.")
    if not owned and a.bonus is not None:
        raise refuse("bonus_territory", "Trade refused: no card in this set shows a territory you control, "
                                        "so there is no 2-army bonus to place. Leave the bonus out.")


def _check_attack(s: ConquestState, a: Attack) -> None:
    _phase_is(s, a, "attack")
    _territory(s, a.src)
    _territory(s, a.dst)
    src, dst = name(s, a.src), name(s, a.dst)
    head = f"Attack {src} → {dst} refused"
    if s.owner[a.src] != s.current:
        raise refuse("not_your_territory", f"{head}: {who(s, s.owner[a.src])} holds {src}. Attack from a territory you control.")
    if s.owner[a.dst] == s.current:
        raise refuse("own_territory", f"{head}: you hold {dst} yourself. Attack an enemy territory.")
    if not s.game.map.are_adjacent(a.src, a.dst):
        raise refuse("not_adjacent", f"{head}: {src} and {dst} do not share a border. Attack a neighbour of {src}.")
    n = s.armies[a.src]
    if n < 2:
        raise refuse("too_few_armies", f"{head}: {src} has {count(n, 'army')}; an attack needs at least 2, one must stay behind.")
    most = max_attack_dice(n)
    if not isinstance(a.dice, int) or not 1 <= a.dice <= most:
        raise refuse("too_many_dice", f"{head}: with {count(n, 'army')} in {src} you may roll at most {count(most, 'die')} "
                                      "(one army must stay behind).")


def _check_occupy(s: ConquestState, a: Occupy) -> None:
    _phase_is(s, a, "occupy")
    occ = s.occupy
    low, high = occ["min"], s.armies[occ["src"]] - 1
    if not isinstance(a.armies, int) or not low <= a.armies <= high:
        raise refuse("bad_move", f"Move {a.armies} refused: move between {low} (the dice of the last roll) and "
                                 f"{high} (one army stays in {name(s, occ['src'])}).")


def _check_end_attack(s: ConquestState, a: EndAttack) -> None:
    _phase_is(s, a, "attack")


def _check_fortify(s: ConquestState, a: Fortify) -> None:
    _phase_is(s, a, "fortify")
    _territory(s, a.src)
    _territory(s, a.dst)
    src, dst = name(s, a.src), name(s, a.dst)
    head = f"Fortify {src} → {dst} refused"
    if s.owner[a.src] != s.current or s.owner[a.dst] != s.current:
        raise refuse("not_your_territory", f"{head}: both territories must be yours.")
    if a.src == a.dst:
        raise refuse("same_territory", f"{head}: a fortification moves armies from {src} to another territory "
                                       "of yours; name where they should go.")
    n = s.armies[a.src]
    if n < 2:
        raise refuse("leaves_no_army", f"{head}: {src} has only 1 army, and one army must stay behind, "
                                       "so it has none to move. Fortify from a territory with 2 or more armies.")
    if a.dst not in reachable(s, a.src):
        rule = ("they must share a border (adjacent-only fortification)" if s.game.options["fortify"] == "adjacent"
                else "no unbroken path of your own territories joins them")
        raise refuse("not_connected", f"{head}: {rule}.")
    if not isinstance(a.armies, int) or not 1 <= a.armies <= n - 1:
        raise refuse("leaves_no_army", f"{head}: {src} has {count(n, 'army')}; move 1 to {n - 1}, "
                                       "at least one army must stay behind.")


def _check_end_turn(s: ConquestState, a: EndTurn) -> None:
    _phase_is(s, a, "fortify")


_VALIDATORS = {Claim: _check_claim, Place: _check_place, TradeCards: _check_trade, Attack: _check_attack,
               Occupy: _check_occupy, EndAttack: _check_end_attack, Fortify: _check_fortify,
               EndTurn: _check_end_turn}


# ============================================================================ phases in words
_TITLES = {"first": "starting roll", "deal": "dealing", "claim": "claiming", "place": "set-up placement",
           "random_place": "set-up placement", "reinforce": "reinforcement", "attack": "attack",
           "battle": "battle", "occupy": "conquest move", "cashout": "card trade", "draw": "card draw",
           "fortify": "fortification", "over": "game over"}


def phase_title(phase: str) -> str:
    return _TITLES.get(phase, phase)


def phase_hint(s: ConquestState, counts: bool = True) -> str:
    """One sentence on what the player to move can do now; ``counts=False`` leaves out how many armies
    there are to place (a lesson that asks the learner to count them)."""
    ph = s.phase
    if ph == "claim":
        return "Claim a territory nobody holds yet."
    if ph == "place":
        step_owner, most = setup_step(s)
        return ("Place 1 army on a neutral territory." if step_owner == NEUTRAL
                else f"Place {count(most, 'set-up army')} on your territories.")
    if ph == "reinforce":
        if must_trade(s):
            return "You hold 5 or more cards: trade a set first."
        placing = count(s.reinforcements, 'reinforcement') if counts else "reinforcements"
        return f"Place your {placing} (trade cards first if you want more)."
    if ph == "cashout":
        placing = count(s.reinforcements, 'army') if counts else "armies"
        return ("Trade sets until you hold 4 cards or fewer." if must_trade(s)
                else f"Place the {placing} from your cards.")
    if ph == "attack":
        return "Attack from a territory with 2 or more armies, or end the attack phase."
    if ph == "occupy":
        most = s.armies[s.occupy["src"]] - 1
        low = s.occupy["min"]
        return (f"Move armies into {name(s, s.occupy['dst'])}: from {low} (the dice of your last roll) to {most} "
                "(all but one)." if most > low else f"Move {count(low, 'army')} into {name(s, s.occupy['dst'])}.")
    if ph == "fortify":
        return "Make one fortification move, or end your turn."
    if ph == "over":
        return f"{who(s, s.won_by)} has won."
    return "Chance decides this step."


# ============================================================================ apply
def apply(s: ConquestState, action: Any) -> list[Event]:
    return _APPLIERS[type(action)](s, action)


def _first(s: ConquestState, a: FirstPlayer) -> list[Event]:
    s.first = s.current = a.player
    n = s.game.num_players
    s.pool = [STARTING_ARMIES[n]] * n + ([STARTING_ARMIES[2]] if has_neutral(s) else [])
    s.phase = "claim" if s.game.options["setup"] == "claim" else "deal"
    return [Event("first_player", f"{who(s, a.player)} rolled highest and goes first.", {"player": a.player})]


def _pool_index(s: ConquestState, player: int) -> int:
    return s.game.num_players if player == NEUTRAL else player


def _after_claiming(s: ConquestState) -> list[Event]:
    """Once every territory is held: placement, or play if no set-up armies are left (its first turn's event)."""
    s.current = s.first
    s.placed_this_turn = 0
    s.phase = "random_place" if s.game.options["setup"] == "random" else "place"
    return _start_play(s) if not any(s.pool) else []


def _deal(s: ConquestState, a: Deal) -> list[Event]:
    order = pile_order(s)
    p = order[s.deal_next % len(order)]
    s.owner[a.territory] = p
    s.armies[a.territory] = 1
    s.pool[_pool_index(s, p)] -= 1
    s.deal_next += 1
    after = _after_claiming(s) if all(o is not None for o in s.owner.values()) else []
    return [Event("deal", f"{name(s, a.territory)} is dealt to {who(s, p)}.", {"territory": a.territory, "player": p}),
            *after]


def _claim(s: ConquestState, a: Claim) -> list[Event]:
    p = s.current
    s.owner[a.territory] = p
    s.armies[a.territory] = 1
    s.pool[p] -= 1
    s.current = (p + 1) % s.game.num_players
    after = _after_claiming(s) if all(o is not None for o in s.owner.values()) else []
    return [Event("claim", f"{who(s, p)} claims {name(s, a.territory)}.", {"territory": a.territory, "player": p}),
            *after]


def _setup_place(s: ConquestState, territory: str, armies: int) -> list[Event]:
    p = s.current
    step_owner, most = setup_step(s)
    s.armies[territory] += armies
    s.pool[_pool_index(s, step_owner)] -= armies
    text = (f"{who(s, p)} places a neutral army on {name(s, territory)}." if step_owner == NEUTRAL
            else f"{who(s, p)} places {armies} on {name(s, territory)}.")
    if step_owner != NEUTRAL and has_neutral(s):
        s.placed_this_turn += armies
    passed = (step_owner == NEUTRAL or not has_neutral(s) or (armies == most and s.pool[-1] == 0))
    after = _next_setup_turn(s) if passed else []
    return [Event("place", text, {"territory": territory, "armies": armies, "player": p}), *after]


def _next_setup_turn(s: ConquestState) -> list[Event]:
    """Pass set-up to the next player who still has armies to place, or start play (its first turn's event)."""
    s.placed_this_turn = 0
    n = s.game.num_players
    neutral_left = has_neutral(s) and s.pool[-1] > 0
    for i in range(1, n + 1):
        q = (s.current + i) % n
        if s.pool[q] > 0 or neutral_left:
            s.current = q
            return []
    return _start_play(s)


def _start_play(s: ConquestState) -> list[Event]:
    """Set-up is over: the first player's first turn begins."""
    s.current = s.first
    s.turn = 0
    _start_turn(s, s.first)
    return [_turn_event(s, s.first)]


def _start_turn(s: ConquestState, player: int) -> None:
    s.current = player
    s.turn += 1
    s.phase = "reinforce"
    s.conquered = False
    s.reinforcements, _ = reinforcement_breakdown(s, player)


def _place(s: ConquestState, a: Place) -> list[Event]:
    if s.phase == "place":
        return _setup_place(s, a.territory, a.armies)
    s.armies[a.territory] += a.armies
    s.reinforcements -= a.armies
    p = s.current
    events = [Event("place", f"{who(s, p)} places {a.armies} on {name(s, a.territory)}.",
                     {"territory": a.territory, "armies": a.armies, "player": p})]
    if s.reinforcements == 0 and not must_trade(s):
        s.phase = "attack"
        events.append(Event("phase", f"{who(s, p)} begins attacking.", {"phase": "attack"}))
    return events


def _random_place(s: ConquestState, a: RandomPlace) -> list[Event]:
    return _setup_place(s, a.territory, 1)


def _trade(s: ConquestState, a: TradeCards) -> list[Event]:
    p = s.current
    value = set_value(s.sets_traded)
    s.sets_traded += 1
    for c in a.cards:
        s.hands[p].remove(c)
        s.discard.append(c)
    s.reinforcements += value
    why = [f"set number {s.sets_traded} traded in this game is worth {value}"]
    if a.bonus:
        s.armies[a.bonus] += 2
        why.append(f"+2 armies on {name(s, a.bonus)}: its card was traded and you control it")
    shown = ", ".join("Wild" if cardlib.is_wild(c) else name(s, c) for c in a.cards)
    return [Event("trade", f"{who(s, p)} trades {shown} for {count(value, 'army')}.",
                  {"cards": list(a.cards), "value": value, "bonus": a.bonus}, tuple(why))]


def _attack(s: ConquestState, a: Attack) -> list[Event]:
    s.battle = {"src": a.src, "dst": a.dst, "dice": a.dice}
    s.phase = "battle"
    d = max_defence_dice(s.armies[a.dst])
    return [Event("attack", f"{who(s, s.current)} attacks {name(s, a.dst)} from {name(s, a.src)} with "
                            f"{count(a.dice, 'die')}; {who(s, s.owner[a.dst])} defends with {d}.",
                  {"src": a.src, "dst": a.dst, "dice": a.dice, "defence_dice": d})]


def _roll(s: ConquestState, a: Roll) -> list[Event]:
    b = s.battle
    src, dst = b["src"], b["dst"]
    result = compare(a.attack, a.defence)
    s.armies[src] -= result.attacker_losses
    s.armies[dst] -= result.defender_losses
    s.battle = None
    p, loser = s.current, s.owner[dst]
    events = [Event("roll", f"Dice {'-'.join(map(str, a.attack))} against {'-'.join(map(str, a.defence))}: "
                            f"attacker loses {result.attacker_losses}, defender loses {result.defender_losses}.",
                    {"src": src, "dst": dst, "attack": list(a.attack), "defence": list(a.defence),
                     "attacker_losses": result.attacker_losses, "defender_losses": result.defender_losses},
                    tuple(result.explain()))]
    if s.armies[dst] > 0:
        s.phase = "attack"
        return events
    s.owner[dst] = p
    s.conquered = True
    s.occupy = {"src": src, "dst": dst, "min": b["dice"]}
    s.phase = "occupy"
    events.append(Event("conquer", f"{who(s, p)} conquers {name(s, dst)}.", {"territory": dst, "player": p},
                        (f"the last defending army in {name(s, dst)} was removed",)))
    if loser is not None and loser != NEUTRAL and s.is_eliminated(loser):
        taken = s.hands[loser]
        s.hands[p].extend(taken)
        s.hands[loser] = []
        cards_text = (f"takes their {count(len(taken), 'card')}" if taken
                      else "gets no cards: they held none")
        events.append(Event("eliminate", f"{who(s, loser)} is eliminated; {who(s, p)} {cards_text}.",
                            {"player": loser, "by": p, "cards": len(taken)}))
        if len(s.players_in()) == 1:
            s.won_by = p
    return events


def _occupy(s: ConquestState, a: Occupy) -> list[Event]:
    occ = s.occupy
    most = s.armies[occ["src"]] - 1
    s.armies[occ["src"]] -= a.armies
    s.armies[occ["dst"]] += a.armies
    s.occupy = None
    p = s.current
    why = (f"at least {count(occ['min'], 'army')} had to move: the last roll was of {count(occ['min'], 'die')}",
           f"at most {count(most, 'army')} could move: one stays behind in {name(s, occ['src'])}")
    events = [Event("occupy", f"{who(s, p)} moves {a.armies} into {name(s, occ['dst'])}.",
                    {"src": occ["src"], "dst": occ["dst"], "armies": a.armies, "least": occ["min"]}, why)]
    if s.won_by is not None:
        s.phase = "over"
        events.append(Event("win", f"{who(s, p)} wins: every other player is eliminated.", {"player": p}))
    elif len(s.hands[p]) > CASH_OUT_LIMIT:
        s.phase = "cashout"
        s.reinforcements = 0
        events.append(Event("phase", f"{who(s, p)} holds {count(len(s.hands[p]), 'card')} and must trade down to 4 "
                                     "or fewer, placing the armies, before attacking on.", {"phase": "cashout"}))
    else:
        s.phase = "attack"
    return events


def _cashout_place(s: ConquestState, a: Place) -> list[Event]:
    s.armies[a.territory] += a.armies
    s.reinforcements -= a.armies
    events = [Event("place", f"{who(s, s.current)} places {a.armies} on {name(s, a.territory)}.",
                    {"territory": a.territory, "armies": a.armies, "player": s.current})]
    if s.reinforcements == 0 and not must_trade(s):
        s.phase = "attack"
    return events


def _end_attack(s: ConquestState, a: EndAttack) -> list[Event]:
    p = s.current
    if s.conquered:
        events = []
        if not s.deck and s.discard:
            events.append(Event("reshuffle", f"The deck has run out: the {count(len(s.discard), 'traded card')} "
                                             "of the discard pile are shuffled into a new deck.",
                                {"cards": len(s.discard)},
                                ("traded cards go on the discard pile, and when the deck is empty the discard "
                                 "pile becomes the new deck",)))
            s.deck, s.discard = sorted(s.discard), []
        if s.deck:
            s.phase = "draw"
            return events + [Event("phase", f"{who(s, p)} ends the attack and earns a card.", {"phase": "draw"})]
    s.phase = "fortify"
    why = () if s.conquered else ("no territory was conquered this turn, so no card",)
    return [Event("phase", f"{who(s, p)} ends the attack.", {"phase": "fortify"}, why)]


def _draw(s: ConquestState, a: Draw) -> list[Event]:
    s.deck.remove(a.card)
    s.hands[s.current].append(a.card)
    s.phase = "fortify"
    return [Event("draw", f"{who(s, s.current)} draws a card.", {"player": s.current},
                  ("a territory was conquered this turn: one card, however many were taken",))]


def _fortify(s: ConquestState, a: Fortify) -> list[Event]:
    s.armies[a.src] -= a.armies
    s.armies[a.dst] += a.armies
    p = s.current
    events = [Event("fortify", f"{who(s, p)} moves {a.armies} from {name(s, a.src)} to {name(s, a.dst)}.",
                    {"src": a.src, "dst": a.dst, "armies": a.armies})]
    return events + _next_turn(s)


def _end_turn(s: ConquestState, a: EndTurn) -> list[Event]:
    p = s.current
    return [Event("end_turn", f"{who(s, p)} ends the turn without fortifying.", {"player": p})] + _next_turn(s)


def _next_turn(s: ConquestState) -> list[Event]:
    n = s.game.num_players
    nxt = next((s.current + i) % n for i in range(1, n + 1) if not s.is_eliminated((s.current + i) % n))
    _start_turn(s, nxt)
    return [_turn_event(s, nxt)]


def _turn_event(s: ConquestState, player: int) -> Event:
    """The event of ``player``'s turn beginning: its reinforcements and why."""
    total, why = reinforcement_breakdown(s, player)
    return Event("turn", f"{who(s, player)}'s turn: {count(total, 'reinforcement')}.",
                 {"player": player, "reinforcements": total}, tuple(why))


def _place_any(s: ConquestState, a: Place) -> list[Event]:
    return _cashout_place(s, a) if s.phase == "cashout" else _place(s, a)


_APPLIERS = {FirstPlayer: _first, Deal: _deal, Claim: _claim, RandomPlace: _random_place, Place: _place_any,
             TradeCards: _trade, Attack: _attack, Roll: _roll, Occupy: _occupy, EndAttack: _end_attack,
             Draw: _draw, Fortify: _fortify, EndTurn: _end_turn}
