"""The Rules pages: every rule of a game on one Markdown page, section by section.

Each game has ``<game>.md`` in this package. Its shape is::

    # Title
    Summary paragraph (one or two sentences).

    ## Section title {#section-id}
    Section body ...

The sections mirror the game's rule document in the same order; lessons link
to them by id, and a section links back to its lessons with "See" lines of
Markdown links, ``See [Title](?game=<game>&tab=lessons&lesson=<id>).``
Pure Python: no UI imports, so engines, lessons and tests can all use it.

>>> book = load_rulebook("conquest")
>>> book.section("attacking").title
'Attacking'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = ["GAMES", "Rulebook", "Section", "load_rulebook", "parse_rulebook"]

GAMES: tuple[str, ...] = ("conquest", "diplomacy", "fronts", "game_of_war", "tactics")

_TITLE = re.compile(r"^#\s+(?P<title>\S.*?)\s*$")
_SECTION = re.compile(r"^##\s+(?P<title>\S.*?)\s*\{#(?P<id>[^}\s]+)\}\s*$")
_SECTION_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_LESSON_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\(\?game=(?P<game>[a-z_-]+)&tab=lessons&lesson=(?P<id>[^)\s&#]+)\)")


@dataclass(frozen=True)
class Section:
    """One section of a Rules page. ``markdown`` is the body, without the heading line."""

    id: str
    title: str
    markdown: str

    @property
    def lesson_links(self) -> tuple[tuple[str, str, str], ...]:
        """The links to lessons in this section, as (link text, game, lesson id), in page order.

        >>> Section("s", "S", "See [Odds](?game=fronts&tab=lessons&lesson=odds).").lesson_links
        (('Odds', 'fronts', 'odds'),)
        """
        return tuple((m.group("text"), m.group("game"), m.group("id"))
                     for m in _LESSON_LINK.finditer(self.markdown))


@dataclass(frozen=True)
class Rulebook:
    """A game's Rules page: its title, summary paragraph and sections in order."""

    game: str
    title: str
    summary: str
    sections: tuple[Section, ...]

    @property
    def section_ids(self) -> tuple[str, ...]:
        """The section ids in page order."""
        return tuple(s.id for s in self.sections)

    def section(self, id: str) -> Section:
        """The section with this id.

        Raises KeyError naming the known ids when there is none.
        """
        for s in self.sections:
            if s.id == id:
                return s
        raise KeyError(
            f"no section {id!r} in the {self.title} rules; known sections: "
            + ", ".join(self.section_ids)
        )


def parse_rulebook(game: str, text: str, source: str = "<string>") -> Rulebook:
    """Parse a Rules page from its Markdown text.

    Raises ValueError (with the source name and line number) when the page has
    no ``# Title`` first line, no summary, a malformed or duplicate section id,
    or no sections.
    """
    lines = text.splitlines()
    if not lines:
        raise ValueError(f"{source}: empty rules page")
    first = _TITLE.match(lines[0])
    if first is None or lines[0].startswith("##"):
        raise ValueError(f"{source}:1: the first line must be '# <Game title>'")
    title = first.group("title")

    summary_lines: list[str] = []
    sections: list[Section] = []
    current: tuple[str, str, int] | None = None  # (id, title, line number)
    body: list[str] = []
    seen: dict[str, int] = {}
    in_fence = False

    def close() -> None:
        if current is not None:
            sections.append(Section(current[0], current[1], "\n".join(body).strip("\n")))

    for number, line in enumerate(lines[1:], start=2):
        if _FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence else _SECTION.match(line)
        if heading is None and not in_fence and line.startswith("## "):
            raise ValueError(
                f"{source}:{number}: a section heading must read '## Title {{#section-id}}': {line!r}"
            )
        if heading is not None:
            section_id = heading.group("id")
            if not _SECTION_ID.match(section_id):
                raise ValueError(f"{source}:{number}: section id {section_id!r} is not kebab-case")
            if section_id in seen:
                raise ValueError(
                    f"{source}:{number}: section id {section_id!r} repeats line {seen[section_id]}"
                )
            seen[section_id] = number
            close()
            current = (section_id, heading.group("title"), number)
            body = []
        elif current is None:
            summary_lines.append(line)
        else:
            body.append(line)
    close()

    summary = " ".join(part.strip() for part in summary_lines if part.strip())
    if not summary:
        raise ValueError(f"{source}: no summary paragraph after the title")
    if not sections:
        raise ValueError(f"{source}: no '## Title {{#id}}' sections")
    return Rulebook(game=game, title=title, summary=summary, sections=tuple(sections))


def load_rulebook(game: str) -> Rulebook:
    """The Rules page of ``game`` (one of GAMES; ``game-of-war`` is accepted too).

    Raises ValueError naming the known games for an unknown one.
    """
    key = game.strip().lower().replace("-", "_") if isinstance(game, str) else game
    if key not in GAMES:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    return _load(key)


@lru_cache(maxsize=None)
def _load(game: str) -> Rulebook:
    resource = resources.files(__name__).joinpath(f"{game}.md")
    text = resource.read_text(encoding="utf-8")
    return parse_rulebook(game, text, source=f"academy/rulebook/{game}.md")
