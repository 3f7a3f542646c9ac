"""The file input for a record or a saved game: it refuses a file over the size limit in the browser.

Panel 1.9.4's ``FileInput`` has no size limit: it reads any file and sends it over the websocket, and a
file larger than the websocket's message limit (20 MB by default) closes the connection, so the page
dies without a word. ``RecordFileInput`` checks the size first: a file over
``academy.core.visitor_json.MAX_FILE_BYTES`` (2 MB) is never sent; ``refused`` is set to a message
that names the file and the limit, and the page shows it. A file within the limit arrives as text in
``value`` (with ``filename``), as a FileInput's would, and is read by the one reader of visitors'
files (``read_visitor_json``), which checks the size again on the server.

The same widget is used on the replay page's import and on every game's Load button.
"""
from __future__ import annotations

from typing import Any

import param
from panel.custom import JSComponent

from academy.core.visitor_json import MAX_FILE_BYTES, size_text

__all__ = ["RecordFileInput", "refusal"]


def refusal(filename: str, size: int) -> str:
    """The message for a file over the limit: "big.json is 15.0 MB; a record file may be at most 2 MB."."""
    shown = f"{size:,} bytes" if size < 1.1 * MAX_FILE_BYTES else size_text(size)
    limit = size_text(MAX_FILE_BYTES) + (f" ({MAX_FILE_BYTES:,} bytes)" if size < 1.1 * MAX_FILE_BYTES else "")
    return f"{filename or 'The file'} is {shown}; a record file may be at most {limit}."


class RecordFileInput(JSComponent):
    """A one-file ``<input type=file>`` that sends files up to ``max_bytes`` and refuses larger ones.

    ``value`` (str) and ``filename`` are set together when a file within the limit is chosen;
    ``refused`` (a message, see ``refusal``) when a larger one is, and nothing is sent.
    """

    value = param.Parameter(default=None, doc="The chosen file's text (str; bytes when set from Python).")
    filename = param.String(default=None, allow_None=True)
    refused = param.String(default="", doc="Why the last file chosen was not sent ('' if it was).")
    max_bytes = param.Integer(default=MAX_FILE_BYTES, bounds=(1, None))
    accept = param.String(default=".json")
    refused_size = param.List(default=[], doc="[filename, size] of a refused file, set by the browser.")
    aria_label = param.String(default="Choose a saved record file (JSON)",
                              doc="What a screen reader says the file box is for (it has no text beside it).")

    _esm = """
    export function render({ model, el }) {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = model.accept;
      input.setAttribute("aria-label", model.aria_label);
      input.addEventListener("change", async () => {
        const file = input.files && input.files[0];
        if (!file) { return; }
        if (file.size > model.max_bytes) {
          input.value = "";
          model.refused_size = [file.name, file.size];
          return;
        }
        const text = await file.text();
        model.send_msg({filename: file.name, value: text});
      });
      el.appendChild(input);
    }
    """

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.param.watch(self._on_refused, "refused_size")

    def _handle_msg(self, msg: Any) -> None:
        """A file within the limit: its name and text (checked again on the server by the reader)."""
        if isinstance(msg, dict) and isinstance(msg.get("value"), str):
            self.param.update(refused="", filename=str(msg.get("filename") or "the file"), value=None)
            self.param.update(value=msg["value"])

    def _on_refused(self, event: Any) -> None:
        if event.new:
            name, size = (list(event.new) + ["", 0])[:2]
            self.refused = ""
            self.refused = refusal(str(name), int(size) if isinstance(size, int | float) else 0)
            self.refused_size = []
