"""The Academy as a Panel app: `panel serve app.py` (or `academy serve`)."""
from academy.ui.shell import build_page, current_query, setup_extensions

setup_extensions()
build_page(current_query()).servable()
