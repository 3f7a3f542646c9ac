"""The frame every Play tab shares: the new-game card, the game area, the pass-the-screen cover, the
share link, Save / Load with "Replay this game" and "Review this game", and the form's message.

A game's Play page mixes in ``PlayFrame``, names its game (``game``, the registry's name) and builds
what is its own (the form's choices, the board, the side panel, how its session starts a game); the
frame builds the parts that are the same for every game and keeps them up to date:

- ``new_game_card(form)``: the form in a "New game" card, folded away while a game is on;
- ``pass_screen(ready, css)``: the cover that hides the table between two people on one screen
  (the page says who is next and what the button shows in ``pass_screen_words()``);
- ``replay_slot()``, ``save_load_bar()``, ``share_link(state)``: the replay under the board, the
  review button, Save / Load and the position link;
- ``watch_session(names, position)``: the page's ``_update`` after every change of those session
  parameters, the shared link's position opened, and the first update; ``stop_cpu_when_closed()``;
- ``show_game(has_game)``, ``show_cover(covered)``, ``show_frame(has_game, covered)``: called from the
  page's ``_update``;
- ``start_or_say(start)``, ``read_link(text)``, ``say_in_form(text)``: a refused start or position link
  says why under the form; a start while a game runs (``running_game()``) first asks in the form
  (``confirm_box``: "Start the new game" / "Keep playing"), and nothing is lost on "Keep playing".

Nothing here names a game or knows a rule.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import panel as pn

from academy.core.errors import InvalidNotation

from .defer import later
from .labels import wrapping_row
from .position_link import ShareLink, position_text, read_position
from .review_panel import ReviewLauncher
from .save_load import SaveLoadBar

__all__ = ["PlayFrame", "message_html", "show_objects"]


def message_html(text: str) -> str:
    """The page's message box for ``text`` (empty: no box)."""
    return f"<div class='academy-message'>{escape(text)}</div>" if text else ""


def show_objects(updates: Iterable[tuple[Any, Any]]) -> None:
    """Give each pane its new object, only where it changed (an unchanged pane is not sent again)."""
    for pane, obj in updates:
        if pane.object != obj:
            pane.object = obj


class PlayFrame:
    """The parts every Play page has (see the module docstring). The page sets ``session`` and ``game``,
    builds ``form_card`` with ``new_game_card``, ``game_area`` (hidden until a game starts), ``table``
    (what the cover hides) and ``layout`` (the whole page), and has ``open_replay()``, ``open_position()``,
    ``_update()`` and ``local_game()`` (``local_games``: the game to keep, None before the first). The session
    has ``game_time()`` (the running game's time in words) and ``save_refusal()`` (why Save is off now)."""

    session: Any
    #: the registry's name of the page's game (its share link and its saved file's name)
    game: str
    form_card: pn.Card
    form_message: pn.pane.HTML
    game_area: pn.Column
    table: Any
    layout: pn.viewable.Viewable

    def __panel__(self) -> pn.viewable.Viewable:
        return self.layout

    # --- building ---------------------------------------------------------------------------------
    def new_game_card(self, form: Any) -> pn.Card:
        """The new-game form in its card (``form_card``), open until a game starts, with the question asked
        before a running game is replaced (``confirm_box``, hidden until then)."""
        self.confirm_text = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["confirm-new-game-text"])
        self.confirm_start = pn.widgets.Button(label="Start the new game", color="danger", width=180,
                                               css_classes=["confirm-new-game"])
        self.confirm_keep = pn.widgets.Button(label="Keep playing", color="primary", width=160,
                                              css_classes=["keep-playing"])
        self.confirm_start.on_click(lambda e: self._confirmed())
        self.confirm_keep.on_click(lambda e: self.keep_playing())
        self.confirm_box = pn.Column(
            self.confirm_text, wrapping_row(self.confirm_start, self.confirm_keep), visible=False,
            sizing_mode="stretch_width", css_classes=["confirm-new-game-box"],
            styles={"background": "#fff4e5", "border": "1px solid #e8a33d", "border-radius": "8px", "padding": "8px"})
        self._asked_start: Callable[[], Any] | None = None
        self.form_card = pn.Card(form, self.confirm_box, title="New game", collapsed=False,
                                 sizing_mode="stretch_width", css_classes=["new-game-card"], margin=(0, 0, 8, 0))
        return self.form_card

    def form_message_pane(self, css: str) -> pn.pane.HTML:
        """The pane under the form that says why a game did not start (``form_message``)."""
        self.form_message = pn.pane.HTML("", stylesheets=[css], css_classes=["form-message"])
        return self.form_message

    def pass_screen(self, ready: Callable[[], Any], css: str, width: int = 300,
                    min_height: str = "300px") -> pn.Column:
        """The cover between two people's turns on one screen (``cover``, hidden at first): who is next,
        and a button (``cover_button``) that calls ``ready`` when that person is at the screen."""
        self.cover_text = pn.pane.HTML("", stylesheets=[css], sizing_mode="stretch_width", css_classes=["cover-text"])
        self.cover_button = pn.widgets.Button(label="I'm ready", color="primary", width=width,
                                              css_classes=["cover-ready"])
        self.cover_button.on_click(lambda e: ready())
        self.cover = pn.Column(self.cover_text, self.cover_button, visible=False, sizing_mode="stretch_width",
                               css_classes=["pass-screen"], styles={"background": "#eef5fb", "border-radius": "12px",
                                                                    "padding": "24px", "min-height": min_height})
        return self.cover

    def replay_slot(self) -> pn.Column:
        """Where "Replay this game" opens (``replay_area``), and the "Review this game" button
        (``review_launcher``, shown once the game is over)."""
        self.replay_area = pn.Column(sizing_mode="stretch_width", margin=0, css_classes=["local-replay"])
        self._replayed: Any = None
        self.review_launcher = ReviewLauncher(self)
        return self.replay_area

    def save_load_bar(self) -> SaveLoadBar:
        """Save / Load of the session's record with "Replay this game" (``replay_button``) and "Review
        this game" beside them (``tools``); call after ``replay_slot``."""
        s = self.session
        self.replay_button = pn.widgets.Button(label="Replay this game", width=160, css_classes=["replay-game"])
        self.replay_button.on_click(lambda e: self.open_replay())
        self.tools = SaveLoadBar(s.save_json, s.load_json, f"{self.game.replace('_', '-')}-game.json",
                                 extra=(self.replay_button, self.review_launcher), refusal=s.save_refusal)
        return self.tools

    def share_link(self, state: Callable[[], Any], practice: Callable[[], str | None] | None = None) -> ShareLink:
        """The link to the position of ``state()`` (``share``); ``practice``: the line "Play this out against
        the CPU" starts from, when it must say more than the link (who plays here)."""
        self.share = ShareLink(self.game, lambda: position_text(self.game, state()), practice_text=practice)
        self._game_state = state
        return self.share

    def watch_session(self, names: list[str], position: str | None = None) -> None:
        """Bring the page up to date (``_update``, deferred: ``academy.ui.defer``) whenever one of the session's
        parameters ``names`` changes; then open ``position`` (a shared link's line) if given, and update once."""
        self.session.param.watch(later(self._update), names)
        if position:
            self.open_position(position)
        self._update()

    def stop_cpu_when_closed(self) -> None:
        """Stop a CPU turn when the browser tab closes (in a served page; nothing in a notebook)."""
        doc = pn.state.curdoc
        if doc is not None and doc.session_context is not None:
            pn.state.on_session_destroyed(lambda context: self.session.stop())

    # --- what the page does -----------------------------------------------------------------------
    def replay_title(self, seen_by: str = "") -> str:
        """The heading line of this page's replay: "Your game so far" while it runs (``seen_by``: ", as Red
        saw it"), "Your game, to its end" once it is over."""
        head = "Your game, to its end" if self.session.game_over else "Your game so far"
        return head + (f", as {seen_by} saw it" if seen_by else "")

    def show_replay(self, page: Any) -> Any:
        """Show a replay ``page`` in ``replay_area``, under the board, and bring it into view; returns it."""
        from .scroll_top import ScrollHere
        self.replay_area.objects = [ScrollHere(height=0, margin=0, sizing_mode="stretch_width"), page]
        self._replayed = self._game_now()
        return page

    def _game_now(self) -> Any:
        """The game being played (its engine ``Game``: a new game, a loaded one or a position opened from a
        link is another), None before the first."""
        state = self._game_state()
        return None if state is None else state.game

    def open_replay(self) -> Any:
        """The game so far in ``replay_area`` (None: no game)."""
        raise NotImplementedError

    def open_position(self, text: str, cpu: str | None = None) -> bool:
        """Play the position of a shared link; False (and why, ``read_link``) if it cannot be read."""
        raise NotImplementedError

    def _update(self, *events: Any) -> None:
        raise NotImplementedError

    def pass_screen_words(self) -> tuple[str, str, str]:
        """While the cover is up: the name of the person next at the screen, the cover's sentence (HTML)
        and what its button shows ("I'm <name>: show my <that>")."""
        raise NotImplementedError

    def say_in_form(self, text: str) -> None:
        """Say ``text`` under the form (empty: nothing)."""
        self.form_message.object = message_html(text)

    def running_game(self) -> str | None:
        """Where the game on this page stands ("turn 9") while starting another would throw it away: it is
        not over and at least one move has been played in it (by anyone); None otherwise."""
        kept = self.local_game()
        if kept is None or kept.finished or not any(not e.chance for e in kept.record.entries):
            return None
        return self.session.game_time()

    def start_or_say(self, start: Callable[[], Any], confirmed: bool = False) -> bool:
        """Run ``start`` (the session's new game with the form's choices); False and the reason under the
        form if it raises ValueError (a RulesError is one). A game started folds the form away, every time
        (opened again with its title for a second game, it stayed open above the new board).

        While a game runs (``running_game``), the form first asks (``confirm_box``) and returns False: "Start
        the new game" runs ``start``, "Keep playing" leaves the running game as it is. ``confirmed``: ask
        nothing (the person has said yes)."""
        where = None if confirmed else self.running_game()
        if where is not None:
            self._asked_start = start
            first = where.split(" ", 1)[0]
            when = f"at {where}" if first in ("turn", "day") else f"in {where}" if first == "the" else f"({where})"
            kept = ("It will be gone: it cannot be saved until it is over." if self.session.save_refusal() else
                    "It will be gone (Save it first to keep it).")
            self.confirm_text.object = (f"<div class='academy-message' role='alert'><b>Your game {escape(when)} is "
                                        f"still running.</b> Start a new one anyway? {kept}</div>")
            self.confirm_box.visible = True
            self.say_in_form("")
            return False
        self._asked_start = None
        self.confirm_box.visible = False
        try:
            start()
        except ValueError as exc:
            self.say_in_form(str(exc))
            return False
        self.say_in_form("")
        self.form_card.collapsed = True
        return True

    def _confirmed(self) -> bool:
        """"Start the new game": the start the form asked about, now."""
        start = self._asked_start
        if start is None:
            self.confirm_box.visible = False
            return False
        return self.start_or_say(start, confirmed=True)

    def keep_playing(self) -> None:
        """"Keep playing": the question goes, the form folds away, the running game stays as it was."""
        self._asked_start = None
        self.confirm_box.visible = False
        self.form_card.collapsed = True

    def read_link(self, text: str) -> Any:
        """The state a position link's line stands for; None (and why, under the form) if it cannot be read."""
        try:
            return read_position(self.game, text)
        except InvalidNotation as exc:
            self.say_in_form(exc.message)
            return None

    # --- keeping it up to date (from the page's _update) ------------------------------------------
    def show_game(self, has_game: bool) -> None:
        """The game area while there is a game; the form folds away when it appears, and opens when it goes."""
        if self.game_area.visible != has_game:
            self.game_area.visible = has_game
            self.form_card.collapsed = has_game
        if self.replay_area.objects and self._game_now() is not self._replayed:
            self.replay_area.objects = []         # a walk saw the last game's replay under a new game's board

    def show_cover(self, covered: bool) -> None:
        """The cover instead of the table while ``covered``, saying who is next."""
        if covered:
            name, sentence, shows = self.pass_screen_words()
            self.cover_text.object = f"<h2>Pass the screen to {escape(name)}</h2><p>{sentence}</p>"
            self.cover_button.label = f"I'm {name}: show my {shows}"
        if self.cover.visible != covered:
            self.cover.visible = covered
            self.table.visible = not covered

    def show_frame(self, has_game: bool, covered: bool) -> None:
        """``show_game``, ``show_cover``, and the share link and Save / Load brought up to date."""
        self.show_game(has_game)
        self.show_cover(covered)
        if has_game:
            self.share.refresh()
            self.tools.refresh()
