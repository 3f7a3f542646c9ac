"""Conquest pages for the shell: PlayPage (a game) and LessonsPage (the lessons); ConquestBoard for notebooks."""
from .board import ConquestBoard
from .lessons import LessonsPage
from .play import PlayPage

__all__ = ["ConquestBoard", "LessonsPage", "PlayPage"]
