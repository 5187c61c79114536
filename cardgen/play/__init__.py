"""``cardgen play``: playtest a deck or variant in the browser against the agents.

``session`` holds one game (the seat, the agents, undo by replay, the log line),
``view`` turns what the seat may see (``State.observation``) into the page's table,
``server`` serves the page and its JSON on 127.0.0.1 behind a random token, and
``static/`` is the page itself (plain HTML, CSS and JavaScript, no build step).
"""
