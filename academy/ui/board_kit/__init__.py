"""The board kit: boards drawn by HoloViews from layers of data and patched in place (board.py, layer.py),
with what graph boards (graph.py, regions.py, label_layout.py) and grid boards (grid.py) share, and arrows."""
