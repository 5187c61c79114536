"""Reading round 39 (docs/reads/terminal-round-39-*.md, issue 53), the faults its fixes left for time. h54a: Royale's
page saying the Imposter caveat twice at a count (en45, en46, fr51, it32) and « à ce nombre de joueurs » (fr53), then
English faults of the terminal and the pages. h54b: the French and Italian ones: fr12 (« là aussi » up to four times a
block), fr25 (« alors » after a label), fr35 and it27 (a 60-word balance warning, "player 1 and player 2", five
"and"s), fr36 (« et … et … et essayer ») and it11 (« queste 24 partite » twice in one sentence), each in the three
languages where the sentence exists. Built from the wordbooks and small entries, so it runs fast; every expected
sentence is ours."""
from __future__ import annotations

import re
from typing import Any

import pytest

from cardgen.simulate.summary import balance_fix, balance_lines
from cardgen.terminal import fit, say

LANGS = ["en", "fr", "it"]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


# -- en45, en46, fr51, it32, fr53: Royale's page says the Imposter's use once a count -------------------------------

IMPOSTER = {"component": "imposter", "dealt_share": 1.0, "plays_per_seat": 0.04, "win_rate_dealt": None,
            "win_rate_not_dealt": None, "difference": None, "low": None, "high": None, "flag": "", "judged": False,
            "not_judged": {"why": "all"}}
NOT_JUDGED = {"en": "No card is judged", "fr": "Aucune carte n’est évaluée", "it": "Non si può valutare nessuna carta"}
USED = {"en": "0.04 times per player per game", "fr": "0,04 fois par joueur et par partie",
        "it": "0,04 volte per giocatore a partita"}


def _warned(players: int = 2) -> dict[str, Any]:
    """A Royale count with a balance warning and its Imposter hardly used."""
    return {"players": players, "balance": {"flags": [{"seat": 0}]},
            "designer": {"component_impact": [dict(IMPOSTER)]}}


@pytest.mark.parametrize("lang", LANGS)
def test_a_warned_count_says_the_imposters_use_under_the_warning_and_why_it_is_not_judged_under_the_cards(
        lang: str) -> None:
    """round 39 en45, fr51, it32: at a count with a balance warning, the page said "Caveat: every player has the
    Imposter card, so it is not judged … (0.04 times per player per game …)" and, under the card-strength heading a
    few lines below, "No card is judged … used their imposter card 0.04 times … They hardly ever used it …": each
    thing twice. Now the warning's caveat says the use (round 34 en30*: it qualifies the verdict, before the fix
    command) and the card-strength paragraph why no card is judged, each once."""
    from cardgen.report.impact import Count, impact_block
    from cardgen.report.pages import warning_caveats
    from cardgen.simulate.summary import Naming

    naming = Naming(names={"imposter": {"en": "Imposter", "fr": "Imposteur", "it": "Impostore"}[lang]})
    caveats = [_plain(c) for c in warning_caveats(_warned(), lang, naming, set())]
    assert len(caveats) == 1 and USED[lang] in caveats[0], caveats
    # not "every player has the Imposter card, so it is not judged": the paragraph below says it
    assert {"en": "not judged", "fr": "pas évaluée", "it": "non viene valutata"}[lang] not in caveats[0], caveats
    cards = _plain(str(impact_block([dict(IMPOSTER)], {}, lang=lang, names=dict(naming.names), said=set(),
                                    count=Count(2, True))))
    assert NOT_JUDGED[lang] in cards and USED[lang] not in cards, cards
    assert {"en": "hardly", "fr": "presque jamais", "it": "quasi mai"}[lang] not in cards, cards
    # a count with no warning says both under its cards, once, as before
    alone = _plain(str(impact_block([dict(IMPOSTER)], {}, lang=lang, names=dict(naming.names), said=set(),
                                    count=Count(2))))
    assert NOT_JUDGED[lang] in alone and USED[lang] in alone, alone


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_warned_count_the_next_count_says_here_too(lang: str) -> None:
    """round 39 en46: the caveat said under a warning counts as said: the next count's card paragraph says "here
    too", not the whole sentence again."""
    from cardgen.report.impact import WORDS, Count, impact_block

    said: set[str] = set()
    impact_block([dict(IMPOSTER)], {}, lang=lang, names={"imposter": "Imposter"}, said=said, count=Count(2, True))
    later = _plain(str(impact_block([dict(IMPOSTER)], {}, lang=lang, names={"imposter": "Imposter"}, said=said,
                                    count=Count(3))))
    assert _plain(WORDS[lang]["all_dealt_hardly_again"].format(players=3)) in later, later


@pytest.mark.parametrize("lang", LANGS)
def test_the_caveat_under_the_cards_names_the_count(lang: str) -> None:
    """round 39 fr53: « les résultats à ce nombre de joueurs » is a calque; the count is named (« à 3 joueurs »),
    in Italian too («con 3 giocatori», not «con questo numero di giocatori»); never a bare « ces résultats » (round 33
    en34)."""
    from cardgen.report.impact import Count, impact_block

    said: set[str] = set()
    first, second = (_plain(str(impact_block([dict(IMPOSTER)], {}, lang=lang, names={"imposter": "Imposter"},
                                             said=said, count=Count(n)))) for n in (2, 3))
    named = {"en": ("at 2 players", "at 3 players"),  # the count named in English too (the wordbook's one placeholder set)
             "fr": ("les résultats à 2 joueurs valent", "les résultats à 3 joueurs valent"),
             "it": ("tutti i risultati con 2 giocatori valgono", "tutti i risultati con 3 giocatori valgono")}[lang]
    assert named[0] in first and named[1] in second, (first, second)
    assert "à ce nombre de joueurs" not in first + second and "con questo numero di giocatori" not in first + second


# -- en7: the bank's order for a Shower of Coins card ----------------------------------------------------------------

def test_the_bank_pays_a_shower_of_coins_roll_by_roll_in_the_order_rolled() -> None:
    """round 39 en7: "for a Shower of Coins card, in the order of its die rolls" could be read as highest roll
    first. The engine (games/draco/rules.py, ``COINS``) lists the players paid in the order the die was rolled and
    the bank pays that list first to last: "roll by roll, in the order rolled", within round 38's length cap."""
    from pathlib import Path

    import yaml

    deck = yaml.safe_load((Path(__file__).resolve().parents[1] / "decks" / "draco.yaml").read_text(encoding="utf-8"))
    said = deck["clarifications"]["bank_short"]["text"]["en"]
    assert "for a Shower of Coins card, roll by roll, in the order rolled." in said, said
    assert "order of its die rolls" not in said and len(said) <= 335  # terminal round 53 en5*: the start said


# -- en36, en47: an exact 0.0% of kingmaking is said as what happened ----------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_kingmaking_of_exactly_0_says_that_no_third_players_move_decided(lang: str) -> None:
    """round 39 en36, en47: Royale's "kingmaking 0.0% [0.0% to 2.0%]" over 187 games, with no comment, looked like a
    measurement that failed. Its note under the table (terminal and page: ``figure_bases``) now says what the 0
    means in those games; a figure above 0 keeps its note as it was."""
    from cardgen.simulate.summary import figure_bases

    def note(mean: float) -> str:
        return _plain(" | ".join(figure_bases([("kingmaking", {"mean": mean, "low": 0.0, "high": 0.02, "n": 187})],
                                              lang, players=3)))

    none = {"en": "; in none of them did a third player’s move put the winner ahead of the runner-up for good",
            # terminal round 46 fr6: the definition's own words (« coup », « pour de bon » were new ones)
            "fr": " ; dans aucune d’elles le vainqueur n’est passé pour la dernière fois devant le deuxième au tour "
                  "d’un troisième joueur",
            "it": "; in nessuna di esse la mossa di un terzo giocatore ha portato definitivamente il vincitore "
                  "davanti al secondo"}[lang]
    assert note(0.0).endswith(none) and "187" in note(0.0), note(0.0)
    assert none not in note(0.004), note(0.004)


# -- en25: the English ties line without brackets in brackets -------------------------------------------------------

@pytest.mark.parametrize("deck", ["king_lui", "royale"])
def test_the_english_ties_line_gives_each_count_first_and_nests_no_brackets(deck: str) -> None:
    """round 39 en25: "ties for first place: 46 (broken by the fewest cards discarded: 39; still tied, victory shared
    (this edition’s ruling): 7)": a bracket in a bracket, each count after its clause. Now "46 — 39 broken by …; 7 still
    tied, victory shared (this edition’s ruling)", and the page's cell, which lists the same items, alike."""
    from pathlib import Path

    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, tie_items, ties_line

    naming = Naming.of(resolve(deck, Path(__file__).resolve().parents[1]), "en")
    rule = {"king_lui": ("fewest_discarded", "shared_win"),
            "royale": ("most_dish_cards", "most_dish_cards, then shared")}[deck]
    ties = {"games": 46, "shared_wins": 7, "tie_breaks": {rule[0]: 39, rule[1]: 7}}
    line = ties_line(ties, "en", naming)
    assert line.startswith("ties for first place in 46 games: 39 won on the "), line  # round 41 en4, en17
    assert line.endswith("; 7 still tied, victory shared (this edition’s ruling)"), line
    assert line.count("(") == 1 and ": 39" not in line.split("games: ", 1)[1] and ": 7" not in line, line
    assert tie_items(ties, "en", naming).startswith("39 won on the ")


# -- en41: the overview's "only just" warning ------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["balance_pair_just", "balance_split_just", "balance_more_just", "balance_less_just",
                                 "balance_more_many_just", "balance_less_many_just"])
def test_the_overviews_only_just_warning_says_the_gap_is_only_just_beyond_chance(key: str) -> None:
    """round 39 en41: "player 2 wins less than the fair share, by only just more than chance would explain": three
    comparatives in one phrase. Now "…; the gap is only just beyond chance" (the gaps, for two or more players), the
    terminal's "beyond chance"."""
    from cardgen.report.words import page_words

    said = page_words(key, "en", who="player 2", ahead="player 1", behind="player 2")
    assert "more than chance would explain" not in said, said
    gaps = "gaps are" if ("many" in key or "split" in key) else "gap is"
    assert said.endswith(f"; the {gaps} only just beyond chance"), said


# -- en26, en42: the balance warning on four players -----------------------------------------------------------------

def _seat(k: int, side: str, rate: float, low: float, high: float) -> dict[str, Any]:
    return {"seat": k, "side": side, "rate": rate, "low": low, "high": high, "fair": 0.203, "compared": 5}


FIVE = [_seat(1, "less", 0.167, 0.139, 0.200), _seat(2, "less", 0.168, 0.140, 0.201),
        _seat(4, "more", 0.250, 0.216, 0.287), _seat(5, "more", 0.246, 0.213, 0.283)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_warning_on_four_players_names_whose_interval_is_whose(lang: str) -> None:
    """round 39 en26, en42 (King Lui at 5 players, terminal and page): four intervals in a row with nothing to say
    which is whose; in English also "and … and … and" without a comma and "(only just for …)" in a sentence full of
    brackets. Each interval now names its player, in all three languages; English puts a comma before the clause's
    "and" and says "…beyond chance, only just for player 1 and player 2:"."""
    from cardgen.simulate.summary import balance_lines

    [line] = balance_lines({"flags": FIVE, "seat_fair_share": 0.203}, lang, 5)
    said = _plain(line)
    named = {"en": "[21.6% to 28.7%] for player 4, [21.3% to 28.3%] for player 5, [13.9% to 20.0%] for player 1 and "
                   "[14.0% to 20.1%] for player 2 exclude the fair share",  # round 44 en13
             "fr": "[21,6 % ; 28,7 %] pour le joueur 4, [21,3 % ; 28,3 %] pour le joueur 5, [13,9 % ; 20,0 %] pour le "
                   "joueur 1 et [14,0 % ; 20,1 %] pour le joueur 2 ne contiennent pas",
             "it": "[21,6%; 28,7%] per il giocatore 4, [21,3%; 28,3%] per il giocatore 5, [13,9%; 20,0%] per il "
                   "giocatore 1 e [14,0%; 20,1%] per il giocatore 2 non contengono"}[lang]
    assert named in said, said
    if lang == "en":
        # a comma before the second side's clause ("and" here; h54b's "while" for fr35 does as well)
        assert re.search(r"\), (and|while) players? 1 \(16\.7%\)", said) and ", only just for players 1 and 2:" in said, said
        assert "(only just" not in said
    # two players: their two intervals in the order the sentence names them, as before
    [two] = balance_lines({"flags": FIVE[:1] + FIVE[2:3], "seat_fair_share": 0.203}, lang, 5)
    assert {"en": "] for player", "fr": "] pour le joueur", "it": "] per il giocatore"}[lang] not in _plain(two), two


# -- en39: a case the published rules settle, named first ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_case_the_published_rules_settle_names_the_case_first(lang: str) -> None:
    """round 39 en39: "a case the published rules already settle (no dish is left on the table while an Emerald card
    is waiting): in 44 of the 1,000 games": the case in brackets behind an abstract label. The case first, who
    settles it in brackets after it, as the reader asked; the line for a case some editions settle alike."""
    from cardgen.simulate.summary import published_editions
    from cardgen.terminal import say

    said = _plain(say("gap_published", lang, name="CASE", when="in 44 of the 1,000 games"))
    assert said.startswith("CASE (") and said.endswith("in 44 of the 1,000 games"), said
    assert {"en": "CASE (the published rules settle this case): ", "fr": "CASE (cas prévu par les règles publiées) : ",
            "it": "CASE (caso già previsto dal regolamento pubblicato): "}[lang] in said, said
    some = _plain(say("gap_published_in", lang, name="CASE", when="W",
                      **published_editions({"published_in": ["it", "en"], "silent_in": ["fr"]}, lang)))
    assert some.startswith("CASE (") and some.endswith("): W") or some.endswith(") : W"), some


# -- en37, en48: how rarely the Imposter is used, as a share of games -----------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_imposter_caveat_says_in_what_share_of_games_it_was_used(lang: str) -> None:
    """round 39 en37, en48: "(0.02 times per game on average)": the Imposter can be used once a game, so the figure
    meant "in about 2% of games", which the reader had to work out. The traced games now count the share of a
    player's games in which they played the card (``played_share``), and every caveat on it says that share: the
    terminal's and the page's (solo, under a warning, under the cards). A result recorded before keeps the times."""
    from cardgen.report.impact import Count, impact_block
    from cardgen.simulate.summary import Naming, held_all_lines

    naming = Naming(names={"imposter": "Imposter"})
    row = {**IMPOSTER, "plays_per_seat": 0.036, "played_share": 0.036}
    share = {"en": "in 3.6% of cases, counting each player in each game",  # round 43 fr16*: of player-games
             "fr": "dans 3,6 % des cas, en comptant chaque joueur dans chaque partie",
             "it": "nel 3,6% dei casi, contando ogni giocatore in ogni partita"}[lang]  # round 40 it7
    solo = {"en": "(in 2.4% of games)", "fr": "(dans 2,4 % des parties)", "it": "(nel 2,4% delle partite)"}[lang]
    [two] = held_all_lines([row], lang, naming, set())
    assert f"({share})" in _plain(two), two
    [alone] = held_all_lines([{**row, "plays_per_seat": 0.024, "played_share": 0.024}], lang, naming, None, True)
    assert solo in _plain(alone), alone
    old = {"en": "times per", "fr": "fois par", "it": "volte per"}[lang]
    assert old not in two and old not in alone
    page = _plain(str(impact_block([row], {}, lang=lang, names={"imposter": "Imposter"}, said=set(), count=Count(2))))
    assert {"en": "used their Imposter card in only 3.6% of cases, counting each player in each game",
            "fr": "n’ont utilisé leur carte Imposter que dans 3,6 % des cas, en comptant chaque joueur dans chaque partie",
            # terminal round 41 it9: the terminal's one wording for the figure, «dei casi, contando ogni giocatore …»
            "it": "hanno usato la loro carta Imposter solo nel 3,6% dei casi, contando ogni giocatore in ogni "
                  "partita"}[lang] in page, page
    assert old not in page  # said once, as a share: not "0.04 times …" then "they hardly ever used it" (en46)
    # a result recorded before the share: the times, as before
    [before] = held_all_lines([dict(IMPOSTER)], lang, naming, set())
    assert old in before and "%" not in before.split("(")[-1].split(")")[0]


def test_the_traced_games_count_the_share_of_a_players_games_that_played_a_card() -> None:
    """round 39 en37: ``played_share`` is the seat-games in which the card was played at least once over every
    seat-game traced (``designer.with_plays``), beside the mean times."""
    from cardgen.simulate.designer import with_plays

    [row] = with_plays([{"component": "imposter"}], {"imposter": [9, 4, 12]}, 300)
    assert row["played_share"] == 0.03 and row["plays_per_seat"] == 0.04
    [none] = with_plays([{"component": "imposter"}], {}, 300)
    assert none["played_share"] is None and none["plays_per_seat"] is None


# -- fr12: one "here too" a block ---------------------------------------------------------------------------------

#: the marker a later count's block uses for "as at the first count"
TOO = {"en": "here too", "fr": "là aussi", "it": "anche qui"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_later_counts_block_says_here_too_once(lang: str) -> None:
    """round 39 fr12: Draco at 4, 5 and 6 players, « (20, là aussi tout le stock) ; … (95, là aussi tout le stock) »,
    « sur 300 parties, là aussi, … », « Là aussi, les résultats décrivent … »: four in one block (Italian «anche
    qui» alike). The maxima say "(20, tout le stock)"; the shortage's last sentence "likewise"; the balance line
    keeps the block's one "here too"."""
    block = [say("balance_none_again", lang, fair="25,0 %", why="", games="300"),
             say("peak_box_again", lang, name="x", n="20"), say("peak_box_again", lang, name="y", n="95"),
             say("short_ruled_again_weighed", lang, warn="W", case="c", short=2, games=300, share="s", max=9,
                 piece="p", more=3, box="", also="", cover="99%", first=say("players", lang, n=3))]
    assert sum(_plain(text).lower().count(TOO[lang]) for text in block) == 1, block
    assert {"en": "x (all 20 of them)", "fr": "x (20, la totalité)",
            "it": "x (20, l’intera dotazione)"}[lang] == _plain(block[1])
    # round 40 fr12, it14: "De même" / "Analogamente" hung loose after the bracket; said plainly, with this edition's
    # ruling (the book's name)
    # terminal round 43 it18: no sentence of its own any more, a pointer back in the figures' line
    assert _plain(block[3]).endswith({
        # terminal round 47 en18 ("applies equally": to what?), it8 (one wording for one pointer) (pins updated)
        "en": "What was said at 3 players about these additions and the results also holds here",
        "fr": "Les mises en garde faites à 3 joueurs valent ici aussi, sur les ajouts comme sur ce que décrivent les résultats",
        "it": "Valgono le avvertenze fatte per 3 giocatori su queste aggiunte e sui risultati"}[lang])
    # nor the block's ties line's words ("all settled the same way", «tutte risolte allo stesso modo»)
    opening = _plain(block[3]).split(",")[0].split(" describe")[0].lower()
    assert opening not in _plain(say("ties_all", lang, n=30, rule="r")).lower(), opening


# -- fr25: the overview's note after a label --------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_overviews_shortage_note_needs_no_then_after_its_label(lang: str) -> None:
    """round 39 fr25: « Manque de pièces à la banque : les règles publiées ne disent pas ce qui se passe alors »:
    « alors » after a label has no antecedent; « un cas que les règles publiées ne prévoient pas ». English's
    published note said "what happens then" alike (round 34 en27 had dropped it from the other)."""
    from cardgen.report.words import PAGES

    notes = [_plain(PAGES[lang][key]) for key in ("short_note", "short_note_published")]
    assert not any(w in note for note in notes for w in (" alors", " then.", " then;"))
    assert notes[0].startswith({"en": "{name}: the published rules do not say what happens; play goes on",
                                "fr": "{name} : un cas que les règles publiées ne prévoient pas ; la partie continue",
                                "it": "{name}: il regolamento pubblicato non prevede questa situazione; la partita "}[lang])
    assert notes[1].startswith({"en": "{name}: the published rules say what happens. The game page",
                                "fr": "{name} : un cas prévu par les règles publiées. La page du jeu",
                                "it": "{name}: il regolamento pubblicato prevede questa situazione. I dettagli"}[lang])


# -- fr35, it27: the balance warning with players on both sides ---------------------------------------------------

def _sided(k: int, side: str, rate: float, low: float, high: float, fair: float = 0.203, n: int = 5) -> dict:
    return {"seat": k, "side": side, "rate": rate, "low": low, "high": high, "fair": fair, "compared": n}


#: King Lui at 5 players, 1,000 games, seed 1: players 4 and 5 ahead, players 1 and 2 just behind
KL_FIVE = [_sided(1, "less", 0.167, 0.139, 0.200), _sided(2, "less", 0.168, 0.140, 0.201),
           _sided(4, "more", 0.250, 0.216, 0.287), _sided(5, "more", 0.246, 0.213, 0.283)]

SIDES = {"en": ("WARNING (balance): players 4 (25.0%) and 5 (24.6%) are above the fair share (20.3%",
                "), while players 1 (16.7%) and 2 (16.8%) are below it. These gaps are beyond chance",
                "only just for players 1 and 2"),
         "fr": ("ATTENTION (équilibre) : les joueurs 4 (25,0 %) et 5 (24,6 %) sont au-dessus de la part équitable "
                "(20,3 %", "), tandis que les joueurs 1 (16,7 %) et 2 (16,8 %) sont en dessous. Ces écarts dépassent "
                "ce que le hasard peut expliquer", "de justesse pour les joueurs 1 et 2"),
         "it": ("AVVISO (equilibrio): i giocatori 4 (25,0%) e 5 (24,6%) sono sopra la quota equa (20,3%",
                "), mentre i giocatori 1 (16,7%) e 2 (16,8%) sono sotto. Le differenze sono più grandi di quanto "
                "il caso spieghi di solito", "di poco per i giocatori 1 e 2")}


@pytest.mark.parametrize("lang", LANGS)
def test_players_on_each_side_are_named_once_and_the_verdict_is_a_sentence_of_its_own(lang: str) -> None:
    """round 39 fr35: « le joueur 4 (25,0 %) et le joueur 5 (24,6 %) sont au-dessus … et le joueur 1 (16,7 %) et le
    joueur 2 (16,8 %) sont en dessous ; ces écarts … (de justesse pour le joueur 1 et le joueur 2), car … »: over
    60 words in one sentence, "le joueur 1 et le joueur 2" heavy; it27: five «e» in a row. Each side's players
    under one noun, the sides set apart by "while" (each keeping its verb, round 29 en10, fr8, it27), the verdict a
    sentence of its own (the seat lines above name the widened intervals: ``named``)."""
    [line] = balance_lines({"flags": KL_FIVE, "seat_fair_share": 0.203, "seat_intervals": True}, lang, 5, warn=True)
    said = _plain(line)
    head, middle, just = SIDES[lang]
    assert said.startswith(head) and middle in said and just in said, said
    ends = [said.index(end) for end in (("21.6%", "21.3%", "13.9%", "14.0%") if lang == "en" else
                                        ("21,6%", "21,3%", "13,9%", "14,0%") if lang == "it" else
                                        ("21,6 %", "21,3 %", "13,9 %", "14,0 %"))]
    assert ends == sorted(ends), said  # the intervals still in the players' order, those ahead first
    first = said.split(". ")[0]
    assert first.count({"en": " and ", "fr": " et ", "it": " e "}[lang]) == 2, first  # one a side
    assert {"en": "player 1 and player 2", "fr": "le joueur 1 et le joueur 2",
            "it": "il giocatore 1 e il giocatore 2"}[lang] not in said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "balance: player 1 (37.0%) is above the fair share (25.0%), while players 3 (19.0%) and 4 (18.0%) are "
           "below it. These gaps"),
    ("fr", "équilibre : le joueur 1 (37,0 %) est au-dessus de la part équitable (25,0 %), tandis que les joueurs "
           "3 (19,0 %) et 4 (18,0 %) sont en dessous. Ces écarts"),
    ("it", "equilibrio: il giocatore 1 (37,0%) è sopra la quota equa (25,0%), mentre i giocatori 3 (19,0%) e "
           "4 (18,0%) sono sotto. Le differenze")])
def test_one_player_on_a_side_keeps_the_singular(lang: str, said: str) -> None:
    """round 39 fr35, it27: one player alone on a side is "player 1 (37.0%) is", two "players 3 (19.0%) and
    4 (18.0%) are" (round 29's verbs agreed, kept)."""
    seats = [_sided(1, "more", 0.37, 0.30, 0.44, 0.25, 4), _sided(3, "less", 0.19, 0.14, 0.24, 0.25, 4),
             _sided(4, "less", 0.18, 0.13, 0.23, 0.25, 4)]
    [line] = balance_lines({"flags": seats, "seat_fair_share": 0.25, "seat_intervals": True}, lang, 4)
    assert _plain(line).startswith(said), line
    assert {"en": "player 1\u00a0(", "fr": "le joueur 1\u00a0(", "it": "il giocatore 1\u00a0("}[lang] in line  # one line


@pytest.mark.parametrize("lang", LANGS)
def test_a_players_number_stays_on_the_line_of_its_rate(lang: str) -> None:
    """round 39 fr35, it27: "players 1 (16.7%) and 2 (16.8%)" wrapped at 100 columns never leaves a bare number
    at a line's end with its share opening the next ("i giocatori 1\\n(16,7%)"), nor the noun alone."""
    [line] = balance_lines({"flags": KL_FIVE, "seat_fair_share": 0.203, "seat_intervals": True}, lang, 5, warn=True)
    for width in range(60, 101):
        rows = fit("  " + line, width).split("\n")
        # the players' shares (25.0, 24.6, 16.7, 16.8), not the fair share's bracket (20.3)
        assert not any(_plain(row).strip().startswith(("(25", "(24", "(16")) for row in rows[1:]), rows
        assert not any(row.rstrip().endswith(("players", "joueurs", "giocatori")) for row in rows), rows


# -- fr36: the fix pointer's chain of « et » ------------------------------------------------------------------------

def _flagged(players: int, *flags: tuple[int, str]) -> dict[str, Any]:
    return {"variant": "king_lui", "players": players,
            "balance": {"flags": [{"seat": seat, "side": side} for seat, side in flags]}}


@pytest.mark.parametrize(("flags", "said"), [
    (((1, "less"), (2, "less"), (4, "more"), (5, "more")),
     "pour chercher comment corriger l’avantage des joueurs 4 et 5 ainsi que le désavantage des joueurs 1 et 2, puis "
     "essayer les corrections trouvées sur des parties simulées, lancez : cardgen fix king_lui --players 5"),
    (((1, "more"), (4, "less")),
     "pour chercher comment corriger l’avantage du joueur 1 ainsi que le désavantage du joueur 4, puis essayer les "
     "corrections trouvées sur des parties simulées, lancez : cardgen fix king_lui --players 5")])
def test_the_french_fix_pointer_has_no_chain_of_et(flags: tuple, said: str) -> None:
    """round 39 fr36: King Lui at 5 players, Royale at 4: « corriger l’avantage des joueurs 4 et 5 et le désavantage
    des joueurs 1 et 2 et essayer les corrections … »: three « et » in one chain. « ainsi que …, puis essayer »:
    round 29 fr9 (and round 28 fr5) read « ainsi que … et tester » as a third object of « corriger »; « puis » sets the
    second step apart, as fr9 asked."""
    text = _plain(balance_fix(_flagged(5, *flags), "fr"))
    assert text == said
    assert " et essayer" not in text


# -- it11: a shortage in few games, its count once -----------------------------------------------------------------

@pytest.mark.parametrize(("lang", "said"), [
    # round 40 en9*, fr8*, it10*: the book's ruling named, where the book prints it
    # terminal round 41 it14, fr10: no "already", the ruling by its name (pins updated)
    ("en", "This edition’s ruling on this case (W) came into play only in these 24 games; the other 276 do not depend "
           "on it"),
    ("fr", "Le choix de cette édition pour ce cas (W) n’a servi que dans ces 24 parties ; les 276 autres n’en "
           "dépendent pas"),
    ("it", "La scelta di questa edizione per questo caso (W) è entrata in gioco solo in queste 24 partite; le altre "
           "276 non ne dipendono")])
def test_a_shortage_in_few_games_says_its_count_once(lang: str, said: str) -> None:
    """round 39 it11: «è servita solo in queste 24 partite; nelle altre 276 non è entrata in gioco, quindi incide sui
    risultati solo attraverso queste 24 partite»: the count twice, the sentence round in a circle (English alike).
    Now as French says it: the other games do not depend on the rule. Never "so it hardly changes the results"
    (the reader's «incide poco»): round 36 fr9*, it8* ruled out a size of effect nothing measured."""
    many = _plain(say("short_weight_few", lang, short=24, rest=276, where="W"))
    assert many.startswith(said), many
    assert many.count({"en": "24 games", "fr": "24 parties", "it": "24 partite"}[lang]) == 1
    assert not any(w in many for w in ("hardly", "incide poco", "change donc peu", "only through", "solo attraverso"))
    one = _plain(say("short_weight_few_one", lang, short=1, rest=299, where="W"))
    assert {"en": "only in this game; the other 299 do not depend on it",
            "fr": "que dans cette partie ; les 299 autres n’en dépendent pas",
            "it": "solo in questa partita; le altre 299 non ne dipendono"}[lang] in one, one


# -- it33: why Royale's card swap test cannot be run -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_royale_says_why_the_card_swap_test_cannot_run_either(lang: str) -> None:
    """round 39 it33: after Draco's card swap test, Royale's "no card is judged" explained only the opening hands; a
    designer asked why the dishes taken in play are not swapped. The engine cannot (``RoyaleState.exchangeable`` is
    empty: every dish card taken is placed under a noble in the same turn, the book's "place every card you took"),
    and the game's words now say so, naming the test as the card table does."""
    from cardgen.games import get_game
    from cardgen.games.royale.engine import RoyaleState

    said = _plain(dict(get_game("royale").words)["impact"][lang]["all_dealt_one"])
    test = {"en": "card swap test", "fr": "test de substitution", "it": "prova di sostituzione"}[lang]
    held = {"en": "no player keeps a dish card that could be swapped",  # round 42 en17: the imposter is kept
            "fr": "aucun joueur ne garde de carte Plat à échanger",
            "it": "nessun giocatore tiene una carta Piatto da sostituire"}[lang]
    assert test in said and held in said and said.index(test) > said.index(":"), said
    assert RoyaleState.exchangeable(None, 0) == ([], [])  # type: ignore[arg-type]  # the fact the sentence states
