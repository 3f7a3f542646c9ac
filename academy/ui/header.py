"""The links in the page's header (Home, Games, Write lessons, Classroom, Teachers, My progress).

On a wide screen they stand in one line beside the title. On a phone (``design.PHONE``: 760 px or
narrower) the line would wrap onto two or three and push every page down, so the links fold behind one
"Menu" button at the end of the title's line; a tap opens them as a list under the header, one link per
line. Every link (and the button) is at least 44 px tall, the size a finger can hit (WCAG 2.5.5).
"""
from __future__ import annotations

import param
from panel.custom import JSComponent

from academy.ui.design import PHONE

__all__ = ["HEADER_LINKS", "HeaderLinks", "header_addresses"]

#: (label, address, class of the link's box): the classes name each link for the tests and for styling
HEADER_LINKS = (("Home", "?", "home-link"),
                ("Games", "?page=games", "games-header-link"),
                ("Write lessons", "?page=teach", "teach-header-link"),
                ("Classroom", "?page=class", "class-header-link"),
                ("Teachers", "?page=teacher", "teacher-header-link"),
                ("My progress", "?page=progress", "progress-header-link"))


class HeaderLinks(JSComponent):
    """The header's links, folded behind a "Menu" button on a phone (see the module docstring)."""

    links = param.List(default=[list(link) for link in HEADER_LINKS], doc="[label, address, box class] per link")

    _esm = """
export function render({ model }) {
  const nav = document.createElement("nav");
  nav.setAttribute("aria-label", "Academy");
  const menu = document.createElement("button");
  menu.type = "button";
  menu.className = "menu";
  menu.textContent = "Menu";
  menu.setAttribute("aria-expanded", "false");
  menu.setAttribute("aria-controls", "academy-links");
  const list = document.createElement("ul");
  list.id = "academy-links";
  for (const [label, href, box] of model.links) {
    const item = document.createElement("li");
    item.className = box;
    const link = document.createElement("a");
    link.href = href;
    link.textContent = label;
    item.appendChild(link);
    list.appendChild(item);
  }
  const show = (open) => {
    list.classList.toggle("open", open);
    menu.setAttribute("aria-expanded", String(open));
    if (open) {     // the list hangs under the header, over the page
      const header = document.getElementById("header");
      list.style.top = (header ? header.getBoundingClientRect().bottom : nav.getBoundingClientRect().bottom) + "px";
    }
  };
  menu.addEventListener("click", (event) => { event.stopPropagation(); show(!list.classList.contains("open")); });
  list.addEventListener("click", (event) => event.stopPropagation());
  document.addEventListener("click", () => show(false));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && list.classList.contains("open")) { show(false); menu.focus(); }
  });
  nav.append(menu, list);
  return nav;
}
"""

    _stylesheets = ["""
:host { width: 100%; }
nav { display: flex; align-items: center; justify-content: flex-end; width: 100%; }
ul { display: flex; flex-wrap: wrap; align-items: center; margin: 0; padding: 0; list-style: none; width: 100%; }
a, .menu {
  display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; box-sizing: border-box;
  padding: 0 10px; color: white; font-weight: 600; font-size: 15px;
}
a:focus-visible, .menu:focus-visible { outline: 2px solid white; outline-offset: -2px; }
.menu { display: none; }
@media """ + PHONE + """ {
  .menu {
    display: inline-flex; justify-content: center; background: transparent; border: 1px solid white;
    border-radius: 4px; cursor: pointer; font-family: inherit;
  }
  ul {
    display: none; position: fixed; left: 0; right: 0; z-index: 1000; width: auto; flex-direction: column;
    align-items: stretch; background: #2f5d8a; box-shadow: 0 4px 10px rgba(0, 0, 0, 0.3); padding: 4px 0;
  }
  ul.open { display: flex; }
  a { width: 100%; padding: 0 20px; }
}
"""]


def header_addresses(template) -> dict[str, str]:
    """The header's links of a built page (``shell.build_page``): {label: address}."""
    return {label: href for part in template.header if isinstance(part, HeaderLinks) for label, href, _box in part.links}
