"""The one text helper for articles, plurals and lists (issue 14, item 7: "one text helper for articles and
plurals ("an Infantry", "1 army", "2 armies") used by every message")."""
import doctest

import pytest

from academy.core import text
from academy.core.text import a, article, count, listing, plural


def test_doctests():
    """issue 14, item 7: the examples in the module's docstrings hold."""
    result = doctest.testmod(text)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("n, noun, expected", [
    (1, "army", "1 army"), (2, "army", "2 armies"), (0, "army", "0 armies"), (-1, "army", "-1 army"),
    (1, "exercise", "1 exercise"), (3, "exercise", "3 exercises"), (1, "unit", "1 unit"), (4, "unit", "4 units"),
    (1, "infantry", "1 infantry"), (2, "infantry", "2 infantry"), (2, "artillery", "2 artillery"),
    (1, "die", "1 die"), (3, "die", "3 dice"), (2, "try", "2 tries"), (1, "try", "1 try"),
    (2, "supply centre", "2 supply centres"), (2, "cavalry unit", "2 cavalry units"), (2, "day", "2 days"),
    (2, "match", "2 matches"), (2, "box", "2 boxes"), (2, "HQ", "2 HQs"), (2, "Army", "2 Armies"),
    (12, "territory", "12 territories"), (2, "step", "2 steps"), (2, "city", "2 cities"),
])
def test_count(n, noun, expected):
    """issue 14, item 7: "1 army", "2 armies", "0 armies", mass nouns and irregulars."""
    assert count(n, noun) == expected


def test_explicit_plural_and_verbs():
    """issue 14, item 7: an irregular plural given by the caller; verbs that agree with a number."""
    assert count(2, "ox", "oxen") == "2 oxen" and count(1, "ox", "oxen") == "1 ox"
    assert plural(1, "is") == "is" and plural(2, "is") == "are" and plural(0, "has") == "have"
    assert plural(2, "stands", "stand") == "stand" and plural(1, "stands", "stand") == "stands"


@pytest.mark.parametrize("noun, expected", [
    ("infantry", "an infantry"), ("Infantry", "an Infantry"), ("army", "an army"), ("artillery", "an artillery"),
    ("armor", "an armor"), ("air", "an air"), ("fleet", "a fleet"), ("unit", "a unit"), ("union", "a union"),
    ("useful move", "a useful move"), ("one", "a one"), ("hour", "an hour"), ("honest move", "an honest move"),
    ("HQ", "an HQ"), ("APC", "an APC"), ("Anti-Air", "an Anti-Air"), ("Tank", "a Tank"), ("Mech", "a Mech"),
    ("cannon", "a cannon"), ("swift cannon", "a swift cannon"), ("relay", "a relay"), ("8", "an 8"),
    ("11", "an 11"), ("1", "a 1"), ("European army", "a European army"), ("umbrella", "an umbrella"),
])
def test_a(noun, expected):
    """issue 14, item 7: "an Infantry", "a unit", "an hour", "an HQ"."""
    assert a(noun) == expected


def test_a_at_the_start_of_a_sentence():
    """issue 14, item 7: the capital article keeps the noun as written."""
    assert a("infantry", capital=True) == "An infantry" and a("Tank", capital=True) == "A Tank"
    assert article("") == "a"


def test_listing():
    """issue 14, item 7: lists read as English: "a, b and c", "a or b"."""
    assert listing([]) == "" and listing(["Ural"]) == "Ural" and listing(["Ural", "Siam"]) == "Ural and Siam"
    assert listing(["Ural", "Siam", "Peru"]) == "Ural, Siam and Peru"
    assert listing(("red", "blue"), "or") == "red or blue"
    assert listing(x for x in ["a", "b", "c", "d"]) == "a, b, c and d"
