"""Reading round 36 (Draco, en/fr/it), the faults outside the card table: the bank warnings and the rule lines,
ties, fortunes, design indicators, verdicts and closing lines, the gallery, the runs list, the overview and the
footer. Built from the wordbooks and small hand-made results, so it runs fast."""
from __future__ import annotations

from pathlib import Path

import pytest

from nonempty import nonempty

LANGS = ["en", "fr", "it"]
ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The rule cardgen adds for this shortage came into play only in these 24 games; the other 276 were played "
           "without it, so the results depend on that rule only through these 24 games. The published rules should "
           "still say what happens then"),
    ("fr", "La règle que cardgen ajoute pour ce manque n’a servi que dans ces 24 parties ; les 276 autres se sont "
           "déroulées sans elle, si bien que les résultats n’en dépendent que par ces 24 parties. Les règles publiées "
           "doivent tout de même trancher ce cas"),
    ("it", "La regola che cardgen aggiunge per questa carenza è servita solo in queste 24 partite; le altre 276 si sono "
           "svolte senza, quindi i risultati ne dipendono soltanto attraverso queste 24 partite. Il regolamento deve "
           "comunque prevedere questo caso")])
def test_a_shortage_in_few_games_says_what_the_code_knows(lang: str, said: str) -> None:
    """fr9*, it8*, en16: "Only these 24 games needed cardgen's rule, so it hardly changes the results": cardgen's
    other added rules came into play in 78 and 81 of these games, and nothing measured how much the results change.
    Now: which rule, in how many games of how many, and what follows (the other games do not depend on it)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, shortfall_line

    f = {"peak": "unpaid_by_bank", "print_more": 9, "cover": 0.99, "games_short": 24, "games": 300, "max": 16}
    line = _plain(shortfall_line(f, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert line.endswith(said), line
    assert not any(old in line for old in ("hardly changes", "change donc peu", "cambia quindi poco"))
    one = {**f, "games_short": 1}
    line = _plain(shortfall_line(one, lang, Naming.of(resolve("draco", ROOT), lang)))
    assert {"en": "the other 299 were played without it", "fr": "les 299 autres se sont déroulées sans elle",
            "it": "le altre 299 si sono svolte senza"}[lang] in line, line


def _deck() -> dict:
    import yaml

    return yaml.safe_load((ROOT / "decks/draco.yaml").read_text(encoding="utf-8"))


def test_the_rulings_say_net_amount_drop_out_and_the_bank_s_order() -> None:
    """en11: "only the difference changes hands" → "the net amount"; en12: "before any elimination" where the text
    says "drop out" everywhere else; en17: "it first pays the player whose ruffian is nearest the best-paid place,
    and so on" left the order vague (fr, it said alike: «et ainsi de suite», «e così via»)."""
    deck = _deck()
    debt = deck["clarifications"]["cannot_pay"]["text"]["en"]
    assert "only the net amount changes hands" in debt and "difference" not in debt
    tie = deck["clarifications"]["tie_for_win"]
    for said in nonempty([tie["text"]["en"], tie["case"]["en"]]):
        assert said.endswith("those who were tied for first place before anyone dropped out share the victory.")
    bank = deck["clarifications"]["bank_short"]["text"]
    for lang, words in nonempty(list({"en": "it pays the players in order, starting with the one whose ruffian is "
                                            "nearest the best-paid place, until its money runs out",
                                      "fr": "elle paie les joueurs dans l’ordre, en partant de celui dont un malandrin "
                                            "est le plus près de la place la mieux payée, jusqu’à épuisement de son "
                                            "argent",
                                      "it": "la banca paga i giocatori in ordine, partendo da quello il cui malandrino "
                                            "è più vicino al posto pagato di più, finché il denaro non finisce"}.items())):
        assert words in bank[lang], lang
    assert not any(old in bank[lang] for lang in nonempty(LANGS) for old in ("and so on", "ainsi de suite", "così via"))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", " (over the 267 games that still have a runner-up once the tied leaders drop out)"),
    ("fr", " (sur les 267 parties où il reste un deuxième une fois les ex æquo en tête éliminés)")])
def test_the_winner_s_lead_averages_over_its_games(lang: str, said: str) -> None:
    """en8: "averages 6.2 silver coins (of the 267 games …)": "over", as the 6-player line's "(over all 300 games)"."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming, margin_basis

    naming = Naming.of(resolve("draco", ROOT), lang)
    assert _plain(margin_basis(267, 300, lang, naming)) == said
    assert _plain(margin_basis(300, 300, lang, naming)).startswith({"en": " (over all", "fr": " (sur l’ensemble"}[lang])


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "player counts 3, 4, 5 and 6 checked: all passed, with warnings"),
    ("fr", "vérifié à 3, 4, 5 et 6 joueurs : aucun échec ; validé avec réserves dans tous les cas"),
    ("it", "configurazioni verificate (3, 4, 5 e 6 giocatori): tutte superate con avvisi")])
def test_the_closing_count_names_the_player_counts_once(lang: str, said: str) -> None:
    """en13: "four player counts (3, 4, 5 and 6 players) checked" read first as "four-player counts", and the
    parenthesis said the count again; fr11: « vérifié à 3, 4, 5 et 6 joueurs (quatre configurations) », the same
    count twice (Italian alike, its numeral dropped with it, one set of fields in every language)."""
    from cardgen.simulate.summary import checked_line

    line = _plain(checked_line(4, 0, 4, 1, lang, [3, 4, 5, 6]))
    assert line == said, line
    assert not any(w in line for w in ("four", "quatre", "quattro"))
