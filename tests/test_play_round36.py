"""The playtest page's thirty-sixth round of fixes (docs/reads/play-round-36-fixes.md). One test per fault or group of
faults, on our own words and behaviour."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROYALE = json.loads((ROOT / "cardgen/games/royale/text.json").read_text(encoding="utf-8"))
ROYALE_PAGE = json.loads((ROOT / "cardgen/games/royale/playview.json").read_text(encoding="utf-8"))["words"]
DRACO = json.loads((ROOT / "cardgen/games/draco/text.json").read_text(encoding="utf-8"))
DRACO_PAGE = json.loads((ROOT / "cardgen/games/draco/playview.json").read_text(encoding="utf-8"))["words"]
LANGS = ("en", "fr", "it")
#: the End of the Banquet card by its name, as the page prints it
END_CARD = {"en": "End of the Banquet", "fr": "Fin du banquet", "it": "Fine del banchetto"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_the_banquet_draw_is_told_once_on_the_end_screen(lang: str) -> None:
    """Playtest round 36 it1*, en3, fr12: one draw told three times on one screen: the buffet's fact « … pescata 2
    volte su 2: il banchetto è finito », the journal's last line « Fine della partita: … pescata per l’ultima volta. »
    and the result's « La carta Fine del banchetto è stata pescata durante il rifornimento … ». Now the fact is the
    count alone, the journal's last line names the end once, and the result says only what the reader sees nowhere
    else: why some cells are empty (the game stopped before the refill was complete), without naming the card."""
    from cardgen.play.view import table_view
    from tests.test_play_round32 import _played_out

    session = _played_out("royale", lang)
    assert session.state.end_reason == "banquet_over"
    view = table_view(session, 0)
    facts = dict(view["areas"][0]["facts"])
    count = next(v for k, v in facts.items() if END_CARD[lang] in k)
    assert re.fullmatch(r"\D*2\D+2\D*", count) and ":" not in count, count  # "2 of 2 times", « piochée 2 fois sur 2 », «pescata 2 volte su 2»
    note = view["result"]["end_note"]
    assert END_CARD[lang] not in note and "2" not in note, note
    assert {"en": "empty", "fr": "vides", "it": "vuote"}[lang] in note
    assert {"en": "refill", "fr": "complétée", "it": "rifornimento"}[lang] in note
    assert END_CARD[lang] in view["result"]["end_line"]  # the journal's last line: the end, once
    for words in (facts, note):
        for over in ("banquet is over", "banquet est terminé", "banchetto è finito"):
            assert over not in str(words)


@pytest.mark.parametrize("lang", LANGS)
def test_a_cleared_nobles_cards_go_to_the_discard_pile_in_one_grammar(lang: str) -> None:
    """Playtest round 36 en1* (p35 en10 in half): a rule clear of two cards read "(Drink 5 and Pastry 3 to the discard
    pile)", verbless, beside the choice's "(Main course 7 goes to the discard pile)" and "(Drink 10 and Fruit 1 go
    …)". Every bracket now has its verb, singular for one card, plural for more; the French and Italian clear of
    another noble says one card in the singular (« son plat (Pâtisserie 3) est débarrassé », «il suo piatto … va»)."""
    from tests.test_play_round32 import _played_out

    journal = ROYALE["journal"][lang]
    one, many = journal["impossible_one"], journal["impossible"]
    assert "{cards}" in one and "{noble}" in one and one != many
    assert {"en": "goes to the discard pile", "fr": "son plat ({cards}) est débarrassé et va",
            "it": "il suo piatto ({cards}) va"}[lang] in one
    # another noble cleared by the move (the journal's ``_nobles_changed``): one card in the one-card words
    from cardgen.games.royale.text import _nobles_changed

    session = _played_out("royale", lang, seed=3)
    a, b = [c for c in session.state.observation(0)["buffet"] if c][:2]
    before = {"seat": 0, "players": [[0, 1, [False] * 3, [[a], [a, b], []]]]}
    after = {"seat": 0, "players": [[0, 1, [False] * 3, [[], [], []]]]}
    cleared, _ = _nobles_changed(session.deck, ("stop",), lang, before, after)
    assert cleared[0].endswith(one.split("{cards}")[1]) and cleared[1].endswith(many.split("{cards}")[1]), cleared
    if lang != "en":
        return
    assert "({cards} go to the discard pile)" in many and "({cards} go to the discard pile)" in journal["impossible_served"]
    brackets = [m for seed in (3, 7) for e in _played_out("royale", lang, seed=seed).journal
                for line in e.text.split("\n") for m in re.findall(r"\(([^()]*discard pile)\)", line)]
    assert len(brackets) > 20
    for bracket in brackets:
        several = " and " in bracket
        assert bracket.endswith(" go to the discard pile" if several else " goes to the discard pile"), bracket


def _toast_lines(lang: str, seat_of: dict[str, int], costs: list[int]) -> str:
    """The toast's seat-by-seat line for a made-up walk of nine seats: ``seat_of`` places Brother John ("jean") and
    Aunt Sarah ("sarah") (0-based), the last ``len(costs)`` seats are charged, Player 2 owns the seat before John."""
    from cardgen.games.draco.text import _seats_said
    from tests.test_play_round32 import _played_out

    session = _played_out("draco", lang)
    deck = session.deck
    special = {c.data.special: c.id for c in deck.model.components if c.data is not None and c.data.role == "special"}
    circle = [c for c in session.state.observation(0)["circle"] if c not in {special[w] for w in seat_of}]
    for which, at in sorted(seat_of.items(), key=lambda kv: kv[1]):
        circle.insert(at, special[which])
    walk: list[list[tuple[str, int, int]]] = [[] for _ in range(9)]
    jean = seat_of["jean"]
    if "sarah" in seat_of and seat_of["sarah"] == jean - 1:
        walk[jean].append(("unpaid_sarah", -1, costs[8 - jean]))
        walk[jean - 1].append(("not_due", -1, costs[8 - jean]))
    else:
        walk[jean].append(("paid_before", -1, costs[8 - jean]))
        if jean - 1 >= 9 - len(costs):
            walk[jean - 1].append(("pays", 1, costs[8 - jean + 1]))
        walk[jean - 1].append(("also_pays", 1, costs[8 - jean]))
    obs = {"circle": circle, "info": {"costs": costs, "zork_multiplier": 2}}
    return _seats_said(deck, obs, {"walk": walk, "richest": []}, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_brother_johns_cost_is_said_once_at_the_seat_that_pays_it(lang: str) -> None:
    """Playtest round 36 it11* (p35 it18, p34 it16): « posto 8: tu −1, −2 per Fra Giovanni; posto 9: Fra Giovanni, il
    cui costo è pagato da chi siede al posto precedente » told the same 2 coins twice, and the line's items no
    longer added up. The payment is said once, where it is paid, with Brother John's seat: « posto 8: giocatore 2
    −1, −2 per Fra Giovanni (posto 9) ». fr20: « place 7 : Tante Sarah ne paie rien » where she would only have paid
    for Frère Jean (place 8, whose clause says nobody pays) is no longer said; she still "pays nothing" at a seat the
    toast charges."""
    seat = {"en": "seat", "fr": "place", "it": "posto"}[lang]
    line = _toast_lines(lang, {"jean": 8}, [2, 1])
    assert f"−2 {DRACO['toast'][lang]['also_pays'].split(' ')[1]}" in line and f"({seat} 9)" in line, line
    assert line.count({"en": "Brother John", "fr": "Frère Jean", "it": "Fra Giovanni"}[lang]) == 1, line
    paid_before = DRACO["toast"][lang]["paid_before"].split("{name}, ", 1)[1]
    assert paid_before not in line and not re.search(rf"(^|; ?){seat} 9", line, re.I), line
    # Aunt Sarah just before Brother John, outside the charged seats: her "pays nothing" is not said
    sarah = _toast_lines(lang, {"sarah": 6, "jean": 7}, [2, 1])
    assert DRACO["toast"][lang]["not_due"].split("{name} ", 1)[1] not in sarah, sarah
    assert re.search(rf"^{seat} 8", sarah, re.I) and not re.search(rf"{seat} 7", sarah, re.I), sarah
    # inside them (seat 8 of 9), her own cost is hers: said
    charged = _toast_lines(lang, {"sarah": 7, "jean": 8}, [2, 1])
    assert DRACO["toast"][lang]["not_due"].split("{name} ", 1)[1] in charged, charged


@pytest.mark.parametrize("lang", LANGS)
def test_dracos_result_says_the_tie_rule_only_when_the_richest_tied(lang: str) -> None:
    """Playtest round 36 en12, fr19 (p35 en21): the result opened on "The richest player wins; if several tie for the
    most money, they all drop out …" above fortunes of 8, 26 and 61, where nobody tied: read as an account of this
    game. The tie clause is said only when the richest tied; otherwise "The richest player wins." en13, it13: one
    name for the short bank's payment order, "first seats first" (« nell’ordine dei posti »), as the empty bank's."""
    from cardgen.games.draco.playview import play_table
    from cardgen.play.view import table_view
    from tests.test_play_round32 import _played_out

    session = _played_out("draco", lang)
    view = table_view(session, 0)
    money = session.state.observation(0)["money"]
    assert money.count(max(money)) == 1
    assert view["result"]["end_note"] == DRACO_PAGE[lang]["end_note_plain"]
    assert DRACO_PAGE[lang]["end_note"].startswith(DRACO_PAGE[lang]["end_note_plain"][:-1])
    obs = dict(session.state.observation(0))
    tied = play_table(session.deck, dict(obs, money=[20, 20, 5]), lang)
    assert tied["end_note"] == DRACO_PAGE[lang]["end_note"]
    order = {"en": "first seats first", "fr": "dans l’ordre des places", "it": "nell’ordine dei posti"}[lang]
    toast = DRACO["toast"][lang]
    for words in (toast["short"], toast["paid_empty_passed"], DRACO_PAGE[lang]["bank_empty_is"]):
        assert order in words, words
    assert "in seat order" not in toast["short"] and "in ordine di posto" not in toast["paid_empty_passed"]


@pytest.mark.parametrize("lang", LANGS)
def test_shower_of_coins_says_the_empty_bank_as_the_toasts_do(lang: str) -> None:
    """Playtest round 36 fr17, it13 (second half): Shower of Coins kept « la banque, vide, ne paie personne », «la
    banca, vuota, non paga nessuno», an apposition the toasts dropped in round 35, beside their « (la banque est
    vide) »: one wording per state of the bank, "is empty", in the English's shape ("the bank is empty, so nobody is
    paid")."""
    empty = {"en": "the bank is empty", "fr": "la banque est vide", "it": "la banca è vuota"}[lang]
    said = DRACO["journal"][lang]["bank_empty"]
    assert said.startswith(empty + ", ") and said != empty, said
    assert DRACO["toast"][lang]["paid_empty"] == f" ({empty})"


@pytest.mark.parametrize("lang", LANGS)
def test_a_cleared_table_gives_the_king_nothing_in_every_courses_verb(lang: str) -> None:
    """Playtest round 36 en17: "the players cleared the table, so the king gets nothing" beside every other course's
    "the king receives …": one act, two verbs; fr26: « les joueurs ont vidé la table, le roi ne reçoit rien », two
    main clauses glued by a comma. Now "so the king receives nothing", « …, donc le roi ne reçoit rien »."""
    words = json.loads((ROOT / "cardgen/games/king_lui/text.json").read_text(encoding="utf-8"))
    said = {"en": ", so the king receives nothing.", "fr": ", donc le roi ne reçoit rien.",
            "it": ", quindi il re non riceve nulla."}[lang]
    found = [v for part in words.values() if isinstance(part, dict) and isinstance(part.get(lang), dict)
             for k, v in part[lang].items() if k in ("next_nothing", "last_nothing")]
    assert len(found) == 2 and all(said in v for v in found), found


@pytest.mark.parametrize("lang", LANGS)
def test_a_noble_satisfied_says_the_turns_cards_were_placed_not_all_cards(lang: str) -> None:
    """Playtest round 36 en6, fr10 (p35 en13): "has placed all the cards and satisfies the Princess", « a posé toutes
    ses cartes » read as a whole hand, where a Royale player places the cards taken this turn."""
    said = ROYALE["journal"][lang]["all_placed"]
    # playtest round 38 fr4 (p37 fr3): « a posé les cartes de ce tour et valide » was not idiomatic, a past glued to
    # a present: a participle clause, the turn’s cards placed, then the present; no possessive, the same on the mover’s page (pin updated)
    assert said == {"en": "has placed this turn’s cards and ", "fr": "les cartes du tour posées, ",
                    "it": "ha sistemato le carte di questo turno e "}[lang]
