"""The Diplomacy board and play pages (Panel); the click and order logic is in ``session``."""
