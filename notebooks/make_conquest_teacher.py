"""Writes conquest_teacher.ipynb (kept as a script so the notebook's source stays reviewable)."""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell("# Conquest for teachers: a position, its odds, a board\n\n"
                      "Run the cells in order. The first cell loads Panel's JavaScript from this machine "
                      "(`inline=True`), so the notebook works without internet access."),
    new_code_cell("import panel as pn\npn.extension(inline=True)"),
    new_markdown_cell("## 1. Set up a position\n\nA position is one line in Conquest notation: who moves, the "
                      "phase, then each player's territories with their armies (`rest:` fills the others)."),
    new_code_cell('from academy.games.conquest import parse_position, format_position\n\n'
                  'position = parse_position("Red to move, attack | Red: Ukraine 8, Scandinavia 3 "\n'
                  '                          "| Blue: Ural 3, Afghanistan 2, Middle East 1 | rest: Blue 1")\n'
                  'print(format_position(position)[:120], "...")'),
    new_markdown_cell("## 2. The odds of an attack\n\nExact, not simulated: Ukraine's 8 armies attack Ural's 3, "
                      "always with the most dice, until Ural falls or one army is left."),
    new_code_cell("from academy.games.conquest.odds import battle_odds, one_roll, chain_probability\n\n"
                  "o = battle_odds(8, 3)\n"
                  "print(f'Ukraine takes Ural: {o.win:.1%}; expected losses {o.expected_attacker_losses:.2f} "
                  "(attacker) v {o.expected_defender_losses:.2f} (defender)')\n"
                  "for (att, dfn), p in sorted(one_roll(3, 2).items()):\n"
                  "    print(f'one roll, 3 dice v 2: attacker loses {att}, defender loses {dfn}: {p} = {float(p):.1%}')\n"
                  "print(f'Ural, then Afghanistan: {chain_probability(8, [3, 2]):.1%}')"),
    new_markdown_cell("## 3. The live board\n\nThe same board as in the app: click Ukraine, then Ural to see "
                      "the odds panel, then Ural again (or the Attack button) to roll."),
    new_code_cell("from academy.ui.conquest.session import ConquestSession\nfrom academy.ui.conquest import ConquestBoard\n\n"
                  "session = ConquestSession()\nsession.start_from(position, seats=['human', 'human'])\n"
                  "board = ConquestBoard(session)\nboard"),
    new_markdown_cell("Clicks can also be made from code, which is handy when preparing a class:"),
    new_code_cell("session.click('ukraine'); session.click('ural')\nprint(session.message)      # Ural targeted: the odds\n"
                  "session.click('ural')\nprint(session.log[-1])      # the roll"),
    new_markdown_cell("## 4. A mini-lesson\n\nEvery lesson of the app displays here too."),
    new_code_cell("from academy.ui.conquest import LessonsPage\nLessonsPage(lesson_id='attacking')"),
    new_markdown_cell("## The coach's review of a game\n\nPlay a decision (or read any game's record), then `academy.review(record)` grades each decision of the players asked for: good, inaccuracy, mistake or blunder, with the better decision, the numbers of both, why, and the lesson that teaches the rule. A review shows as a table; `review_board(review, i)` is the board at mark `i`, with the decision made in dashed red and the better one in green, as in the app's review."),
    new_code_cell('import academy\nfrom academy.games.conquest import parse_position\nfrom academy.ui.notebook import review_board\n\ngame = parse_position("Red to move, attack | Red: Ukraine 2, Siberia 10 | Blue: Ural 10, Mongolia 1 | rest: Blue 5")\ngame.play(game.game.parse_action("attack Ukraine -> Ural 1", game))     # 2 armies against 10, with 1 die\nreview = academy.review(game.record, players=[0])\nreview'),
    new_code_cell("review_board(review, 0)"),
    new_markdown_cell("## Your own position\n\nWrite a position as one line, as lesson files and the app's position editor do (the editor's line can be copied here). `parse_position` reads it and says what is wrong with it; `format_position` writes it back as the Academy writes it; `board` opens the live board at that position in one call."),
    new_code_cell("from academy.games.conquest import format_position, parse_position\nfrom academy.ui.notebook import board\n\nline = 'Red to move, attack | Red: Ukraine 8, Alaska 2 | Blue: Ural 3 | rest: Blue 1'\nprint(format_position(parse_position(line)))\nboard('conquest', line)"),
    new_markdown_cell('## Your own lessons folder\n\nLesson files you write (see `lessons/README.md`) can live in any folder. Check them here: each problem names the file and the line. The app shows them next to the built-in lessons when it is started with `academy serve --lessons FOLDER`.'),
    new_code_cell("from pathlib import Path\n\nfrom academy.lessons import load_lessons\n\nfolder = Path('my-lessons')          # your folder of lesson files\nlessons, problems = load_lessons('conquest', extra_dirs=[folder])\nprint(len(lessons), 'lessons;', problems or 'no problems')"),
]
nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                         "language": "python"}})
nbformat.write(nb, Path(__file__).with_name("conquest_teacher.ipynb"))
