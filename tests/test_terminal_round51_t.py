"""Terminal round 51, part t: the readers' starred faults and the faults left for a ruling
(``docs/reads/terminal-round-51-fixes-t.md``).

Each test fails on the words or code before this part (checked by putting the old sources back)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_terminal_round49_q import _plain  # narrow and plain no-break spaces read as spaces

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def _words(path: str) -> dict:
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["lines"]


# -- en9*, fr8* (en13, it12, fr4 on the same sentence): compare's balance sentence where no seat is flagged -------------

#: the reason (few pairs can miss a small gap) and what validate may still find, each sentence complete
WHY = {
    "en": ("But 100 pairs can miss a small gap, so they do not show that the base game is balanced{at}. On its default "
           "1,000 games, cardgen validate may still find a gap beyond chance in the base game."),
    "fr": ("Mais 100 paires peuvent laisser passer un petit écart, si bien qu’elles ne montrent pas que le jeu de base "
           "soit équilibré{at}. Sur ses propres parties (1 000 par défaut), cardgen validate peut encore trouver dans le "
           "jeu de base un écart au-delà du hasard."),
    "it": ("Ma 100 coppie possono non cogliere un piccolo squilibrio, quindi non provano che{at} il gioco base sia "
           "equilibrato. Simulando a parte il solo gioco base (1.000 partite se non indicato altrimenti), cardgen "
           "validate può ancora trovare uno squilibrio."),
}
AT = {"en": " at 3 players", "fr": " à 3 joueurs", "it": " con 3 giocatori"}


@pytest.mark.parametrize("lang", LANGS)
def test_en9_fr8_the_balance_sentence_has_one_shape_in_every_case(lang: str) -> None:
    """en9*: "… On 1,000 games of its own unless told otherwise, cardgen validate may still find a player whose win
    rate is." ended on "is.", its predicate two sentences back; fr8*: the every-count-quiet line (Gentle Overeating,
    Charity Toast) kept the old shape, no reason, « en trouver un »; the Charity Toast page's "300 pairs are too few"
    beside validate's 300 games with no caveat. Now one shape in every case: the finding, the reason (so few pairs
    can miss a small gap: true of any count, validate's 300 games too, which claim no balance), what validate may still
    find, each sentence complete; the quiet line, its later counts' pointer and the all-quiet line alike."""
    from cardgen.terminal import say

    quiet = _plain(say("compare_balance_quiet", lang, counts="3", pairs=100))
    none = _plain(say("compare_balance_none", lang, pairs=100))
    assert quiet.endswith(_plain(WHY[lang].format(at=AT[lang]))), quiet
    assert none.endswith(_plain(WHY[lang].format(at=""))), none
    for said in (quiet, none):
        assert not said.endswith(("is.", "un.", "tel joueur.")) and "unless told otherwise" not in said, said
        assert max(len(s.split()) for s in said.split(". ")) <= 30, said
    again = _plain(say("compare_balance_quiet_again", lang, counts="4"))
    last = _plain(WHY[lang].format(at="")).rsplit(", cardgen validate ", 1)[1].rstrip(".")
    assert again.endswith(f"cardgen validate {last})."), again


def test_en9_the_all_quiet_line_is_given_the_pairs_played() -> None:
    """fr8*: the all-quiet line says how many pairs, as the quiet line does (terminal: the pairs of the quiet counts)."""
    import inspect

    from cardgen.simulate import summary

    assert 'say("compare_balance_none", lang, pairs=' in inspect.getsource(summary)


# -- en19*, it20*, fr10*: fix's advice points to fix 1's caveat by its gist, "but", and on the page by a link ---------------

#: the advice's words on fix 1: its caveat's gist in a few words of its own, "but" (never « sous la réserve »)
#: terminal round 52 en15*, fr8*, it11* (ruling): on the terminal, where the caveat is the paragraph just above, the
#: advice points to it once; on the page the gist keeps "on the new games" and "may be chance" (pins updated)
ADVICE = {
    "en": ("Fix 1 is a smaller change, but see the caveat just above.",
           "Fix 1 is a smaller change, but on the new games it left the shortage just above validate’s threshold, "
           'which may be chance (see <a href="#fix-1">fix 1</a>).'),
    "fr": ("La correction 1 change moins le jeu, mais voyez la mise en garde juste au-dessus.",
           "La correction 1 change moins le jeu, mais, sur les parties nouvelles, elle laisse le manque à peine "
           "au-dessus du seuil de validate, ce qui peut venir du hasard "
           '(voir <a href="#fix-1">la correction 1</a>).'),
    "it": ("la correzione 1 è un cambiamento ancora più piccolo, ma vedi l’avvertenza appena sopra.",
           "la correzione 1 è un cambiamento ancora più piccolo, ma sulle partite nuove lascia la carenza appena sopra "
           "la soglia di validate, e una differenza così piccola può dipendere dal caso "
           '(vedi <a href="#fix-1">la correzione 1</a>).'),
}


@pytest.mark.parametrize("lang", LANGS)
def test_en19_the_advice_names_fix_1_s_caveat_and_the_page_links_it(lang: str) -> None:
    """en19*, it20*, fr10*: "Fix 1 is a smaller change, with the caveat given above." On the page the caveat stands
    under fix 1, some 10,000 px higher, and the paragraph just above the advice is another caution; « sous la réserve
    indiquée plus haut » read as a condition. RULING: the advice names the caveat's gist in a few words, with "but",
    and on the page links to fix 1's section (terminal: "see above", the caveat being the paragraph just above)."""
    from test_terminal_round45_h109i import _round_run

    from cardgen.report.fixing import linked
    from cardgen.tune.fix import next_line

    fixer, props, paths = _round_run(lang, 0.02)
    terminal = _plain(next_line(fixer, props, paths[0], paths)).replace("\n", " ")
    page = _plain(str(linked(next_line(fixer, props, paths[0], paths, page=True)))).replace("\n", " ")
    above, link = ADVICE[lang]
    assert _plain(above) in terminal, terminal
    assert _plain(link) in page, page
    for said in (terminal, page):
        assert not any(old in said for old in ("caveat given above", "sous la réserve", "con la riserva")), said
    assert 'id="fix-{{ fix.rank }}"' in (ROOT / "templates/report/fix.html").read_text(encoding="utf-8")


def test_en19_the_page_escapes_the_advice_but_its_link() -> None:
    """en19*: the advice's words stay escaped on the page; only the pointer to a fix's section becomes a link."""
    from cardgen.report.fixing import linked

    assert str(linked("a < b ([[fix-2|fix 2]])")) == 'a &lt; b (<a href="#fix-2">fix 2</a>)'


# -- fr5* (en11, en16, it8, it16): a hardly-played row's true reason, and a pointer that lands ----------------------------

ROW = {  # terminal round 52 en10: shorter, "by the simulated players" left to the rule (pin updated)
    "en": ("within chance; hardly ever played, so it could not be flagged anyway (see the rule above {where})",
           "this table", "the first card table"),
    "fr": ("dans les limites du hasard ; presque jamais jouée, elle ne pourrait de toute façon pas être signalée (voir "
           "la règle au-dessus {where})", "de ce tableau", "du premier tableau des cartes"),
    "it": ("nei limiti del caso; quasi mai giocata, quindi comunque non segnalabile (vedi la regola sopra {where})",
           "questa tabella", "la prima tabella delle carte"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_fr5_a_hardly_played_row_says_its_verdict_then_why_it_could_not_be_flagged(lang: str) -> None:
    """fr5* (en11, en16, it8, it16): « les joueurs automatiques ne la jouent presque jamais : elle n’est donc pas
    signalée (voir la règle au-dessus du premier tableau des cartes) » gave low play as the reason a card is not
    flagged where its interval holds 0 (Shower of Coins [−8.1 to +13.2]) and every other such row says "within
    chance"; inside the first table it pointed "above the first card table". Now the verdict the interval gives, then
    that the card could not be flagged in any case, the rule "above this table" in the first table. A row whose
    interval leaves 0 out keeps its own words (``hardly_held``: the gap measures holding it)."""
    from cardgen.report.impact import WORDS, _verdict
    from cardgen.simulate.cards import HARDLY_PLAYED

    rare = {"component": "shower", "difference": 0.025, "low": -0.081, "high": 0.132, "judged": True,
            "plays_per_seat": HARDLY_PLAYED / 3, "flag": ""}
    said, here, first = ROW[lang]
    assert _plain(_verdict(rare, "", lang)) == _plain(said.format(where=here))
    assert _plain(_verdict(rare, "", lang, first=False)) == _plain(said.format(where=first))
    held = {**rare, "low": -0.203, "high": -0.024, "held_flag": "weak"}
    assert _verdict(held, "", lang) == WORDS[lang]["hardly_held"]


def test_fr5_the_page_s_first_card_table_points_above_itself() -> None:
    """fr5*: the table the rule stands above says "this table"; a later one names the first."""
    from cardgen.report.impact import impact_block
    from cardgen.simulate.cards import HARDLY_PLAYED

    rows = [{"component": "shower", "difference": 0.025, "low": -0.081, "high": 0.132, "judged": True,
             "plays_per_seat": HARDLY_PLAYED / 3, "flag": "", "dealt_share": 0.5, "with": 0.35, "without": 0.33},
            {"component": "favour", "difference": 0.085, "low": -0.004, "high": 0.174, "judged": True,
             "plays_per_seat": 1.2, "flag": "", "dealt_share": 0.5, "with": 0.37, "without": 0.29}]
    said: set[str] = set()
    one, two = (_plain(str(impact_block(rows, lang="en", said=said))) for _ in range(2))
    assert "(see the rule above this table)" in one and "above the first card table" not in one
    assert "(see the rule above the first card table)" in two


# -- it11* (fr7, en): the "no change" line says what the row measures -----------------------------------------------------

@pytest.mark.parametrize(("lang", "said", "old"), [
    ("en", "does not prove the variant has no effect on what that row measures", "on what it counts"),
    ("fr", "ne prouve pas que la variante soit sans effet sur ce que mesure cette ligne", "ce qu’elle compte"),
    ("it", "non è detto che la variante non cambi ciò che quella riga misura", "ciò che conta")])
def test_it11_the_wide_intervals_line_says_what_the_row_measures(lang: str, said: str, old: str) -> None:
    """it11* (the four compare pages): «non è detto che la variante sia senza effetto su ciò che conta» read as "on
    what matters"; fr7: « sur ce qu’elle compte » read as what the variant counts. Said as the row: what that row
    measures, every language."""
    from cardgen.terminal import say

    line = _plain(say("wide_intervals", lang, pairs=100))
    assert _plain(said) in line and old not in line, line


def test_fr5_within_chance_only_where_the_interval_holds_0() -> None:
    """fr5*: a hardly-played row whose interval leaves 0 out (and no held flag) is not said "within chance"."""
    from cardgen.report.impact import _verdict
    from cardgen.simulate.cards import HARDLY_PLAYED

    row = {"component": "dice", "difference": -0.13, "low": -0.227, "high": -0.033, "judged": True,
           "plays_per_seat": HARDLY_PLAYED / 3, "flag": ""}
    said = _verdict(row, "", "en")
    # terminal round 52 en10: "by the simulated players" left to the rule (pin updated)
    assert "within chance" not in said and said.startswith("hardly ever played, so it could not be flagged"), said


# -- en17, fr9, it17: validate's amount on the search's games, then its count and rank; the designer's run plainly -----

ESTIMATE = {
    "en": ("validate would suggest 57 more silver coins, that is, 19 gold coins: its figure at 3 players, the highest of "
           "the 4 it gives (one per player count).", ("at 3 players (the highest", "that is 19")),
    "fr": ("validate conseillerait 57 pièces d’argent de plus, soit 19 pièces d’or : c’est son chiffre à 3 joueurs, le "
           "plus élevé des 4 qu’il donne (un par nombre de joueurs). Lancé par vous, cardgen validate joue d’autres "
           "parties", ("votre propre cardgen validate", "à 3 joueurs (le plus élevé")),
    "it": ("validate suggerirebbe 57 monete d’argento in più, cioè 19 monete d’oro: è il valore con 3 giocatori, il più "
           "alto dei 4 che dà (uno per numero di giocatori). La tua esecuzione di cardgen validate gioca altre partite, "
           "perciò il suo valore con 3 giocatori può essere diverso.", ("il tuo cardgen validate", "cifre")),
}


@pytest.mark.parametrize("lang", LANGS)
def test_en17_fr9_it17_validate_s_amount_then_its_count_and_rank(lang: str) -> None:
    """fr9, it17: « à 3 joueurs (le plus élevé de ses 4 chiffres, …), validate conseillerait … » hung the bracket on
    the player count, « ses » before validate was named; « votre propre cardgen validate », «il tuo cardgen validate»
    owned a command; «4 cifre» read as digits. en17: "that is 19 gold coins" wants its comma. Now the amount first,
    then which count it is and its rank, then the designer's own run, in a sentence of its own (terminal and page)."""
    from test_terminal_round50_t import _fixer_run

    from cardgen.tune.fix import advised_line, estimate_line

    fixer, props = _fixer_run(lang)[:2]
    amounts = advised_line(fixer, props)
    new, old = ESTIMATE[lang]
    for page in (False, True):
        said = _plain(estimate_line(lang, amounts, page=page))
        assert _plain(new) in said and not any(o in said for o in old), said


# -- en18 (it's remark): the untried value said as pieces; it18: the two fixes named in the command's sentence ------------

@pytest.mark.parametrize(("lang", "amount", "both"), [
    ("en", "is 42 gold coins; it was not tried", "To compare fix 1 or fix 2 with the base game on 1,000 pairs"),
    ("fr", "la seule valeur restante, 42 pièces d’or, n’a pas été essayée",
     "Pour comparer la correction 1 ou la correction 2 au jeu de base sur 1 000 paires"),
    ("it", "l’unico valore intermedio, 42 monete d’oro, non è stato provato",
     "Per confrontare la correzione 1 o la 2 con il gioco base su 1.000 coppie")])
def test_en18_it18_the_untried_value_in_pieces_and_the_fixes_named(lang: str, amount: str, both: str) -> None:
    """en18: "42 (number of gold coins)" for "42 gold coins" (Italian «42 (numero di monete d’oro)» alike); it18:
    «Per confrontare l’una o l’altra», its antecedents two sentences back: the two fixes named, with what they are
    compared with (the two commands below it)."""
    from test_terminal_round45_h109i import _round_run

    from cardgen.tune.fix import next_line

    fixer, props, paths = _round_run(lang, 0.02)
    said = _plain(next_line(fixer, props, paths[0], paths)).replace("\n", " ")
    assert _plain(amount) in said and _plain(both) in said, said
    assert not any(old in said for old in ("(number of", "(nombre de", "(numero di", "either", "l’une ou l’autre",
                                           "l’una o l’altra")), said


# -- it13: « quota equa » set against a share in every output, as validate says it ----------------------------------------

@pytest.mark.parametrize("key", ["compare_seat_leans", "compare_seat_leans_moved", "compare_seat_leans_untested",
                                 "compare_seat_owned", "compare_seat_owned_edge", "compare_seat_owned_moved",
                                 "compare_seat_owned_moved_edge"])
def test_it13_compare_says_the_seat_above_or_below_the_fair_share(key: str) -> None:
    """it13: «Il giocatore 1 vince più spesso della quota equa in entrambi i giochi …» (compare, terminal and page;
    fix-draco «sembrava vincere più spesso della quota equa») beside validate's «è sopra la quota equa»: a frequency
    set against a share, two phrasings of one finding. One: «è sopra / sotto la quota equa», every output."""
    from cardgen.terminal import say

    said = _plain(say(key, "it", who="il giocatore 1", often=say("often_more", "it"), gap="11,0 punti percentuali"))
    assert "il giocatore 1 è sopra la quota equa" in said and "spesso della quota equa" not in said, said
    less = _plain(say(key, "it", who="il giocatore 4", often=say("often_less", "it"), gap="11,0 punti percentuali"))
    assert "il giocatore 4 è sotto la quota equa" in less, less


@pytest.mark.parametrize(("tense", "said"), [
    ("", "3 giocatori: il giocatore 1 è sopra la quota equa (33,3%)"),
    ("_seen", "3 giocatori: il giocatore 1 sembrava essere sopra la quota equa (33,3%)")])
def test_it13_fix_says_the_seat_above_the_fair_share(tense: str, said: str) -> None:
    """it13: fix-draco's «sembrava vincere più spesso della quota equa (16,7%)», as compare's, now validate's words;
    English and French unchanged ("more often than the fair share", « une part de victoires plus élevée »)."""
    from cardgen.tune.fix import word

    fields = {"players": "3 giocatori", "seat": 1, "fair": "33,3%", "rate": "45,0%", "low": "38,0%", "high": "52,0%",
              "widened": ""}
    line = _plain(word("problem_seat" + tense, "it", side=word("seat_side_more", "it"), **fields))
    assert line.startswith(said), line
    assert _plain(word("problem_seat", "en", side=word("seat_side_more", "en"), **fields)).startswith(
        "3 giocatori: player 1 wins more often than the fair share")
    assert "plus élevée" in word("problem_seat", "fr", side=word("seat_side_more", "fr"), **fields)
