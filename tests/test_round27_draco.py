"""Round 27 (English reader, five Draco books): the sentences it found open or loose, held to what the engine does.

Each test pairs the book's words in the three languages with the rule's code (``rules.play``, ``table.settle``,
``rules.end_turn``) on a hand-set table, so that the words and the engine cannot drift apart.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from nonempty import nonempty

from cardgen.games.draco.engine import PLAY, SARAH, DracoGame
from cardgen.games.draco.table import G_BANK, Box, settle
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "fr", "it")


class Dice:
    """The die as the test dictates (faces in order)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randrange(self, n: int) -> int:
        return self.faces.pop(0) - 1


class Bank:
    """What ``table.settle`` asks: the bank running short is ruled ``pay_what_remains`` (place 0)."""

    def rule_gap(self, kind: int, a: int, b: int, c: int) -> int:
        return 0 if kind == G_BANK else -1

    def track(self, name: str, value: int) -> None:
        pass


@pytest.fixture(scope="module")
def deck():
    return resolve("draco", ROOT)


def norm(text: str) -> str:
    """Spaces collapsed (narrow and no-break spaces too)."""
    return " ".join(text.split())


def at_table(deck, seats: list[str], cup: int = -1) -> object:
    """A 4-player game at the start of seat 0's turn, each player with 3 silver, the cup as given."""
    game = DracoGame(deck, 4)
    st = game.new_initial_state(7)
    st.order = [game.code_of[s] for s in seats]
    st.money = [3, 3, 3, 3]
    st.bank = 20 + 25 * 3 - 12
    st.cur = st.first = 0
    st.cup = cup
    st.phase = PLAY
    st._legal = None
    return st


def play(st, kid: str, *choices: str) -> None:
    """The current player plays a card of kind ``kid`` taken from the draw pile."""
    k = st.g.kind_of[kid]
    card = next(c for c in st.pile if st.g.card_kind[c] == k)
    st.pile.remove(card)
    st.hands[st.cur].append(card)
    st._legal = None
    st.apply(("play", kid, *choices))


@pytest.mark.parametrize("lang", LANGS)
def test_a_shower_of_coins_roll_on_brother_john_s_seat_pays_nobody(deck, lang: str) -> None:
    """Round 27 (en5): "A special character gets nothing" left open whether Brother John hands the coin on to the
    next seat, as he does at a toast. ``rules.play`` pays only a player's character: the roll pays nobody."""
    seats = ["ruffian-red#1", "brother-john#1", "ruffian-yellow#1", "ruffian-green#1", "ruffian-blue#1",
             "ruffian-red#2", "zork#1", "aunt-sarah#1", "ruffian-yellow#2", "ruffian-green#2", "ruffian-blue#2"]
    st = at_table(deck, seats)
    st.rng = Dice(2, 2)  # both rolls name seat 2, Brother John's; yellow sits just after him
    play(st, "shower-of-coins")
    assert st.money == [3, 3, 3, 3]
    said = {"en": "If a special character sits there, that roll pays nobody.",
            "fr": "Si c’est un personnage spécial, ce lancer ne rapporte rien à personne.",
            "it": "Se lì siede un personaggio speciale, quel lancio non dà nulla a nessuno."}[lang]
    assert said in norm(render_markup(deck, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_who_cannot_give_change_takes_no_gold_coin(lang: str) -> None:
    """Round 27 (en4): "loses the part that would need it" left open whether that player still takes the gold coin
    (3 for a debt of 2). ``table.settle`` takes back what the box's coins cannot hold: the purse gains only the
    silver the bank had, never the gold coin; a player who can give change takes it."""
    box = Box(3, 25, 3)  # 25 gold, 3 silver coins; yellow holds 2 of them, so the bank has 1
    money, d = [3, 2], [2, 0]  # red (one gold coin, no silver) is owed 2 at a toast
    settle(Bank(), d, [0], 1, True, money, 0, box)
    assert money == [4, 2]  # the bank's one silver coin, no gold coin, the other silver lost
    money, d = [5, 0], [2, 0]  # red holds a gold and 2 silver coins: he gives 1 in change for a gold coin
    settle(Bank(), d, [0], 1, True, money, 0, Box(3, 25, 2))
    assert money == [7, 0]
    said = {"en": "a player who cannot give change does not take that gold coin and loses the rest.",
            "fr": "sinon, il ne prend pas cette pièce d’or et perd ce reste.",
            "it": "se il giocatore non può, non prende quella moneta d’oro e quella parte non gli viene pagata."}[lang]
    assert said in norm(render_markup(resolve("draco", ROOT), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_toast_nobody_toasts_for_a_round_not_even_the_proposer(deck, lang: str) -> None:
    """Round 27 (en2): "nobody else may propose a toast for a whole round" let the proposer toast on his next
    turn. ``rules.end_turn`` leaves the cup with him until the end of that turn: no toast step for anyone, him
    included; the book says so, and says a card can still move the cup (en3: "unless a card moves it")."""
    seats = ["ruffian-red#1", "ruffian-yellow#1", "ruffian-green#1", "ruffian-blue#1", "ruffian-red#2", "zork#1",
             "brother-john#1", "ruffian-yellow#2", "ruffian-green#2", "aunt-sarah#1", "ruffian-blue#2"]
    st = at_table(deck, seats)
    play(st, "bow-and-scrape", "ruffian-red#2")
    st.apply(("toast",))
    while st.phase == SARAH:
        st.apply(("decline",))
    toasts = st.toasts
    for p in (1, 2, 3, 0):
        assert st.cur == p and st.cup == 0
        play(st, "bow-and-scrape", st.g.char_ids[2 * p + 1])
        assert ("toast",) not in st.legal_actions() and st.cur == (p + 1) % 4  # the turn ended: no toast step
    assert st.toasts == toasts and st.cup == -1
    text = norm(render_markup(deck, lang))
    nobody = {"en": "so nobody, the proposer included, may propose a toast for a whole round",
              "fr": "personne, pas même lui, ne peut donc en porter un autre pendant un tour de table complet",
              "it": "per un intero giro, quindi, nessuno può proporne un altro, nemmeno lui"}[lang]
    assert nobody in text
    moved = {"en": "until the end of their next turn, unless a card moves it;",
             "fr": "jusqu’à la fin de son tour suivant, sauf si une carte la déplace ;",
             "it": "fino alla fine del suo turno successivo, salvo che una carta la sposti;"}[lang]
    assert moved in text


def page_texts(pdf: bytes) -> list[str]:
    """Each page's words, spaces collapsed and words split at a line's end joined again."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        texts = [doc[n].get_textpage().get_text_range() for n in range(len(doc))]
    finally:
        doc.close()
    return [norm(t.replace("\u00ad", "").replace("-\r\n", "").replace("\ufffe", "")) for t in texts]


#: The last words of "Running out of cards", by language (the rebuilds' last sentence, for one rebuild or more).
GONE = {"en": "it is gone for good", "fr": "c’est pour de bon", "it": "il mazzo è finito per sempre"}


#: The books whose "Running out of cards" the round 27 reader found split (the README tier); the slow tier all.
SPLIT = [("draco-long", "en"), ("draco-short", "en")]
ALL = [pytest.param(deck_id, lang, marks=pytest.mark.slow) for deck_id in
       ["draco", "draco-charity-toast", "draco-long", "draco-no-zork", "draco-short"]
       for lang in LANGS if (deck_id, lang) not in SPLIT]


@pytest.mark.parametrize(("deck_id", "lang"), SPLIT + ALL)
def test_running_out_of_cards_is_not_split_across_a_page_turn(deck_id: str, lang: str) -> None:
    """Round 27 (en, Long Game p.4-5, Short p.4-5): the section ended page 4 and its last sentence, "When the draw
    pile runs out after being rebuilt twice, it is gone for good", opened page 5 alone. Its heading and its last
    sentence stand on one page in every Draco book, on A4 and Letter."""
    from cardgen.rulebook.book import render_rulebooks
    from cardgen.rulebook.catalog import translations

    heading = translations(lang, "draco").gettext("Running out of cards")
    pdfs = render_rulebooks(resolve(deck_id, ROOT), lang, ["a4", "letter"])
    for paper, pdf in nonempty(zip(["a4", "letter"], pdfs)):
        pages = page_texts(pdf)
        starts = [n for n, text in enumerate(pages) if heading in text and GONE[lang] in text.split(heading, 1)[1]]
        assert starts, f"{deck_id}/{lang}/{paper}: {heading!r} and its last sentence are not on one page"
