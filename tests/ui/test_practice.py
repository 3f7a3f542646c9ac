"""Practise from any position against the CPU (issue 21, item 6): every lesson board offers "Play this out
against the CPU" at a chosen level; the link opens the Play tab with the person playing the side to move
(the learner's power, the first Fronts player) and the CPU at that level the others, under a note that
shows the exercise's goal."""
from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit

import panel as pn
import pytest

from academy.ui.diplomacy.session import POWERS
from academy.ui.shell import build_page, part

GAMES = ("conquest", "diplomacy", "fronts", "game_of_war", "tactics")


def link_query(page) -> dict[str, str]:
    href = page.practice.link.object.split('href="')[1].split('"')[0].replace("&amp;", "&")
    return dict(parse_qsl(urlsplit(href).query))


def people_and_cpu(game: str, session) -> tuple[list, set]:
    """Who plays here, and the CPU levels of the other seats."""
    if game in ("conquest", "game_of_war", "tactics"):
        here = [p for p, seat in enumerate(session.seats) if seat == "human"]
        return here, {seat for seat in session.seats if seat != "human"}
    if game == "fronts":
        return list(session.people), {session.level}
    return list(session.people), set(session.levels.values()) if hasattr(session, "levels") else set()


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_board_links_to_playing_it_out_against_the_cpu(game: str) -> None:
    lessons = part(game, "lessons")(lesson_id=None, exercise=None)
    # the first lesson after the set-up (a Conquest set-up position has no line a link can carry)
    lesson = next(item for item in lessons.lessons if item.section != "setup")
    lessons.open(lesson.id, 1 if len(lesson.exercises) > 1 else 0)
    assert lessons.practice.layout.visible
    query = link_query(lessons)
    exercise = lesson.exercises[lessons.exercise_index]
    assert query["cpu"] == "easy" and query["tab"] == "play" and query["game"] == game
    assert query["lesson"] == lesson.id and query["exercise"] == exercise.id
    lessons.practice.level.value = "hard"
    assert link_query(lessons)["cpu"] == "hard"

    page = part(game, "play")()
    assert page.open_position(query["position"], cpu="normal")
    here, cpu = people_and_cpu(game, page.session)
    assert len(here) == 1 and cpu == {"normal"}

    shown = build_page(query)                     # the link, opened as a person would: the note and the goal
    notes = [p.object for p in shown.main[0].select(pn.pane.HTML) if "practice-note" in str(p.object)]
    assert len(notes) == 1 and "CPU, easy" in notes[0]
    assert "goal" in notes[0] and exercise.prompt.split()[0] in notes[0]


def test_a_practice_link_without_a_known_lesson_still_plays_and_an_unknown_level_is_a_plain_link() -> None:
    lessons = part("conquest", "lessons")(lesson_id="attacking", exercise=None)
    query = link_query(lessons)
    query.pop("lesson"), query.pop("exercise")
    notes = [p.object for p in build_page(query).main[0].select(pn.pane.HTML) if "practice-note" in str(p.object)]
    assert len(notes) == 1 and "goal" not in notes[0]
    query["cpu"] = "grandmaster"
    assert not [p for p in build_page(query).main[0].select(pn.pane.HTML) if "practice-note" in str(p.object)]


@pytest.mark.parametrize("game", GAMES)
def test_every_play_pages_position_link_offers_playing_it_out_against_the_cpu(game: str) -> None:
    """Issue 21, item 6: "every position link offers 'Play this out against the CPU'": a game on the Play tab
    (opened from a position link, as a hot-seat game) offers it under its share link, from the position shown."""
    lessons = part(game, "lessons")(lesson_id=None, exercise=None)
    for lesson in (item for item in lessons.lessons if item.section != "setup"):
        lessons.open(lesson.id, 0)
        page = part(game, "play")(position=link_query(lessons)["position"])   # the share link's hot-seat game
        page.share.refresh()
        assert page.share.practice is not None
        assert page.share.practice.layout.visible == page.share.layout.visible   # offered with every link
        if page.share.layout.visible:              # a board without fog (a link may carry it)
            break
    if game == "fronts":                           # fog hides the sides from each other while a game runs
        assert not page.share.layout.visible
        return
    assert page.share.layout.visible, f"no lesson of {game} gives a position a link may carry"
    query = link_query(page.share)
    assert query["game"] == game and query["tab"] == "play" and query["cpu"] == "easy"
    shared = page.share._text()
    if game == "diplomacy":                     # the practice line names the power played at this screen
        assert query["position"] == f"{page.session.people[0].title()} to order, {shared}"
    else:
        assert query["position"] == shared
    assert "lesson" not in query
    again = part(game, "play")()
    assert again.open_position(query["position"], cpu=query["cpu"])
    here, cpu = people_and_cpu(game, again.session)
    assert len(here) == 1 and cpu == {"easy"}


def test_a_lesson_page_offers_its_own_practice_link_only_once() -> None:
    lessons = part("conquest", "lessons")(lesson_id="attacking", exercise=None)
    assert lessons.share.practice is None and lessons.practice.layout.visible


def test_a_diplomacy_lesson_played_out_against_the_cpu_gives_the_learner_the_lessons_power() -> None:
    """Issue 21, item 6: "Cutting support" is Germany's exercise ("Germany to order"); played out against the
    CPU, the person here plays Germany (not the first power in the alphabet) and the CPU every other."""
    lessons = part("diplomacy", "lessons")(lesson_id="cutting-support", exercise=None)
    query = link_query(lessons)
    assert query["position"].startswith("Germany to order, S1901M |")
    page = part("diplomacy", "play")()
    assert page.open_position(query["position"], cpu="easy")
    assert list(page.session.people) == ["GERMANY"]
    assert page.session.message.startswith("Play this out against the CPU (easy): you are Germany.")
    assert set(page.session.levels) == set(page.session.engine_state.powers) - {"GERMANY"}


def test_the_play_tabs_first_message_names_the_level_and_the_players_side() -> None:
    from academy.ui.practice import TITLE, practice_message
    assert TITLE == "Play this out against the CPU"
    assert practice_message("hard", "Red") == "Play this out against the CPU (hard): you are Red."
    page = part("fronts", "play")()
    lessons = part("fronts", "lessons")(lesson_id=None, exercise=None)
    lesson = lessons.lessons[0]
    lessons.open(lesson.id, 0)
    assert page.open_position(link_query(lessons)["position"], cpu="normal")
    assert page.session.message.startswith("Play this out against the CPU (normal): you are Red.")


def test_a_diplomacy_game_played_out_from_the_play_tab_keeps_the_persons_power() -> None:
    """A newcomer's walk: France against six CPUs, Fall 1901, "Play this out" → the practice game was Austria's
    ("the side to move" of a line that named nobody was the first power in the alphabet). The Play tab's
    practice line names the power played here; the share link itself still names nobody."""
    page = part("diplomacy", "play")()
    page.session.new_game(people=["FRANCE"], levels={p: "easy" for p in POWERS if p != "FRANCE"})
    page.share.refresh()
    query = link_query(page.share)
    assert query["position"].startswith("France to order, S1901M |")
    assert not page.share._text().startswith("France")
    again = part("diplomacy", "play")()
    assert again.open_position(query["position"], cpu=query["cpu"])
    assert list(again.session.people) == ["FRANCE"]
    assert again.session.message.startswith("Play this out against the CPU (easy): you are France.")
