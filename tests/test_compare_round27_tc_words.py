"""compare's words after the twenty-seventh reading of the terminal and its report pages (en14-en27, fr14-fr41,
it19-it59): what compare says is true by the rule its code applies, and a figure that measures nothing is not
written as a measurement."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.languages import typeset
from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, compare_balance, difference_line
from test_compare_round22 import _hungry_five

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with its no-break spaces as plain ones: the words compared, not the typesetting."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")

#: a change of +4.0 points on 100 pairs, [−38.5 to +46.5]: said as what chance leaves open, never as a measurement
OPEN = {"en": "+4.0\u00a0percentage points; 100 pairs are too few to measure a change of this size. Allowing for chance, it could be "
              "anything from −38.5 to +46.5 percentage points",  # terminal round 40 en14*: never bare "points"
        # terminal round 41 fr14: the measure then why it is imprecise, never "too few to measure it" after it
        "fr": "+4,0\u00a0points de pourcentage, mais 100 paires ne suffisent pas à le mesurer avec précision. Compte "
              "tenu du hasard, il peut aller de −38,5 à +46,5 points de pourcentage",  # fr13: one colon, two sentences
        # terminal round 46 it15: what 100 pairs cannot tell said first, the range after
        "it": "+4,0\u00a0punti percentuali, ma 100 coppie sono troppo poche per sapere se la variante alzi o abbassi "
              "questa quota. Tenuto conto del caso, la differenza può andare da −38,5 a +46,5 punti percentuali"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_s_change_too_wide_to_measure_is_said_as_the_range_chance_leaves_open(lang: str) -> None:
    """en17, fr15: "+4.0 percentage points [−27.0 to +46.5]" read as a measurement where 100 pairs measure nothing;
    a change beyond chance, or one whose interval is narrow, keeps its figure and its interval."""
    [line] = compare_balance(_hungry_five(0.27), lang, "king_lui")
    assert typeset(OPEN[lang], lang) in line, line
    assert "[−38" not in line  # no bracketed interval for the change
    narrow = _hungry_five(0.27)
    narrow["metrics"][0].update(low=-0.10, high=0.18)  # ±14 points: a measurement that may be chance
    [line] = compare_balance(narrow, lang, "king_lui")
    # terminal round 40 en18, it19: the narrow range in words too, never a bracket after a sentence in words
    assert typeset(OPEN[lang].split(" ", 1)[0], lang) in line and "−10.0" in plain(line).replace(",", "."), line
    assert typeset({"en": "too few to measure", "fr": "ne suffisent pas", "it": "troppo poche"}[lang],
                   lang) not in line


@pytest.mark.parametrize("lang", LANGS)
def test_a_house_rule_said_in_one_sentence_ends_with_a_full_stop(lang: str) -> None:
    """en18, fr18, it22: Gentle Overeating's rule, one sentence, had no full stop in the terminal and on the pages,
    where the Charity Toast's, of three sentences, had one."""
    deck = resolve("king_lui-gentle-overeating", ROOT)
    [house] = [d for d in deck.differences if d.get("kind") == "house_rule"]
    said = plain(difference_line(house, lang, Naming.of(deck, lang)))
    assert said.endswith(plain({"en": "score the rest as usual.", "fr": "marquez normalement les autres.",
                                "it": "le altre valgono punti come al solito."}[lang])), said  # round 45 it17


#: compare's page, above its card table, where neither game flags a card: the terminal's own claim
NONE_FLAGGED = {"en": "On these pairs, no card is flagged as too strong or too weak in either game.",
                "fr": "Sur ces paires, aucune carte n’est signalée comme trop forte ou trop faible, ni dans le jeu de "
                      "base ni dans la variante.",  # terminal round 40 fr16
                "it": "Su queste coppie nessuna carta è segnalata come troppo forte o troppo debole, in nessuno dei "
                      "due giochi."}


@pytest.mark.parametrize("lang", LANGS)
def test_the_compare_page_says_no_card_is_flagged_as_its_terminal_does(lang: str) -> None:
    """it32: the terminal said no card is flagged in either game, the page only that no card's change from the base
    game is beyond chance: two claims for one section. The page says the terminal's too, and only where true: a
    card the base game flags, or the variant, takes it away."""
    from cardgen.report.impact import impact_block

    row = {"component": "dice", "dealt_share": 0.3, "win_rate_dealt": 0.2, "win_rate_not_dealt": 0.34,
           "difference": -0.137, "low": -0.25, "high": -0.024, "plays_per_seat": 0.03, "held_flag": "weak",
           "change": {"metric": "card:dice", "significant": False},
           "base": {"difference": -0.085, "low": -0.2, "high": 0.03, "plays_per_seat": 0.04}}
    # the sentence, then (terminal round 46 fr43) the hardly-played card whose interval leaves out 0
    said = typeset(NONE_FLAGGED[lang].rstrip("."), lang)
    assert said in str(impact_block([row], paired=True, lang=lang))
    assert said not in str(impact_block([{**row, "base": {**row["base"], "flag": "weak"}}], paired=True, lang=lang))
    assert said not in str(impact_block([{**row, "flag": "weak", "held_flag": ""}], paired=True, lang=lang))
    assert said not in str(impact_block([row], paired=False, lang=lang))  # validate's page says its own


@pytest.mark.parametrize(("lang", "said"), [("en", "played 1.3 times per player per game with the variant"),
                                            ("fr", "jouée 1,3 fois par joueur et par partie avec la variante"),
                                            ("it", "giocata 1,3 volte per giocatore a partita con la variante")])
def test_a_card_s_plays_on_the_compare_page_say_which_game_they_are_of(lang: str, said: str) -> None:
    """it59: "played 1.3 times per player per game" under each card of a page comparing two games: the figure is
    the variant's, as the win rates beside it; validate's page, of one game, says it plainly."""
    from cardgen.report.impact import impact_block

    row = {"component": "splits", "dealt_share": 0.25, "win_rate_dealt": 0.39, "win_rate_not_dealt": 0.32,
           "difference": 0.073, "low": -0.034, "high": 0.179, "plays_per_seat": 1.3,
           "base": {"difference": -0.035, "low": -0.1, "high": 0.03, "plays_per_seat": 1.2}}
    assert typeset(said, lang) in str(impact_block([row], paired=True, lang=lang))
    assert typeset(said, lang) not in str(impact_block([row], paired=False, lang=lang))


@pytest.mark.parametrize(("lang", "between"), [("en", " (base game) or "), ("fr", " (jeu de base) ou "),
                                               ("it", " (gioco base) oppure ")])
def test_the_compare_page_offers_both_fix_commands_where_both_games_show_the_problem(lang: str,
                                                                                      between: str) -> None:
    """it56: the terminal offers "cardgen fix draco (base game) or cardgen fix draco-charity-toast (variant)", the
    page only the variant's: both on the page too, each command a code of its own a designer can copy."""
    from cardgen.report.pages import compare_fix
    from cardgen.report.templating import macro

    shortage = {"en": "the shortage of coins in the bank", "fr": "le manque de pièces à la banque",
                "it": "la carenza di monete in banca"}[lang]
    hint = {"command": "cardgen fix draco-charity-toast", "href": None}  # as ``fix_hint`` gives it
    both = compare_fix(hint, "Charity", lang, shortage, [("draco", shortage), ("draco-charity-toast", shortage)])
    html = str(macro("parts.html", "fix_line", both))
    assert f"<code>cardgen fix draco</code>{typeset(between, lang)}<code>cardgen fix" in html, html
    assert "draco-charity-toast" in html.split(between.strip().split(" ")[-1])[-1]
    one = compare_fix(hint, "Charity", lang, shortage, [("draco-charity-toast", shortage)])
    assert "cardgen fix draco<" not in str(macro("parts.html", "fix_line", one))  # the variant's alone
