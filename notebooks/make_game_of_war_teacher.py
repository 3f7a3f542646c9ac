"""Writes game_of_war_teacher.ipynb (kept as a script so the notebook's source stays reviewable)."""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

POSITION = ("North to move | board: empty | North arsenals: a8 | South arsenals: a10, a12 | "
            "North: N-I1 e8, N-I2 g8, N-I3 j8, N-I4 l8 | South: S-I1 e10, S-I2 j10, S-I3 j12")
cells = [
    new_markdown_cell("# The Game of War for teachers: a position, its lines, a combat and its totals, a board\n\n"
                      "Run the cells in order. The first cell loads Panel's JavaScript from this machine "
                      "(`inline=True`), so the notebook works without internet access."),
    new_code_cell("import panel as pn\npn.extension(inline=True)"),
    new_markdown_cell("## 1. Set up a position\n\nA position is one line: the side to move, then each side's "
                      "units as `ID SQUARE` (columns a–y west to east, rows 1–20 north to south). "
                      "`board: empty` leaves out the classic board's mountains so the lesson stays simple."),
    new_code_cell("from academy.games.game_of_war import parse_position, format_position, network, combat\n\n"
                  f"state = parse_position({POSITION!r})\nprint(format_position(state))"),
    new_markdown_cell("## 2. Lines of communication\n\nOnly units in communication with an arsenal may move "
                      "and count in combat."),
    new_code_cell("print('North in communication:', sorted(network(state.position, 'north')))\n"
                  "print('South in communication:', sorted(network(state.position, 'south')))"),
    new_markdown_cell("## 3. Attack and defence totals\n\nThe same two attacks, against two targets: the engine "
                      "says who counts and why the outcome differs."),
    new_code_cell("for target in ('S-I1', 'S-I2'):\n"
                  "    c = combat(state.position, 'north', target)\n"
                  "    print(f'North attacks {target}: attack {c.attack} v defence {c.defence}: {c.outcome}')\n"
                  "    print('   attackers', c.attackers, ' defenders', c.defenders)"),
    new_markdown_cell("## 4. The live board\n\nThe same board as in the app: click a unit, then a square or an "
                      "enemy. Moves can also be made from code:"),
    new_code_cell("from academy.ui.game_of_war.session import GameOfWarSession\n"
                  "from academy.ui.game_of_war.board import GameOfWarBoard\n\n"
                  "session = GameOfWarSession(synchronous=True)\n"
                  "session.start_from(state, seats=['human', 'human'])\n"
                  "session.act('N-I1 attacks S-I1')\n"
                  "print(session.log[-2]['text'] if len(session.log) > 1 else session.log[-1]['text'])\n"
                  "GameOfWarBoard(session)"),
    new_markdown_cell("## 5. A mini-lesson\n\nEvery lesson of the app displays here too."),
    new_code_cell("from academy.ui.game_of_war.lessons import GameOfWarLessonsPage\n"
                  "GameOfWarLessonsPage(lesson_id='combat-totals')"),
    new_markdown_cell("## The coach's review of a game\n\nPlay a decision (or read any game's record), then `academy.review(record)` grades each decision of the players asked for: good, inaccuracy, mistake or blunder, with the better decision, the numbers of both, why, and the lesson that teaches the rule. A review shows as a table; `review_board(review, i)` is the board at mark `i`, with the decision made in dashed red and the better one in green, as in the app's review."),
    new_code_cell('import academy\nfrom academy.games.game_of_war import parse_position\nfrom academy.ui.notebook import review_board\n\ngame = parse_position("North to move | board: empty | North arsenals: a8 | South arsenals: a10, a12 | "\n                      "North: N-I1 e8, N-I2 g8, N-I3 j8, N-I4 l8 | South: S-I1 e10, S-I2 j10, S-I3 j12")\ngame.play(game.game.parse_action("N-I3 attacks S-I2", game))        # 8 against 12: repelled\nreview = academy.review(game.record, players=[0])\nreview'),
    new_code_cell("review_board(review, 0)"),
    new_markdown_cell("## Your own position\n\nWrite a position as one line, as lesson files and the app's position editor do (the editor's line can be copied here). `parse_position` reads it and says what is wrong with it; `format_position` writes it back as the Academy writes it; `board` opens the live board at that position in one call."),
    new_code_cell("from academy.games.game_of_war import format_position, parse_position\nfrom academy.ui.notebook import board\n\nline = 'North to move | board: empty | North arsenals: e1 | South arsenals: t20 | North: N-I1 e5, N-C1 f6 | South: S-I1 e7'\nprint(format_position(parse_position(line)))\nboard('game_of_war', line)"),
    new_markdown_cell('## Your own lessons folder\n\nLesson files you write (see `lessons/README.md`) can live in any folder. Check them here: each problem names the file and the line. The app shows them next to the built-in lessons when it is started with `academy serve --lessons FOLDER`.'),
    new_code_cell("from pathlib import Path\n\nfrom academy.lessons import load_lessons\n\nfolder = Path('my-lessons')          # your folder of lesson files\nlessons, problems = load_lessons('game_of_war', extra_dirs=[folder])\nprint(len(lessons), 'lessons;', problems or 'no problems')"),
]
nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                         "language": "python"}})
nbformat.write(nb, Path(__file__).with_name("game_of_war_teacher.ipynb"))
