"""Reading lesson files: Markdown with YAML front matter, every part checked against the engine.

A lesson file looks like this::

    ---
    title: Fortifying
    game: conquest
    section: fortifying            # a section id of the game's Rules page
    order: 9                       # place in the game's lesson path
    summary: One move between your own territories closes your turn.
    position: "Red to move, fortify | Red: Alberta 6, Ontario 1 | rest: Blue 1"
    exercises:
      - id: long-move
        prompt: Bring all but one army from Alberta to Quebec.
        goal: {armies: {Quebec: 6}}
        hints:
          - Look at the chain Alberta, Ontario, Quebec.
          - "Fortifying: one move along a path of your own territories."
          - fortify Alberta -> Quebec 5
        success: Right: one move, however long the path.
        wrong: That move ended your turn without reaching the goal.
        position: ...              # optional, overrides the lesson's position
        seed: 1                    # optional dice seed (default 1)
        max_actions: 10            # optional (default 10)
        solution: [fortify Alberta -> Quebec 5]   # optional, played by the loader
    ---
    The lesson text in Markdown.

``load_lesson`` raises LessonError(file, line) for the first problem it finds: YAML syntax,
unknown, repeated or missing fields, text that YAML read as something else, an unknown game or
section, a position the engine cannot read, a goal with an unknown key or name, a goal already
met at the start, and a ``solution`` that does not solve its exercise.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from academy.core.datafile import line_of
from academy.core.errors import LessonError, RulesError
from academy.core.text import count

from .exercise import Attempt, exercise_goal, goal_module, learner_of
from .model import DEFAULT_MAX_ACTIONS, DEFAULT_SEED, Exercise, Lesson

__all__ = ["LESSONS_DIR", "check_path", "load_lesson", "load_lessons", "parse_lesson"]

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"

#: front-matter fields: name -> required
LESSON_FIELDS = {"title": True, "game": True, "section": True, "order": True, "summary": True,
                 "position": True, "exercises": True}
EXERCISE_FIELDS = {"id": True, "prompt": True, "goal": True, "hints": True, "success": True, "wrong": True,
                   "position": False, "seed": False, "max_actions": False, "solution": False}
_EXERCISE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_FENCE = re.compile(r"^(---|\.\.\.)\s*$")


# ============================================================================ YAML with lines
@dataclass
class _Field:
    """One front-matter value: the YAML node (for its line and raw text) and the constructed value."""

    node: yaml.Node
    value: Any


class _Reader:
    """Keeps the file name and the line offset of the front matter, and raises located errors."""

    def __init__(self, file: str, offset: int = 1) -> None:
        self.file = file
        self.offset = offset  # lines of the file before the front matter (the opening ---)

    def line(self, node: yaml.Node) -> int:
        return node.start_mark.line + 1 + self.offset

    def fail(self, message: str, node: yaml.Node | int | None = None) -> LessonError:
        line = node if isinstance(node, int) or node is None else self.line(node)
        return LessonError(message, file=self.file, line=line)

    # --- shapes ----------------------------------------------------------------------------
    def mapping(self, node: yaml.Node, value: Any, fields: Mapping[str, bool], what: str,
                missing_line: int | None = None) -> dict[str, _Field]:
        """The fields of a mapping node; refuses non-mappings, odd keys, repeats, unknown and missing fields.

        A missing field is reported at ``missing_line`` (default: the mapping's first line).
        """
        if not isinstance(node, yaml.MappingNode) or not isinstance(value, Mapping):
            raise self.fail(f"{what} should be a mapping of fields ({', '.join(fields)})", node)
        out: dict[str, _Field] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(f"a field name in {what} must be plain text", key_node)
            key = key_node.value
            if key in out:
                raise self.fail(f"field {key!r} appears twice in {what} (first on line "
                                f"{self.line(out[key].node)})", key_node)
            if key not in fields:
                close = difflib.get_close_matches(key, list(fields), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise self.fail(f"unknown field {key!r} in {what}{hint}; fields are: {', '.join(fields)}", key_node)
            out[key] = _Field(value_node, _lookup(value, key_node, key))
        for key, required in fields.items():
            if required and key not in out:
                raise self.fail(f"{what} has no {key!r} field", node if missing_line is None else missing_line)
        return out

    def text(self, f: _Field, what: str) -> str:
        """A piece of text, taken as written even when YAML would read it as a number or a date."""
        node = f.node
        if isinstance(node, yaml.MappingNode):
            raise self.fail(f"{what} should be text, but YAML reads it as a mapping: an unquoted ': ' starts "
                            "one. Put the text in quotes.", node)
        if isinstance(node, yaml.SequenceNode):
            raise self.fail(f"{what} should be text, but YAML reads it as a list. Put the text in quotes.", node)
        if f.value is None or not str(node.value).strip():
            raise self.fail(f"{what} is empty", node)
        return str(node.value).strip()

    def integer(self, f: _Field, what: str, least: int) -> int:
        v = f.value
        if isinstance(v, bool) or not isinstance(v, int) or v < least:
            raise self.fail(f"{what} should be a whole number of at least {least}, not {f.node.value!r}", f.node)
        return v

    def items(self, f: _Field, what: str) -> list[_Field]:
        if not isinstance(f.node, yaml.SequenceNode) or not isinstance(f.value, list):
            raise self.fail(f"{what} should be a list (one '- ' item per line)", f.node)
        return [_Field(n, v) for n, v in zip(f.node.value, f.value, strict=True)]

    def text_list(self, f: _Field, what: str, item: str) -> tuple[str, ...]:
        """A non-empty list of texts; ``item`` names one entry ("hint 2 of exercise 'x'")."""
        items = self.items(f, what)
        if not items:
            raise self.fail(f"{what} is an empty list", f.node)
        return tuple(self.text(it, item.format(i)) for i, it in enumerate(items, start=1))

    def node_at(self, node: yaml.Node, path: Sequence[Any]) -> yaml.Node:
        """The node a path of keys and indices leads to (a key's own node for the last key)."""
        for i, step in enumerate(path):
            last = i == len(path) - 1
            if isinstance(node, yaml.MappingNode):
                pair = next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)
                             and k.value == str(step)), None)
                if pair is None:
                    return node
                node = pair[0] if last and not isinstance(pair[1], yaml.ScalarNode) else pair[1]
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
                node = node.value[step]
            else:
                return node
        return node


def _lookup(value: Mapping[Any, Any], key_node: yaml.ScalarNode, key: str) -> Any:
    """The constructed value of a field (YAML may have turned its key into a bool or a number)."""
    if key in value:
        return value[key]
    for k, v in value.items():
        if str(k).lower() == key.lower():
            return v
    return None


def _split(text: str, file: str) -> tuple[str, str, int]:
    """Front matter text, body text, and the 1-based line where the body starts."""
    lines = text.lstrip("\ufeff").split("\n")
    if not lines or lines[0].rstrip() != "---":
        raise LessonError("a lesson starts with a line '---', then its front matter (YAML), then '---'",
                          file=file, line=1)
    end = next((i for i in range(1, len(lines)) if _FENCE.match(lines[i])), None)
    if end is None:
        raise LessonError("the front matter opened on line 1 is never closed with a line '---'", file=file, line=1)
    return "\n".join(lines[1:end]), "\n".join(lines[end + 1:]), end + 2


#: the quoting hint ends every YAML message: most YAML mistakes in a lesson are texts that need quotes
QUOTE_HINT = ("A text that contains ': ', ' #', or starts with a quote, '{', '[', '*', '&', '!', '%' or '@' "
              "must be put in quotes: prompt: \"Move 3 armies: then fortify.\"")

#: PyYAML's problem texts, in plain words (the first that matches)
_YAML_WORDS = (
    ("found character '\\t'", "there is a tab here; YAML indents with spaces only. Replace the tab with spaces."),
    ("mapping values are not allowed", "YAML found a ': ' where no new key can start: either a text here "
                                       "contains ': ', or this line is indented more than the key above it."),
    ("expected <block end>", "this line is indented differently from the lines it belongs with (YAML counts "
                             "the spaces), or a text before it needs quotes. Line it up with its neighbours."),
    ("could not find expected ':'", "a line here is neither 'key: value' nor '- item'; a text that goes on "
                                    "to the next line must be indented under its key, or quoted."),
    ("while scanning a quoted scalar", "a quote opened here is never closed. Close it, or write the text "
                                       "without the opening quote."),
    ("flow mapping", "a '{' opened here is never closed with '}'."),
    ("flow sequence", "a '[' opened here is never closed with ']'."),
    ("found undefined alias", "a '*' starts a text, which YAML reads as a reference."),
    ("found duplicate anchor", "a '&' starts a text, which YAML reads as a label."),
)


def yaml_words(problem: str) -> str:
    """A YAML parser's problem text said in plain words, with the quoting hint."""
    said = next((words for key, words in _YAML_WORDS if key in problem), "YAML could not read this line.")
    return f"{said} {QUOTE_HINT}"


def _parse_yaml(front: str, reader: _Reader) -> tuple[yaml.Node, Any]:
    loader = yaml.SafeLoader(front)
    try:
        node = loader.get_single_node()
        if node is None:
            raise reader.fail("the front matter is empty", 1)
        return node, loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 + reader.offset if mark is not None else 1
        problem = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        raise reader.fail(f"the front matter is not valid YAML: {yaml_words(problem)}", line) from None
    except yaml.YAMLError:
        raise reader.fail(f"the front matter is not valid YAML: {yaml_words('')}", 1) from None
    finally:
        loader.dispose()


# ============================================================================ lessons
def load_lesson(path: str | Path) -> Lesson:
    """Read and check one lesson file; raises LessonError with the file and the line of the problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LessonError(f"cannot read the file: {exc.strerror or exc}", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise LessonError(f"the file is not UTF-8 text ({exc.reason})", file=str(path),
                          line=text_line(path, exc.start)) from None
    return parse_lesson(text, str(path), lesson_id=path.stem)


def text_line(path: Path, byte_offset: int) -> int:
    return path.read_bytes()[:byte_offset].count(b"\n") + 1


def parse_lesson(text: str, file: str = "<lesson>", lesson_id: str | None = None) -> Lesson:
    """Check a lesson's text and build the Lesson; raises LessonError naming ``file`` and the line."""
    front, body, body_line = _split(text, file)
    reader = _Reader(file)
    root, data = _parse_yaml(front, reader)
    fields = reader.mapping(root, data, LESSON_FIELDS, "the front matter", missing_line=1)

    title = reader.text(fields["title"], "title")
    summary = reader.text(fields["summary"], "summary")
    game = reader.text(fields["game"], "game")
    _check_game(game, fields["game"], reader)
    section = reader.text(fields["section"], "section")
    _check_section(game, section, fields["section"], reader)
    order = reader.integer(fields["order"], "order", least=0)
    position = reader.text(fields["position"], "position")
    _start(game, position, DEFAULT_SEED, fields["position"].node, reader, "the lesson's position")
    if not body.strip():
        raise reader.fail("the lesson has no text after its front matter", body_line)

    ex_items = reader.items(fields["exercises"], "exercises")
    if not ex_items:
        raise reader.fail("exercises is an empty list: a lesson needs at least one exercise",
                          fields["exercises"].node)
    exercises: list[Exercise] = []
    ex_fields: list[dict[str, _Field]] = []
    first_line: dict[str, int] = {}
    for n, item in enumerate(ex_items, start=1):
        ex, f = _exercise(item, n, reader)
        if ex.id in first_line:
            raise reader.fail(f"exercise id {ex.id!r} is used twice (first on line {first_line[ex.id]})", ex.line)
        first_line[ex.id] = ex.line
        exercises.append(ex)
        ex_fields.append(f)

    lesson = Lesson(id=lesson_id or Path(file).stem, game=game, title=title, section=section, order=order,
                    position=position, summary=summary, body=body.strip("\n"), exercises=tuple(exercises),
                    path=file)
    for ex, f in zip(exercises, ex_fields, strict=True):
        _check_exercise(lesson, ex, f, reader, fields["position"].node)
    return lesson


def _check_game(game: str, f: _Field, reader: _Reader) -> None:
    from academy.games import REGISTRY
    if game not in REGISTRY:
        raise reader.fail(f"unknown game {game!r}; games with an engine: {', '.join(sorted(REGISTRY))}", f.node)
    try:
        goal_module(game)
    except KeyError as exc:
        raise reader.fail(str(exc.args[0]), f.node) from None


def _check_section(game: str, section: str, f: _Field, reader: _Reader) -> None:
    from academy.rulebook import load_rulebook
    try:
        ids = [s.id for s in load_rulebook(game).sections]
    except (ValueError, OSError) as exc:
        raise reader.fail(f"cannot read the {game} Rules page to check the section: {exc}", f.node) from None
    if section not in ids:
        close = difflib.get_close_matches(section, ids, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise reader.fail(f"unknown section {section!r}{hint}; the {game} Rules page has: {', '.join(ids)}", f.node)


def _start(game: str, position: str, seed: int, node: yaml.Node, reader: _Reader, what: str) -> Any:
    try:
        state = goal_module(game).start_state(position, seed)
    except RulesError as exc:
        raise reader.fail(f"{what} does not parse: {exc}", node) from None
    if learner_of(goal_module(game), state) is None:
        raise reader.fail(f"{what} has nobody to move (the game is over or waiting for chance; a Diplomacy "
                          "position names its power to order first, e.g. 'England to order, S1901M')", node)
    return state


def _exercise(item: _Field, n: int, reader: _Reader) -> tuple[Exercise, dict[str, _Field]]:
    what = f"exercise {n}"
    f = reader.mapping(item.node, item.value, EXERCISE_FIELDS, what)
    ex_id = reader.text(f["id"], f"{what} id")
    if not _EXERCISE_ID.match(ex_id):
        raise reader.fail(f"exercise id {ex_id!r} should be lower-case words joined by '-', like 'take-ural'",
                          f["id"].node)
    what = f"exercise {ex_id!r}"
    goal = f["goal"].value
    if not isinstance(f["goal"].node, yaml.MappingNode) or not isinstance(goal, Mapping) or not goal:
        raise reader.fail(f"the goal of {what} should be a mapping such as {{owns: Kamchatka}}", f["goal"].node)
    exercise = Exercise(
        id=ex_id,
        prompt=reader.text(f["prompt"], f"the prompt of {what}"),
        goal=goal,
        hints=reader.text_list(f["hints"], f"the hints of {what}", f"hint {{}} of {what}"),
        success=reader.text(f["success"], f"the success text of {what}"),
        wrong=reader.text(f["wrong"], f"the wrong text of {what}"),
        position=reader.text(f["position"], f"the position of {what}") if "position" in f else None,
        seed=reader.integer(f["seed"], f"the seed of {what}", least=0) if "seed" in f else DEFAULT_SEED,
        max_actions=(reader.integer(f["max_actions"], f"max_actions of {what}", least=1)
                     if "max_actions" in f else DEFAULT_MAX_ACTIONS),
        line=reader.line(item.node),
        solution=(reader.text_list(f["solution"], f"the solution of {what}", f"solution step {{}} of {what}")
                  if "solution" in f else ()),
    )
    return exercise, f


def _check_exercise(lesson: Lesson, ex: Exercise, f: dict[str, _Field], reader: _Reader,
                    lesson_position: yaml.Node) -> None:
    """Engine checks of one exercise: position, goal, goal not met yet, solution solves it."""
    pos_node = f["position"].node if "position" in f else lesson_position
    what = f"the position of exercise {ex.id!r}" if "position" in f else "the lesson's position"
    state = _start(lesson.game, lesson.start_position(ex), ex.seed, pos_node, reader, what)
    goals = goal_module(lesson.game)
    goal_node = f["goal"].node
    try:
        goal = exercise_goal(lesson.game, ex.goal, state)
    except ValueError as exc:
        path = getattr(exc, "path", ())
        message = getattr(exc, "message", str(exc))
        raise reader.fail(f"goal of exercise {ex.id!r}: {message}", reader.node_at(goal_node, path)) from None
    verdict = goal.evaluate(goals.Progress(state, state, learner_of(goals, state), [], []))
    if verdict.status == "met":
        raise reader.fail(f"the goal of exercise {ex.id!r} ({goal.text}) is already met at the start position, "
                          "so it would count as solved before the learner does anything", goal_node)
    if verdict.status == "lost":
        raise reader.fail(f"the goal of exercise {ex.id!r} ({goal.text}) cannot be met from its start position: "
                          f"{verdict.reason}", goal_node)
    if ex.solution:
        _check_solution(lesson, ex, f["solution"], reader)


def _check_solution(lesson: Lesson, ex: Exercise, f: _Field, reader: _Reader) -> None:
    steps = list(f.node.value)
    if len(ex.solution) > ex.max_actions:
        raise reader.fail(f"the solution of exercise {ex.id!r} takes {count(len(ex.solution), 'action')}, more than its "
                          f"max_actions ({ex.max_actions})", f.node)
    attempt = Attempt(lesson, ex)
    for i, (command, node) in enumerate(zip(ex.solution, steps, strict=True), start=1):
        fb = attempt.act(command)
        if fb.status == "illegal":
            raise reader.fail(f"solution step {i} of exercise {ex.id!r}, {command!r}, is refused: {fb.message}", node)
        if fb.status == "wrong":
            raise reader.fail(f"solution step {i} of exercise {ex.id!r}, {command!r}, ends the try without "
                              f"reaching the goal: {fb.message}", node)
        if fb.status == "solved" and i < len(ex.solution):
            raise reader.fail(f"the solution of exercise {ex.id!r} is solved after step {i}; "
                              "remove the steps after it", node)
    if attempt.status != "solved":
        raise reader.fail(f"the solution of exercise {ex.id!r} ends before the goal is met "
                          f"({attempt.goal_text})", f.node)


# ============================================================================ folders
def _lesson_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.md") if p.is_file() and p.name.lower() != "readme.md")


def load_lessons(game: str, extra_dirs: Iterable[str | Path] = ()) -> tuple[list[Lesson], list[LessonError]]:
    """Every lesson of ``game``, sorted by (order, id), and the problems of the files that failed.

    Reads ``LESSONS_DIR/<game>/`` and each extra folder (its ``<game>/`` subfolder when it has one,
    else the folder itself, where lessons of other games are skipped). Bad files are reported,
    never raised; a lesson id (file name) seen twice keeps the first.
    """
    folders: list[tuple[Path, bool]] = [(LESSONS_DIR / game, True)]
    for extra in extra_dirs:
        d = Path(extra)
        folders.append((d / game, True) if (d / game).is_dir() else (d, False))
    lessons: list[Lesson] = []
    errors: list[LessonError] = []
    seen: dict[str, str] = {}
    for folder, own in folders:
        if not folder.is_dir():
            if folder != LESSONS_DIR / game:
                errors.append(LessonError("no such folder", file=str(folder)))
            continue
        for file in _lesson_files(folder):
            try:
                lesson = load_lesson(file)
            except LessonError as exc:
                errors.append(exc)
                continue
            if lesson.game != game:
                if own:
                    errors.append(LessonError(f"this lesson says game: {lesson.game}, but it is in the {game} "
                                              "lessons folder", file=str(file),
                                              line=line_of(file.read_text(encoding="utf-8"), "game:")))
                continue
            if lesson.id in seen:
                errors.append(LessonError(f"lesson id {lesson.id!r} is already used by {seen[lesson.id]}; "
                                          "rename the file", file=str(file), line=1))
                continue
            seen[lesson.id] = str(file)
            lessons.append(lesson)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return lessons, errors


def check_path(path: str | Path) -> list[LessonError]:
    """Every problem in a lesson file, or in every ``*.md`` under a folder (recursively)."""
    path = Path(path)
    if path.is_file():
        files = [path]
    elif path.is_dir():
        files = _lesson_files(path)
    else:
        return [LessonError("no such file or folder", file=str(path))]
    errors: list[LessonError] = []
    seen: dict[tuple[str, str], str] = {}
    for file in files:
        try:
            lesson = load_lesson(file)
        except LessonError as exc:
            errors.append(exc)
            continue
        key = (lesson.game, lesson.id)
        if key in seen:
            errors.append(LessonError(f"lesson id {lesson.id!r} of {lesson.game} is already used by "
                                      f"{seen[key]}; rename the file", file=str(file), line=1))
        seen.setdefault(key, str(file))
    return errors
