"""What cardgen says about the games is true (issue 53, "statements that are false").

Each test holds one statement a reader found false to its corrected form: a solo game has no balance
line, a card every seat holds is not judged for that reason (not "too few seats"), Draco is never called
"not a special character" (the published description counts him among the four special characters),
King Lui's playtest page words the end as the book does (the supply too short for another course, not an
empty pile), and Draco's book says what the table does when the bank runs short, as this edition's ruling.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.cli import main
from test_report_lang import read_text
from test_round29_books import BANK_ORDER

ROOT = Path(__file__).resolve().parents[1]


def test_a_solo_game_has_no_balance_line_and_the_imposter_is_not_judged_for_the_real_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["validate", "royale-solo", "--games", "40", "--engine", "reference", "--jobs", "1",
                 "--out", str(tmp_path / "out"), "--project", str(ROOT)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "fair share" not in out and "win rate by seat" not in out, out
    # one player: no card table on the terminal (#53), every seat holding the card said on the page below; the
    # Imposter named only by the caveat that the simulated player hardly uses it (twenty-second reading en7)
    import re  # the caveat may wrap: its words as one line (round 31 en9: "the simulated player … uses the Imposter card")
    flat = re.sub(r"\s+", " ", out)
    assert "Imposter" not in flat.replace("caveat: the simulated player hardly ever uses the imposter card", "") \
        and "winner" not in out
    assert "design indicators" not in out, out
    assert "too few seats" not in out
    run = next((tmp_path / "out/validation").glob("validate-royale-solo-*"))
    overview = read_text((run / "index.html").read_text(encoding="utf-8"))
    assert "⚠" not in overview and "(fair share" not in overview, overview  # a solo game: no fairness figure
    # the overview's intro in words: no "0 failed", no "safety cap 10000", the empty skill column said, the game by
    # its name with its id in the title (tenth readers en86, en87, en89, it104-it106, fr94, fr95, fr98)
    # the terminal's closing line, word for word (twentieth reading it44)
    assert "Player count 1 checked: passed." in overview and "0 failed" not in overview
    assert "As a safeguard, a game stops after 10,000 decisions at most" in overview  # its own sentence since round 33 (en27); round 34 en22: a safeguard, not games cut short
    # and no column of dashes for it (terminal round 29 fr32, fr33)
    # terminal round 44 en47: a column that is not there, not described on every overview
    assert "Skill (whether stronger play wins more often) was not measured: add --skill to measure it." in overview
    assert "Validation on simulated games: Royale: Solo (royale-solo)" in overview
    page = read_text((run / "royale-solo.html").read_text(encoding="utf-8"))
    # fourteenth reading (en47, fr3, it40): one player wins "100.0%" of a "fair share" of 100.0%, led from the first
    # turn, with no tie and no margin: noise for a solo game, whose score scale alone the page left out. As the
    # terminal: no win rate, fair share, winner, design indicators, ties or margin; one player; the scale
    assert "fair share" not in page and "winner" not in page and "Design indicators" not in page, page
    assert "ties for first place" not in page and "Turn order" not in page
    # round 42 en15*, it11*, fr1: the solo section has its card-strength part too, with every count's reason
    # round 43 it43: in a solo game's words (the page said "others" with one player)
    assert page.count("No card is judged: the player keeps no dish card in hand") == 1
    assert "every player has the same kinds" not in page
    assert "too few" not in page
    assert "a heuristic player (simple rules of thumb written for this game)" in page and "every seat" not in page
    # twenty-first reading fr9: titles quoted, "11 or 12" for two neighbouring scores, the shares of the games
    # ... a table since round 31 (en42): title, score, share of games
    assert re.search(r"Solo score scale, share of games for each verdict \(the score bands are published; the verdicts’ "
                     r"names are this edition’s\)\.\s+verdict\s+score\s+share of games\s+The King’s Head Waiter\s+"
                     r"11\s+or\s+12\s+\d+\.\d%", page), page
    # the game by its name wherever a person reads, its id only in commands (fourteenth reading en42, en44)
    assert "royale-solo: Royale" not in page and "Royale: Solo (royale-solo)" in page
    # the count's heading under the page's title, which names the game; the Details block no longer repeats it
    # (twenty-third reading en54)
    assert re.search(r"PASS\s+1 player", page) and "Royale: Solo, 1 player" not in page, page
    runs = read_text((tmp_path / "out/validation/index.html").read_text(encoding="utf-8"))
    assert "| Royale: Solo |" in re.sub(r"\s*\|\s*", " | ", runs) or "Royale: Solo" in runs, runs
    assert "too few seats" not in page


def test_draco_is_never_said_not_to_be_a_special_character() -> None:
    catalogs = sorted((ROOT / "cardgen/rulebook/locale").rglob("draco.po"))
    assert len(catalogs) == 3
    false = re.compile(r"not a special\s+character|pas un\s+personnage\s+spécial|non è un\s+personaggio speciale")
    for po in catalogs:
        text = re.sub(r'"\n"', "", po.read_text(encoding="utf-8"))  # one line per entry
        assert not false.search(text), po
    # round 14: Draco is counted among the special characters (the published description's 4, en D1, it D1)
    # round 58: Draco never moves said of Draco himself ("but never Draco" read both ways); round 59: he is one of
    # them, not their chief (readers in all three languages)
    assert "Cards can move them like any other character; %(draco)s himself never moves." in text
    # round 61 (French 27, Italian 49): the count is the book's own, so "in play", not "the game's" (no-zork has one fewer)
    assert "<b>%(draco)s</b>, one of the %(count)s special characters in play." in text


def test_king_luis_page_words_the_end_as_the_book_does() -> None:
    ends = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ends"]
    # round 24 (#53 en16, fr18, it2): said as the reason the game ended, a full sentence, "another" course
    assert ends["en"]["supply_exhausted"] == "The game ended: the supply holds too few cards for another course."
    assert ends["fr"]["supply_exhausted"] == ("La pioche n’a plus assez de cartes pour un nouveau service\u202f: "
                                              "la partie est finie.")
    assert ends["it"]["supply_exhausted"] == ("Il mazzo non ha più carte sufficienti per un’altra portata: "
                                              "la partita è finita.")


def test_draco_rules_what_the_table_does_when_the_bank_runs_short() -> None:
    """The bank running dry is ruled as the engine plays it (``pay_what_remains``: the box's coins only, what the
    bank cannot pay is lost), with no simulated rate of games (readers of round 58: a player's book is no place
    for it), in the Money topic of the closing "Special cases" (round 62: six rulings read before the turn)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.templating import render_markup
    from test_rulebook_rulings import SPECIAL, norm

    deck = yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))
    ruling = deck["clarifications"]["bank_short"]
    assert ruling["resolution"] == "pay_what_remains"
    said = ruling["text"]
    # round 25 (en): one sentence of 60 words was hard to apply at the table: what the bank does first, then whom it
    # pays, then what is lost, each said on its own
    assert said["en"].endswith("for a Shower of Coins card, roll by roll, in the order rolled. What it cannot pay is "
                               "lost.")  # round 38 en10: "which rolls?"; round 39 en7: which order (not the values)
    # read 11, it16: "at a toast from the first seat on" left a player with two seats (or a net gain smaller than a
    # seat's payout) unsure: the engine pays net gains (cannot_pay) to receivers in seat order, each player once at
    # the character nearest the first seat (engine._toast's receivers), taking back from the last
    # (round 31 en13: "the first seat" named as the seat a toast pays most, in every language)
    # book round 29 en2*: "in the order of their ruffians' places, best-paid first" gave two orders (by place, by
    # amount): each player is paid in full in turn, in the order of their best-placed ruffian (the engine's receivers)
    # terminal round 53 en5*: where the order starts (BANK_ORDER)
    nearest = {"fr": (BANK_ORDER["fr"],
                      "ce qu’elle peut",
                      "pour une Pluie d’écus, dans l’ordre des jets de dé"),  # round 36 en17: "and so on" said
               # round 33 it11*: "paga per primo il giocatore" read as the player paying: the bank, said
               "it": ("In un brindisi " + BANK_ORDER["it"],  # round 38 it2: "un malandrino più vicino" no superlative
                      "finché ha denaro",
                      "nell’ordine dei tiri di dado"),  # round 34 it18
               # round 33 en21: "for a Shower of Coins, it pays": "it" read as the Shower
               "en": (BANK_ORDER["en"],
                      "until its money runs out",
                      "for a Shower of Coins card, roll by roll, in the order rolled")}  # round 39 en7
    for lang, words in nearest.items():
        assert all(w in said[lang] for w in words), lang
    # sixteenth reading (en19): the players' pieces are the book's ruffians (malandrins, malandrini), every player has
    # two: "whose character … for a player with two" named them otherwise and suggested some have one
    # (closing check it1*, after round 54: the Italian says the order as « malandrini dal primo posto »)
    for lang, piece in {"fr": "malandrin", "it": ("malandrino", "malandrini"), "en": "ruffian"}.items():
        assert any(p in said[lang] for p in ([piece] if isinstance(piece, str) else piece)), lang
        assert "personnage" not in said[lang] and "personaggio" not in said[lang], lang
    # round 61 (French 20, Italian 40, English 27): one ruling a bullet, each one sentence
    money_ids = ["money_in_sight", "change_at_the_bank", "bank_coins_only", "bank_pays_in_gold", "bank_gold_for_silver",
                 "bank_short", "change_between_players"]
    texts = {k: (deck["clarifications"].get(k) or deck["rulings"][k])["text"] for k in money_ids}
    assert texts["bank_coins_only"]["en"] == "The bank has only the game’s coins, never more."
    # round 63 (Italian 12): paying in gold where it can spares the bank's silver, which the box holds fewer of; the
    # book said the rule made silver run out first ("so silver runs out first"), a cause turned round
    coins = {c["id"]: c["count"] for c in deck["components"] if c["id"] in ("silver-coin", "gold-coin")}
    assert coins["silver-coin"] < coins["gold-coin"]
    # read 11 (en12): the remainder said before "in silver coins", the reason no longer tacked on as "that spares"
    assert ("only the remainder, worth less than a gold coin, in silver coins: this saves its silver, as the game has "
            "fewer silver coins than gold ones") in texts["bank_pays_in_gold"]["en"]
    assert "elle ménage ainsi ses pièces d’argent, moins nombreuses" in texts["bank_pays_in_gold"]["fr"]
    assert "così risparmia l’argento, perché nel gioco le monete d’argento sono meno" in texts["bank_pays_in_gold"]["it"]
    assert not any(w in texts["bank_pays_in_gold"][lang] for lang, w in
                   (("en", "runs out first"), ("fr", "les premières"), ("it", "per prime"))), "the cause turned round"
    # what a bank with only gold does, as table.settle plays it (en 29b, round 5; test_draco_money holds the engine)
    # round 26 (it): a bank with some silver but not enough was left out ("only gold left"); it pays the silver it
    # has, then gold for the rest
    assert "it pays the silver coins it has and the rest with a gold coin, for which the player gives change" in texts["bank_gold_for_silver"]["en"]
    short = {"en": "If the bank runs short of silver", "fr": "À court de pièces d’argent",
             "it": "Se ha troppo poco argento"}
    assert all(texts["bank_gold_for_silver"][lang].startswith(w) for lang, w in short.items())
    # round 25 (en): what happens when the player cannot give change was left open; table.settle does not pay the
    # silver that would need it (the box cannot hold the coins): the part that needs change is lost, as for a player
    # round 27 (en): "loses the part that would need it" left open whether that player still takes the gold coin:
    # table.settle takes back the silver that no longer fits one coin at a time, so the gold coin is never taken
    gap = {"en": "a player who cannot give change does not take that gold coin and loses the rest",
           "fr": "sinon, il ne prend pas cette pièce d’or et perd ce reste",
           "it": "se il giocatore non può, non prende quella moneta d’oro e quella parte non gli viene pagata"}
    assert all(w in texts["bank_gold_for_silver"][lang] for lang, w in gap.items())
    # round 26 (fr): "at any time" promised a change the bank's coins may not allow
    limit = {"en": "or the reverse, whenever the bank has the coins", "fr": "ou l’inverse, si elle le peut",
             "it": "se la banca ha le monete per farlo"}
    assert all(w in texts["change_at_the_bank"][lang] for lang, w in limit.items())
    # round 25 (fr): "la banque paie l’argent qu’elle doit avec une pièce d’or": argent is also the silver coin
    assert "l’argent qu’elle doit" not in texts["bank_gold_for_silver"]["fr"]
    # a player paying another with only gold and no change to be had (French 25, round 61): table.settle keeps
    # the change nobody can make with the payer (test_draco_money: ..._the_change_the_box_cannot_make_stays_with_the_payer)
    assert "if neither can give it, the part that needs change is not paid" in texts["change_between_players"]["en"]
    for k, text in texts.items():
        assert not [lang for lang, t in text.items() if any(ch.isdigit() for ch in t)], f"a number typed in {k}"
        # round 25 (en): the bank running short is three short sentences rather than one of 60 words
        assert text["en"].count(". ") == (2 if k == "bank_short" else 0) and text["en"].endswith("."), f"{k}: a bullet"
    resolved = resolve("draco", ROOT)
    # round 62: change at the bank is said beside the money rule, after the turn; the other money rulings are answered
    # at the end, under "Special cases", in the Money topic's box, one a paragraph, in the order a player meets them
    money = {"fr": "L’argent", "it": "Il denaro", "en": "Money"}
    for lang in ("fr", "it", "en"):
        markup = render_markup(resolved, lang)
        start = markup.index(f"<h1>{money[lang]}</h1>")
        section = markup[start:markup.index("<h1>", start + 1)]
        assert norm(texts["change_at_the_bank"][lang])[1:30] in norm(section), lang
        closing = markup.index(f"<h1>{SPECIAL[lang]}</h1>")
        box = re.search(rf'<box kind="ruling" title="{money[lang]}" breaks="yes"[^>]*>(.*?)</box>', markup[closing:], re.S)
        assert box, lang
        items = re.findall(r"<p>(.*?)</p>", box.group(1), re.S)
        assert [norm(i)[:30] for i in items] == [norm(texts[k][lang])[:30] for k in money_ids
                                                 if k != "change_at_the_bank"], lang


def _tally(deal: Callable[[int], list[dict[str, int]]], games: int) -> Any:
    from cardgen.simulate.cards import CardTally

    tally = CardTally()
    for g in range(games):
        tally.add(deal(g), {g % 2})
    return tally


def test_a_card_one_seat_position_always_holds_is_not_said_to_lack_seats() -> None:
    """Known case: 300 two-seat games, the Crown always dealt to seat 1 (300 seats with it, 300 without, far over
    the 100 each side needs): the reason is the position, never "too few seats"; the Ring, dealt to seat 1 in
    5 games and to seat 2 in the other 295 (300 seats each way again), is named by seat 1 and its 5 games."""
    from cardgen.report.impact import _not_judged
    from cardgen.simulate.summary import not_judged_words

    def deal(g: int) -> list[dict[str, int]]:
        return [{"crown": 1, "ring": int(g < 5)}, {"ring": int(g >= 5)}]

    rows = {r["component"]: r for r in _tally(deal, 300).rows()}
    assert rows["crown"]["not_judged"] == {"why": "position", "seat": 1, "held": 300, "games": 300, "needed": 10}
    assert rows["crown"]["seats_dealt"] == 300 and rows["crown"]["seats_not_dealt"] == 300
    assert not_judged_words(rows["crown"], "en") == ("(not judged: player 1 had it in their opening hand in 300 of 300 "
                                                     "games; each player must have it in 10 games and lack it in as many)")
    assert "trop peu" not in not_judged_words(rows["crown"], "fr")
    assert _not_judged(rows["crown"], "it").startswith("il giocatore 1 l’aveva nella mano iniziale in 300 partite su 300")
    assert rows["ring"]["not_judged"] == {"why": "position", "seat": 1, "held": 5, "games": 300, "needed": 10}
    # 60 games: 60 seats each way, under the 100 needed, yet more games would not help: the position is named
    few = {r["component"]: r for r in _tally(deal, 60).rows()}["crown"]
    assert few["not_judged"] == {"why": "position", "seat": 1, "held": 60, "games": 60, "needed": 10}


def test_a_card_too_few_seats_held_says_how_many_and_a_judged_card_says_nothing() -> None:
    """120 two-seat games, the dice on seat 1 or 2 one game in four (60 seats with it, 180 without): too few
    seats, said with both counts; the cup, on each seat every other game, is judged; a coin every seat holds."""
    from cardgen.report.impact import _not_judged
    from cardgen.simulate.summary import not_judged_words

    def deal(g: int) -> list[dict[str, int]]:
        return [{"dice": int(g % 4 == 0), "cup": g % 2}, {"dice": int(g % 4 == 1), "cup": 1 - g % 2}]

    rows = {r["component"]: r for r in _tally(deal, 120).rows()}
    assert rows["dice"]["not_judged"] == {"why": "seats", "dealt": 60, "not_dealt": 180, "needed": 100}
    assert not_judged_words(rows["dice"], "fr") == ("(non jugée\u202f: 60 joueurs l’avaient dans leur main de départ, "
                                                    "180 ne l’avaient pas\u202f; il en faut au moins 100 de chaque côté)")
    assert _not_judged(rows["dice"], "en") == "60 players with it, 180 without (100 needed on each side): not judged"
    assert rows["cup"]["judged"] and rows["cup"]["not_judged"] is None
    assert {r["component"]: r for r in _tally(deal, 400).rows()}["dice"]["judged"]  # 200 and 600 seats
    every = _tally(lambda g: [{"coin": 1}, {"coin": 2}], 20).rows()[0]
    assert every["not_judged"] == {"why": "all"}
    assert not_judged_words(every, "it") == "(non valutata: ogni giocatore ne ha una, manca un confronto)"  # round 33 it33


def test_dracos_four_open_questions_are_our_rulings_and_the_table_plays_them_as_worded() -> None:
    """Hand limit, a card that changes nothing, refusing the Game of Dice, Budge Up! with your own two characters:
    each is a ruling of the deck (in every language, printed in the book's text or its Questions), and the legal rows the
    table offers (``table.play_rows``) are what the ruling says."""
    from cardgen.games.draco.table import DUEL, STEAL, SWAP_ADJ, play_rows

    rulings = yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))["rulings"]
    asked = {"no_hand_limit": "no limit to the number of cards", "card_without_effect": "even if it would change nothing",
             "dice_cannot_be_refused": "cannot refuse", "budge_up_own_characters": "swap your own two characters"}
    for key, said in asked.items():
        assert set(rulings[key]["text"]) == {"fr", "it", "en"} and said in rulings[key]["text"]["en"], key
    # seat 0 owns characters 0 and 1, side by side; seat 1 owns 2 and 3; nobody else has money
    order, money = [4, 0, 1, 2, 3], [5, 0, 0]
    rows: list[tuple[int, ...]] = []
    play_rows(rows, 0, (0, SWAP_ADJ, 0), 0, order, money, [])
    assert any(r[2:4] == (0, 1) for r in rows), rows  # Budge Up! on your own pair
    rows = []
    play_rows(rows, 0, (0, STEAL, 0), 0, order, money, [])
    assert [r[2] for r in rows] == [-1]  # a Shakedown with nobody to rob is still played, to no effect
    rows = []
    play_rows(rows, 0, (0, DUEL, 0), 0, order, money, [])
    assert sorted(r[2] for r in rows) == [1, 2]  # any other player, whose answer is not asked


def test_dracos_rulings_on_the_turn_and_the_cards_are_answered_at_the_end() -> None:
    """In every language the card without effect, the empty hand and the hand limit, then Favour, To and Fro, Budge
    Up! and the Game of Dice in the order of their cards in the action cards' list, are answered under "Special
    cases", after the book's flow (round 62: a box between the turn's steps and six among the cards hid the game;
    readers of round 58 had wanted them near their rules, which the topics of the closing section name)."""
    import re as regex

    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.book import render_rulebook
    from test_rulebook_rulings import SPECIAL
    from test_rulebook_support import pdf_text

    deck = resolve("draco", ROOT)
    data = yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))
    texts = {**data["clarifications"], **data["rulings"]}
    steps = ("card_without_effect", "empty_hand", "no_hand_limit")
    asked = ("favour_any_character", "two_moves_in_order", "budge_up_own_characters", "dice_cannot_be_refused")
    after_steps = {"fr": "Après un toast", "it": "Dopo un brindisi, la coppa", "en": "After a toast, the cup"}
    for lang in ("fr", "it", "en"):
        text = regex.sub(r"\s+", " ", pdf_text(render_rulebook(deck, lang, "a4"))).replace("\u202f", " ")
        found = [text.find(texts[key]["text"][lang].replace("\u202f", " ")[1:40]) for key in steps + asked]
        where = [w - 1 if w >= 0 else -1 for w in found]
        assert -1 not in where and where == sorted(where), (lang, dict(zip(steps + asked, where)))
        # the closing heading (the notice of the first page names it too): every one of them after it
        assert where[0] > text.rindex(SPECIAL[lang], 0, where[0]) > text.index(after_steps[lang]), lang
