"""The Tactics Play page: the session model (session.py), what each person has seen (sight.py), the
facts the side panel states (facts.py), the board (board.py), the action controls (controls.py), the
side panels' HTML (panels.py) and the page itself (play.py); shared games: the Games page's card
(games_form.py) and a seat's page on the live game (shared.py); replays step by step (replay.py)."""
