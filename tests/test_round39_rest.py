"""Reading round 39 (Draco; King Lui and Royale, en/fr/it), the faults outside the card table: the side-by-side
design indicators (a solo column of 0.0s, two rows dropped), Royale's tie rule, King Lui's Emerald ruling and its
missing card-strength line, and wordings of the terminal and the pages. Built from the wordbooks and small
entries, so it runs fast."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonempty import nonempty

LANGS = ["en", "fr", "it"]
ROOT = Path(__file__).resolve().parents[1]


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def _figure(mean: float) -> dict:
    return {"mean": mean, "low": max(0.0, mean - 0.05), "high": mean + 0.05, "n": 200}


def _entry(variant: str, players: int, **figures: float) -> dict:
    return {"variant": variant, "players": players,
            "designer": {"games": 250, "sampled": 250, **{k: _figure(v) for k, v in figures.items()}}}


def _royale() -> list[dict]:
    """Royale as the stored run has it: the solo game's figures all 0.0 (one player: nothing to measure), kingmaking
    only from 3 players (it needs a third player), close games missing at 1 player."""
    solo = _entry("royale", 1, lead_changes=0.0, comeback_rate=0.0, drama=0.0, decided_at=0.0)
    rest = [_entry("royale", n, lead_changes=1.5, comeback_rate=0.316, close_games=0.424, drama=0.4, decided_at=0.496,
                   **({"kingmaking": 0.0} if n > 2 else {})) for n in (2, 3, 4)]
    return [solo, *rest]


@pytest.mark.parametrize("lang", LANGS)
def test_the_side_by_side_table_shows_a_dash_where_a_count_has_no_figure_never_0(lang: str) -> None:
    """fr40*, it18*, en31*: the solo column printed 0.0 for indicators the solo block never measures (one player has
    no opponent), read as "the lead never changed, decided at 0%"; fr41, it19: "close games" and "kingmaking" were
    left out because one count lacked them. Each count now shows what its own table shows, "—" elsewhere, with a
    note saying why; every indicator of any count gets its row."""
    from cardgen.simulate.summary import Naming, designer_across

    import re

    lines = [_plain(line) for line in designer_across(_royale(), lang, {"royale": Naming()})]
    cells = [re.split(r"\s{2,}", row.strip()) for row in lines[2:8]]  # label, then 1, 2, 3 and 4 players
    assert [len(row) for row in nonempty(cells)] == [5] * 6, lines  # six indicators, every one its row
    assert [row[1] for row in nonempty(cells)] == ["—"] * 6, lines  # the solo game: never 0.0
    assert cells[5][2] == "—" and cells[5][3].startswith("0"), lines  # kingmaking: — at 2, measured at 3
    assert not any(cell.startswith("0") for row in nonempty(cells[:5]) for cell in row[1:2]), lines
    assert lines[8].lstrip().startswith("— ="), lines  # a note says what the dash means
    # the heading no longer points the solo column to a table it does not have
    assert {"en": "in that player count’s section", "fr": "dans le bloc consacré à ce nombre de joueurs",
            "it": "nella parte dedicata a quel numero di giocatori"}[lang] in " ".join(lines[:2]), lines


def test_the_side_by_side_table_names_the_game_first_and_notes_only_real_dashes() -> None:
    """fr42, it20, en33: the game's name came after the long heading's colon; it now leads it. A game measured at
    every count (King Lui, Draco) has no dash and no note, as before."""
    from cardgen.simulate.summary import Naming, designer_across

    kl = [_entry("king_lui", n, lead_changes=9.0, comeback_rate=0.53, close_games=0.52, drama=2.7, decided_at=0.92,
                 kingmaking=0.153) for n in (3, 4, 5)]
    namings = {"royale": Naming(title="Royale"), "king_lui": Naming(title="King Lui")}
    lines = [_plain(line) for line in designer_across([*kl, *_royale()], "en", namings)]
    assert lines[0].startswith("King Lui — design indicators side by side"), lines
    royale = next(i for i, line in enumerate(lines) if line.startswith("Royale — "))
    assert not any("—" in line for line in lines[1:royale]), lines  # King Lui: every figure measured
    assert lines[-1].strip().startswith("— = not measured at that player count (in a solo game the ghost scores no points"), lines
    assert "kingmaking needs a third player" in " ".join(lines[-2:]), lines


def _naming(deck: str, lang: str):
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.summary import Naming

    return Naming.of(resolve(deck, ROOT), lang)


def _gapped(variant: str, players: int, *kinds: str) -> dict:
    gaps = [{"kind": kind, "settled": True, "count": 3, "games": 3, "seed": 7, "game": 0, "published": False}
            for kind in kinds]
    return {"variant": variant, "game": variant, "players": players, "passed": True, "completed": 0, "games": 9,
            "end_reasons": {}, "rule_gaps": gaps, "static_checks": [], "peaks": {}}


@pytest.mark.parametrize("lang", LANGS)
def test_royales_tie_rule_is_printed_under_its_case_after_king_luis(lang: str) -> None:
    """fr37, it21, en30*: Royale's "still tied after the tie-break" case had no rule under it: King Lui's case of the
    same name, printed first in the run, marked the rule as said for every game. Once a run for each game now."""
    from cardgen.simulate.summary import format_entry

    said: set[str] = set()
    kl = _plain(format_entry(_gapped("king_lui", 3, "tie_after_tiebreak"), lang, _naming("king_lui", lang), said))
    royale = _naming("royale", lang)
    first = _plain(format_entry(_gapped("royale", 2, "tie_after_tiebreak", "uneven_packets"), lang, royale, said))
    again = _plain(format_entry(_gapped("royale", 3, "tie_after_tiebreak"), lang, royale, said))
    rule = {"en": "Any players still tied share the victory.", "fr": "Les joueurs encore à égalité se partagent la "
            "victoire.", "it": "I giocatori ancora in parità condividono la vittoria."}[lang]
    assert rule not in kl and rule in first.replace("\n      ", " "), first
    assert rule not in again  # once a run for each game, as before


def _designed(variant: str, players: int) -> dict:
    entry = _gapped(variant, players)
    entry["designer"] = {"games": 9, "sampled": 9, "card_games": 9, "component_impact": [],
                         "lead_changes": _figure(9.0), "comeback_rate": _figure(0.5)}
    return entry


@pytest.mark.parametrize("lang", LANGS)
def test_king_lui_says_in_one_line_why_no_card_is_judged_on_the_terminal_and_the_page(lang: str) -> None:
    """fr34, it29: King Lui had no card-strength section and no word why, while Royale said why. Its hands start empty
    (``holding`` is empty after set-up: no opening hand to compare) and its engine answers no ``exchangeable`` (no
    card swap test): the game's words say so, once in full a run, "as above" after."""
    from cardgen.report.pages import designer_block
    from cardgen.simulate.summary import format_entry

    naming = _naming("king_lui", lang)
    said: set[str] = set()
    first = _plain(format_entry(_designed("king_lui", 3), lang, naming, said))
    again = _plain(format_entry(_designed("king_lui", 4), lang, naming, said))
    why = {"en": "card strength: not judged (every player starts with an empty hand",
           "fr": "force des cartes : non évaluée (personne n’a de carte en main au départ",  # round 41 fr4
           "it": "forza delle carte: non valutata (ogni giocatore comincia senza carte in mano"}[lang]  # round 43 it5
    assert why in first and why not in again, first
    assert {"en": "card strength: not judged, as above", "fr": "force des cartes : non évaluée, comme plus haut",
            "it": "forza delle carte: non valutata, come sopra"}[lang] in again, again
    page = _plain(str(designer_block(_designed("king_lui", 3), lang=lang, naming=naming, said=set())))
    assert {"en": "No card is judged: every player starts with an empty hand", "fr": "Aucune carte n’est évaluée : "
            "personne n’a de carte en main au départ", "it": "Nessuna carta viene valutata: ogni giocatore comincia "
            "senza carte in mano"}[lang] in page, page
    # a game without these words (Draco) says nothing new: one code path, the reason in the game's data
    draco = _plain(format_entry(_designed("draco", 3), lang, _naming("draco", lang), set()))
    assert why not in draco and "not judged, as above" not in draco


@pytest.mark.parametrize("lang", LANGS)
def test_a_games_legend_says_where_its_other_definitions_are(lang: str) -> None:
    """fr44, it22, en32: Royale's "what the design indicators measure:" gave one definition (lead changes, counted
    its own way) and left the reader looking for the others, which King Lui's block defined above."""
    from cardgen.simulate.summary import format_entry

    said: set[str] = set()
    kl = _plain(format_entry(_designed("king_lui", 3), lang, _naming("king_lui", lang), said))
    royale = _plain(format_entry(_designed("royale", 2), lang, _naming("royale", lang), said))
    rest = {"en": "what the design indicators measure (the others as defined above):",
            "fr": "ce que mesurent les indicateurs de conception (les autres sont définis plus haut) :",
            "it": "che cosa misurano gli indicatori di gioco (gli altri sono definiti più sopra):"}[lang]
    assert rest in royale and rest not in kl, royale


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_ties_cell_says_every_tie_settled_one_way_as_the_terminal_does(lang: str) -> None:
    """en17: Draco's page at 4 players read "30; in 30, the tied leaders drop out …", a misprint to the eye; the
    terminal says "30, all settled the same way (…)"; the page now says it alike. Ties ended two ways keep the list."""
    from cardgen.report.validation import ties_text

    naming = _naming("draco", lang)
    one = _plain(ties_text({"games": 30, "shared_wins": 0, "tie_breaks": {"leaders_eliminated": 30}}, lang, naming))
    assert one.startswith({"en": "30, all settled the same way (", "fr": "30, toutes réglées de la même façon (",
                           "it": "30, tutte risolte allo stesso modo ("}[lang]) and one.endswith(")"), one
    two = _plain(ties_text({"games": 33, "shared_wins": 2, "tie_breaks": {"leaders_eliminated": 32, "shared_win": 1}},
                           lang, naming))
    assert two.startswith("33") and "30, " not in two, two
