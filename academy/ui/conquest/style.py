"""Colours and CSS of the Conquest pages: a colour-blind-friendly palette (Okabe & Ito) and a calm theme."""
from __future__ import annotations

#: players 0..5 are named Red, Blue, Green, Yellow, Purple, Black: Okabe-Ito hues that match the names, except
#: Red: Okabe-Ito's vermillion (#D55E00) read as orange, so Red is the red of Fronts' Red and Diplomacy's Austria
PLAYER_COLOURS = ("#C62828", "#0072B2", "#009E73", "#F0E442", "#CC79A7", "#3A3A3A")
#: text on a player's colour: dark on the light hues (Green's too: white on it read 3.4:1), white on the others
PLAYER_TEXT = ("#ffffff", "#ffffff", "#222222", "#222222", "#222222", "#ffffff")
NEUTRAL_COLOUR, NEUTRAL_TEXT = "#B8B8B8", "#222222"
UNCLAIMED_COLOUR, UNCLAIMED_TEXT = "#ffffff", "#555555"
CONTINENT_COLOURS = {
    "north_america": "#F2E2C4", "south_america": "#EAD9EE", "europe": "#D7E5F2",
    "africa": "#F4DCCB", "asia": "#DDEBD6", "australia": "#F1EDC6",
}
OCEAN = "#EEF4F8"
#: rings: the territory selected, the one picked to attack (magenta: no player's colour, so it shows on every
#: disc), the ones it may attack
SELECTED, TARGET, HIGHLIGHT = "#111111", "#FF00FF", "#E0A000"


def player_colour(player: int | None) -> tuple[str, str]:
    """(fill, text) colours of a territory's owner (None: unclaimed, negative: neutral)."""
    if player is None:
        return UNCLAIMED_COLOUR, UNCLAIMED_TEXT
    if player < 0:
        return NEUTRAL_COLOUR, NEUTRAL_TEXT
    return PLAYER_COLOURS[player % 6], PLAYER_TEXT[player % 6]


def swatch(player: int | None, size: int = 14) -> str:
    """A small coloured square (HTML) for a player, hidden from screen readers."""
    fill, _ = player_colour(player)
    return (f'<span aria-hidden="true" style="display:inline-block;width:{size}px;height:{size}px;'
            f'border-radius:3px;background:{fill};border:1px solid #0004;vertical-align:-2px;margin-right:6px">'
            '</span>')


CSS = """
:host { --academy-ink: #1f2933; --academy-muted: #52606d; --academy-line: #d9e2ec; color: var(--academy-ink);
        font-size: 14px; line-height: 1.45; }
.who { font-size: 26px; font-weight: 700; }
.phase { font-size: 22px; font-weight: 400; color: var(--academy-muted); }
.hint { font-size: 15px; margin-top: 2px; }
.academy-card { background: #fff; border: 1px solid var(--academy-line); border-radius: 10px; padding: 10px 14px; }
.academy-muted { color: var(--academy-muted); font-size: 0.93em; }
.academy-message { background: #fff8e1; border-left: 4px solid #E0A000; padding: 6px 10px; border-radius: 4px; }
.feedback-success { background: #e6f4ea; border-left: 5px solid #1e8e3e; padding: 8px 12px; border-radius: 6px; }
.feedback-wrong { background: #fdecea; border-left: 5px solid #c5221f; padding: 8px 12px; border-radius: 6px; }
.feedback-info { background: #eef4f8; border-left: 5px solid #0072B2; padding: 8px 12px; border-radius: 6px; }
ol.event-list { margin: 0; padding-left: 2.6em; max-height: 300px; overflow-y: auto; }
ol.event-list li { margin: 2px 0; }
.why { color: var(--academy-muted); font-size: 0.92em; }
details summary { cursor: pointer; color: var(--academy-muted); }
.odds-table { border-collapse: collapse; }
.odds-table td { padding: 2px 6px; vertical-align: middle; }
.die { display: inline-block; width: 30px; height: 30px; line-height: 30px; border-radius: 6px; text-align: center;
       font-weight: 700; font-size: 18px; margin: 2px; box-shadow: 0 1px 2px #0003; }
.die.attack { background: #D55E00; color: #fff; }
.die.defence { background: #0072B2; color: #fff; }
.card-chip { display: inline-block; border: 1px solid var(--academy-line); border-radius: 6px; padding: 1px 7px;
             margin: 2px; background: #fafbfc; }
.big-number { font-size: 28px; font-weight: 700; color: var(--academy-ink); vertical-align: -3px; }
h4 { font-size: 14px; }
"""
