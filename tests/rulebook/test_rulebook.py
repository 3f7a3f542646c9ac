"""Tests for academy.rulebook: the one-page Rules of each game.

The "own words" test compares each page with its source rule document in
shared/rules/. It looks for that folder in $ACADEMY_RULES_DIR, then next to or
above the repository, and skips when the documents are not on this machine.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from academy.rulebook import GAMES, Rulebook, Section, load_rulebook, parse_rulebook

KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

SOURCE_FILES = {
    "conquest": "conquest.md",
    "diplomacy": "diplomacy.md",
    "fronts": "fronts.md",
    "game_of_war": "game-of-war.md",
    "tactics": "tactics.md",
}

# Section headings of each rule document, in document order, and the page
# section that mirrors each of them.
MIRRORS = {
    "conquest": [
        ("Section 4: Gameplay", "turn"),
        ("Phase 1: Reinforcements", "reinforcements"),
        ("Phase 2: Attack", "attacking"),
        ("Conquering a Territory", "conquering"),
        ("Eliminating a Player", "eliminating"),
        ("Taking a Card", "taking-a-card"),
        ("Phase 3: Fortification", "fortifying"),
    ],
    "diplomacy": [
        ("The Map, Units, & Object of the Game", "map-and-units"),
        ("Sequence of Play", "sequence-of-play"),
        ("Orders Phase", "orders"),
        ("Order Resolution", "resolution"),
        ("Retreats", "retreats"),
        ("Builds", "builds"),
        ("Map Oddities", "map-oddities"),
    ],
    "fronts": [
        ("Goal#", "goal"),
        ("Turn order#", "turn-order"),
        ("Units#", "units"),
        ("Battles#", "battles"),
        ("Defense bonuses#", "defense-bonuses"),
        ("Leaving a city#", "leaving-a-city"),
        ("Income#", "income"),
        ("Fog#", "fog"),
        ("Neutral cities#", "neutral-cities"),
    ],
    "game_of_war": [
        ("Goal", "goal"),
        ("Your turn", "your-turn"),
        ("Communication", "communication"),
        ("Combat", "combat"),
        ("Units", "units"),
        ("Terrain", "terrain"),
    ],
    "tactics": [
        ("Winning and losing", "winning"),
        ("Turns and days", "turns-and-days"),
        ("Funds, properties and production", "production"),
        ("Capturing", "capturing"),
        ("Movement", "movement"),
        ("Terrain table", "terrain"),
        ("Combat and damage", "combat"),
        ("Luck", "luck"),
        ("Damage chart", "damage-chart"),
        ("Repair, fuel and ammo", "repair-fuel-ammo"),
        ("Transports", "transports"),
        ("Commander powers", "commanders"),
        ("Fog of war", "fog"),
        ("Weather (campaign missions)", "weather"),
        ("Game options", "options"),
    ],
}

CONQUEST_IDS = [
    "setup",
    "reinforcements",
    "continent-bonuses",
    "cards",
    "attacking",
    "conquering",
    "eliminating",
    "taking-a-card",
    "fortifying",
    "winning",
]


# --- helpers -----------------------------------------------------------------


def page_text(book: Rulebook) -> str:
    return "\n".join([book.title, book.summary, *(f"{s.title}\n{s.markdown}" for s in book.sections)])


def has_number(text: str, number: str) -> bool:
    """True when ``number`` appears in text as a whole number (not inside 140 or 1.45)."""
    return re.search(rf"(?<![\d.,]){re.escape(number)}(?![\d]|[.,]\d)", text) is not None


def table(markdown: str, first_header: str) -> list[list[str]]:
    """The rows (cells stripped, header and rule lines dropped) of the table whose
    header row starts with ``| first_header |``."""
    lines = markdown.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |")
    )
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def find_rules_dir() -> Path | None:
    candidates = []
    if os.environ.get("ACADEMY_RULES_DIR"):
        candidates.append(Path(os.environ["ACADEMY_RULES_DIR"]))
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidates += [parent / "shared" / "rules", parent / "rules"]
    for candidate in candidates:
        if (candidate / "conquest.md").is_file() and (candidate / "tactics.md").is_file():
            return candidate
    return None


RULES_DIR = find_rules_dir()
needs_documents = pytest.mark.skipif(
    RULES_DIR is None, reason="the rule documents (shared/rules) are not on this machine"
)


def source_text(game: str) -> str:
    assert RULES_DIR is not None
    return (RULES_DIR / SOURCE_FILES[game]).read_text(encoding="utf-8")


def words(text: str) -> list[str]:
    """Lower-case words and numbers, with punctuation and markup dropped."""
    text = text.lower().translate(str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'}))
    return re.findall(r"[\w%'×÷²★]+", text)


def prose_sentences(markdown: str) -> list[str]:
    """The sentences of a page: headings, table rows and code blocks left out
    (they hold names and numbers, not sentences); each line and each
    ., !, ?, : or ; ends a sentence."""
    sentences: list[str] = []
    in_fence = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence or line.lstrip().startswith("|") or line.startswith("#"):
            continue
        line = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", "", line)
        sentences += [part for part in re.split(r"(?<=[.!?:;])\s+", line) if part.strip()]
    return sentences


# --- loading -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_loads(game: str) -> None:
    book = load_rulebook(game)
    assert isinstance(book, Rulebook)
    assert book.game == game
    assert book.title and not book.title.startswith("#")
    assert all(isinstance(s, Section) for s in book.sections)
    assert load_rulebook(game) is book  # cached


@pytest.mark.parametrize("game", GAMES)
def test_summary_and_at_least_five_sections(game: str) -> None:
    book = load_rulebook(game)
    assert len(book.summary.split()) >= 10
    assert 1 <= len(re.findall(r"[.!?](?:\s|$)", book.summary)) <= 2
    assert len(book.sections) >= 5
    for section in book.sections:
        assert section.title.strip()
        assert section.markdown.strip(), section.id
        assert not section.markdown.startswith("## ")
        assert "{{" not in section.markdown


@pytest.mark.parametrize("game", GAMES)
def test_section_ids_unique_and_kebab_case(game: str) -> None:
    ids = [s.id for s in load_rulebook(game).sections]
    assert len(ids) == len(set(ids))
    for section_id in ids:
        assert KEBAB.match(section_id), section_id


def test_titles() -> None:
    assert [load_rulebook(g).title for g in GAMES] == [
        "Conquest",
        "Diplomacy",
        "Fronts",
        "Game of War",
        "Tactics",
    ]


def test_conquest_has_the_required_sections_in_order() -> None:
    ids = [s.id for s in load_rulebook("conquest").sections]
    assert set(CONQUEST_IDS) <= set(ids)
    assert ids[0] == "setup"
    assert ids[-1] == "winning"
    positions = [ids.index(i) for i in CONQUEST_IDS]
    assert positions == sorted(positions)


@pytest.mark.parametrize("game", GAMES)
def test_pages_mirror_the_document_order(game: str) -> None:
    ids = [s.id for s in load_rulebook(game).sections]
    mirrored = [section_id for _, section_id in MIRRORS[game]]
    positions = [ids.index(i) for i in mirrored]
    assert positions == sorted(positions)


@needs_documents
@pytest.mark.parametrize("game", GAMES)
def test_mirrored_headings_exist_in_the_document_in_order(game: str) -> None:
    lines = [line.strip() for line in source_text(game).splitlines()]
    positions = []
    for heading, _ in MIRRORS[game]:
        matches = [i for i, line in enumerate(lines) if line.rstrip("[]") == heading]
        assert matches, heading
        positions.append(matches[0])
    assert positions == sorted(positions)


def test_section_lookup() -> None:
    book = load_rulebook("conquest")
    assert book.section("cards").title == "Cards"
    assert book.section_ids[0] == "setup"
    with pytest.raises(KeyError) as excinfo:
        book.section("dice")
    message = str(excinfo.value)
    assert "dice" in message and "attacking" in message and "taking-a-card" in message


def test_unknown_game() -> None:
    with pytest.raises(ValueError) as excinfo:
        load_rulebook("chess")
    message = str(excinfo.value)
    assert "chess" in message
    for game in GAMES:
        assert game in message


def test_hyphenated_name_is_accepted() -> None:
    assert load_rulebook("game-of-war") is load_rulebook("game_of_war")


def test_parse_rejects_malformed_pages() -> None:
    good = "# T\n\nA summary.\n\n## One {#one}\n\nBody.\n"
    assert parse_rulebook("x", good).section("one").markdown == "Body."
    with pytest.raises(ValueError, match="first line"):
        parse_rulebook("x", "Title\n\nSummary.\n\n## One {#one}\nBody.")
    with pytest.raises(ValueError, match="summary"):
        parse_rulebook("x", "# T\n\n## One {#one}\nBody.")
    with pytest.raises(ValueError, match="kebab"):
        parse_rulebook("x", "# T\nSummary.\n## One {#One_1}\nBody.")
    with pytest.raises(ValueError, match="repeats"):
        parse_rulebook("x", "# T\nSummary.\n## One {#one}\nA.\n## Two {#one}\nB.")
    with pytest.raises(ValueError, match=r"\{#section-id\}"):
        parse_rulebook("x", "# T\nSummary.\n## One\nBody.")


def test_heading_inside_code_block_is_body() -> None:
    text = "# T\nSummary.\n## One {#one}\n```\n## not a heading\n```\n"
    book = parse_rulebook("x", text)
    assert book.section_ids == ("one",)
    assert "## not a heading" in book.section("one").markdown


# --- key numbers -------------------------------------------------------------


def test_conquest_numbers() -> None:
    book = load_rulebook("conquest")
    cards = book.section("cards").markdown
    for value in ["4", "6", "8", "10", "12", "15", "20", "25", "30", "42", "14", "44"]:
        assert has_number(cards, value), value
    assert "+5" in cards or "5 armies more" in cards
    values = table(cards, "Set handed in during the game")[0]
    assert values[1:] == ["4", "6", "8", "10", "12", "15", "20", "25", "30"]

    bonuses = {row[0]: (row[1], row[2]) for row in table(book.section("continent-bonuses").markdown, "Continent")}
    assert bonuses == {
        "North America": ("9", "5"),
        "South America": ("4", "2"),
        "Europe": ("7", "5"),
        "Africa": ("6", "3"),
        "Asia": ("12", "7"),
        "Australia": ("4", "2"),
    }

    setup = book.section("setup").markdown
    armies = {row[0]: row[1].split()[0] for row in table(setup, "Players")}
    assert armies == {"2": "40", "3": "35", "4": "30", "5": "25", "6": "20"}
    assert "40 + 40 + 40" in setup and has_number(setup, "14")

    reinforcements = book.section("reinforcements").markdown
    assert "divide" in reinforcements.lower() and has_number(reinforcements, "3")


def test_conquest_academy_conventions_are_stated() -> None:
    book = load_rulebook("conquest")
    attacking = book.section("attacking").markdown.lower()
    assert "academy rule: the defender always rolls as many dice as it may" in attacking
    assert "ukraine with 4 armies may roll 3 dice" in attacking
    assert "tie" in attacking
    cards = book.section("cards").markdown.lower()
    assert "any time during your reinforcement phase" in cards
    assert "five cards or more" in cards and "before you place any army" in cards
    assert "you choose which one of those territories receives the 2 armies" in cards
    eliminating = book.section("eliminating").markdown
    assert has_number(eliminating, "6") and has_number(eliminating, "4") and has_number(eliminating, "5")


def test_diplomacy_numbers() -> None:
    text = page_text(load_rulebook("diplomacy"))
    for value in ["34", "18", "75", "14", "42", "19", "22", "1901", "12"]:
        assert has_number(text, value), value
    for power in ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]:
        assert power in text
    for notation in ["A MUN H", "A MUN - BUR", "A MUN S BUR", "A MUN S BEL - BUR", "F ENG C BEL - WAL"]:
        assert f"`{notation}`" in text
    oddities = load_rulebook("diplomacy").section("map-oddities").markdown
    for province in ["Bulgaria", "St Petersburg", "Spain", "Constantinople", "Denmark", "Kiel",
                     "Sweden", "Baltic Sea", "Helgoland Bight", "North Sea", "Skagerrak",
                     "Aegean Sea", "Black Sea", "North Africa"]:
        assert province in oddities, province


def test_game_of_war_numbers() -> None:
    book = load_rulebook("game_of_war")
    assert "25×20" in page_text(book)
    units = {row[0]: row[2:6] for row in table(book.section("units").markdown, "Unit")}
    assert units == {
        "Infantry": ["1", "2", "4", "6"],
        "Cavalry": ["2", "2", "4", "5"],
        "Cannon": ["1", "3", "5", "8"],
        "Swift cannon": ["2", "3", "5", "8"],
        "Relay": ["1", "–", "0", "1"],
        "Swift relay": ["2", "–", "0", "1"],
        "Arsenal": ["–", "–", "0", "0"],
    }
    combat = book.section("combat").markdown
    assert "+3" in combat and "Defence + 1" in combat and "Defence + 2" in combat
    assert has_number(combat, "4")  # up to 4 cavalry in a charge
    terrain = book.section("terrain").markdown
    assert "+2" in terrain and "+4" in terrain
    turn = book.section("your-turn").markdown
    assert has_number(turn, "5") and has_number(turn, "8")


def test_fronts_numbers() -> None:
    book = load_rulebook("fronts")
    units = {row[0]: row[1:5] for row in table(book.section("units").markdown, "Unit")}
    assert units == {
        "Infantry": ["3", "1", "2", "1"],
        "Armor": ["6", "3.5", "2", "2"],
        "Artillery": ["5", "1", "1", "1"],
        "Air": ["8", "–", "–", "–"],
    }
    income = {row[0]: row[1] for row in table(book.section("income").markdown, "Province")}
    assert income == {"Rural": "1", "City": "3", "Capital": "5"}
    odds = {row[0]: row[1] for row in table(book.section("battles").markdown, "Your strength : theirs")}
    assert odds == {"1 : 1": "50%", "1.25 : 1": "61%", "1.5 : 1": "69%", "2 : 1": "80%", "3 : 1": "90%"}
    battles = book.section("battles").markdown
    assert "A² ÷ (A² + B²)" in battles
    for value in ["17%", "67%"]:
        assert value in battles
    terrain = {row[0]: row[1:] for row in table(book.section("defense-bonuses").markdown, "Terrain")}
    assert terrain["Forest"] == ["+25%", "×0.75"]
    assert terrain["Mountain"] == ["+50%", "×0.5"] == terrain["Urban"]
    defense = book.section("defense-bonuses").markdown
    assert "1.25" in defense and "+25%" in defense and "+50%" in defense


def test_tactics_numbers() -> None:
    book = load_rulebook("tactics")
    chart = book.section("damage-chart").markdown
    header = [cell.strip() for cell in chart.split("\n| Attacker")[1].splitlines()[0].strip("|").split("|")][1:]
    rows = {row[0]: dict(zip(header, row[1:])) for row in table(chart, "Attacker ↓ / Defender →")}
    assert len(rows) == 18 and all(len(r) == 18 for r in rows.values())
    assert rows["Infantry"]["Infantry"] == "55"
    assert rows["Mech"]["Tank"] == "55"
    assert rows["Tank"]["Infantry"] == "75"
    assert rows["Anti-Air"]["Transport Copter"] == "120"
    assert rows["Heavy Tank"]["Heavy Tank"] == "55"
    assert rows["Bomber"]["Heavy Tank"] == "95"
    assert rows["Fighter"]["Fighter"] == "55"
    assert rows["Cruiser"]["Transport Copter"] == "115"
    assert rows["Battleship"]["Lander"] == "95"
    assert rows["Attack Copter"]["Anti-Air"] == "30"
    assert set(rows["APC"].values()) == {"—"}

    terrain = {row[0]: row[1:] for row in table(book.section("terrain").markdown, "Terrain")}
    assert terrain["Mountain"] == ["4", "2", "1", "—", "—", "1", "—", "—"]
    assert terrain["Reef"] == ["1", "—", "—", "—", "—", "1", "2", "2"]

    production = book.section("production").markdown
    for price in ["1,000", "16,000", "28,000", "22,000", "20"]:
        assert has_number(production, price) or price in production, price
    moves = {row[0]: row[2:] for row in table(book.section("movement").markdown, "Unit")}
    assert moves["Infantry"] == ["3", "2", "1"]
    assert moves["Artillery"] == ["5", "1", "2–3"]
    assert moves["Battleship"] == ["5", "2", "2–6"]
    fuel = {row[0]: row[1:] for row in table(book.section("repair-fuel-ammo").markdown, "Unit")}
    assert fuel["Fighter"] == ["99", "5", "9"]
    assert fuel["Mech"] == ["70", "—", "3"]
    luck = book.section("luck").markdown
    assert has_number(luck, "0") and has_number(luck, "9")


@needs_documents
@pytest.mark.parametrize("first_header", ["Attacker ↓ / Defender →", "Terrain | Defense", "Unit | Fuel"])
def test_tactics_tables_match_the_document(first_header: str) -> None:
    page = "\n".join(s.markdown for s in load_rulebook("tactics").sections)
    assert table(page, first_header) == table(source_text("tactics"), first_header)


# --- our own words -----------------------------------------------------------


@needs_documents
@pytest.mark.parametrize("game", GAMES)
def test_no_long_sentence_is_copied_from_the_document(game: str) -> None:
    book = load_rulebook(game)
    source = " " + " ".join(words(source_text(game))) + " "
    markdown = "\n".join([book.summary, *(s.markdown for s in book.sections)])
    copied = []
    for sentence in prose_sentences(markdown):
        sentence_words = words(sentence)
        if len(sentence_words) >= 12 and f" {' '.join(sentence_words)} " in source:
            copied.append(sentence)
    assert copied == []


def test_copy_check_catches_a_copied_sentence() -> None:
    source = "Remove all losses immediately. If the defender still has an army in the territory, the attacker may attack again."
    page = "- if the defender still has an army in the territory, the attacker may attack again."
    sentence = prose_sentences(page)[0]
    assert len(words(sentence)) >= 12
    assert f" {' '.join(words(sentence))} " in " " + " ".join(words(source)) + " "


def test_fronts_rules_page_states_the_academys_readings():
    """Issue 19: the readings the engine applies where fronts.md is silent are stated on the Rules page,
    marked as the Academy's."""
    text = (Path(__file__).resolve().parents[2] / "academy" / "rulebook" / "fronts.md").read_text()
    for words in ("pace of its slowest unit", "cannot enter a forest in one turn", "rounded half up",
                  "defend it with its holders", "the two movers fight first", "rounded down",
                  "neutral garrisons are never hidden"):
        assert words in text
    assert text.count("Academy reading (the document is silent)") >= 6
