"""The players' colours say their names: a player called Red is drawn red (a walk saw Conquest's Red drawn in
Okabe-Ito's vermillion, #D55E00, which reads as orange), distinct from the other players of its game, with its
text readable on it."""
from __future__ import annotations

import colorsys
import itertools

import pytest

from academy.ui.conquest.style import NEUTRAL_COLOUR, PLAYER_COLOURS, PLAYER_TEXT
from academy.ui.diplomacy.style import POWER_COLOURS
from academy.ui.fronts.board import PLAYER_COLOURS as FRONTS_COLOURS
from academy.ui.tactics.style import ARMY_COLOURS


def rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))


def hue(colour: str) -> float:
    """The hue in degrees, 0 (red) to 360."""
    return colorsys.rgb_to_hls(*rgb(colour))[0] * 360


def luminance(colour: str) -> float:
    """WCAG's relative luminance."""
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb(colour)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb(colour))
    x, y, z = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
               (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def distance(a: str, b: str) -> float:
    """CIE76 colour difference (about 2.3: just noticeable; over 25: plainly another colour)."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def is_red(colour: str) -> bool:
    """A red, not an orange nor a pink: a hue within 10 degrees of pure red, and saturated."""
    h, light, s = colorsys.rgb_to_hls(*rgb(colour))
    return (h * 360 <= 10 or h * 360 >= 350) and s >= 0.5 and 0.25 <= light <= 0.6


@pytest.mark.parametrize("game, colour", [("conquest", PLAYER_COLOURS[0]), ("fronts", FRONTS_COLOURS["red"]),
                                          ("tactics", ARMY_COLOURS["red"])])
def test_the_player_called_red_is_drawn_red(game, colour):
    assert is_red(colour), (game, colour, round(hue(colour)))


def test_conquest_red_is_no_longer_the_orange_vermillion():
    assert not is_red("#D55E00")                   # the walk's orange (hue 26 degrees) is told apart
    assert PLAYER_COLOURS[0].upper() != "#D55E00"


def test_conquest_colours_stay_distinct_and_reds_text_readable():
    for a, b in itertools.combinations([*PLAYER_COLOURS, NEUTRAL_COLOUR], 2):
        assert distance(a, b) >= 25, (a, b, round(distance(a, b), 1))
    # the army counts on Red's discs: 5.6:1 (white on the vermillion was 3.6:1)
    assert contrast(PLAYER_COLOURS[0], PLAYER_TEXT[0]) >= 4.5


def test_the_chosen_target_ring_stands_out_on_every_disc():
    """Conquest's ring round the territory picked to attack (drawn round an enemy's disc, whoever that is) was
    #C00000, the same red as Red's discs once Red became red: on Red's land the ring vanished. It must stand
    apart from every player's colour and from the other two rings (the selected territory, the candidates)."""
    from academy.ui.conquest.style import HIGHLIGHT, SELECTED, TARGET
    for other in (*PLAYER_COLOURS, NEUTRAL_COLOUR, HIGHLIGHT, SELECTED):
        assert distance(TARGET, other) >= 40, (TARGET, other, round(distance(TARGET, other), 1))


def test_the_red_powers_and_players_read_alike_across_games():
    """Conquest's Red is the red of Fronts' Red and Diplomacy's Austria (one red for a learner to learn)."""
    assert PLAYER_COLOURS[0].upper() == FRONTS_COLOURS["red"].upper() == POWER_COLOURS["AUSTRIA"].upper()


def test_every_conquest_players_army_counts_read_on_its_colour():
    """WCAG 2.2 1.4.3: the army counts on each player's discs (and names on their swatches) are text, 4.5:1 at
    least; white on Green read 3.4:1."""
    for fill, text in zip(PLAYER_COLOURS, PLAYER_TEXT):
        assert contrast(fill, text) >= 4.5, (fill, text, round(contrast(fill, text), 2))
