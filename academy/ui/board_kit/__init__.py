"""The board kit: boards drawn by HoloViews from layers of data, patched in place (see board.py), and the
geometry they draw (regions.py: province regions, label_layout.py: label places)."""
