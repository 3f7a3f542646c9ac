"""The Tactics Play page: the session model (session.py), what each person has seen (sight.py), the
facts the side panel states (facts.py), the board (board.py), the action controls (controls.py), the
side panels' HTML (panels.py) and the page itself (play.py)."""
