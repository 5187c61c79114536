"""Terminal round 43, part d (docs/reads/terminal-round-43-fixes-d.md): the notes printed again at every player count
(it3, it9/fr7, it18, it15/fr13), "oltre il caso" (it19, fr17, en18, en20), the card table's games (it12) and the 7th
"other count" (en17, fr21). Built from small hand-made results or from the wordbooks, so it runs fast."""
from __future__ import annotations

from pathlib import Path

import pytest

LANGS = ("en", "fr", "it")
ROOT = Path(__file__).resolve().parents[1]


def plain(text: str) -> str:
    return " ".join(str(text).replace("\u202f", " ").replace("\u00a0", " ").split())


# -- it3: how a shared win's lead counts, said once a run ---------------------------------------------------------

#: the whole definition, and the back-reference at the next counts
SHARED = {"en": ("for a shared win, the tied winners’ lead over the next-best player", "shared wins counted as above"),
          "fr": ("en cas de victoire partagée, on compte l’avance des gagnants ex æquo",
                 "victoires partagées comptées comme plus haut"),
          "it": ("nelle vittorie condivise conta il distacco dei vincitori dal primo degli altri",
                 "vittorie condivise contate come sopra")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_wins_lead_is_defined_once_a_run_then_said_as_above(lang: str) -> None:
    """it3: "(su tutte le 300 partite; nelle vittorie condivise conta il distacco dei vincitori dal primo degli altri
    in classifica)", 20 words printed at 3, 4 and 5 players. The first count with shared wins defines it; the next
    say "as above", over their own games."""
    from cardgen.simulate.summary import margin_basis

    whole, short = SHARED[lang]
    said: set[str] = set()
    first = plain(margin_basis(300, 300, lang, None, 3, 3, said))
    second = plain(margin_basis(300, 300, lang, None, 4, 3, said))
    third = plain(margin_basis(277, 300, lang, None, 5, 30, said))  # some games with no one below the winners
    assert whole in first and short not in first, first
    assert short in second and whole not in second and "300" in second, second
    assert short in third and whole not in third and "277" in third, third
    # no said set (the page, one count a section): the whole definition every time
    assert whole in plain(margin_basis(300, 300, lang, None, 4, 3))


# -- it9, fr7: the imposter's note said once, then pointed back to --------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_imposter_note_said_again_gives_its_share_and_points_back(lang: str) -> None:
    """it9, fr7: the imposter note at 2, 3 and 4 players, each with its share, its base and its consequence, so the
    reader compared three sentences to see they said one thing. The later ones give this count's share and point
    back to the whole note."""
    from cardgen.simulate.summary import Naming, held_all_lines

    row = {"component": "imposter", "dealt_share": 1.0, "plays_per_seat": 0.013, "played_share": 0.013,
           "difference": None, "not_judged": {"why": "all"}}
    naming = Naming(names={"imposter": {"en": "imposter", "fr": "Imposteur", "it": "Impostore"}[lang]})
    said: set[str] = set()
    [two] = held_all_lines([row], lang, naming, said, first=250)
    [three] = held_all_lines([{**row, "played_share": 0.008}], lang, naming, said, first=250)
    two, three = plain(two), plain(three)
    counting = {"en": "counting each player in each of the first 250 games",
                "fr": "en comptant chaque joueur dans chacune des 250 premières parties",
                "it": "contando ogni giocatore in ciascuna delle prime 250 partite"}[lang]
    balance = {"en": "balance included", "fr": "y compris l’équilibre", "it": "equilibrio compreso"}[lang]
    assert counting in two and balance in two, two
    assert counting not in three and balance not in three, three
    assert {"en": "(in 0.8% of cases), so these figures describe games played almost without it",
            "fr": "(dans 0,8 % des cas) ; ces résultats valent donc pour des parties jouées quasiment sans elle",  # round 45 fr7
            "it": "(nello 0,8% dei casi), quindi questi risultati valgono per partite giocate praticamente senza di "
                  "essa"}[lang] in three, three
    assert len(three) < len(two) * 0.75, (two, three)


# -- it18: the bank warning's caveat once, then a pointer ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_bank_warning_at_later_counts_gives_its_figures_and_one_pointer_back(lang: str) -> None:
    """it18: at 4, 5 and 6 players the warning said again that the additions change play and may not be enough, then
    that the results describe this edition's ruling. The later counts now give their figures and one pointer back
    to the 3 players' warning; where the ruling weighs on the results, the pointer names them too."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    naming = Naming.of(resolve("draco", ROOT), lang)
    finding = {"peak": "unpaid_by_bank", "print_more": 57, "cover": 0.99, "games_short": 190, "games": 200, "max": 60}
    said: set[str] = set()
    first = plain(shortfall_line(finding, lang, naming, said=said, entry={"variant": "draco", "players": 3}))
    weighs = plain(shortfall_line({**finding, "print_more": 43}, lang, naming, said=said,
                                  entry={"variant": "draco", "players": 4}))
    few = plain(shortfall_line({**finding, "games_short": 16, "print_more": 9}, lang, naming, said=said,
                               entry={"variant": "draco", "players": 6}))
    caveat = {"en": "change how the games go, so they may fall short, or be more than needed", "fr": "Ces ajouts changent le déroulement",  # round 46
              "it": "aggiunte cambiano il gioco, perciò potrebbero non bastare"}[lang]  # round 47 it7*, 48 it8 (pins updated)
    results = {"en": "describe the game with this edition’s ruling", "fr": "décrivent donc le jeu avec le choix",
               "it": "descrivono quindi il gioco con la scelta"}[lang]
    assert caveat in first and results in first, first
    for later in (weighs, few):
        assert caveat not in later and results not in later and "cardgen fix" not in later, later
    assert weighs.endswith({"en": "What was said at 3 players about these additions and the results also holds here",
                            "fr": "Les mises en garde faites à 3 joueurs valent ici aussi, sur les ajouts comme sur ce que décrivent les résultats",
                            "it": "Valgono le avvertenze fatte per 3 giocatori su queste aggiunte e sui risultati"}[lang]), weighs
    # the ruling in few games: the pointer names the additions only; the games it came into play in follow
    assert {"en": "What was said at 3 players about these additions also holds here",  # round 46 en14; round 47 en18
            "fr": ". La mise en garde faite à 3 joueurs sur les ajouts vaut ici aussi",  # round 47 fr12
            "it": "Vale l’avvertenza fatta per 3 giocatori su queste aggiunte"}[lang] in few, few
    assert {"en": "the other 184 do not depend on it", "fr": "les 184 autres n’en dépendent pas",
            "it": "le altre 184 non ne dipendono"}[lang] in few, few


# -- it15, fr13: the † note on a card whose interval leaves out 0 -----------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_held_note_says_why_once_without_repeating_the_cards_count(lang: str) -> None:
    """it15: "(0,04)" in the † line, then "è stata giocata solo 0,04 volte per giocatore a partita (meno di 0,1)" two
    lines below: the figure twice, and a threshold never explained; fr13: the five-sentence note word for word at 4
    and 6 players. The note says the 0.1 is what † means; the next such note gives its figure and points back."""
    from cardgen.simulate.summary import held_notes

    row = {"component": "shower", "held_flag": "weak", "flagged_by": ["margin"], "plays_per_seat": 0.04,
           "win": -0.02, "win_low": -0.09, "win_high": 0.05, "margin": -1.5, "margin_low": -2.5, "margin_high": -0.5}
    said: set[str] = set()
    [first] = held_notes(None, row, "Shower", lang, said=said)
    [second] = held_notes(None, {**row, "plays_per_seat": 0.03}, "Shower", lang, said=said)
    first, second = plain(first), plain(second)
    assert {"en": "0.04", "fr": "0,04", "it": "0,04"}[lang] not in first, first
    assert {"en": "like every † card, it is played fewer than 0.1 times per player per game",
            "fr": "comme toute carte †, elle est jouée moins de 0,1 fois par joueur et par partie",
            "it": "come ogni carta †, si gioca meno di 0,1 volte per giocatore a partita"}[lang] in first, first
    check = {"en": "To tell whether", "fr": "Pour savoir si", "it": "Per capire se"}[lang]  # round 46 it12
    assert check in first and check not in second, second
    assert {"en": "−1.5", "fr": "−1,5", "it": "−1,5"}[lang] in second and second.endswith(
        {"en": "as in the † note above, the card is not flagged and the same check applies",
         "fr": "comme dans la note † plus haut, la carte n’est pas signalée et la même vérification s’impose",
         "it": "come nella nota † più sopra, la carta non è segnalata e vale la stessa verifica"}[lang]), second
    # the other side has its own check: its first note whole
    [strong] = held_notes(None, {**row, "held_flag": "strong"}, "Shower", lang, said=said)
    assert check in strong, strong


# -- it19, fr17, en18, en20: chance said as a clause, not "oltre il caso" ---------------------------------------------

def test_no_compare_seat_or_quiet_line_says_oltre_il_caso() -> None:
    """it19: "vince più spesso della quota equa, oltre il caso", an elliptic shorthand (and "al di là del caso");
    it22: "lì" with no referent."""
    from cardgen.terminal import LINES

    keys = [k for k in LINES["it"] if k.startswith(("compare_seat_leans", "compare_seat_owned", "compare_balance_"))]
    assert len(keys) >= 10, keys
    for key in keys:
        assert "oltre il caso" not in LINES["it"][key] and "al di là del caso" not in LINES["it"][key], key
    assert "e il caso difficilmente basta a spiegarlo" in LINES["it"]["compare_seat_leans"]
    assert "quindi non provano che con {counts} giocatori" in LINES["it"]["compare_balance_quiet"]  # round 51 en9*


@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_verdicts_say_chance_plainly(lang: str) -> None:
    """fr17: « gagne plus souvent que ne le voudrait sa part équitable avec la variante, au-delà du hasard »: the
    variant hung on the fair share; en20: "in both games beyond chance (…, only just beyond chance)"; en18: "neither
    game shows a player away from the fair share"."""
    from cardgen.terminal import say

    fields = dict(who="P", often={"en": "more often", "fr": "plus souvent", "it": "sopra"}[lang], gap="G",
                  counts="3", pairs=100)  # terminal round 50 en10*: the pairs said (pin updated)
    leans = plain(say("compare_seat_leans", lang, **fields))
    edge = plain(say("compare_seat_owned_edge", lang, **fields))
    quiet = plain(say("compare_balance_quiet", lang, **fields))
    assert leans.startswith({"en": "P wins more often than the fair share with the variant, beyond chance",
                             "fr": "avec la variante, P gagne plus souvent que ne le voudrait sa part équitable, et "
                                   "cet écart dépasse ce que le hasard peut expliquer ;",
                             "it": "con la variante P è sopra la quota equa, e il caso difficilmente "
                                   "basta a spiegarlo;"}[lang]), leans
    assert edge.startswith({"en": "P wins more often than the fair share in both games, by more than chance would "
                                  "explain (in the base game the gap is G, yet on these pairs even that gap only just passes this test)",
                            "fr": "P, dans les deux jeux, gagne plus souvent que ne le voudrait sa part équitable, et "
                                  "cet écart dépasse ce que le hasard peut expliquer (de justesse dans le jeu de base, où il "
                                  "est de G)",
                            "it": "P è sopra la quota equa in entrambi i giochi, e il caso difficilmente "
                                  "basta a spiegarlo (nel gioco base la distanza dalla quota equa, G, è appena oltre "
                                  "i limiti del caso)"}[lang]), edge  # terminal round 46 it20
    # en20: "beyond chance" twice in a row; chance said once in English and French (Italian names it as the gap's
    # size in the bracket, its own sentence for "only just")
    assert edge.count({"en": "chance", "fr": "hasard", "it": "caso"}[lang]) == (2 if lang == "it" else 1), edge
    if lang == "en":
        assert "in neither game is any player’s win rate further from the fair share than chance would explain" in quiet
        assert "away from" not in quiet and "balanced at 3 players" in quiet


# -- it12: the card table's games anchored to the opening hands ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_card_tables_first_count_of_games_is_the_opening_hands(lang: str) -> None:
    """it12: "forza delle carte (300 partite; prova di sostituzione: 2.940 sostituzioni in 250 partite)": the 300
    games belong to the opening hands' columns, said so."""
    from cardgen.terminal import say

    said = plain(say("strength_which", lang, dealt="300 games", played="2,940 swaps in 250 games"))
    assert said.startswith({"en": "opening hands: 300 games;", "fr": "mains de départ : 300 games ;",
                            "it": "mani iniziali: 300 games;"}[lang]), said
    # the columns' own heading says the same words
    assert said.split(":")[0] in plain(say("strength_columns", lang)).lower()


# -- en17, fr21: the count a later player count adds to the "other counts" -------------------------------------------

def _metric(name: str, significant: bool = False) -> dict:
    return {"metric": name, "group": "internal", "base": 0.1, "variant": 0.1, "difference": 0.0,
            "significant": significant}


@pytest.mark.parametrize("lang", LANGS)
def test_a_later_counts_other_counts_name_the_one_they_add(lang: str) -> None:
    """en17, fr21: "none of the 6 changed" at 3 players, "none of the 7" at 4 and 5: the 7th never named. The
    later line says which count it adds, one that did not come up at 3 players; none where the counts are the same,
    and none where the later count lacks one of the first's (then "one more" would not be true)."""
    from cardgen.simulate.summary import Naming, internal_line

    six = [_metric("end_reason:supply_exhausted"), _metric("gap:no_dish_emerald"), _metric("peak:hand_cards")]
    before = ([m["metric"] for m in six], 3)
    seven = six + [_metric("gap:draw_from_empty_supply")]
    naming = Naming()
    line = plain(internal_line(seven, lang, naming, before=before))
    # round 45 it16; terminal round 47 it10*, fr15, en23: a sentence after the line's own (pins updated)
    one_more = {"en": "details in the report. One count more than at 3 players: ",
                "fr": "détails dans le rapport. Une mesure de plus qu’à 3 joueurs : ",
                "it": "dettagli nel resoconto. Una misura in più rispetto a 3 giocatori: "}[lang]
    assert one_more in line, line
    assert plain(internal_line(six, lang, naming, before=before)) == plain(internal_line(six, lang, naming))
    fewer = six[1:] + [_metric("gap:draw_from_empty_supply")]
    # terminal round 46 fr18: never "one more" there, but which count came up in place of which
    swapped = plain(internal_line(fewer, lang, naming, before=before))
    assert {"en": " in place of ", "fr": " au lieu de ", "it": " invece di "}[lang] in swapped, swapped
    assert one_more not in swapped
    moved = plain(internal_line(seven[:-1] + [_metric("gap:draw_from_empty_supply", True)], lang, naming,
                                before=before))
    assert one_more in moved and {"en": "1 of 4 changed", "fr": "une sur 4 a varié",
                                  "it": "1 su 4 è cambiata"}[lang] in moved, moved
