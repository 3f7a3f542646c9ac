"""Writes tactics_teacher.ipynb (kept as a script so the notebook's source stays reviewable)."""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

POSITION = "river_crossing day 1 red | red 0: tank F8 | blue 0: infantry E8, infantry F7, infantry G8"
cells = [
    new_markdown_cell("# Tactics for teachers: the damage formula, a position, a board\n\n"
                      "Run the cells in order. The first cell loads Panel's JavaScript from this machine "
                      "(`inline=True`), so the notebook works without internet access."),
    new_code_cell("import panel as pn\npn.extension(inline=True)"),
    new_markdown_cell("## 1. Damage and its range\n\nDamage is counted in health points (a full unit has 100; "
                      "its displayed HP is the health divided by ten, rounded up). With luck on, each roll 0–9 "
                      "adds a little; the defender's terrain stars take some away."),
    new_code_cell("from academy.games.tactics.damage import damage, damage_by_luck, exchange\n\n"
                  "print('tank on tank, plains, luck 5:', damage('tank', 'tank', attacker_health=100, "
                  "defender_health=100, defender_terrain='plains', luck=5))\n"
                  "print('every luck roll, the defender in a forest:', damage_by_luck('tank', 'tank', "
                  "attacker_health=100, defender_health=100, defender_terrain='forest'))\n"
                  "e = exchange('tank', 'tank', attacker_health=100, defender_health=100, attacker_terrain='plains',\n"
                  "             defender_terrain='plains', distance=1, luck=5, counter_luck=3)\n"
                  "print(f'attack {e.damage}, defender left with {e.defender_health}; counter {e.counter}, "
                  "attacker left with {e.attacker_health}')"),
    new_markdown_cell("## 2. A position and the live board\n\nA position is one line: the map, the day and the "
                      "army to move, then each army's funds and units (type and tile). The same board as in "
                      "the app: tap a unit, then a tile; actions can also be typed."),
    new_code_cell("from academy.games.tactics.position import parse_position\n"
                  "from academy.ui.tactics.session import TacticsSession\n"
                  "from academy.ui.tactics.board import TacticsBoard\n\n"
                  f"state = parse_position({POSITION!r})\n"
                  "session = TacticsSession()\nsession.start_from(state, ['human', 'human'])\n"
                  "session.click('F8'); session.click('F8'); session.click('G8')     # the tank stays and aims at G8\n"
                  "p = session.preview\n"
                  "print(f\"tank F8 on infantry G8: damage {p['damage_range']}, expected {p['expected_damage']:.1f}; \"\n"
                  "      f\"counter {p['counter_range']}\")\n"
                  "TacticsBoard(session)"),
    new_markdown_cell("## 3. A mini-lesson\n\nEvery lesson of the app displays here too."),
    new_code_cell("from academy.ui.tactics.lessons import TacticsLessonsPage\nTacticsLessonsPage(lesson_id='terrain')"),
    new_markdown_cell("## The coach's review of a game\n\nPlay a decision (or read any game's record), then `academy.review(record)` grades each decision of the players asked for: good, inaccuracy, mistake or blunder, with the better decision, the numbers of both, why, and the lesson that teaches the rule. A review shows as a table; `review_board(review, i)` is the board at mark `i`, with the decision made in dashed red and the better one in green, as in the app's review."),
    new_code_cell('import academy\nfrom academy.core.record import Record\nfrom academy.games.tactics import parse_position\nfrom academy.ui.notebook import review_board\n\ngame = parse_position("river_crossing day 2 red | red 0: tank G3 acted, tank F4 | blue 0: artillery G5, infantry G4")\ngame.record = Record(game.game, 0, start=game.to_json())              # the record starts at this position\ngame.play(game.game.parse_action("tank F4 attack G4", game))        # the cheap target, next to a gun\nreview = academy.review(game.record, players=[0])\nreview'),
    new_code_cell("review_board(review, 0)"),
    new_markdown_cell("## Your own position\n\nWrite a position as one line, as lesson files and the app's position editor do (the editor's line can be copied here). `parse_position` reads it and says what is wrong with it; `format_position` writes it back as the Academy writes it; `board` opens the live board at that position in one call."),
    new_code_cell("from academy.games.tactics import format_position, parse_position\nfrom academy.ui.notebook import board\n\nline = 'river_crossing day 2 red | red 3000: tank E2, infantry G1 | blue 0: infantry E4, tank H9'\nprint(format_position(parse_position(line)))\nboard('tactics', line)"),
    new_markdown_cell('## Your own lessons folder\n\nLesson files you write (see `lessons/README.md`) can live in any folder. Check them here: each problem names the file and the line. The app shows them next to the built-in lessons when it is started with `academy serve --lessons FOLDER`.'),
    new_code_cell("from pathlib import Path\n\nfrom academy.lessons import load_lessons\n\nfolder = Path('my-lessons')          # your folder of lesson files\nlessons, problems = load_lessons('tactics', extra_dirs=[folder])\nprint(len(lessons), 'lessons;', problems or 'no problems')"),
]
nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                         "language": "python"}})
nbformat.write(nb, Path(__file__).with_name("tactics_teacher.ipynb"))
