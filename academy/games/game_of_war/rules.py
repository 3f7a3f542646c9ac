"""The turn flow of the Game of War (game-of-war.md, Goal and Your turn), glue over moves, combat and
communication (which hold the rules of a single move, attack and network; nothing is repeated here).

Functions take a GameOfWarState ``s``. ``validate`` raises IllegalAction (reason and fix) and changes
nothing; ``apply`` assumes a validated action, changes ``s`` and returns the events with their "why".

Readings of the document (see also ../shared/reference/kriegspiel/README.md):
- free deployment: North places its 17 units, then South, each anywhere empty in its own ten rows
  (not on a mountain); the other side's placement stays hidden until both are done; then the draw.
- the turn ends by itself after the attack or after taking an arsenal; otherwise by End turn.
- the retreat after an attack of defence + 1 is the owner's first act of its next turn: one square in
  any of the 8 directions, to an empty square that is not a mountain or an enemy arsenal, chosen by the
  owner; it counts as one of the turn's 5 moves. A unit with no such square, or cut off (a cut-off unit
  "can't move"), is removed instead.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from academy.core.errors import IllegalAction
from academy.core.protocol import Event
from academy.core.text import count

from . import moves as movelib
from .actions import Attack, Deploy, EndTurn, FirstPlayer, Move, Retreat
from .combat import check_attack, combat, reaches
from .communication import communication
from .moves import check_move, destinations
from .notation import format_square as sq
from .position import DIRECTIONS, Position, Square
from .units import MOVES_PER_TURN, SIDES, UNIT_TYPES, other_side

if TYPE_CHECKING:
    from .state import GameOfWarState

#: each side's army (Debord's table of forces, ../shared/reference/kriegspiel/board.json)
ARMY: dict[str, int] = {"infantry": 9, "cavalry": 4, "cannon": 1, "swift_cannon": 1, "relay": 1, "swift_relay": 1}
#: the letter in a unit id (N-I1, S-SK1) for each type
CODES: dict[str, str] = {"infantry": "I", "cavalry": "C", "cannon": "K", "swift_cannon": "SK", "relay": "R",
                         "swift_relay": "SR"}


# ============================================================================ helpers
def side_of(player: int) -> str:
    return SIDES[player]


def title(player: int) -> str:
    return SIDES[player].title()


def label(pos: Position, unit_id: str) -> str:
    u = pos.unit(unit_id)
    return f"{u.kind.label} {u.id}"


def may_move(pos: Position, unit_id: str, connected: frozenset[str] | set[str]) -> bool:
    """Whether the unit may move as far as communication goes (moves.check_move's cut_off rule)."""
    u = pos.unit(unit_id)
    return u.id in connected or (u.kind.is_relay and movelib.CUT_OFF_RELAYS_MAY_MOVE)


def unplaced(s: GameOfWarState, player: int) -> dict[str, int]:
    """Free deployment: how many units of each type ``player`` still has to place."""
    placed = {t: 0 for t in ARMY}
    for u in s.position.units_of(side_of(player)):
        placed[u.type] = placed.get(u.type, 0) + 1
    return {t: n - placed[t] for t, n in ARMY.items() if n > placed[t]}


def deploy_squares(s: GameOfWarState, player: int) -> list[Square]:
    """The squares ``player`` may deploy on: empty, not a mountain nor an enemy arsenal, in its own half."""
    pos, side = s.position, side_of(player)
    lo, hi = s.game.territory(side)
    return [(x, y) for y in range(lo, hi + 1) for x in range(pos.width)
            if (x, y) not in pos.mountains and pos.unit_at((x, y)) is None
            and pos.arsenal_owner((x, y)) in (None, side)]


def retreat_squares(pos: Position, unit_id: str) -> list[Square]:
    """Where a unit forced back may step: one square in the 8 directions, on the board, empty, not a mountain
    nor an enemy arsenal. None if the unit is cut off (a cut-off unit can't move)."""
    u = pos.unit(unit_id)
    if not may_move(pos, u.id, communication(pos, u.side).connected):
        return []
    out = []
    for dx, dy in DIRECTIONS:
        to = (u.at[0] + dx, u.at[1] + dy)
        if (pos.is_on_board(to) and to not in pos.mountains and pos.unit_at(to) is None
                and pos.arsenal_owner(to) in (None, u.side)):
            out.append(to)
    return sorted(out, key=lambda t: (t[1], t[0]))


def pending_retreats(s: GameOfWarState, player: int) -> list[str]:
    side = side_of(player)
    return [u for u in s.retreats if s.position.has_unit(u) and s.position.unit(u).side == side]


def fighting_units(pos: Position, side: str) -> list[str]:
    return [u.id for u in pos.units_of(side) if u.kind.is_fighting]


# ============================================================================ legal actions
def legal_actions(s: GameOfWarState) -> list[Any]:
    """Every legal decision for the player to move, in a stable order."""
    p, pos = s.current, s.position
    assert p is not None
    side = side_of(p)
    if s.phase == "deploy":
        left = unplaced(s, p)
        squares = deploy_squares(s, p)
        return [Deploy(t, at) for t in left for at in squares]
    if s.phase == "retreat":
        return [Retreat(u, to) for u in pending_retreats(s, p) for to in retreat_squares(pos, u)]
    acts: list[Any] = []
    connected = communication(pos, side).connected
    if len(s.moved) < MOVES_PER_TURN:
        for u in pos.units_of(side):
            if u.id not in s.moved and may_move(pos, u.id, connected):
                acts += [Move(u.id, to) for to in sorted(destinations(pos, u.id), key=lambda t: (t[1], t[0]))]
    enemies = list(pos.units_of(other_side(side)))
    for u in pos.units_of(side):
        if u.kind.is_fighting and u.id in connected:
            acts += [Attack(u.id, t.id) for t in enemies if reaches(pos, u, t.at)]
    acts.append(EndTurn())
    return acts


def why_no_move(s: GameOfWarState, unit_id: str) -> str | None:
    """Why the player to move has no square to move ``unit_id`` to now, in words that follow "0 squares to
    go to" ("it has moved this turn ..."); None when it has one (or it is not that player's unit, or the game
    is not in its play or retreat phase). The reasons are ``moves.check_move``'s, first that applies:
    already moved, the turn's 5 moves made, cut off from its lines, hemmed in; in a retreat, the retreat
    comes first.
    """
    p, pos = s.current, s.position
    if p is None or s.phase not in ("play", "retreat") or not pos.has_unit(unit_id):
        return None
    u, side = pos.unit(unit_id), side_of(p)
    if u.side != side:
        return None
    if s.phase == "retreat":
        if unit_id in pending_retreats(s, p):
            return None if retreat_squares(pos, unit_id) else "no free square next to it to retreat to"
        return f"{', '.join(pending_retreats(s, p))} must retreat first"
    if unit_id in s.moved:
        return "it has moved this turn, and each unit moves once a turn"
    if len(s.moved) >= MOVES_PER_TURN:
        return f"{MOVES_PER_TURN} units have moved this turn, the most a turn allows"
    if not may_move(pos, unit_id, communication(pos, side).connected):
        return "it is cut off from its lines of communication, and a cut-off unit cannot move"
    if not destinations(pos, unit_id):
        return ("it is hemmed in: no free square within its reach (units, mountains and enemy arsenals block "
                "the way)")
    return None


def chance_outcomes(s: GameOfWarState) -> list[tuple[Any, Fraction]]:
    """Who plays first: North or South, one chance in two each (Goal: "Who starts is drawn at random")."""
    return [(FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2))]


# ============================================================================ validation
def validate(s: GameOfWarState, action: Any) -> None:
    """Raise IllegalAction with a reason and the fix unless ``action`` is legal now; changes nothing."""
    p = s.current
    assert p is not None
    side, who = side_of(p), title(p)
    if isinstance(action, FirstPlayer):
        raise IllegalAction("not_now", "Who starts is drawn at random by the game, not chosen.")
    if s.phase == "deploy" and not isinstance(action, Deploy):
        raise IllegalAction("deploy_first", f"{who} is still deploying: place every unit in your half first "
                                            f"({sum(unplaced(s, p).values())} to go).")
    if isinstance(action, Deploy):
        _validate_deploy(s, p, action)
    elif s.phase == "retreat" and not isinstance(action, Retreat):
        pending = pending_retreats(s, p)
        raise IllegalAction("retreat_first", f"{who} must first retreat {', '.join(pending)} one square "
                                             "(it was attacked at defence + 1); then play the turn. Write it as "
                                             f"\"retreat {pending[0]} {sq(s.position.unit(pending[0]).at)}-"
                                             "<square>\", or tap the unit, then a free square next to it.")
    elif isinstance(action, Retreat):
        _validate_retreat(s, p, action)
    elif isinstance(action, Move):
        check_move(s.position, side, action.unit, action.to, moved=s.moved)
    elif isinstance(action, Attack):
        check_attack(s.position, side, action.unit, action.target)
    elif not isinstance(action, EndTurn):
        raise IllegalAction("not_an_action", f"{action!r} is not a Game of War action; move a unit, attack, "
                                             "or end the turn.")


def _validate_deploy(s: GameOfWarState, p: int, action: Deploy) -> None:
    who = title(p)
    if s.phase != "deploy":
        raise IllegalAction("not_deploying", "Deployment is over: the armies are on the board. Move or attack.")
    left = unplaced(s, p)
    if action.unit_type not in UNIT_TYPES:
        raise IllegalAction("unknown_unit_type", f"Deploy refused: {action.unit_type!r} is not a unit type; the types "
                                                 f"are {', '.join(UNIT_TYPES)}.")
    if action.unit_type not in left:
        raise IllegalAction("none_left", f"Deploy refused: {who} has placed all its "
                                         f"{UNIT_TYPES[action.unit_type].label} units; still to place: "
                                         f"{', '.join(left) or 'nothing'}.")
    at = action.at
    if not (isinstance(at, tuple) and len(at) == 2 and all(isinstance(c, int) and not isinstance(c, bool)
                                                             for c in at)):
        raise IllegalAction("bad_square", f"Deploy refused: {at!r} is not a square; give [x, y].")
    pos = s.position
    if not pos.is_on_board(at):
        raise IllegalAction("off_board", f"Deploy refused: {sq(at)} is off the board "
                                         f"(x 0..{pos.width - 1}, y 0..{pos.height - 1}).")
    lo, hi = s.game.territory(side_of(p))
    if not lo <= at[1] <= hi:
        raise IllegalAction("not_your_half", f"Deploy refused: {sq(at)} is not in {who}'s half; deploy on rows "
                                             f"{lo + 1}..{hi + 1}.")
    if at in pos.mountains:
        raise IllegalAction("mountain", f"Deploy refused: {sq(at)} is a mountain; no unit may stand there.")
    other = pos.unit_at(at)
    if other is not None:
        raise IllegalAction("occupied", f"Deploy refused: {other.id} already stands on {sq(at)}; one unit per "
                                        "square.")
    if pos.arsenal_owner(at) not in (None, side_of(p)):
        raise IllegalAction("enemy_arsenal", f"Deploy refused: {sq(at)} is an enemy arsenal.")


def _validate_retreat(s: GameOfWarState, p: int, action: Retreat) -> None:
    pending = pending_retreats(s, p)
    if action.unit not in pending:
        why = (f"{', '.join(pending)} must retreat" if pending else "no unit of yours has to retreat")
        raise IllegalAction("not_retreating", f"Retreat {action.unit} refused: {why}. A unit retreats only after "
                                              "an attack of exactly its defence + 1.")
    squares = retreat_squares(s.position, action.unit)
    if action.to not in squares:
        raise IllegalAction("bad_retreat_square", f"Retreat {action.unit} to {action.to!r} refused: it steps one "
                                                  "square to an empty square that is not a mountain; choose "
                                                  f"one of {', '.join(sq(t) for t in squares)}.")


# ============================================================================ applying
def apply(s: GameOfWarState, action: Any) -> list[Event]:
    """Change ``s`` for a validated action or chance outcome; return what happened."""
    if isinstance(action, FirstPlayer):
        s.first = action.player
        events = [Event("first", f"{title(action.player)} is drawn to play first.", {"player": action.player})]
        return events + start_turn(s, action.player)
    if isinstance(action, Deploy):
        return _deploy(s, action)
    if isinstance(action, Retreat):
        return _retreat(s, action)
    if isinstance(action, Move):
        return _move(s, action)
    if isinstance(action, Attack):
        return _attack(s, action)
    assert isinstance(action, EndTurn)
    p = s.current
    assert p is not None
    events = [Event("end_turn", f"{title(p)} ends its turn after {count(len(s.moved), 'move')}.", {"player": p})]
    return events + start_turn(s, 1 - p)


def _deploy(s: GameOfWarState, action: Deploy) -> list[Event]:
    p = s.current
    assert p is not None
    side = side_of(p)
    count = sum(1 for u in s.position.units_of(side) if u.type == action.unit_type)
    uid = f"{side[0].upper()}-{CODES[action.unit_type]}{count + 1}"
    data = s.position.to_dict()
    data["units"].append({"id": uid, "side": side, "type": action.unit_type, "at": list(action.at)})
    s.position = Position.from_dict(data)
    events = [Event("deploy", f"{title(p)} places {UNIT_TYPES[action.unit_type].label} {uid}.",
                    {"player": p, "unit": uid, "type": action.unit_type, "at": list(action.at)})]
    if not unplaced(s, p):
        events.append(Event("deployed", f"{title(p)} has deployed its army.", {"player": p}))
        if p == 0 and unplaced(s, 1):
            s.current = 1
        else:
            s.phase, s.current = "first", None
            events.append(Event("revealed", "Both armies are deployed and revealed; now who starts is drawn."))
    return events


def _retreat(s: GameOfWarState, action: Retreat) -> list[Event]:
    p = s.current
    assert p is not None
    start = s.position.unit(action.unit).at
    s.position = s.position.with_unit_at(action.unit, action.to)
    s.retreats.remove(action.unit)
    s.moved.append(action.unit)
    events = [Event("retreat", f"{label(s.position, action.unit)} retreats {sq(start)}-{sq(action.to)}.",
                    {"unit": action.unit, "from": list(start), "to": list(action.to)},
                    ("An attack of exactly defence + 1 forces the target one square back at the start of its "
                     "owner's next turn; the retreat counts as one of the turn's 5 moves.",))]
    return events + _settle_retreats(s, p)


def _move(s: GameOfWarState, action: Move) -> list[Event]:
    p = s.current
    assert p is not None
    side = side_of(p)
    start = s.position.unit(action.unit).at
    owner = s.position.arsenal_owner(action.to)
    s.position = s.position.with_unit_at(action.unit, action.to)
    s.moved.append(action.unit)
    events = [Event("move", f"{label(s.position, action.unit)} moves {sq(start)}-{sq(action.to)}.",
                    {"unit": action.unit, "from": list(start), "to": list(action.to)})]
    if owner is None or owner == side:
        return events
    arsenals = {k: tuple(v) for k, v in s.position.arsenals.items()}
    arsenals[owner] = tuple(a for a in arsenals[owner] if a != action.to)
    s.position = replace(s.position, arsenals=arsenals)
    events.append(Event("arsenal_taken", f"{title(p)} takes the {owner} arsenal at {sq(action.to)}: it is "
                                         "destroyed, and the turn ends.",
                        {"player": p, "at": list(action.to), "left": len(arsenals[owner])},
                        ("Taking an arsenal: a combat unit moving onto an enemy arsenal destroys it; the turn "
                         "ends as after an attack.",)))
    if not arsenals[owner]:
        return events + win(s, p, "arsenals")
    return events + start_turn(s, 1 - p)


def _attack(s: GameOfWarState, action: Attack) -> list[Event]:
    p = s.current
    assert p is not None
    side = side_of(p)
    pos = s.position
    c = combat(pos, side, action.target)
    target = label(pos, action.target)
    why = tuple([*c.contributions(), *c.notes]
                + [f"attack {c.attack} against defence {c.defence}: " + {
                    "repelled": "attack ≤ defence, repelled",
                    "retreat": "attack = defence + 1, the target must retreat at the start of its next turn",
                    "destroyed": "attack ≥ defence + 2, the target is destroyed"}[c.outcome]]
               + ([f"{c.to_force_retreat} more attack would force a retreat, {c.to_destroy} would destroy"]
                  if c.outcome == "repelled" else
                  ["1 more attack would destroy"] if c.outcome == "retreat" else []))
    data = {"unit": action.unit, "target": action.target, "attack": c.attack, "defence": c.defence,
            "outcome": c.outcome, "attackers": dict(c.attackers), "defenders": dict(c.defenders),
            "charging": sorted(c.charging)}
    text = {"repelled": f"{title(p)} attacks {target} ({c.attack} against {c.defence}): repelled.",
            "retreat": f"{title(p)} attacks {target} ({c.attack} against {c.defence}): it must retreat.",
            "destroyed": f"{title(p)} attacks {target} ({c.attack} against {c.defence}): destroyed."}[c.outcome]
    events = [Event("attack", text, data, why)]
    if c.outcome == "destroyed":
        s.position = pos.without_unit(action.target)
        if action.target in s.retreats:
            s.retreats.remove(action.target)
        if not fighting_units(s.position, other_side(side)):
            return events + win(s, p, "army")
    elif c.outcome == "retreat" and action.target not in s.retreats:
        s.retreats.append(action.target)
    return events + start_turn(s, 1 - p)


def start_turn(s: GameOfWarState, p: int) -> list[Event]:
    """Hand the turn to ``p``: reset the moves, apply the turn limit, remove any unit of ``p`` that must
    retreat and cannot; ``p`` then chooses the remaining retreats (phase "retreat") or plays."""
    s.current, s.moved, s.turn = p, [], s.turn + 1
    limit = s.game.options.get("max_turns")
    if limit is not None and s.turn > limit:
        s.phase, s.current, s.won_by, s.result = "over", None, None, "draw"
        return [Event("draw", f"The turn limit ({limit}) is reached: the game is drawn.", {"max_turns": limit})]
    events = [Event("turn", f"Turn {s.turn}: {title(p)} to play.", {"player": p, "turn": s.turn})]
    return events + _settle_retreats(s, p)


def _settle_retreats(s: GameOfWarState, p: int) -> list[Event]:
    """Remove ``p``'s units that must retreat and cannot; then ``p`` retreats the others or plays."""
    events = []
    for uid in pending_retreats(s, p):
        if not retreat_squares(s.position, uid):
            name = label(s.position, uid)
            s.position = s.position.without_unit(uid)
            s.retreats.remove(uid)
            events.append(Event("removed", f"{name} must retreat but cannot: it is removed.", {"unit": uid},
                                ("An attack of defence + 1 forces a retreat; a unit that cannot retreat (no free "
                                 "square next to it, or cut off) is removed.",)))
    if not fighting_units(s.position, side_of(p)):
        return events + win(s, 1 - p, "army")
    s.phase = "retreat" if pending_retreats(s, p) else "play"
    return events


def win(s: GameOfWarState, p: int, how: str) -> list[Event]:
    """End the game with ``p`` the winner; ``how`` is "arsenals" or "army"."""
    s.phase, s.current, s.won_by, s.result = "over", None, p, how
    loser = other_side(side_of(p))
    why = (f"both {loser} arsenals are destroyed" if how == "arsenals"
           else f"every {loser} fighting unit is gone")
    return [Event("win", f"{title(p)} wins: {why}.", {"winner": p, "how": how})]
