"""Writes fronts_teacher.ipynb (kept as a script so the notebook's source stays reviewable)."""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell("# Fronts for teachers: strengths and odds, a planned move, a board\n\n"
                      "Run the cells in order. The first cell loads Panel's JavaScript from this machine "
                      "(`inline=True`), so the notebook works without internet access."),
    new_code_cell("import panel as pn\npn.extension(inline=True)"),
    new_markdown_cell("## 1. Strengths and the chance of winning\n\nA stack's strength counts its units with "
                      "the terrain, river, digging-in and supply factors; with several sides, each wins with its "
                      "strength squared over the sum of the squares."),
    new_code_cell("from academy.games.fronts.battle import stack_strength, win_probabilities, loss_fraction\n\n"
                  "attack = stack_strength({'infantry': 2, 'armor': 4}, role='attacker', terrain='mountain')\n"
                  "defence = stack_strength({'infantry': 3}, role='defender', terrain='forest', dug_in_turns=5)\n"
                  "print(f'attack {attack}, defence {defence}')\n"
                  "print('three sides 10/5/5:', [f'{p:.0%}' for p in win_probabilities([10, 5, 5])])\n"
                  "print(f'the loser of 10 v 5 loses {loss_fraction([10, 5], side=1, won=False):.0%} of its units')"),
    new_markdown_cell("## 2. A position and the odds of a planned move\n\nA position is one line (the map's "
                      "start fills in what it does not say). The preview is the battle as the mover sees it."),
    new_code_cell("from academy.games.fronts.game import FrontsGame\nfrom academy.games.fronts.odds import preview\n\n"
                  "game = FrontsGame()\n"
                  "state = game.state_from_board('turn 1; Red 10: 4 infantry 2 armor Millbrook; "
                  "Blue 10: 2 infantry Elmshade; neutral: 2 infantry Riverton')\n"
                  "p = preview(state, 'red', '3 infantry 2 armor Millbrook -> Riverton')\n"
                  "print(f'Red attacks {p.province}:', [f'{float(x):.0%}' for x in p.battle.win_probabilities()])\n"
                  "print(p.battle.explain())"),
    new_markdown_cell("## 3. The live board\n\nThe same board as in the app, with every player on this screen. "
                      "Click a stack, then a province, to write an order; orders can also be typed:"),
    new_code_cell("from academy.ui.fronts.session import LocalFronts\nfrom academy.ui.fronts.board import FrontsBoard\n\n"
                  "session = LocalFronts()\nsession.start_from(state, people=['red'])\n"
                  "session.type_order('3 infantry 2 armor Millbrook -> Riverton')\n"
                  "print(session.pending)\nFrontsBoard(session)"),
    new_markdown_cell("## 4. A mini-lesson\n\nEvery lesson of the app displays here too."),
    new_code_cell("from academy.ui.fronts.lessons import FrontsLessonsPage\nFrontsLessonsPage(lesson_id='odds')"),
    new_markdown_cell("## The coach's review of a game\n\nPlay a decision (or read any game's record), then `academy.review(record)` grades each decision of the players asked for: good, inaccuracy, mistake or blunder, with the better decision, the numbers of both, why, and the lesson that teaches the rule. A review shows as a table; `review_board(review, i)` is the board at mark `i`, with the decision made in dashed red and the better one in green, as in the app's review."),
    new_code_cell('import academy\nfrom academy.games.fronts.game import FrontsGame\nfrom academy.ui.notebook import review_board\n\ngame = FrontsGame().state_from_board("Red 10: 2 infantry 2 armor Millbrook; Blue 10: 2 infantry Westmere, "\n                                     "1 infantry Saltmarsh; neutral: none; owners: Westmere Blue", 0)\ngame.apply(game.game.parse_action("Red: 1 infantry Millbrook -> Westmere", game))   # 1 against 2 dug in\ngame.resolve()\nreview = academy.review(game.record, players=[0])\nreview'),
    new_code_cell("review_board(review, 0)"),
    new_markdown_cell("## Your own position\n\nWrite a position as one line, as lesson files and the app's position editor do (the editor's line can be copied here). `parse_position` reads it and says what is wrong with it; `format_position` writes it back as the Academy writes it; `board` opens the live board at that position in one call."),
    new_code_cell("from academy.games.fronts import format_position, parse_position\nfrom academy.ui.notebook import board\n\nline = 'map: duel; players: 2; mode: teams; turn 1; Red 10: 2 infantry Millbrook; Blue 10: 2 infantry Saltmarsh; neutral: none'\nprint(format_position(parse_position(line)))\nboard('fronts', line)"),
    new_markdown_cell('## Your own lessons folder\n\nLesson files you write (see `lessons/README.md`) can live in any folder. Check them here: each problem names the file and the line. The app shows them next to the built-in lessons when it is started with `academy serve --lessons FOLDER`.'),
    new_code_cell("from pathlib import Path\n\nfrom academy.lessons import load_lessons\n\nfolder = Path('my-lessons')          # your folder of lesson files\nlessons, problems = load_lessons('fronts', extra_dirs=[folder])\nprint(len(lessons), 'lessons;', problems or 'no problems')"),
]
nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                         "language": "python"}})
nbformat.write(nb, Path(__file__).with_name("fronts_teacher.ipynb"))
