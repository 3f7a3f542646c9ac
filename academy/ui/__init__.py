"""The Academy's Panel UI: session models, boards, odds panels and pages.

Importing this package loads no Panel extension (the app or the notebook's first cell does that).
"""
