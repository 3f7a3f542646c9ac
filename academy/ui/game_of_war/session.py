"""The Game of War play model: one local game (people and/or the CPU) as a param model, no Panel.

The board calls ``click((x, y))`` on a tap and ``drag_start``, ``drag_over``, ``drop`` on a drag
(dragging.py); the side panel calls ``end_turn``, ``attack``, ``undo`` and reads
``state``, ``selected``, ``destinations``, ``targets``, ``target``, ``preview``, ``message`` and ``log``.
Nothing here knows a rule: the highlighted squares and targets are the selected unit's actions in
``state.legal_actions()``; a click that matches none is validated by the engine, whose message is shown
(the state is unchanged); the combat preview is ``combat.combat(...)``.

A tap on an enemy the selected unit may attack shows the combat preview; a second tap on it (or the
Attack button) attacks. CPU turns run on a worker thread and come back through ``pn.state.execute``
(``synchronous=True`` plays them inline, for tests and scripts).

Free deployment (``deployment="free"``): the person deploying picks a unit type (``choose_type``) and
taps squares of their half; each placement goes into ``placements``, a draft checked by the engine on a
copy of the state (``draft_state()``: a refused square shows the engine's message and changes nothing).
A tap on a unit placed in the draft takes it back; ``place_rest`` places what is left as the normal CPU
would; ``done_deploying`` plays the placements on the game. Until both sides are done the board draws
``board_position()``: only the units of the side at the screen (none behind the hot-seat cover,
``covered``, shown between North's and South's deployment), never the other side's.

    >>> s = GameOfWarSession(synchronous=True)
    >>> s.new_game(seats=["human", "human"], seed=1)
    >>> s.state.phase
    'play'
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import param

from academy.core.errors import RulesError
from academy.core.rng import new_seed
from academy.core.text import count
from academy.games.game_of_war import GameOfWarGame, GameOfWarState
from academy.games.game_of_war import rules as gow_rules
from academy.games.game_of_war.actions import Attack, Deploy, EndTurn, Move, Retreat
from academy.games.game_of_war.bots import make_bot
from academy.games.game_of_war.combat import combat
from academy.games.game_of_war.communication import (connection_change, connection_warning, cuts_itself_off,
                                                      is_connected)
from academy.games.game_of_war.position import Position
from academy.games.game_of_war.notation import format_square
from academy.games.game_of_war.units import SIDES, UNIT_TYPES
from academy.ui.history import log_lines
from academy.ui.turn_session import CPU_LEVELS, HUMAN, TurnSession

from .dragging import Dragging

__all__ = ["GameOfWarSession", "GameOfWarView", "HUMAN", "CPU_LEVELS", "DEPLOYMENTS"]

#: the openings offered by the new-game form: label -> the engine's ``deployment`` option
DEPLOYMENTS = {"The Academy's opening": "standard", "The open-source opening": "open_source_default",
               "Free deployment (each side places its army, hidden)": "free"}
#: events of a deployment that stay out of the log (which square got which unit is hidden until both are done)
HIDDEN_EVENTS = ("deploy",)

Square = tuple[int, int]


class GameOfWarView(param.Parameterized):
    """What the Game of War board draws besides the position: the rings, the aimed attack, the arrows and
    the lines. A play session works them out from legal_actions(); a replay from the frame shown."""

    selected = param.String(None, allow_None=True, doc="the id of the unit picked first")
    destinations = param.List([], doc="the squares the selected unit may move (or retreat) to, from legal_actions")
    cutting = param.List([], doc="of ``destinations``, those where the move cuts a unit of its side off its lines")
    targets = param.List([], doc="the enemy units the selected unit may attack, from legal_actions")
    target = param.String(None, allow_None=True, doc="the enemy picked for an attack (preview shown)")
    preview = param.Parameter(None, doc="combat.combat(...) for the selected unit's side against ``target``")
    trail = param.List([], doc="the moves of the last finished turn: dicts with side, from and to squares")
    network_side = param.String(None, allow_None=True, doc='"north"/"south": draw that side\'s lines')


class GameOfWarSession(Dragging, TurnSession, GameOfWarView):
    """A Game of War on one screen; see the module docstring."""

    game_name = "game_of_war"
    seat_noun = "side (North, South)"
    cpu_thread_name = "academy-gow-cpu"

    cpu_delay = param.Number(0.35, bounds=(0, None), doc="seconds between two CPU actions")
    placements = param.List([], doc="free deployment: the Deploy actions placed so far (a draft until Done)")
    unit_type = param.String(None, allow_None=True, doc="free deployment: the unit type the next tap places")
    deploy_squares = param.List([], doc="free deployment: where the chosen type may go (from legal_actions)")
    covered = param.Boolean(False, doc="hot seat: the screen is covered until the next person is ready")

    def __init__(self, bot_factory: Callable[[str, int], Any] | None = None, **params: Any) -> None:
        super().__init__(bot_factory=bot_factory, **params)
        self._turn_moves: list[dict[str, Any]] = []
        self._draft: tuple[Any, Any] | None = None     # (key, draft state)
        self._actions: tuple[Any, Any, list[Any]] | None = None   # (state, key, its legal actions)

    # --- games ---------------------------------------------------------------------------------
    def new_game(self, seats: Sequence[str] | None = None, deployment: str = "standard", seed: int | None = None,
                 max_turns: int | None = None) -> None:
        """Start a game (North is player 0); raises ValueError for bad seats, RulesError for bad options."""
        seats = self._checked_seats(seats if seats is not None else [HUMAN, "normal"], 2)
        game = GameOfWarGame(deployment=deployment, max_turns=max_turns)
        state = game.new_initial_state(seed=new_seed() if seed is None else int(seed))
        events = state.settle()
        self._start(state, seats, f"New game: {self.seats_text(game, seats)}.",
                    log_lines(events, len(state.record), state), events)

    def start_from(self, state: GameOfWarState, seats: Sequence[str] | None = None, message: str = "") -> None:
        """Play on from ``state`` (e.g. ``parse_position(...)``, a shared link's position) with ``seats``
        (default: both people); raises ValueError for bad seats."""
        super().start_from(state, seats, message)

    def _show_game(self, state: Any, message: str, log: list[dict[str, Any]], last_events: list[Any]) -> None:
        self._turn_moves = []
        self._publish(state=state, selected=None, target=None, message=message, last_events=last_events, log=log,
                      trail=[], covered=False, placements=[])

    def _progress(self, state: Any) -> str:
        return "the deployment" if state.phase == "deploy" else f"turn {state.turn}"

    # --- questions the views ask ----------------------------------------------------------------
    @property
    def human_sides(self) -> list[str]:
        return [SIDES[p] for p, s in enumerate(self.seats) if s == HUMAN]

    def my_actions(self) -> list[Any]:
        """The legal actions of the human to move (none while the CPU plays or after the end)."""
        if self.state is None or self.cpu_to_move or self.thinking:
            return []
        st = self.state                  # changed in place: asked again only when it has changed
        key = (len(st.record), st.position, st.phase, st.current, tuple(st.moved), tuple(st.retreats))
        cached = self._actions
        if cached is None or cached[0] is not st or cached[1] != key:
            cached = self._actions = (st, key, st.legal_actions())
        return list(cached[2])

    # --- free deployment -----------------------------------------------------------------------
    @property
    def deploying(self) -> int | None:
        """The player placing their army here now (a person, free deployment), else None."""
        s = self.state
        if s is None or s.phase != "deploy" or self.cpu_to_move or self.thinking:
            return None
        return s.to_move()

    def draft_state(self) -> GameOfWarState | None:
        """A copy of the game with ``placements`` played on it (each checked by the engine), or None
        when nobody is deploying here. Placements the engine no longer accepts are dropped."""
        p = self.deploying
        if p is None:
            return None
        key = (id(self.state), len(self.state.record), tuple(self.placements))
        if self._draft is not None and self._draft[0] == key:
            return self._draft[1]
        draft = self.state.clone()
        kept = []
        for action in self.placements:
            if draft.to_move() != p:
                break
            try:
                draft.apply(action, p)
            except RulesError:
                continue
            kept.append(action)
        if kept != list(self.placements):
            with param.parameterized.discard_events(self):
                self.placements = kept
            key = (id(self.state), len(self.state.record), tuple(kept))
        self._draft = (key, draft)
        return draft

    def unplaced(self) -> dict[str, int]:
        """Free deployment: what the person deploying still has to place ({unit type: count})."""
        draft, p = self.draft_state(), self.deploying
        return gow_rules.unplaced(draft, p) if draft is not None and p is not None else {}

    def _placed_squares(self) -> list[Square]:
        return [tuple(a.at) for a in self.placements]

    def choose_type(self, unit_type: str | None) -> None:
        """Pick the unit type the next taps place (from the palette of what is left)."""
        if unit_type is None:
            self._publish(unit_type=None)
            return
        if self.deploying is None:
            self._publish(message=self._refuse() or "Deployment is over: the armies are on the board.")
            return
        left = self.unplaced()
        if unit_type not in left:
            label = UNIT_TYPES[unit_type].label if unit_type in UNIT_TYPES else unit_type
            self._publish(message=f"No {label} left to place; still to place: "
                                  f"{', '.join(f'{n} {UNIT_TYPES[t].label}' for t, n in left.items()) or 'nothing'}.")
            return
        self._publish(unit_type=unit_type, message=f"Tap a highlighted square of your half to place "
                                                   f"{UNIT_TYPES[unit_type].label} ({left[unit_type]} left).")

    def _deploy_click(self, sq: Square) -> None:
        draft, p = self.draft_state(), self.deploying
        if draft is None or p is None:
            self._publish(message="Wait: the other side is deploying.")
            return
        unit = draft.position.unit_at(sq)
        if unit is not None and unit.side == SIDES[p] and sq in self._placed_squares():
            self.take_back(sq)
            return
        if unit is not None and unit.side == SIDES[p]:
            self._publish(message=f"{unit.id} is already on the board (placed before this deployment's draft) "
                                  "and stays there.")
            return
        if self.unit_type is None:
            left = self.unplaced()
            self._publish(message="Pick a unit type to place first." if left else
                          "Your army is placed: press Done (or tap a unit to take it back).")
            return
        action = Deploy(self.unit_type, sq)
        trial = draft.clone()
        try:
            trial.apply(action, p)
        except RulesError as exc:
            self._publish(message=exc.message)
            return
        placements = [*self.placements, action]
        self._draft = ((id(self.state), len(self.state.record), tuple(placements)), trial)
        left = gow_rules.unplaced(trial, p)
        kind = self.unit_type if self.unit_type in left else next(iter(left), None)
        total = sum(left.values())
        more = (f"{total} left to place." if total else "Every unit is placed: press Done (tap a unit to take it "
                                                        "back).")
        self._publish(placements=placements, unit_type=kind,
                      message=f"{UNIT_TYPES[action.unit_type].label.capitalize()} placed on {format_square(sq)}. "
                              f"{more}")

    def take_back(self, square: Square) -> bool:
        """Take back the unit placed (in this deployment's draft) on ``square``."""
        sq = (int(square[0]), int(square[1]))
        found = next((a for a in self.placements if tuple(a.at) == sq), None)
        if found is None or self.deploying is None:
            self._publish(message=f"Nothing of yours to take back on {format_square(sq)}.")
            return False
        placements = [a for a in self.placements if a is not found]
        self._publish(placements=placements, unit_type=found.unit_type,
                      message=f"{UNIT_TYPES[found.unit_type].label.capitalize()} taken back from "
                              f"{format_square(sq)}.")
        return True

    def clear_placements(self) -> None:
        """Take back every unit of this deployment's draft."""
        if self.deploying is None:
            return
        self._publish(placements=[], unit_type=None, message="Every placement taken back.")
        self._publish(unit_type=next(iter(self.unplaced()), None))

    def place_rest(self) -> bool:
        """Place what is left the way the normal CPU deploys (the Academy's opening where its squares are free)."""
        refusal = self._refuse()
        draft, p = self.draft_state(), self.deploying
        if refusal or draft is None or p is None:
            self._publish(message=refusal or "Nobody is deploying here now.")
            return False
        bot = make_bot("normal", 0)
        trial, placements = draft.clone(), list(self.placements)
        while trial.to_move() == p and trial.phase == "deploy":
            action = bot.choose(trial)
            trial.apply(action, p)
            placements.append(action)
        self._draft = ((id(self.state), len(self.state.record), tuple(placements)), trial)
        self._publish(placements=placements, unit_type=None,
                      message="The rest of your army is placed: move units by taking them back and placing them "
                              "again, then press Done.")
        return True

    def done_deploying(self) -> bool:
        """Play this deployment's placements on the game (the engine checks each); refused while units are left."""
        if self._input_refused():
            return False
        p = self.deploying
        if p is None:
            self._publish(message="Nobody is deploying here now.")
            return False
        left = self.unplaced()
        if left:
            self._publish(message=f"Place every unit first: still to place "
                                  f"{', '.join(f'{n} {UNIT_TYPES[t].label}' for t, n in left.items())}.")
            return False
        changes = self._commit_placements(list(self.placements))
        if changes is None:
            return False
        state = changes.get("state", self.state)
        who = state.game.player_name(p)
        follow = state.to_move()
        hot_seat = (state.phase == "deploy" and follow is not None and follow != p and self.hot_seat)
        message = (f"{who}'s army is deployed (hidden). Pass the screen to {self.seat_label(follow)}."
                   if hot_seat else f"{who}'s army is deployed.")
        if state.phase != "deploy" and follow is not None and not self.is_cpu(follow):   # both armies are out
            you = f"{state.game.player_name(follow)}, your turn" if self.hot_seat else "Your turn"
            message = f"{who}'s army is deployed, and both armies are revealed. {you}: {self._turn_now(state)}."
        self._publish(placements=[], unit_type=None, covered=hot_seat, message=message, **changes)
        self._run_cpu()
        return True

    def _commit_placements(self, placements: list[Any]) -> dict[str, Any] | None:
        """Play the placements on a copy of the game; the changes to publish (the new state, events, log),
        or None (and the engine's message; the game unchanged) if one is refused."""
        trial = self.state.clone()
        events: list[Any] = []
        try:
            for action in placements:
                events += trial.play(action)
        except RulesError as exc:
            self._publish(message=exc.message)
            return None
        with param.parameterized.discard_events(self):
            self.state = trial
        return dict(state=trial, last_events=list(events), log=self.log + log_lines(events, len(trial.record), trial),
                    **self._track(events))

    def reveal(self) -> None:
        """The next person is at the screen: lift the hot-seat cover."""
        if not self.covered:
            return
        self._publish(covered=False, message=f"{self.seat_label(self.state.to_move())}: place your army in your "
                                             "half; the other side's units stay hidden until both are done.")
        self._publish(unit_type=next(iter(self.unplaced()), None))

    def board_position(self) -> Position | None:
        """The position the board draws. During free deployment: only the units of the side at the screen
        (the person deploying, with their draft; none behind the cover; with the CPU deploying, the one
        person's own units), never the other side's."""
        s = self.state
        if s is None:
            return None
        if s.phase != "deploy":
            return s.position
        viewer: int | None
        draft = self.draft_state()
        if self.covered:
            viewer = None
        elif draft is not None:
            viewer = self.deploying
        else:
            humans = self.humans
            viewer = humans[0] if len(humans) == 1 else None
        pos = (draft if draft is not None else s).position
        data = pos.to_dict()
        data["units"] = [u for u in data["units"] if viewer is not None and u["side"] == SIDES[viewer]]
        return Position.from_dict(data)

    # --- input ---------------------------------------------------------------------------------
    def _refuse(self) -> str | None:
        s = self.state
        if s is not None and s.is_terminal():
            return "The game is over: start a new game (or undo your last move)."
        if s is not None and (self.cpu_to_move or self.thinking) and s.phase == "deploy":
            return (f"{self.seat_label(s.to_move())} is deploying its army (hidden); wait until it is done, "
                    "then place yours.")
        if s is not None and self.covered and not (self.cpu_to_move or self.thinking):
            return f"Pass the screen to {self.seat_label(s.to_move())} first, then press the button on the cover."
        return super()._refuse()

    def click(self, square: Square) -> None:
        """A tap on ``square``: select a unit, move the selected one, or aim at / attack an enemy."""
        if self._input_refused():
            return
        sq = (int(square[0]), int(square[1]))
        if self.state.phase == "deploy":
            self._deploy_click(sq)
            return
        pos, side = self.state.position, self.state.side
        unit = pos.unit_at(sq)
        if not pos.is_on_board(sq):
            return
        sel = self.selected if self.selected and pos.has_unit(self.selected) else None
        if unit is not None and unit.side == side:
            if unit.id == sel:
                self._publish(selected=None, target=None, message="")
            else:
                self.select(unit.id)
            return
        if sel is None:
            if unit is not None:
                self._publish(message=f"{unit.kind.label.capitalize()} {unit.id} ({unit.side}) on "
                                      f"{format_square(sq)}. Tap one of your units first, then this enemy to "
                                      "attack it.")
            else:
                self._publish(message=f"{format_square(sq)}: tap one of your units first, then where it goes.")
            return
        if unit is not None:                     # an enemy: aim, then attack on the second tap
            action = Attack(sel, unit.id)
            if unit.id == self.target and action in self.my_actions():
                self._do(action)
                return
            if action in self.my_actions():
                self._publish(target=unit.id, message=f"Attack {unit.id} with {sel}? Tap {unit.id} again (or "
                                                      "press Attack) to attack; the preview shows the totals.")
                return
            self._refused(action)
            return
        phase_retreat = self.state.phase == "retreat"
        action = Retreat(sel, sq) if phase_retreat else Move(sel, sq)
        if action in self.my_actions():
            self._do(action)
        else:
            self._refused(action)

    def select(self, unit_id: str | None) -> None:
        """Pick one of your units (None: clear); its destinations and targets come from legal_actions()."""
        if self._input_refused():
            return
        if unit_id is None:
            self._publish(selected=None, target=None, message="")
            return
        u = self.state.position.unit(unit_id)
        self._publish(selected=unit_id, target=None, message="")
        if not self.destinations and not self.targets:
            self._publish(message=self._why_stuck(u))
        else:
            risky = [connection_warning(self.state.position, unit_id, to) for to in self.cutting]
            careful = f" Careful: {risky[0]}" + (f" ({count(len(risky) - 1, 'other square')} too.)"
                                                 if len(risky) > 1 else "") if risky else ""
            stuck = None if self.destinations else gow_rules.why_no_move(self.state, unit_id)
            self._publish(message=f"{u.kind.label.capitalize()} {unit_id} selected: "
                                  f"{count(len(self.destinations), 'square')} to go to"
                                  + (f" ({stuck})" if stuck else "") + ", "
                                  f"{count(len(self.targets), 'enemy unit')} to attack.{careful}")

    def _why_stuck(self, unit: Any) -> str:
        """A unit selected with no legal action: said as a selection, with the engine's reason when it is about
        the unit or the turn (``rules.why_no_move``: moved already, cut off, the turn's moves made ...). A walk
        tapped a unit that had moved and read "Move N-I1 refused: …", as if a move had been tried."""
        head = f"{unit.kind.label.capitalize()} {unit.id} selected: no square to go to and no enemy in reach"
        why = gow_rules.why_no_move(self.state, unit.id)
        return f"{head} ({why})." if why else f"{head} now."

    def attack(self) -> bool:
        """Launch the aimed attack (selected unit on ``target``)."""
        if self.selected is None or self.target is None:
            self._publish(message="Select one of your units, then tap an enemy to aim at it.")
            return False
        if self._input_refused():
            return False
        return self._do(Attack(self.selected, self.target))

    def end_turn(self) -> bool:
        if self._input_refused():
            return False
        return self._do(EndTurn())

    def show_network(self, side: str | None) -> None:
        self._publish(network_side=side)

    def _validate(self, action: Any) -> None:
        gow_rules.validate(self.state, action)

    def _show_played(self, action: Any, events: list[Any], mover: int | None) -> None:
        sel = getattr(action, "unit", None) if isinstance(action, Move) else None
        said = [e.text for e in events if getattr(e, "text", "")]
        message = said[-1] if said else ""                 # the move confirmed in words
        pos = self.state.position
        if sel is not None and pos.has_unit(sel) and not is_connected(pos, sel):
            message += (f" {sel} is off its lines now: it can't move and adds nothing in combat until a move of "
                        "its side brings it back.")
        self._publish(selected=sel, target=None, message=message, last_events=list(events),
                      log=self.log + log_lines(events, len(self.state.record), self.state), **self._track(events))
        if sel is not None and not self.targets:      # nothing more this unit can do: clear the selection
            self._publish(selected=None)

    def _track(self, events: list[Any], position: Position | None = None) -> dict[str, Any]:
        """Collect the turn's moves from the engine's events; when the turn passes, they become ``trail``.
        ``position`` names the units' sides (default: the state shown)."""
        out: dict[str, Any] = {}
        pos = position if position is not None else self.state.position
        for e in events:
            if e.kind in ("move", "retreat"):
                side = pos.unit(e.data["unit"]).side if pos.has_unit(e.data["unit"]) else None
                self._turn_moves.append({"side": side, "from": tuple(e.data["from"]), "to": tuple(e.data["to"])})
            elif e.kind in ("turn", "win", "draw"):
                out["trail"], self._turn_moves = self._turn_moves, []
        return out

    def undo(self) -> bool:
        """Take back the last placement of a free deployment, else the last decision of a person (and the CPU
        actions after it)."""
        if self.state is not None and self.state.phase == "deploy" and self.deploying is not None \
                and not self.covered:
            if not self.placements:
                self._publish(message="Nothing placed yet in this deployment to take back.")
                return False
            last = self.placements[-1]
            self._publish(placements=self.placements[:-1], unit_type=last.unit_type,
                          message=f"Undone: {UNIT_TYPES[last.unit_type].label} on {format_square(last.at)}.")
            return True
        return super().undo()

    def _undo_refusal(self) -> str | None:
        if self.state is not None and (self.state.phase == "deploy" or self.covered):
            return "Nothing to undo during the other side's deployment."
        return super()._undo_refusal()

    # --- publishing ----------------------------------------------------------------------------
    def _publish(self, **changes: Any) -> None:
        """Set ``changes``, recompute the highlights from legal_actions(), then notify the views once."""
        if "log" in changes:
            changes["log"] = [e for e in changes["log"] if e.get("kind") not in HIDDEN_EVENTS]
        if "last_events" in changes:
            changes["last_events"] = [e for e in changes["last_events"] if e.kind not in HIDDEN_EVENTS]
        with param.parameterized.discard_events(self):
            self.param.update(**changes)
            s = self.state
            deploy = s is not None and s.phase == "deploy"
            if deploy:
                self._publish_deployment()
        if deploy:
            self.param.trigger("state", "selected", "destinations", "targets", "target", "preview",
                               "placements", "unit_type", "deploy_squares", "covered",
                               *[k for k in changes if k not in ("state", "selected", "destinations", "targets",
                                                                 "target", "preview", "placements", "unit_type",
                                                                 "deploy_squares", "covered")])
            return
        with param.parameterized.discard_events(self):
            if self.placements or self.deploy_squares or self.unit_type or self.covered:
                self.placements, self.deploy_squares, self.unit_type, self.covered = [], [], None, False
            acts = self.my_actions()
            sel = self.selected
            if sel is not None and (s is None or not s.position.has_unit(sel) or s.position.unit(sel).side != s.side):
                sel = self.selected = None
            if sel is None:
                self.destinations, self.targets, self.target, self.cutting = [], [], None, []
            else:
                self.destinations = [a.to for a in acts if isinstance(a, (Move, Retreat)) and a.unit == sel]
                self.cutting = self._cutting(s, sel, self.destinations)
                self.targets = [a.target for a in acts if isinstance(a, Attack) and a.unit == sel]
                if self.target not in self.targets:
                    self.target = None
            self.preview = (combat(s.position, s.side, self.target) if sel is not None and self.target is not None
                            else None)
        self.param.trigger("state", "selected", "destinations", "cutting", "targets", "target", "preview",
                           *[k for k in changes if k not in ("state", "selected", "destinations", "cutting", "targets",
                                                             "target", "preview")])

    _cut_memo: tuple[Any, list[Any]] = (None, [])

    def _cutting(self, state: Any, unit_id: str, squares: list[Any]) -> list[Any]:
        """Of ``squares``, those where moving ``unit_id`` cuts a unit of its side (itself too) off the lines
        (worked out once per position and unit; not in a retreat, which has no other way to go)."""
        key = (id(state), len(state.record), unit_id, tuple(map(tuple, squares)))
        if self._cut_memo[0] != key:
            cut = [] if state.phase == "retreat" else [
                to for to in squares if connection_change(state.position, unit_id, to)[0]
                or cuts_itself_off(state.position, unit_id, to)]
            self._cut_memo = (key, cut)
        return list(self._cut_memo[1])

    def _publish_deployment(self) -> None:
        """(Events held) the selection-free view of a deployment: the squares the chosen type may go to."""
        self.selected, self.destinations, self.targets, self.target, self.preview = None, [], [], None, None
        self.cutting = []
        draft, p = self.draft_state(), self.deploying
        if draft is None or p is None:                 # nobody deploys here now: no draft
            self.placements, self.deploy_squares, self.unit_type = [], [], None
            return
        if self.covered:
            self.deploy_squares = []
            return
        left = gow_rules.unplaced(draft, p)
        if self.unit_type not in left:
            self.unit_type = next(iter(left), None)
        self.deploy_squares = sorted({tuple(a.at) for a in draft.legal_actions(p)
                                      if isinstance(a, Deploy) and a.unit_type == self.unit_type},
                                     key=lambda t: (t[1], t[0])) if self.unit_type else []

    @property
    def hides_totals(self) -> bool:
        """A lesson asks the learner to add up the totals: the preview and the board keep the numbers back."""
        return "totals" in self.kept_back

    def preview_lines(self) -> list[str]:
        """The aimed attack as the engine counts and words it (``Combat.preview_lines``); without its numbers
        when the learner is to work the totals out."""
        if self.preview is None:
            return []
        if self.hides_totals:
            return [f"{self.target} is aimed at. The lines show every unit that counts, for the attack (solid) and "
                    "the defence (dashed): add up the totals yourself (Rules page: Combat)."]
        return self.preview.preview_lines()

    # --- the CPU (CpuTurns) -----------------------------------------------------------------------
    def _cpu_delay(self, state: Any) -> float:
        """A CPU's deployment is placed at once (nothing of it is shown); its turns at ``cpu_delay``."""
        return 0.0 if getattr(state, "phase", None) == "deploy" else self.cpu_delay

    def _cpu_did(self, player: int, events: list[Any]) -> str:
        """"it made 4 moves, then attacked your cavalry N-C1 (5 against 3): destroyed": its moves, its
        attack and how it ended, an arsenal taken; the units the turn's start removed (a retreat that could
        not be made) in the engine's words."""
        moves, attack, arsenal, removed = 0, "", "", []
        for e in events:
            if e.kind in ("move", "retreat"):
                moves += 1
            elif e.kind == "attack":
                target = e.text.split(" attacks ", 1)[-1]
                outcome = {"destroyed": "destroyed", "retreat": "it must retreat",
                           "repelled": "repelled"}.get(e.data.get("outcome"), "")
                yours = "your " if self.humans == [1 - player] else ""     # the person's unit (one person here)
                attack = f"attacked {yours}{target.split(': ', 1)[0]}" + (f": {outcome}" if outcome else "")
            elif e.kind == "arsenal_taken":
                arsenal = f"took the arsenal on {format_square(tuple(e.data['at']))}"
            elif e.kind == "removed":
                removed.append(e.text)
        if not (moves or attack or arsenal):
            return "it passed"
        did = f"it made {count(moves, 'move')}" if moves else "it made no move"
        then = [t for t in (attack, arsenal) if t]
        text = did + (", then " + " and ".join(then) if then else "")
        return text + (". " + " ".join(r.rstrip(".") for r in removed) if removed else "")

    def _over_text(self) -> str:
        """The engine's words for the end ("South wins: every North fighting unit is gone.")."""
        said = next((e.text for e in reversed(self.last_events) if e.kind in ("win", "draw")), "")
        return said or super()._over_text()

    def _turn_name(self, state: Any) -> str:
        return "its deployment" if state.phase == "deploy" else super()._turn_name(state)

    def _cpu_turn_text(self, player: int, when: str, events: list[Any]) -> str:
        """A turn as ``TurnSession`` says it; a free deployment without a square of it (hidden until both are
        done): "South (CPU easy) deployed its army, and both armies are revealed."."""
        if any(e.kind == "deploy" for e in events) and not any(e.kind in ("move", "attack") for e in events):
            revealed = ", and both armies are revealed" if any(e.kind == "revealed" for e in events) else \
                " (hidden until both armies are placed)"
            return f"{self.seat_label(player)} deployed its army{revealed}."
        return super()._cpu_turn_text(player, when, events)

    def _turn_now(self, state: Any) -> str:
        """"turn 4"; with a retreat to make first, which units ("turn 4, first retreat N-C1"); in a free
        deployment, what to do."""
        if state.phase == "deploy":
            return "place your army in your half"
        now = super()._turn_now(state)
        return now + (f", first retreat {', '.join(state.retreats)}" if state.phase == "retreat" else "")

    def _cpu_played(self, action: Any, events: list[Any], player: int) -> None:
        # the message stays until the CPU hands the turn back (``TurnSession._say_cpu_news``): the log tells the moves
        self._publish(selected=None, target=None, last_events=list(events),
                      log=self.log + log_lines(events, len(self.state.record), self.state), **self._track(events))
