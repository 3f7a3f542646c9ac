"""The board kit: graph and grid boards on HoloViews, and the geometry they draw (regions, label places)."""
