"""Writes diplomacy_teacher.ipynb (kept as a script so the notebook's source stays reviewable)."""
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

cells = [
    new_markdown_cell("# Diplomacy for teachers: a position, an adjudication and its reasons, a board\n\n"
                      "Run the cells in order. The first cell loads Panel's JavaScript from this machine "
                      "(`inline=True`), so the notebook works without internet access."),
    new_code_cell("import panel as pn\npn.extension(inline=True)"),
    new_markdown_cell("## 1. Set up a position\n\nA position names the phase and each power's units, written as "
                      "in the orders (`A` army, `F` fleet, then the province's abbreviation)."),
    new_code_cell('from academy.games.diplomacy import Position, adjudicate\n\n'
                  'position = Position.from_dict({"phase": "S1901M", "units": {\n'
                  '    "GERMANY": ["A MUN", "A BER"], "AUSTRIA": ["A TYR", "A BOH"], "RUSSIA": ["A PRU"]}})\n'
                  'position'),
    new_markdown_cell("## 2. Adjudicate and explain\n\nAustria attacks Munich with a supported army; Germany "
                      "holds with support from Berlin. Each order gets its result and the reason."),
    new_code_cell('def show(orders):\n'
                  '    result = adjudicate(position, orders)\n'
                  '    for unit, outcome in result.results.items():\n'
                  '        print(f"{unit}: {outcome}. {result.reasons[unit]}")\n'
                  '    return result\n\n'
                  'held = show({"GERMANY": ["A MUN H", "A BER S A MUN"],\n'
                  '             "AUSTRIA": ["A TYR - MUN", "A BOH S A TYR - MUN"], "RUSSIA": ["A PRU H"]})'),
    new_markdown_cell("Now Russia attacks Berlin. The attack fails, but it cuts Berlin's support, and Munich "
                      "falls. The strengths show what the adjudicator counted."),
    new_code_cell('cut = show({"GERMANY": ["A MUN H", "A BER S A MUN"],\n'
                  '            "AUSTRIA": ["A TYR - MUN", "A BOH S A TYR - MUN"], "RUSSIA": ["A PRU - BER"]})\n'
                  'print("Strengths of A TYR:", cut.strengths["A TYR"])'),
    new_markdown_cell("## 3. The live board\n\nThe same board as in the app. Click a unit, then a province, to "
                      "write its order; the orders panel lists them."),
    new_code_cell("from academy.ui.diplomacy.session import LocalDiplomacy\n"
                  "from academy.ui.diplomacy.board import DiplomacyBoard\n\n"
                  "session = LocalDiplomacy()\nsession.new_game(people=['FRANCE'], seed=1)\n"
                  "DiplomacyBoard(session, height=520)"),
    new_markdown_cell("Orders can also be written from code, which is handy when preparing a class:"),
    new_code_cell("session.type_order('A PAR - BUR')\nprint(session.orders_list())"),
    new_markdown_cell("## 4. A mini-lesson\n\nEvery lesson of the app displays here too."),
    new_code_cell("from academy.ui.diplomacy.lessons import DiplomacyLessonsPage\n"
                  "DiplomacyLessonsPage(lesson_id='support')"),
    new_markdown_cell("## The coach's review of a game\n\nPlay a decision (or read any game's record), then `academy.review(record)` grades each decision of the players asked for: good, inaccuracy, mistake or blunder, with the better decision, the numbers of both, why, and the lesson that teaches the rule. A review shows as a table; `review_board(review, i)` is the board at mark `i`, with the decision made in dashed red and the better one in green, as in the app's review."),
    new_code_cell('import academy\nfrom academy.games.diplomacy.game import DiplomacyGame\nfrom academy.ui.notebook import review_board\n\ngame = DiplomacyGame().state_from_position({"phase": "S1901M", "units": {"FRANCE": ["A PIC", "A BUR"],\n                                            "GERMANY": ["A RUH"]}, "supply_centers": {"FRANCE": ["PAR", "BRE", "MAR"],\n                                            "GERMANY": ["MUN", "BER", "KIE"]}}, seed=1)\ngame.submit("FRANCE", ["A PIC - BEL", "A BUR H"])                     # no support for the move to Belgium\ngame.submit("GERMANY", ["A RUH - BEL"])\ngame.resolve()\nreview = academy.review(game.record, players=[2])                     # France\nreview'),
    new_code_cell("review_board(review, 0)"),
    new_markdown_cell("## Your own position\n\nWrite a position as one line (in Diplomacy: the position, the learner's power and the other powers' fixed orders), as lesson files and the app's position editor do (the editor's line can be copied here). `parse_position` reads it and says what is wrong with it; `format_position` writes it back as the Academy writes it; `board` opens the live board at that position in one call."),
    new_code_cell("from academy.games.diplomacy import format_position, parse_position\nfrom academy.ui.notebook import board\n\nline = 'France to order, S1901M | France: A PAR, F BRE | Germany: A MUN | Germany orders: A MUN - BUR'\nprint(format_position(*parse_position(line)))\nboard('diplomacy', line)"),
    new_markdown_cell('## Your own lessons folder\n\nLesson files you write (see `lessons/README.md`) can live in any folder. Check them here: each problem names the file and the line. The app shows them next to the built-in lessons when it is started with `academy serve --lessons FOLDER`.'),
    new_code_cell("from pathlib import Path\n\nfrom academy.lessons import load_lessons\n\nfolder = Path('my-lessons')          # your folder of lesson files\nlessons, problems = load_lessons('diplomacy', extra_dirs=[folder])\nprint(len(lessons), 'lessons;', problems or 'no problems')"),
]
nb = new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                         "language": "python"}})
nbformat.write(nb, Path(__file__).with_name("diplomacy_teacher.ipynb"))
