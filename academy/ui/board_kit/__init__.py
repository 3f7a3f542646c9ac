"""The board kit: boards drawn by HoloViews from layers of data, patched in place (see board.py)."""
