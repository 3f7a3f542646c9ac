"""Lessons written in the app: a draft (what the teacher's form holds) written as a lesson file, and a lesson
file read back into a draft, in the one format the loader checks (``loader.py``, ``lessons/README.md``).

``format_lesson(draft) -> text`` writes the front matter with YAML's own quoting (a teacher never has to
quote a text by hand) and the Markdown text after it; ``draft_of(lesson)`` gives a draft of a lesson read
by the loader (to edit it, or to clone a built-in lesson); ``parse_lesson(format_lesson(d))`` is ``d``
again. ``slug(text)`` makes a file name or an exercise id from a title.

>>> d = LessonDraft(title="Two dice", game="conquest", section="attacking", order=50, summary="More dice.",
...                 position="Red to move, attack | Red: Ukraine 5 | Blue: Ural 1 | rest: Blue 1", body="Attack!",
...                 exercises=[ExerciseDraft(id="roll", prompt="Attack: Ural", goal={"owns": "Ural"},
...                                          hints=["Ukraine borders Ural."], success="Yes.", wrong="No.")])
>>> from academy.lessons.loader import parse_lesson
>>> draft_of(parse_lesson(format_lesson(d), lesson_id="two-dice")) == d
True
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import yaml

from .model import DEFAULT_MAX_ACTIONS, DEFAULT_SEED, Lesson

__all__ = ["ExerciseDraft", "LessonDraft", "draft_of", "format_lesson", "slug"]


@dataclass
class ExerciseDraft:
    """One exercise as the form holds it (the fields of a lesson file's exercise; see the guide)."""

    id: str
    prompt: str
    goal: dict[str, Any]
    hints: list[str]
    success: str
    wrong: str
    position: str | None = None
    seed: int = DEFAULT_SEED
    max_actions: int = DEFAULT_MAX_ACTIONS
    solution: list[str] = field(default_factory=list)


@dataclass
class LessonDraft:
    """A lesson as the form holds it: the front matter's fields, the Markdown text and the exercises."""

    title: str
    game: str
    section: str
    order: int
    summary: str
    position: str
    body: str
    exercises: list[ExerciseDraft] = field(default_factory=list)


class _Dumper(yaml.SafeDumper):
    """YAML for people: texts of several lines as blocks, lists indented under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> Any:
        return super().increase_indent(flow, False)


class _Flow(dict):  # type: ignore[type-arg]
    """A goal mapping, written on one line as the guide writes goals: ``{owns: Ural}``."""


def _text(dumper: yaml.SafeDumper, value: str) -> Any:
    style = "|" if "\n" in value else (">" if len(value) > 80 else None)
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _flow(dumper: yaml.SafeDumper, value: _Flow) -> Any:
    short = len(repr(dict(value))) <= 90          # a long one (a whole position to reach) gets a line of its own
    return dumper.represent_mapping("tag:yaml.org,2002:map", dict(value), flow_style=short)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(_Flow, _flow)


def _exercise_fields(ex: ExerciseDraft) -> dict[str, Any]:
    out: dict[str, Any] = {"id": ex.id, "prompt": ex.prompt, "goal": _Flow(ex.goal), "hints": list(ex.hints),
                           "success": ex.success, "wrong": ex.wrong}
    if ex.position is not None:
        out["position"] = ex.position
    if ex.seed != DEFAULT_SEED:
        out["seed"] = ex.seed
    if ex.max_actions != DEFAULT_MAX_ACTIONS:
        out["max_actions"] = ex.max_actions
    if ex.solution:
        out["solution"] = list(ex.solution)
    return out


def format_lesson(draft: LessonDraft) -> str:
    """The lesson file of ``draft``: YAML front matter between two '---' lines, then the Markdown text."""
    front = {"title": draft.title, "game": draft.game, "section": draft.section, "order": draft.order,
             "summary": draft.summary, "position": draft.position,
             "exercises": [_exercise_fields(ex) for ex in draft.exercises]}
    yaml_text = yaml.dump(front, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=False)
    body = draft.body.strip("\n")
    return f"---\n{yaml_text}---\n{body}\n"


def draft_of(lesson: Lesson) -> LessonDraft:
    """A draft of a lesson read by the loader (every field the file had)."""
    return LessonDraft(
        title=lesson.title, game=lesson.game, section=lesson.section, order=lesson.order, summary=lesson.summary,
        position=lesson.position, body=lesson.body,
        exercises=[ExerciseDraft(id=ex.id, prompt=ex.prompt, goal=_plain(ex.goal), hints=list(ex.hints),
                                 success=ex.success, wrong=ex.wrong, position=ex.position, seed=ex.seed,
                                 max_actions=ex.max_actions, solution=list(ex.solution))
                   for ex in lesson.exercises])


def _plain(value: Any) -> Any:
    """A goal as plain dicts and lists (YAML's constructed mapping may be any Mapping)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def slug(text: str, fallback: str = "lesson") -> str:
    """Lower-case words joined by '-' (at most 60 characters), for a file name or an exercise id.

    >>> slug("Attack: two dice, or three?")
    'attack-two-dice-or-three'
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    words = re.findall(r"[a-z0-9]+", plain)
    out = "-".join(words)[:60].strip("-")
    return out or fallback
