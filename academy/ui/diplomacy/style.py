"""Colours and CSS of the Diplomacy pages: one colour per power (the board's traditional hues, made
distinct from each other), and the side panel's look."""
from __future__ import annotations

POWER_COLOURS = {"AUSTRIA": "#C62828", "ENGLAND": "#283E8F", "FRANCE": "#3C9FE0", "GERMANY": "#4A4A4A",
                 "ITALY": "#2E8B3A", "RUSSIA": "#8A55B8", "TURKEY": "#E0A800"}
POWER_TEXT = {"AUSTRIA": "#ffffff", "ENGLAND": "#ffffff", "FRANCE": "#ffffff", "GERMANY": "#ffffff",
              "ITALY": "#ffffff", "RUSSIA": "#ffffff", "TURKEY": "#1f1f1f"}
NEUTRAL = "#ffffff"
LAND, COAST, SEA = "#ECE3CF", "#E6DCC3", "#D3E6F3"
SEA_TEXT, LAND_TEXT = "#2f6690", "#5b4a2f"
BACKGROUND = "#F4F8FB"
#: the provinces' regions: inland darker than coastal land, sea blue (water outside every region: BACKGROUND)
REGION_FILL = {"land": "#E2D5B0", "coast": "#F2EBD7", "sea": "#CFE3F2"}
REGION_LINE = "#ffffff"
#: how much of its owner's colour a supply centre's region takes
OWNER_TINT = 0.3
SELECTED, TARGET, FAILED = "#111111", "#E08A00", "#D00000"
#: the ring of a province the selected army reaches only by convoy (carried by a fleet)
CONVOY_TARGET = "#1565C0"


def power_colour(power: str | None) -> str:
    return POWER_COLOURS.get(power or "", NEUTRAL)


def tint(base: str, colour: str, share: float) -> str:
    """``base`` with ``share`` (0..1) of ``colour`` mixed in, as #rrggbb.

    >>> tint("#ffffff", "#000000", 0.5)
    '#808080'
    """
    a, b = (tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (base, colour))
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def swatch(power: str | None, size: int = 12) -> str:
    """A small coloured square (HTML) for a power, hidden from screen readers."""
    return (f'<span aria-hidden="true" style="display:inline-block;width:{size}px;height:{size}px;border-radius:3px;'
            f'background:{power_colour(power)};border:1px solid #0005;vertical-align:-1px;margin-right:5px"></span>')


CSS = """
:host { --ink: #1f2933; --muted: #52606d; --line: #d9e2ec; color: var(--ink); font-size: 14px; line-height: 1.45; }
.dip-banner { font-size: 22px; font-weight: 700; }
.dip-banner .phase { font-weight: 400; color: var(--muted); }
.academy-muted { color: var(--muted); font-size: 0.93em; }
.academy-message { background: #fff8e1; border-left: 4px solid #E0A000; padding: 6px 10px; border-radius: 4px; }
.preview-box { background: #f1f6fb; border: 1px dashed #7fa7c9; border-radius: 8px; padding: 6px 10px; }
.preview-box h4, .results h4 { margin: 2px 0 6px 0; font-size: 14px; }
table.orders { border-collapse: collapse; width: 100%; }
table.orders td { padding: 2px 4px; vertical-align: top; border-bottom: 1px solid #eef1f4; }
.ok { color: #1e7a34; font-weight: 600; } .bad { color: #c5221f; font-weight: 600; }
.why { color: var(--muted); font-size: 0.9em; }
.waiting { background: #eef5fb; border-radius: 6px; padding: 4px 8px; }
details summary { cursor: pointer; }
.results { max-height: 460px; overflow-y: auto; }
"""
