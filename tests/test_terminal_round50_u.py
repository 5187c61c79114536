"""Terminal round 50, part u: the readers' unstarred faults (``docs/reads/terminal-round-50-fixes-u.md``).

Each test fails on the words or code of c15449fc (checked by putting the old sources back)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_terminal_round49_q import _plain  # narrow and plain no-break spaces read as spaces

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


# -- en12, fr5, it9: compare's "Other counts" line closed at every count ------------------------------------------------

@pytest.mark.parametrize(("lang", "end"), [("en", "details in the report."), ("fr", "détails dans le rapport."),
                                           ("it", "dettagli nel resoconto.")])
def test_en12_fr5_it9_every_other_counts_line_ends_with_a_full_stop(lang: str, end: str) -> None:
    """en12, fr5, it9 (the three readers): the 3-player "Other counts …; details in the report" ended without a stop,
    where the 4- and 5-player lines, one sentence longer, now end "details in the report. One count more … .": three
    sibling lines, two ways. A capitalised line of sentences closes with a full stop (round 49 en28), so every such
    line does, with or without the sentence added after it."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, internal_line
    from test_terminal_round47_m import _count

    three = [_count("end_reason:supply_exhausted"), _count("gap:no_dish_emerald"), _count("peak:king_portions")]
    naming = Naming.of(resolve("king_lui", ROOT), lang)
    line = _plain(internal_line(three, lang, naming))
    assert line.endswith(end), line
    four = three + [_count("gap:draw_from_empty_supply")]
    line = _plain(internal_line(four, lang, naming, before=([m["metric"] for m in three], 3)))
    assert end + " " in line and ".." not in line, line


# -- en21, it20: fix's seat interval in compare's form, its name after the brackets ------------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "they won 27.0% of games [17.1% to 39.9%] (95% interval, widened because 6 players are compared at once)"),
    ("fr", "il gagnait 27,0 % des parties [17,1 % ; 39,9 %] (intervalle à 95 %, élargi parce que 6 joueurs sont "
           "comparés à la fois)"),
    ("it", "vinceva il 27,0% delle partite [17,1%; 39,9%] (intervallo al 95%, allargato perché si confrontano 6 "
           "giocatori alla volta)")])
def test_en21_it20_fix_s_seat_interval_is_named_after_its_brackets(lang: str, said: str) -> None:
    """en21, it20 (fix-draco l.8-9 and the page's problems): "it won 27.0% of games, 95% interval widened because 6
    players are compared at once: [17.1% to 39.9%]": the interval's 12-word name bare between two commas, a second
    colon in the sentence (it20), "it" for a player every other line calls "they" (en21). Now in compare's form: the
    brackets hold the two ends alone (fifteenth reading fr61, it50), the name after them in brackets."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming
    from cardgen.tune.fix import Problem, problem_line

    p = Problem("seat", "5", 6, 0.27, 0.004, (("side", "more"), ("low", 0.171), ("high", 0.399), ("fair", 0.167)))
    line = _plain(problem_line(p, lang, Naming.of(resolve("draco", ROOT), lang), seen=True, label=True))
    assert line.endswith(_plain(said)), line
    assert line.count(":") == 2, line  # "6 players:" and the one after the fair share


# -- en19: the untried value's question asked in the positive ----------------------------------------------------------

@pytest.mark.parametrize(("lang", "said", "old"), [
    # terminal round 53 en9: the shortage exceeds the threshold, not the count of coins (pin updated)
    ("en", "To see whether, with it, the shortage exceeds validate’s threshold (with fix 2 it did not), compare it:", "does not exceed"),
    # terminal round 52 fr9: the shortage passes the threshold, not the value (pin updated)
    ("fr", "Pour savoir si, avec elle, le manque dépasse le seuil de validate (avec la correction 2, il ne l’a pas "
           "dépassé), comparez-la :",
     "elle ne dépasse pas"),
    ("it", "Per sapere se, con questo valore, la carenza supera la soglia di validate (con la correzione 2 non l’ha "
           "superata), confrontalo:",
     "se, come la correzione 2, non supera")])
def test_en19_the_untried_value_s_question_is_asked_in_the_positive(lang: str, said: str, old: str) -> None:
    """en19 (fix-draco l.254-255 and the page): "To see whether, like fix 2, it does not exceed validate’s threshold,
    compare it:" asked its question in the negative, with fix 2 wedged in. Now "whether it exceeds …", fix 2's own
    result in brackets; still "did not exceed", never "stayed within" (round 48 fr14*: fix 2 sits at the threshold)."""
    from cardgen.tune.fix import word

    text = _plain(word("next_gap_one", lang, j=1, k=2, before=41, value=43, mid=42, lever="l", deck="d", path_k="p",
                       amount="42 l"))  # terminal round 51 en18: the amount as pieces
    assert _plain(said) in text and old not in text, text
    assert not any(w in text for w in ("within", "entro", "sous le seuil")), text


# -- en23, fr8: the compare page's card note, the strip's clause beside the interval it draws -------------------------

@pytest.mark.parametrize(("lang", "said", "old"), [
    # terminal round 53 (r50 en23 b): the compare note points to the rule too, as validate's does (pin updated): what the strip draws, named by its noun
    ("en", "the strip draws each judged card’s widened interval for the base game and for the variant",
     "the flag rests on it, and the strip draws it"),
    ("fr", "la bande trace l’intervalle élargi de chaque carte jugée pour le jeu de base et pour la variante",
     "et c’est lui que la bande trace"),
    ("it", "la striscia disegna l’intervallo allargato di ogni carta valutata per il gioco base e per la variante",
     "ed è questo che la striscia")])
def test_en23_fr8_the_compare_card_note_says_what_the_strip_draws_beside_its_interval(
        lang: str, said: str, old: str) -> None:
    """en23 (a), fr8 (the Charity Toast compare page's "Note on the cards"): "…; the flag rests on it, and the strip
    draws it …": "it" 35 words after "interval" (en23); « …, et c’est lui que la bande trace … : une carte n’est
    signalée que s’il exclut 0 » hung the flag rule on the strip's clause (fr8). The strip's clause now stands inside
    the sentence on what the flag rests on, the rule after its colon; Italian alike (its two clefts one)."""
    from cardgen.report.impact import impact_footnote

    note = _plain(impact_footnote(lang, paired=True))
    assert _plain(said) in note and old not in note, note


# -- it2: the imposter note under Royale's 4-player warning says «anche» once ------------------------------------------

def test_it2_the_later_warning_note_says_anche_once() -> None:
    """it2 (validate-royale l.172-174 and royale.html, 4 players): «nota: anche qui … quindi anche questo squilibrio
    è misurato …»: the double «anche» part p took out of the 3-player note (r49 it4) stood one section lower, in the
    note under the AVVISO. One «anche», as the English says "again" once; the generic words alike."""
    for path in (ROOT / "cardgen" / "terminal.json", ROOT / "cardgen" / "games" / "royale" / "words.json"):
        said = json.loads(path.read_text(encoding="utf-8"))["lines"]["it"]["held_all_used_warning_again"]
        assert said.count("anche") == 1 and "quindi questo squilibrio" in said, (path, said)


# -- fr2: Royale's 2-player balance, the incise after « et » closed on both sides --------------------------------------

def test_fr2_the_incise_after_et_has_both_its_commas() -> None:
    """fr2 (validate-royale l.65 and royale.html): « … en dessous, et sans l’élargissement des intervalles, ces deux
    écarts … »: the incise opened without its comma, so « et sans l’élargissement » read as a third item of the list.
    « et, sans l’élargissement des intervalles, ces deux écarts … ». « l’écart de chaque joueur à la part équitable »
    kept (round 48 fr4*: each player's own gap is what was tested)."""
    said = json.loads((ROOT / "cardgen" / "terminal.json").read_text(encoding="utf-8"))["lines"]["fr"]["balance_near_two"]
    assert "en dessous, et, sans l’élargissement des intervalles, ces deux écarts" in said, said
    assert "l’écart de chaque joueur à la part équitable est à la limite" in said, said


# -- it3: Royale's 2-player balance in two sentences, the counterfactual its own ---------------------------------------

def test_it3_the_two_player_balance_says_the_counterfactual_in_its_own_sentence() -> None:
    """it3 (validate-royale l.58-64 and royale.html): one sentence of about 65 words, a bracket, a colon and two «e»
    clauses: «… è sopra la quota equa e il giocatore 2 (48,0%) sotto, e senza l’allargamento degli intervalli
    entrambe le distanze andrebbero oltre …». The counterfactual is now its own sentence; «la distanza di ciascun
    giocatore dalla quota equa è al limite» kept (round 48 en7*, fr4*)."""
    from test_terminal_round47_m import _near

    line = _plain(_near("it", [179, 144]))
    # terminal round 51 it2: the gain-and-loss reason after the two players, no bracket (pin updated)
    # terminal round 52 it2: one colon, «perché» the reason the two distances go together (pins updated)
    assert ("perché con due giocatori ciò che l’uno guadagna, l’altro lo perde. Senza "
            "l’allargamento degli intervalli, entrambe le distanze sarebbero "
            "più grandi di quanto il caso spieghi di solito") in line, line  # round 52 it3: the flags' words
    assert "entrambi i giocatori sono al limite" in line and "le due distanze" in line, line


# -- it21: the validate overviews' balance cell in the terminal's words ------------------------------------------------

def test_it21_the_overview_cell_says_above_and_below_the_fair_share() -> None:
    """it21 (validate-royale run page, 4 players, «avvisi»): «il giocatore 1 vince più della quota equa e il giocatore
    4 meno» where the terminal and the game page say «è sopra la quota equa … sotto»: one finding, two wordings
    (part q aligned the French cells, fr7, not the Italian). The ten Italian forms now say «è / sono sopra / sotto la
    quota equa»; the verdict phrase itself (it5, some forty keys) unchanged."""
    from cardgen.report.pages import short_warnings

    base = {"completed": 10, "games": 10, "failures": []}
    flags = [{"seat": 1, "side": "more"}, {"seat": 4, "side": "less"}]
    [said] = short_warnings({**base, "balance": {"flags": flags}}, "it")
    assert said.startswith("il giocatore 1 è sopra la quota equa e il giocatore 4 sotto"), said
    words = json.loads((ROOT / "cardgen" / "report" / "words.json").read_text(encoding="utf-8"))
    it = next(block["it"] for block in words.values() if isinstance(block, dict) and "it" in block
              and "balance_split" in block["it"])
    for key, text in it.items():
        if key.startswith("balance_") and key.split("_")[1] in ("split", "more", "less"):
            assert "vince" not in text and "vincono" not in text, (key, text)


# -- it15, fr6: compare's shortage advice, the counts' assumption with the counts, fix's sentence its own --------------

@pytest.mark.parametrize(("lang", "first", "fix"), [
    ("en", "These counts only compare the two games and, like cardgen validate’s, assume that more silver coins would "
           "not change how the games are played. ", "run cardgen fix on the base game: it plays"),
    ("fr", "Ces chiffres ne servent qu’à comparer les deux jeux et, comme celui de cardgen validate, supposent que les "
           "parties se dérouleraient à l’identique avec des pièces d’argent en plus. ",
     "la commande joue des parties avec davantage de pièces d’argent (et d’autres changements) et vérifie sur de "
     "nouvelles parties les corrections qu’elle propose."),
    ("it", "Questi numeri servono solo a confrontare i due giochi e, come quelli di cardgen validate, presuppongono che "
           "con più monete d’argento le partite si svolgano allo stesso modo. ",
     "esegui cardgen fix sul gioco base: il comando gioca")])
def test_it15_fr6_the_shortage_advice_says_what_the_counts_assume_with_the_counts(lang: str, first: str, fix: str) -> None:
    """it15 (60 words, «monete d’argento» twice, a «mentre» setting fix against "these numbers"), fr6 (« pièces
    d’argent en plus » twice in the one sentence; cardgen fix « il » here, « la commande … elle » in validate): the
    counts' assumption now said with the counts, in the first sentence; the second says what fix plays and tests
    (round 49 en33, en27, it24's words), the French command « la commande … qu’elle propose »."""
    from cardgen.simulate.summary import say

    said = _plain(say("short_table_advice", lang, piece={"en": "silver coins", "fr": "pièces d’argent",
                                                          "it": "monete d’argento"}[lang]))
    assert said.startswith(_plain(first)) and _plain(fix) in said, said
    assert not any(w in said for w in ("while these", "alors que", "mentre")), said


# -- it13: compare's two-decimal rule for a design indicator said per row ----------------------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "takes two decimals on its whole row where it is below 1 in the base game or in the variant"),
    ("fr", "prend deux décimales sur toute sa ligne quand il est inférieur à 1 dans le jeu de base ou dans la variante"),
    ("it", "ha due decimali su tutta la riga quando è minore di 1 nel gioco base o nella variante")])
def test_it13_the_two_decimal_rule_of_an_indicator_is_said_per_row(lang: str, said: str) -> None:
    """it13 (the compare pages' opening paragraph): «Un indicatore di gioco minore di 1 … ha due decimali» while the
    rule is per row: «cambi al comando 1,37 | 0,99» has two decimals at 1,37 because 0,99 is below 1
    (``summary.indicator_places``). Said so, every language."""
    from cardgen.simulate.summary import indicator_places
    from cardgen.terminal import say

    assert _plain(said) in _plain(say("compare_fine_small", lang))
    row = {"metric": "lead_changes", "group": "tension", "base": 1.37, "variant": 0.99}
    assert indicator_places(row) == indicator_places({**row, "base": 0.5})  # the whole row, as said


# -- en24: the fix page says the unchecked trials with how the fixes were checked, not inside "What next" --------------

def test_en24_the_unchecked_trials_stand_with_the_check_not_in_what_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """en24 (the fix page's "What next"): "Trials 1, 2, 5, 8 and 22 also reached the search’s aim … but were not
    checked …" stood between the caution on validate's amount and "Try fix 2 first", where it read as part of the
    advice. The page now says it with how the fixes were checked (``FixPage.checked``, under the fixes' list); the
    terminal keeps its order (before the record's path and the caution)."""
    from types import SimpleNamespace as NS

    import cardgen.tune.fix as fix
    from cardgen.report.fixing import FixPage

    said: list[str] = []
    monkeypatch.setattr(fix, "echo", lambda line="", **kw: said.append(str(line)))
    for name in ("_say_all", "_write_record", "_write_page"):
        monkeypatch.setattr(fix, name, lambda *a, **kw: None)
    monkeypatch.setattr(fix, "check_cure", lambda fixer, trial, found: NS(trial=trial))
    monkeypatch.setattr(fix, "write_proposal", lambda fixer, prop, k, found: Path(f"d-fix-{k}.yaml"))
    monkeypatch.setattr(fix, "validate_line", lambda fixer, props: None)
    monkeypatch.setattr(fix, "next_line", lambda fixer, props, first, paths, page=False: "NEXT")  # round 51 en19*
    monkeypatch.setattr(fix, "unchecked_line", lambda fixer, rest, props: "UNCHECKED" if rest else None)
    monkeypatch.setattr(fix, "record_path", lambda fixer: "fix.json")
    monkeypatch.setattr(fix, "_called", lambda fixer: "Draco & Co")
    trials = [NS(number=k, objective=1.5) for k in range(3)]
    fixer = NS(opts=NS(lang="en", best=1, seed=1, games=10), page=FixPage("Draco & Co"), deck=None,
               cures=lambda: trials)
    monkeypatch.setattr(fix.Naming, "of", staticmethod(lambda deck, lang: None))
    assert fix._propose(fixer, []) == 0
    assert "UNCHECKED" in fixer.page.checked and "UNCHECKED" not in fixer.page.after, fixer.page
    assert fixer.page.after == ["NEXT"] and said.index("UNCHECKED") < said.index("NEXT"), said


# -- en8: all the money in the players' hands said with what it means, the bank empty ----------------------------------

@pytest.mark.parametrize(("lang", "said", "page"), [
    # terminal round 51 en2: "…, so the bank was empty", no colon inside the note's bracket (pin updated)
    # terminal round 54 en3*: "(all 95 of them)" counted 95 silver coins; 95 is the money's worth (pin updated)
    ("en", "all players’ money together, in silver coins (95, all the money in the game, so the bank was empty)",
     ": 95 (all the money in the game, so the bank was empty)"),
    ("fr", "fortune totale des joueurs, en pièces d’argent (95, la totalité : la banque était vide)",
     " : 95 (tout ce que contient le jeu : la banque était vide)"),
    ("it", "denaro di tutti i giocatori insieme, in monete d’argento (95, l’intera dotazione: la banca era vuota)",
     ": 95 (l’intera dotazione del gioco: la banca era vuota)")])
def test_en8_all_the_money_in_hands_says_the_bank_was_empty(lang: str, said: str, page: str) -> None:
    """en8 (validate-draco l.107, 175, 241, 307 and draco.html's highest counts): "all players’ money together, in
    silver coins (all 95 the game contains)" beside the bank's WARNING left its point to the reader: with all 95
    in the players' hands, the bank held none. Draco's words say so (``box_why``), terminal and page; the other counts
    at the box's total keep their words."""
    from cardgen.report.words import page_words
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, _items, box_why

    naming = Naming.of(resolve("draco", ROOT), lang)
    line = _plain(_items({"silver_in_hands": 20, "money_in_hands": 95}, "peak", lang, naming))
    assert _plain(said) in line, line
    assert line.count(":") == (0 if lang == "en" else 1), line  # the lairs’ 20 say no why
    why = box_why("money_in_hands", lang, naming)
    assert _plain(page_words("peak_box_why", lang, peak="95", why=why)) == _plain(page), why
    assert box_why("silver_in_hands", lang, naming) == ""
