"""The playtest page read in play round 30 (#53, three native readers: docs/reads/play-round-30-{en,fr,it}.md): what
the page said untrue (Royale's first End of the Banquet draw, Draco's turn count, the rebuilt and emptied draw pile,
the new game's "dealt again"), and the faults all three readers found (the toast line's dots, the hint's
explanation, the player labels inside sentences, the cards' own text)."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from cardgen.play.session import Session
from tests.test_play_said import deck_of

LANGS = ("en", "fr", "it")


def _played_out(game: str, lang: str, seed: int = 7, names: bool = False) -> Session:
    """A three-seat game (two people and the computer, or three people) played to its end by seeded random moves."""
    session = Session(deck_of(game), players=3, seed=seed, people=[0, 1, 2], lang=lang, pace=0)
    session.joined = {0, 1, 2}
    if names:
        for seat, name in enumerate(("Ann", "Bo", "Cy")):
            session.claim(seat, name)
    rng = random.Random(seed)
    while not session.state.is_terminal() and len(session.journal) < 3000:
        session.play(list(rng.choice(session.state.legal_actions())), session.state.current_player)
    return session


# -- 1. false statements -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "packets", "middle"), [
    ("en", "split into {n} packets", "the card is shuffled into the middle one"),
    ("fr", "répartis en {n} paquets", "la carte est glissée dans celui du milieu"),
    ("it", "divisi in {n} mazzetti", "la carta va nel mazzetto centrale")])
def test_royales_first_end_card_draw_says_the_middle_packet(lang: str, packets: str, middle: str) -> None:
    """Playtest round 30 en9*, fr15*, it14*: "it is shuffled with the discard pile and the rest of the draw pile into
    a new draw pile" taught the wrong rule; the book and the engine (``rules.repack``) split the cards into
    ``packets`` packets and put the card in packet ``end_packet_reshuffle`` (3 and the middle one in the base game).
    The line is built from the game's numbers: another packet count or place reads otherwise."""
    from cardgen.games.royale.text import rebuilt_text

    session = _played_out("royale", lang)
    rules = session.deck.model.rules
    assert session.state.end_reason == "banquet_over" and rules.packets == 3 and rules.end_packet_reshuffle == 2
    lines = [line for e in session.journal for line in e.text.split("\n") if packets.format(n=3) in line]
    assert len(lines) == 1 and middle in lines[0], lines
    other = SimpleNamespace(model=SimpleNamespace(rules=rules.model_copy(update={"packets": 4,
                                                                                 "end_packet_reshuffle": 1})))
    said = rebuilt_text(other, lang)
    assert packets.format(n=4) in said and middle not in said
