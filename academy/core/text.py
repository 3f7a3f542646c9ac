"""Articles, plurals and lists for every message a person reads, one rule for the five games.

>>> count(1, "army"), count(2, "army"), count(0, "army")
('1 army', '2 armies', '0 armies')
>>> a("infantry"), a("Infantry", capital=True), a("unit"), a("Tank")
('an infantry', 'An Infantry', 'a unit', 'a Tank')
>>> listing(["Ukraine", "Ural", "Siam"])
'Ukraine, Ural and Siam'
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

#: Nouns whose plural does not follow the spelling rules. The mass nouns of the unit tables
#: count as they are: "2 infantry", "3 artillery" (as in Fronts' "2 infantry 1 armor").
IRREGULAR: dict[str, str] = {
    "die": "dice", "child": "children", "man": "men", "woman": "women", "person": "people",
    "infantry": "infantry", "artillery": "artillery", "cavalry": "cavalry", "armor": "armor",
    "armour": "armour", "air": "air", "is": "are", "was": "were", "has": "have",
}

#: Words spelt with a vowel that start with a consonant sound ("a unit"), and words spelt with a
#: consonant that start with a vowel sound ("an hour"); matched as the start of the word.
CONSONANT_SOUND = ("uni", "use", "usu", "uti", "eu", "ewe", "one", "once")
VOWEL_SOUND = ("hour", "honest", "honor", "honour", "heir")

#: Letters whose names start with a vowel sound, for abbreviations read letter by letter ("an HQ").
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")


def _match_case(word: str, model: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def _plural_word(word: str) -> str:
    low = word.lower()
    if low in IRREGULAR:
        return _match_case(IRREGULAR[low], word)
    if word.isupper() and len(word) > 1:
        return word + "s"                          # "HQs", "APCs"
    if low.endswith("y") and low[-2:-1] not in tuple("aeiou"):
        return word[:-1] + "ies"                   # "army" -> "armies", "try" -> "tries"
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"                         # "match" -> "matches"
    return word + "s"


def plural(n: int, noun: str, plural_form: str | None = None) -> str:
    """The form of ``noun`` that goes with the number ``n``: singular for 1 (and -1), plural otherwise.

    Only the last word changes ("supply centre" -> "supply centres"); ``plural_form`` overrides.

    >>> plural(1, "army"), plural(3, "army"), plural(2, "supply centre"), plural(2, "die"), plural(2, "HQ")
    ('army', 'armies', 'supply centres', 'dice', 'HQs')
    >>> plural(2, "Army"), plural(2, "battle"), plural(0, "try"), plural(2, "day"), plural(2, "is")
    ('Armies', 'battles', 'tries', 'days', 'are')
    >>> plural(2, "ox", "oxen")
    'oxen'
    """
    if abs(n) == 1:
        return noun
    if plural_form is not None:
        return plural_form
    head, _, last = noun.rpartition(" ")
    return (head + " " if head else "") + _plural_word(last)


def count(n: int, noun: str, plural_form: str | None = None) -> str:
    """The number and the noun that agrees with it.

    >>> count(1, "army"), count(2, "army"), count(1, "exercise"), count(5, "exercise"), count(2, "infantry")
    ('1 army', '2 armies', '1 exercise', '5 exercises', '2 infantry')
    """
    return f"{n} {plural(n, noun, plural_form)}"


def article(noun: str) -> str:
    """"a" or "an" for ``noun``, by the sound of its first letter.

    >>> [article(w) for w in ("army", "fleet", "infantry", "unit", "hour", "HQ", "APC", "one", "8", "18", "1")]
    ['an', 'a', 'an', 'a', 'an', 'an', 'an', 'a', 'an', 'an', 'a']
    """
    word = noun.strip().split(" ")[0].split("-")[0].strip("'\"(")
    if not word:
        return "a"
    if word[0].isdigit():
        digits = word.split(".")[0].split(",")[0]
        eleven_or_eighteen = digits[:2] in ("11", "18") and len(digits) % 3 == 2
        return "an" if digits[0] == "8" or eleven_or_eighteen else "a"
    if word.isupper() and (len(word) > 1 or len(noun.strip()) == 1):
        return "an" if word[0] in _VOWEL_LETTERS else "a"   # read letter by letter: "an HQ", "a UK"
    low = word.lower()
    if low.startswith(CONSONANT_SOUND):
        return "a"
    if low.startswith(VOWEL_SOUND):
        return "an"
    return "an" if low[0] in "aeiou" else "a"


def a(noun: str, capital: bool = False) -> str:
    """``noun`` with "a" or "an" before it; ``capital`` for the start of a sentence.

    >>> a("infantry"), a("Infantry"), a("army"), a("fleet"), a("unit"), a("Anti-Air"), a("hour")
    ('an infantry', 'an Infantry', 'an army', 'a fleet', 'a unit', 'an Anti-Air', 'an hour')
    >>> a("artillery", capital=True), a("swift cannon")
    ('An artillery', 'a swift cannon')
    """
    word = article(noun)
    return f"{word.capitalize() if capital else word} {noun}"


def listing(items: Iterable[str], word: str = "and") -> str:
    """Items joined for a sentence: "", "a", "a and b", "a, b and c" (``word``: "and" or "or").

    >>> listing([]), listing(["a"]), listing(["a", "b"]), listing(["a", "b", "c"]), listing("xyz", "or")
    ('', 'a', 'a and b', 'a, b and c', 'x, y or z')
    """
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def percent(p: float, digits: int = 1) -> str:
    """A probability as a percentage with ``digits`` decimals, and more where that would round an
    uncertain chance to a certain one: only a certain event shows 0 or 100.

    >>> percent(0.5), percent(0.99996), percent(1), percent(0.00004, 0), percent(0.583, 0)
    ('50.0%', '99.996%', '100.0%', '0.004%', '58%')
    """
    value = float(p) * 100
    if value <= 0 or value >= 100:
        return f"{max(0.0, min(100.0, value)):.{digits}f}%"
    for d in range(digits, 9):
        text = f"{value:.{d}f}"
        if 0 < float(text) < 100:
            return f"{text}%"
    return f"{value:.9f}%"


def over_common_denominator(values: Iterable[Fraction]) -> list[str]:
    """Exact chances written over one denominator, so a table's fractions can be compared at a glance.

    >>> over_common_denominator([Fraction(1445, 3888), Fraction(2611, 7776), Fraction(1, 4)])
    ['2890/7776', '2611/7776', '1944/7776']
    """
    values = [Fraction(v) for v in values]
    common = math.lcm(*(v.denominator for v in values)) if values else 1
    return [f"{v.numerator * (common // v.denominator)}/{common}" for v in values]
