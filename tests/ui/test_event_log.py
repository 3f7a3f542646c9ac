"""The shared event log (issue 14, item 8: the whole event log is there, grouped by turn, scrollable; what
the other players did since the learner's last action is marked "While you waited")."""
from __future__ import annotations

import doctest

import academy.ui.event_log
from academy.ui.conquest.log_view import EventLog as ConquestLog
from academy.ui.diplomacy.panels import ResultsPanel, phase_entries
from academy.ui.diplomacy.session import LocalDiplomacy
from academy.ui.event_log import WAITED, EventLog, group_turns, waited_marks
from academy.ui.fronts.panels import ReportsPanel, report_entries
from academy.ui.fronts.session import LocalFronts
from academy.ui.conquest.session import ConquestSession
from academy.ui.tactics.play import TacticsPlayPage
from academy.ui.tactics.session import TacticsSession


def _conquest_after_cpu_turns() -> ConquestSession:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=2, seats=["human", "easy"], setup="random", seed=5)
    for _ in range(3):                 # three of the learner's turns, each answered by the CPU's turn
        turn = s.state.turn
        while s.state.to_move() == 0 and s.state.turn == turn:
            actions = s.state.legal_actions()
            ends = [a for a in actions if type(a).__name__ in ("EndAttack", "EndTurn")]
            s.act(ends[0] if ends else actions[-1])
    return s


def test_conquest_log_keeps_every_event_grouped_by_turn_newest_first() -> None:
    """issue 14, item 8: every event is kept (not the last 16), one group per turn, newest at the top."""
    s = _conquest_after_cpu_turns()
    view = ConquestLog(s)
    turns = view.turns()
    assert sum(len(t.entries) for t in turns) == len(s.log) > 16
    headings = [t.heading for t in turns]
    assert headings[0] == "Start of the game" and "Turn 1 · Red" in headings and "Turn 2 · Blue" in headings
    assert len(set(headings)) == len(headings)
    assert len(view.box.objects) == len(turns)                       # one pane per turn in the box
    assert view.box.objects[0].object.count("<summary>" + turns[-1].heading) == 1   # newest turn on top
    assert view.box.scroll and view.box.max_height
    assert view.text().splitlines()[0] == turns[-1].heading


def test_the_cpu_turn_is_marked_while_you_waited() -> None:
    """issue 14, item 8 (issue 17): the other player's events since the learner's last action are marked."""
    s = _conquest_after_cpu_turns()
    assert s.state.to_move() == 0                                    # the learner's turn again
    marks = waited_marks(s.log, {0})
    last_mine = max(i for i, e in enumerate(s.log) if e.get("by") == 0)
    assert marks and min(marks) > last_mine and all(s.log[i]["by"] == 1 for i in marks)
    cpu_turn = [i for i, e in enumerate(s.log) if i > last_mine and e["by"] == 1]
    # the CPU's moves are marked; "Red's turn: 4 reinforcements", written after its last move, heads the
    # learner's own turn and is nobody's move (a newcomer read it under "While you waited")
    announce = [i for i in cpu_turn if s.log[i]["kind"] == "turn"]
    assert announce and marks == set(cpu_turn) - set(announce)
    html = "".join(p.object for p in ConquestLog(s).box.objects)
    assert html.count(f"{WAITED}:") >= 1 and "class='ev ev-" in html and " waited'" in html
    s.act(s.state.legal_actions()[0])                                  # the learner acts: no marks any more
    assert waited_marks(s.log, {0}) == set()


def test_a_new_event_rerenders_only_the_newest_turn() -> None:
    """issue 14, item 8: the box keeps its older turns' panes; an event changes the newest pane only."""
    s = ConquestSession(synchronous=True, cpu_delay=0)
    s.new_game(players=2, seats=["human", "human"], setup="random", seed=2)
    view = ConquestLog(s)
    s.act(s.state.legal_actions()[0])
    before = [p.object for p in view.box.objects]
    s.act(s.state.legal_actions()[0])
    after = [p.object for p in view.box.objects]
    assert len(after) == len(before) and after[1:] == before[1:] and after[0] != before[0]
    s.new_game(players=2, seats=["human", "human"], setup="random", seed=3)
    assert sum(len(t.entries) for t in view.turns()) == len(s.log)


def test_tactics_play_page_shows_the_cpus_whole_day() -> None:
    """issue 14, item 8: on the Tactics Play tab every event the learner saw stays, grouped by day, and what
    the CPU did in its turn (its attacks included) is marked while you waited."""
    page = TacticsPlayPage(TacticsSession(synchronous=True, cpu_delay=0), seed=4)
    page.start_game()
    s = page.session
    for _ in range(4):
        s.end_turn()
    turns = page.events.turns()
    headings = [t.heading for t in turns]
    assert {"Day 1 · Blue", "Day 2 · Red", "Day 3 · Blue"} <= set(headings)
    assert sum(len(t.entries) for t in turns) == len(s.log)
    blue = [i for t in turns if t.heading == "Day 4 · Blue" for i, e in t.entries if e["by"] == 1]
    assert blue and set(blue) <= waited_marks(s.log, {0})         # the CPU's day, after the learner's end
    assert "ends the turn" in page.events.text()


def test_diplomacy_results_are_grouped_by_phase_and_the_newest_phase_is_marked() -> None:
    """issue 14, item 8: Diplomacy's results, every phase under its name; the others' newest orders marked."""
    s = LocalDiplomacy()
    s.new_game(people=["FRANCE"], seed=1)
    s.click("PAR"); s.click("BUR")
    s.submit()
    s.submit()
    entries = phase_entries(s.history, "FRANCE")
    headings = [t.heading for t in group_turns(entries)]
    assert headings[:2] == ["Spring 1901 movement", "Fall 1901 movement"]
    assert entries[0]["text"].startswith("France: ") and any(e["text"] == "France: A PAR - BUR" for e in entries)
    view = ResultsPanel(s)
    newest = group_turns(entries)[-1]
    marks = waited_marks(entries, {"FRANCE"}, "newest")
    assert marks == {i for i, e in newest.entries if e["by"] != "FRANCE"} and marks
    assert view.box.objects[0].object.count(f"<summary>{newest.heading}</summary>") == 1     # newest first
    assert "succeeds" in view.box.objects[-1].object


def test_fronts_reports_are_grouped_by_turn() -> None:
    """issue 14, item 8: Fronts' battle reports, every turn under "Turn N", newest at the top."""
    s = LocalFronts()
    s.new_game(people=["red"], seed=1)
    s.submit()
    s.submit()
    entries = report_entries(s.reports)
    assert [t.heading for t in group_turns(entries)] == ["Turn 1", "Turn 2"]
    view = ReportsPanel(s)
    assert "Turn 2" in view.box.objects[0].object and "Turn 1" in view.box.objects[1].object


def test_fronts_reports_mark_only_what_the_others_did_and_list_a_players_orders_once() -> None:
    """Issue 21 (played by a new user): in the newest turn only the others' events are marked "While you
    waited" (Red's own capture, income, build and orders are not), and Red's orders are one line each under
    "Red's orders:", not also all in a row above them."""
    s = LocalFronts()
    s.new_game(people=["red"], seed=3, level="easy")
    s.add_order("build 1 infantry Millbrook")
    s.submit()
    entries = report_entries(s.reports)
    by = {e["text"]: e["by"] for e in entries}
    assert by["Blue took Eastmere."] == "blue" and by["Red is paid 12 (funds 22)."] == "red"
    orders = next(e for e in entries if e["kind"] == "orders")
    assert orders["text"] == "Red's orders:" and orders["why"] == ["build 1 infantry Millbrook: built"]
    marked = waited_marks(entries, {"red"}, "newest")
    assert {entries[i]["text"] for i in marked} == {"Blue took Eastmere."}
    html = ReportsPanel(s).box.objects[0].object
    assert html.count("build 1 infantry Millbrook: built") == 1


def test_empty_log_says_so() -> None:
    s = ConquestSession(synchronous=True, cpu_delay=0)
    view = EventLog(s, entries=lambda: s.log, empty="Nothing yet.")
    assert "Nothing yet." in view.box.objects[0].object


def test_docstring_examples_run() -> None:
    result = doctest.testmod(academy.ui.event_log)
    assert result.attempted > 0 and result.failed == 0


def test_a_log_that_grows_shows_what_a_fresh_log_shows() -> None:
    """issue 14: the log groups only its newest turn again when it grows (a long game's event costs what an
    early one does), and shows the same as a log drawn from scratch, marks included, after an undo too."""
    import param

    class Source(param.Parameterized):
        log = param.List([])

    grown = Source()
    view = EventLog(grown, lambda: grown.log, mine=lambda: {0})
    entries: list[dict] = []
    for n in range(60):
        entries.append({"text": f"event {n}", "by": (n // 3) % 2, "kind": "move",
                        "turn": f"Turn {n // 7}" if n % 7 == 0 else None})
        grown.log = list(entries)
        if n in (20, 41, 59):
            fresh = Source(log=list(entries))
            expected = [p.object for p in EventLog(fresh, lambda: fresh.log, mine=lambda: {0}).box.objects]
            assert [p.object for p in view.box.objects] == expected
    assert view._turns[0].entries[0][0] == 0 and len(view._turns) == 9
    grown.log = entries[:30]                                          # an undo: the log got shorter
    fresh = Source(log=entries[:30])
    assert [p.object for p in view.box.objects] == \
        [p.object for p in EventLog(fresh, lambda: fresh.log, mine=lambda: {0}).box.objects]


def test_the_items_after_while_you_waited_keep_their_numbers() -> None:
    """A newcomer's walk: the list under "While you waited:" began at 2 (the unnumbered line took 1)."""
    from academy.ui.event_log import Turn, turn_html
    turn = Turn("Turn 2 · Blue", [(0, {"text": "Blue places 3 on Peru.", "by": 1}),
                                   (1, {"text": "Blue ends the turn.", "by": 1})])
    html = turn_html(turn, marks={0, 1})
    assert "<li class='waited-head'>While you waited:</li><li class='ev ev-event waited' value='1'>" in html
    assert "value='2'>Blue ends the turn." in html
    assert "value=" not in turn_html(turn)                             # nothing marked: the list numbers itself
