"""The compare page names its decks as the terminal does, by their titles in the language, and counts pairs of
games (tenth reading it73, fr70, en62: "king_lui-hungry-dragon against king_lui" in the title and the charts'
legends; fr72: "au plus 1000 parties" where the terminal said "1000 paires de parties")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.report.pages import compare_page
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.summary import Naming
from toy_game import load_toy, toy_deck

TITLES = {"en": ("King Toy", "King Toy: Hungry"), "fr": ("Le Roi Jouet", "Le Roi Jouet : affamé"),
          "it": ("Re Giocattolo", "Re Giocattolo: affamato")}
HEADS = {"en": "<title>King Toy: Hungry compared with King Toy", "fr": "Comparaison de «\u202fLe Roi Jouet\u202f: affamé\u202f» "
         "avec «\u202fLe Roi Jouet\u202f»", "it": "«Re Giocattolo: affamato» a confronto con «Re Giocattolo»"}
PAIRS = {"en": "20 pairs of games per player count", "fr": "20 paires de parties par nombre de joueurs",
         "it": "20 coppie di partite per numero di giocatori"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_compare_page_names_decks_by_their_titles_and_counts_pairs(tmp_path: Path, lang: str) -> None:
    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    base, variant = TITLES[lang]
    html = compare_page(doc, {"name": variant}, "", naming=Naming(title=base))
    assert HEADS[lang] in html, re.findall(r"<title>.*?</title>", html)
    assert PAIRS[lang] in html
    legends = " ".join(re.findall(r"<svg.*?</svg>", html, flags=re.S))
    assert variant.replace("\u202f", " ").split(" ")[0] in legends and f">{doc['variant']}<" not in legends
    assert f">{doc['base']}<" not in legends and "p10" not in legends and "p90" not in html
