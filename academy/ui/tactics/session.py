"""The Tactics play model: one local game (people and/or the CPU) as a param model, no Panel.

The board calls ``click(tile)`` (a tap) and ``drag(phase, tile)`` (a drag: the same taps in one
gesture); the side panels call ``choose``, ``attack``, ``build``, ``power``, ``end_turn``, ``cancel``
and ``show_screen`` and read ``obs``, the selection and ``preview``.
Nothing here knows a rule:

- ``obs`` is ``state.observation(viewer)``: the only thing the board draws (fog: enemy units the
  viewer does not see never get here). The viewer is the person at the screen: the one person
  playing, the player to move when two people share the screen (hot seat; with fog a cover hides
  the board until the next person says they are ready), nobody (everything shows) when the CPU
  plays both sides.
- A unit's turn is picked in three taps, all from ``state.legal_actions()``: the unit (its
  ``destinations`` and the ``targets`` it may reach are highlighted), the tile it moves to (tap the
  unit again to stay), then an action from ``choices`` (buttons: wait, attack, capture, load, unload,
  supply). Tapping a target aims at it: ``preview`` is the engine's exact odds
  (``combat.attack_preview``); a second tap (or Attack) fires. A tap that matches no legal action
  shows the engine's refusal (``rules.validate``) and changes nothing.
- Tapping one of your empty factories, airports or ports lists its ``builds``.
- ``log``, ``last_attack`` (the engine's why lines) and ``trail`` (the other side's moves) are the
  viewer's own: what their fog let them see (sight.py). ``threats`` is the engine's threat map of
  the enemies the viewer sees, when ``show_threats`` is on (facts.py).

CPU turns run on a worker thread, one action at a time (``CpuTurns``); ``synchronous=True`` plays them
inline (tests, notebooks).

    >>> s = TacticsSession(synchronous=True)
    >>> s.new_game(seats=["human", "easy"], seed=1)
    >>> s.obs["day"], s.seat_label(1)
    (1, 'Blue (CPU easy)')
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.rng import new_seed
from academy.core.text import count, listing
from academy.games.tactics import rules as tactics_rules
from academy.games.tactics.actions import (UNIT_ACTIONS, ActivatePower, Attack, Build, Capture, EndTurn, Load, Supply,
                                           Unload, Wait)
from academy.games.tactics.board import parse_tile, tile_name
from academy.games.tactics.bots import LEVELS
from academy.games.tactics.game import DEFAULT_MAP, TacticsGame
from academy.games.tactics.legal import production_menu
from academy.games.tactics.refusals import attack_refusal
from academy.games.tactics.units import UNITS
from academy.games.tactics.view import visible_events
from academy.ui.turn_session import HUMAN, TurnSession, times

from . import facts
from .sight import Memories

__all__ = ["TacticsSession", "TacticsView", "HUMAN", "CPU_LEVELS", "CHOICE_KINDS"]

CPU_LEVELS = LEVELS
#: the action buttons, in the order the side panel shows them: kind -> action class
CHOICE_KINDS: dict[str, type] = {"wait": Wait, "attack": Attack, "capture": Capture, "load": Load,
                                 "unload": Unload, "supply": Supply}

Tile = str


def _row_major(tile: Tile) -> tuple[int, int]:
    col, row = ord(tile[0]) - ord("A"), int(tile[1:])
    return row, col


class TacticsView(param.Parameterized):
    """What the Tactics board and side panels draw: the viewer's observation and the rings and arrows on it.
    A play session works them out from legal_actions(); a replay from the frame shown."""

    viewer = param.Integer(None, allow_None=True, doc="whose observation the board shows (None: everything)")
    obs = param.Dict(None, allow_None=True, doc="state.observation(viewer): what the views draw")
    selected = param.String(None, allow_None=True, doc="the tile of the unit picked first")
    destination = param.String(None, allow_None=True, doc="the tile the selected unit moves to")
    target = param.String(None, allow_None=True, doc="the enemy tile aimed at (preview shown)")
    build_at = param.String(None, allow_None=True, doc="the production property picked for a build")
    destinations = param.List([], doc="tiles the selected unit may move to (from legal_actions)")
    targets = param.List([], doc="enemy tiles the selected unit may attack (from the destination if chosen)")
    last_attack = param.Dict(None, allow_None=True, doc="the last attack the viewer saw: text and why lines")
    trail = param.List([], doc="moves and attacks drawn as dashed arrows: dicts from, to, owner")
    threats = param.List([], doc="when show_threats: dicts tile and by (the enemy units that threaten it)")


class TacticsSession(TurnSession, TacticsView):
    """A Tactics game on one screen; see the module docstring."""

    game_name = "tactics"
    cpu_levels = CPU_LEVELS
    seat_noun = "army"
    cpu_thread_name = "academy-tactics-cpu"

    ready = param.Boolean(True, doc="hot seat with fog: the person to play has said they are at the screen")
    choices = param.List([], doc="the legal actions of the selected unit at its destination")
    builds = param.List([], doc="the legal builds at build_at")
    preview = param.Dict(None, allow_None=True, doc="the aimed attack's odds (see attack_odds_dict)")
    show_threats = param.Boolean(False, doc="draw every tile the visible enemy units can hit next turn")
    last_events = param.List([], doc="the events of the last action the viewer may see")
    log = param.List([], doc="the events so far the viewer may see: dicts with step, kind, text, why")
    cpu_delay = param.Number(0.3, bounds=(0, None), doc="seconds between two CPU actions")

    def __init__(self, bot_factory: Callable[[str, int], Any] | None = None, **params: Any) -> None:
        super().__init__(bot_factory=bot_factory, **params)
        self._memories = Memories()
        self._dragging: Tile | None = None      # the unit a drag moves (drag())
        self._dragged = False                   # that drag has left the unit's tile

    # --- games ---------------------------------------------------------------------------------
    def new_game(self, seats: Sequence[str] | None = None, map_id: str = DEFAULT_MAP,
                 commanders: Sequence[str | None] | None = None, fog: bool | None = None, luck: bool | None = None,
                 starting_funds: int | None = None, seed: int | None = None, mission: str | None = None,
                 income: int | None = None, repairs: bool = True) -> None:
        """Start a game (None options: the map's settings; ``mission``: a campaign mission id, which sets
        the map and the weather). Raises ValueError for bad seats and the engine's IllegalAction (a
        ValueError) for bad options; nothing changes then."""
        seats = self._checked_seats(seats if seats is not None else [HUMAN, "normal"], 2)
        game = TacticsGame(map=map_id, commanders=list(commanders) if commanders else None, fog=fog, luck=luck,
                           starting_funds=starting_funds, mission=mission, income=income, repairs=repairs)
        state = game.new_initial_state(seed=new_seed() if seed is None else int(seed))
        fog_note = " Fog of war is on." if game.options["fog"] else ""
        self._memories = Memories()
        self._memories.add(state, state.opening(), None, self._people(seats), False)    # Red's day-1 income
        self._start(state, seats, f"New game on {game.map.name}: {self.seats_text(game, seats)}.{fog_note}", [])

    def start_from(self, state: Any, seats: Sequence[str] | None = None, message: str = "",
                   memories: Memories | None = None) -> None:
        """Play on from a given position (a lesson, a test, a loaded game) with these seats (``memories``:
        what each person has seen so far; none by default)."""
        self._memories = memories or Memories()
        super().start_from(state, seats, message)

    def _replay_record(self, record: Any, upto: int | None = None,
                       seats: Sequence[str] | None = None) -> tuple[Any, list[dict[str, Any]]]:
        """The position after ``upto`` entries, and each person's log, last attack and trail as they saw
        them (the fog holds): kept for ``_show_game``."""
        seats = list(self.seats if seats is None else seats)
        state, memories, mover = record.initial_state(), Memories(), None
        people = self._people(seats)
        memories.add(state, state.opening(), None, people, False)
        for entry in record.entries[:upto]:
            mover = entry.player if not entry.chance else mover     # a roll belongs to the decision before it
            events = state.apply(entry.action)
            memories.add(state, events, mover, people, isinstance(entry.action, EndTurn))
        self._memories = memories
        return state, []

    @staticmethod
    def _people(seats: Sequence[str]) -> list[int | None]:
        """Whose sight the logs keep: the people's armies (None: a spectator, when nobody plays here)."""
        return [p for p, seat in enumerate(seats) if seat == HUMAN] or [None]

    def _show_game(self, state: Any, message: str, log: list[dict[str, Any]], last_events: list[Any]) -> None:
        """The position with nothing selected; the log and trail are the viewer's own (``_memories``)."""
        with param.parameterized.discard_events(self):
            self.state = state
            self.viewer = self._viewer_now()
        self._clear(ready=not (self.hot_seat and state.game.options["fog"] and not state.is_terminal()),
                    last_events=[], message=message, **self._memories.of(self.viewer))

    def _progress(self, state: Any) -> str:
        return f"day {state.day}"

    def _undo_refusal(self) -> str | None:
        if self.state is not None and self.state.game.options["fog"]:
            return "Undo is off in a fog of war game: the move taken back has already shown what it saw."
        return super()._undo_refusal()

    # --- questions the views ask ----------------------------------------------------------------
    def player_name(self, player: int | None, game: TacticsGame | None = None) -> str:
        return super().player_name(player, game) or "Nobody"

    def my_actions(self) -> list[Any]:
        """The legal actions of the person to move (none while the CPU plays, behind the cover, at the end)."""
        s = self.state
        if s is None or not self.ready or self.cpu_to_move or self.thinking or s.to_move() != self.viewer:
            return []
        return s.legal_actions()

    def can_end_turn(self) -> bool:
        return any(isinstance(a, EndTurn) for a in self.my_actions())

    def powers(self) -> list[str]:
        """The commander powers the person to move can use now ("power", "super")."""
        return [a.level for a in self.my_actions() if isinstance(a, ActivatePower)]

    def visible_unit(self, tile: Tile) -> dict[str, Any] | None:
        """The unit on ``tile`` as the viewer sees it (observation), or None."""
        return next((u for u in (self.obs or {}).get("units", []) if u["tile"] == tile), None)

    def choice_kinds(self) -> list[str]:
        """The kinds of action the selected unit may take at its destination (button order)."""
        return [k for k, cls in CHOICE_KINDS.items() if any(isinstance(a, cls) for a in self.choices)]

    def describe(self, action: Any) -> str:
        """An action in the game's notation."""
        return self.state.game.format_action(action, self.state)

    # --- input ---------------------------------------------------------------------------------
    def _refuse(self) -> str | None:
        s = self.state
        if s is not None and s.is_terminal():
            return "The game is over: start a new game."
        if s is not None and not self.ready:
            return f"Pass the screen to {self.player_name(s.current)} first."
        return super()._refuse()

    def _tile(self, where: Tile | tuple[int, int]) -> Tile | None:
        m = self.state.game.map
        if isinstance(where, str):
            try:
                return tile_name(parse_tile(where, m.width, m.height))
            except RulesError:
                return None
        x, y = int(where[0]), int(where[1])
        return tile_name((x, y)) if 0 <= x < m.width and 0 <= y < m.height else None

    def click(self, where: Tile | tuple[int, int]) -> None:
        """A tap on a tile (name or (x, y)): select a unit, pick its destination, aim, fire, or pick a factory."""
        if self._input_refused():
            return
        tile = self._tile(where)
        if tile is None:
            return
        unit = self.visible_unit(tile)
        mine = unit is not None and unit["owner"] == self.state.current
        if self.selected is not None:
            if tile == self.selected:          # stay there; tapped again once staying: drop the selection
                if self.destination != tile and tile in self.destinations:
                    self._go(tile)
                else:
                    self.cancel()
                return
            if tile in self.targets:
                self._aim_or_fire(tile)
                return
            drop = self._drop_on(tile)
            if drop is not None:                  # the transport has stopped: a tap beside it drops cargo
                self._do(drop)
                return
            if tile in self.destinations:
                self._go(tile)
                return
            if mine and not unit["acted"]:
                self.select(tile)
                return
            if unit is not None and not mine:     # an enemy it can't hit: the attack's own reason
                why = attack_refusal(self.state, self.selected, tile, self.destination)
                if why is not None:
                    self._publish(message=why.message)
                    return
            self._refused(Wait(self.selected, tile))
            return
        if mine:
            self.select(tile)
            return
        if self._can_build_at(tile):
            where = f"{facts.terrain_name(self.state, tile)} {tile}"
            menu = production_menu(self.state, tile)
            funds = self.state.funds[self.state.current]
            what = ("choose a unit to build in the panel by the board." if any(not short for _, _, short in menu) else
                    f"you have {funds:,} funds and the cheapest unit here costs {min(c for _, c, _ in menu):,}; "
                    "save up (every property you own pays at the start of your turn).")
            self._publish(build_at=tile, message=f"{where}: {what}")
            return
        self._publish(build_at=None, message=facts.tile_info(self.state, self.obs or {}, tile, unit))

    def select(self, tile: Tile | None) -> None:
        """Pick the unit of the person to move on ``tile`` (None: clear); its moves come from legal_actions()."""
        if self._input_refused():
            return
        if tile is None:
            self.cancel()
            return
        acts = self._unit_actions(tile)
        if not acts:
            self._clear()
            self._refused(Wait(tile, tile))
            return
        self._clear(selected=tile)
        unit = self.visible_unit(tile)
        name = UNITS[unit["type"]].name if unit else "Unit"
        self._publish(message=f"{name} {tile} selected: {count(len(self.destinations), 'tile')} to move to "
                              f"(tap the unit again to stay), {count(len(self.targets), 'enemy unit')} in reach. "
                              "Then choose an action.")

    @property
    def dragging(self) -> Tile | None:
        """The tile of the unit a drag is moving, or None (the board draws it under the pointer)."""
        return self._dragging

    def drag(self, phase: str, where: Tile | tuple[int, int] | None) -> None:
        """A drag on the board, as the taps would play it (``phase`` "start", "move" onto another tile,
        "end"; ``where`` None off the board):

        - it starts on one of your units: that unit is selected, as a tap selects it (a drag that starts
          anywhere else does nothing);
        - over a tile it may move to, that tile is its destination; over an enemy in reach, it aims at
          it (``preview``: the odds in the side panel), from the tile it came over when it can fire from
          there, else from the first tile that can (as a tap on the enemy picks);
        - released, it does what tapping that tile next would: the destination stays chosen (then an
          action from the side panel), the aimed enemy is attacked, any other tile says why not (or
          selects the unit of yours there); released on the unit without leaving its tile, the unit
          stays selected.
        """
        tile = self._tile(where) if where is not None and self.state is not None else None
        if phase == "start":
            self._dragging, self._dragged = None, False
            unit = self.visible_unit(tile) if tile is not None else None
            if unit is None or unit["owner"] != self.state.current or self._input_refused():
                return
            if (self.selected, self.destination) != (tile, None):
                self.select(tile)
            if self.selected == tile:
                self._dragging = tile
            return
        dragging = self._dragging
        if dragging is None or self.selected != dragging or tile is None:
            if phase == "end":
                self._dragging = None
            return
        if phase == "end":
            self._dragging = None
            if tile == dragging and not self._dragged:
                return
        self._dragged = self._dragged or tile != dragging
        self._drag_over(tile)
        if phase == "end" and (tile == self.target or tile != self.destination):
            self.click(tile)            # the second tap: fire at the aimed enemy, or what that tap says

    def _drag_over(self, tile: Tile) -> None:
        """Show ``tile`` under a dragged unit: its destination, or the enemy aimed at (never fires)."""
        if tile in (self.destination, self.target):
            return
        if tile not in self.targets and tile not in self.destinations and self.destination is not None:
            self.select(self.selected)  # over no tile it reaches from here: start again from the unit
        if tile in self.targets or tile in self.destinations:
            self.click(tile)

    def cancel(self) -> None:
        """Drop the selection (nothing is played)."""
        self._clear(message="")

    def _go(self, tile: Tile) -> None:
        # never aims by itself: the first tap on an enemy shows the odds, the second attacks
        self._publish(destination=tile, target=None, message="")
        unit = self.visible_unit(self.selected)
        name = UNITS[unit["type"]].name if unit is not None else "The unit"
        self._publish(message=facts.moved_words(name, tile, tile == self.selected, self.choice_kinds(),
                                                bool(self.targets), bool(self.options_of("unload"))))

    def _aim_or_fire(self, tile: Tile) -> None:
        if self.destination is None:          # a target tapped first: fire from the first tile that can
            start = next((a.to for a in self._unit_actions(self.selected)
                          if isinstance(a, Attack) and a.target == tile and a.to == self.selected), None)
            start = start or next(a.to for a in self._unit_actions(self.selected)
                                  if isinstance(a, Attack) and a.target == tile)
            self._publish(destination=start, target=tile, message=self._aim_hint(tile, start))
            return
        if tile == self.target:
            self.attack()
            return
        self._publish(target=tile, message=self._aim_hint(tile, self.destination))

    @staticmethod
    def _aim_hint(target: Tile, start: Tile | None) -> str:
        return (f"Attack {target} from {start}? Tap it again (or press Attack) to fire; the odds are in the "
                "attack preview.")

    def _validate(self, action: Any) -> None:
        tactics_rules.validate(self.state, action)

    # --- actions -------------------------------------------------------------------------------
    def choose(self, kind: str, option: int = 0) -> bool:
        """Play the selected unit's ``kind`` action (wait, attack, capture, load, unload, supply) at
        its destination; ``option`` picks among several (unload drops)."""
        if self._input_refused():
            return False
        if kind == "attack":
            return self.attack()
        cls = CHOICE_KINDS.get(kind)
        options = [a for a in self.choices if cls is not None and isinstance(a, cls)]
        if not options:
            what = "Select a unit and the tile it moves to first." if self.destination is None else \
                f"The unit cannot {kind} from {self.destination}."
            self._publish(message=what)
            return False
        return self._do(options[max(0, min(option, len(options) - 1))])

    def _drop_on(self, tile: Tile) -> Any:
        """The unload that drops the first cargo able to stand on ``tile`` (and nothing else), once the
        transport's destination is chosen; None if there is none."""
        if self.destination is None:
            return None
        return next((a for a in self.options_of("unload") if len(a.drops) == 1 and a.drops[0][1] == tile), None)

    def options_of(self, kind: str) -> list[Any]:
        """The selected unit's ``kind`` actions at its destination (several for unload)."""
        cls = CHOICE_KINDS[kind]
        return [a for a in self.choices if isinstance(a, cls)]

    def attack(self) -> bool:
        """Fire at the aimed target from the destination."""
        if self._input_refused():
            return False
        if self.selected is None or self.destination is None or self.target is None:
            self._publish(message="Select a unit, then tap a red-ringed enemy to aim at it.")
            return False
        return self._do(Attack(self.selected, self.destination, self.target))

    def build(self, unit: str) -> bool:
        """Build ``unit`` (a unit id) at the picked production property."""
        if self._input_refused():
            return False
        if self.build_at is None:
            self._publish(message="Tap one of your empty factories, airports or ports first.")
            return False
        return self._do(Build(unit, self.build_at))

    def power(self, level: str = "power") -> bool:
        """Use the commander's ``level`` power ("power" or "super")."""
        if self._input_refused():
            return False
        return self._do(ActivatePower(level))

    def end_turn(self) -> bool:
        if self._input_refused():
            return False
        return self._do(EndTurn())

    def show_screen(self) -> None:
        """Hot seat: the person to play is at the screen; lift the cover."""
        self._publish(ready=True, message=f"{self.player_name(self.viewer)}: your turn, day {self.state.day}.")
        self._run_cpu()

    def _do(self, action: Any) -> bool:
        try:
            self._played_text = self.describe(action)
        except RulesError:
            self._played_text = repr(action)
        return super()._do(action)

    def _show_played(self, action: Any, events: list[Any], mover: int | None) -> None:
        self._played(events, mover, ended=isinstance(action, EndTurn))
        if not self.message and not isinstance(action, EndTurn):
            self._publish(message=self.last_events[-1].text if self.last_events else f"Played: {self._played_text}.")

    def _played(self, events: list[Any], mover: int | None, ended: bool = False) -> None:
        """Publish what the viewer may see of ``events``; hand the screen over in a hot seat. Each person
        at the screen keeps their own log, last attack and trail (sight.Memories)."""
        viewer = self._viewer_now()
        ready = self.ready
        if viewer != self.viewer:
            ready = not (self.state.game.options["fog"] and not self.state.is_terminal())
        with param.parameterized.discard_events(self):
            self.viewer = viewer
            self.ready = ready
        self._memories.add(self.state, events, mover, list(self.humans) or [None], ended)
        message = ""
        if self.state.is_terminal():
            message = "The game is over: " + (f"{self.player_name(self.state.winner())} wins."
                                              if self.state.winner() is not None else "a draw.")
        elif not ready:
            message = f"Pass the screen to {self.player_name(viewer)}."
        self._clear(ready=ready, message=message, last_events=visible_events(self.state, events, mover, viewer),
                    **self._memories.of(viewer))

    def _viewer_now(self) -> int | None:
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        current = self.state.current if self.state is not None else humans[0]
        return current if current in humans else self.viewer

    # --- the CPU (CpuTurns) -----------------------------------------------------------------------
    def _cpu_paused(self) -> bool:
        return not self.ready

    def _cpu_played(self, action: Any, events: list[Any], player: int) -> None:
        self._played(events, player, ended=isinstance(action, EndTurn))

    def _turn_name(self, state: Any) -> str:
        return f"its turn of day {state.day}"

    def _cpu_did(self, player: int, events: list[Any]) -> str:
        """What the person saw of the CPU's turn (``events`` went through the fog): its moves, its attacks and the
        units lost on each side in them, the properties it took or is taking, the units it built in sight, its
        commander's power ("it attacked twice (you lost 1 unit) and took the city on K9")."""
        attacks, yours, its, built, moved = 0, 0, 0, 0, 0
        took: list[str] = []
        taking: list[str] = []
        power = ""
        last = None
        for e in events:
            if e.kind == "end_turn":            # what follows is the person's own upkeep
                break
            if e.kind == "attack":
                attacks, last = attacks + 1, e
            elif e.kind == "destroyed" and last is not None:
                tile = e.data.get("tile")
                yours += tile == last.data.get("target")
                its += tile == last.data.get("attacker")
            elif e.kind == "captured":
                took.append(e.text.split(" takes ", 1)[-1].rstrip("."))
            elif e.kind == "capture":
                taking.append(e.text.split(" captures ", 1)[-1].split(":", 1)[0])
            elif e.kind == "build":
                built += 1
            elif e.kind == "move":
                moved += 1
            elif e.kind == "power":
                power = "used its super power" if e.data.get("level") == "super" else "used its power"
        did = [power] if power else []
        if moved:
            did.append(f"moved {count(moved, 'unit')}" + (" you could see" if self.state.game.options["fog"] else ""))
        if attacks:
            lost = [f"you lost {count(yours, 'unit')}"] * bool(yours) + [f"it lost {count(its, 'unit')}"] * bool(its)
            did.append(f"attacked {times(attacks)}" + (f" ({listing(lost)})" if lost else ""))
        if took:
            did.append("took " + (listing(took) if len(took) <= 2 else count(len(took), "property", "properties")))
        if taking:
            did.append("is capturing " + listing(taking))
        if built:
            did.append(f"built {count(built, 'unit')}" + (" you can see" if self.state.game.options["fog"] else ""))
        if not did:
            return "you saw nothing of it" if self.state.game.options["fog"] else "it made no move"
        return "it " + listing(did)

    # --- publishing ----------------------------------------------------------------------------
    def _unit_actions(self, tile: Tile | None) -> list[Any]:
        return [a for a in self.my_actions() if isinstance(a, UNIT_ACTIONS) and a.at == tile]

    def _can_build_at(self, tile: Tile) -> bool:
        """An own empty production property of the person to move (what it builds may be unaffordable:
        the build list then shows each unit greyed with its cost)."""
        return bool(self.my_actions()) and bool(production_menu(self.state, tile))

    def build_menu(self) -> list[tuple[str, int, int]]:
        """``(unit id, cost, funds short)`` for each unit the picked property builds (empty: none picked)."""
        return production_menu(self.state, self.build_at) if self.build_at and self.my_actions() else []

    def _clear(self, **changes: Any) -> None:
        self._publish(**{"selected": None, "destination": None, "target": None, "build_at": None, **changes})

    def _publish(self, **changes: Any) -> None:
        """Set ``changes``, recompute the observation and the highlights from legal_actions(), then
        notify the views once."""
        derived = ("obs", "selected", "destination", "target", "build_at", "destinations", "targets", "choices",
                   "builds", "preview", "threats")
        with param.parameterized.discard_events(self):
            self.param.update(**changes)
            s = self.state
            self.obs = s.observation(self.viewer) if s is not None else None
            mine = self.my_actions()
            acts = [a for a in mine if isinstance(a, UNIT_ACTIONS) and a.at == self.selected] if self.selected else []
            if not acts:
                self.selected = None
            tos = {a.to for a in acts}
            self.destinations = sorted(tos, key=_row_major)
            if self.destination not in tos:
                self.destination = None
            self.choices = [a for a in acts if a.to == self.destination] if self.destination else []
            pool = self.choices if self.destination else acts
            self.targets = sorted({a.target for a in pool if isinstance(a, Attack)}, key=_row_major)
            if self.destination is None or self.target not in self.targets:
                self.target = None
            self.builds = [a for a in mine if isinstance(a, Build) and a.at == self.build_at]
            if self.build_at is not None and not (mine and production_menu(s, self.build_at)):
                self.build_at = None
            self.preview = (facts.attack_odds(s, Attack(self.selected, self.destination, self.target))
                            if self.target is not None else None)
            self.threats = facts.threats(s, self.viewer) if self.show_threats and self.viewer is not None else []
        self.param.trigger(*derived, *[k for k in changes if k not in derived])

    def set_threats(self, on: bool) -> None:
        """Show (or hide) the enemy threat overlay."""
        self._publish(show_threats=bool(on))
