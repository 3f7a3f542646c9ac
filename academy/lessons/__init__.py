"""Lessons: Markdown files with front matter (lessons/<game>/*.md), their exercises and checking.

    from academy.lessons import load_lessons, Attempt
    lessons, problems = load_lessons("conquest")
    attempt = Attempt(lessons[0], lessons[0].exercises[0])
    attempt.act("place 3 Ukraine")      # -> Feedback(status, message, events)

Pure Python: no UI imports. The goal vocabulary of each game is documented in its goals module
(Conquest: academy/games/conquest/goals.py).
"""
from academy.core.errors import LessonError

from .exercise import GOAL_MODULES, Attempt, Feedback, goal_module, narrate, start_state
from .loader import LESSONS_DIR, check_path, load_lesson, load_lessons, parse_lesson
from .model import DEFAULT_MAX_ACTIONS, DEFAULT_SEED, Exercise, Lesson

__all__ = ["DEFAULT_MAX_ACTIONS", "DEFAULT_SEED", "GOAL_MODULES", "LESSONS_DIR", "Attempt", "Exercise", "Feedback",
           "Lesson", "LessonError", "check_path", "goal_module", "load_lesson", "load_lessons", "narrate",
           "parse_lesson", "start_state"]
