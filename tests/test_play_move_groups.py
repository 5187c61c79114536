"""Every move of ``cardgen play`` carries the group its game lists it under in a long list, and its words there.

The page once found a move's group by cutting its text at " → " or at the colon, so the games wrote "Serve Drink 5:
to the Duchess…", "Play Shakedown: against Player 2", a colon no language puts there, on most clicks (#53 round 27,
en9, en19, fr10, it9, it23). Now each game says the group (``GameSpec.move_group``) and the buttons read as
sentences: "Serve Drink 5 to the Duchess", "Play Shakedown against Player 2"; King Lui's Emerald choices sit under
"Use Emerald" without repeating "from the king's place" twelve times (fr14, it5).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from cardgen.play.session import Session
from cardgen.play.view import table_view
from tests.test_play_session import deck_of

LANGS = ("en", "fr", "it")
#: the colon of each language (``view.json``'s ``colon``): what a serve or a challenge never has after its card
COLON = {"en": ": ", "fr": "\u202f: ", "it": ": "}


def _seen_moves(game: str, lang: str, seed: int = 7, steps: int = 80) -> list[list[dict[str, Any]]]:
    """The moves seat 0's page offers on each of its turns of a seeded game (agents in the other seats)."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0], lang=lang)
    seen = []
    for _ in range(steps):
        if session.state.is_terminal():
            break
        if session.state.current_player != 0:
            session.agent_move()
            continue
        moves = table_view(session, 0)["moves"]
        seen.append(moves)
        session.play(moves[-1]["action"], 0, turn=len(session.actions))
    return seen


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["royale", "king_lui", "draco"])
def test_every_move_says_its_group_and_a_serve_or_a_challenge_reads_as_one_sentence(game: str, lang: str) -> None:
    grouped = 0
    for moves in _seen_moves(game, lang):
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for m in moves:
            assert m["group"] and m["part"], m  # never left to the page to find by cutting the text
            groups[m["group"]].append(m)
            if m["group"] == m["text"]:
                continue  # a move its game lists alone, under its whole name
            assert m["text"].startswith(m["group"]) and m["part"] != m["text"], m
            kind, target = m["action"][0], m["action"][-1]
            if kind == "place" or (game == "draco" and kind == "play" and isinstance(target, int)):
                # the card, then the noble or the player it goes to: one sentence, no colon between them
                assert m["text"] == m["group"] + " " + m["part"], m
                assert not m["text"].startswith(m["group"] + COLON[lang]), m
            if kind == "emerald":  # under a heading that shows the king's place, a choice says only the portions
                assert m["part"][:1].isupper() and m["part"] not in m["group"] and m["part"].split()[-1] in m["text"]
        for head, members in groups.items():
            # one group, one kind of move (one card played or served, or one Emerald)
            assert len({m["action"][0] for m in members}) == 1, head
            if game != "king_lui":
                assert len({str(m["action"][1:2]) for m in members}) == 1, head
            grouped += len(members) > 1
    assert grouped, f"{game}: no long list ever grouped a card's choices"


@pytest.mark.parametrize(("lang", "head", "part"), [
    ("en", "Use Emerald", "Remove 2 portions of Ham"),
    ("fr", "Se servir d’Emerald", "Retirer 2 portions de Jambon"),
    ("it", "Usa Emerald", "Togli 2 porzioni di Prosciutto"),
])
def test_king_luis_emerald_choices_drop_the_kings_place_their_heading_shows(lang: str, head: str, part: str) -> None:
    from cardgen.games.king_lui.text import describe_move, move_group

    deck = deck_of("king_lui")
    table = {"table": {}, "king": {"ham": 2}}
    assert move_group(deck, ("emerald", "ham", "ham"), lang, table) == (head, part)
    whole = describe_move(deck, ("emerald", "ham", "ham"), lang, table)
    # the whole move says where the portions come from too: "from the king's place" after them, Italian's «al re»
    # (the published text's "togliere 2 porzioni al re") before them
    said = part[1:].replace("ogli ", "ogli al re ") if lang == "it" else part[1:]
    assert whole.startswith(head) and said in whole and len(whole) > len(part) + len(head) + 5
    assert move_group(deck, ("draw",), lang, table) is None  # a draw stands alone
