"""The compare page names its decks as the terminal does, by their titles in the language, and counts pairs of
games (tenth reading it73, fr70, en62: "king_lui-hungry-dragon against king_lui" in the title and the charts'
legends; fr72: "au plus 1000 parties" where the terminal said "1000 paires de parties")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from cardgen.languages import typeset
from cardgen.report.pages import compare_page
from cardgen.report.templating import kept, unbroken
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.summary import Naming, compare_balance_parts
from toy_game import load_toy, toy_deck

TITLES = {"en": ("King Toy", "King Toy: Hungry"), "fr": ("Le Roi Jouet", "Le Roi Jouet : affamé"),
          "it": ("Re Giocattolo", "Re Giocattolo: affamato")}
HEADS = {"en": "<title>King Toy: Hungry compared with King Toy", "fr": "«\u202fLe Roi Jouet\u202f: affamé\u202f» "
         "comparé à «\u202fLe Roi Jouet\u202f»", "it": "«Re Giocattolo: affamato» a confronto con «Re Giocattolo»"}
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
    # the legends name the sides as the tables' columns do, "base" and "variant", never a file id (terminal round 41
    # fr32: a long variant title ran past the 300-px chart's edge; the page's title names both games)
    side = {"en": ">variant<", "fr": ">variante<", "it": ">variante<"}[lang]
    assert side in legends and f">{doc['variant']}<" not in legends
    assert f">{doc['base']}<" not in legends and "p10" not in legends and "p90" not in html
    # the charts under a heading of their own, never under the cards' or the balance's (twelfth reading fr67)
    charts = {"en": "Charts", "fr": "Graphiques", "it": "Grafici"}[lang]
    assert re.search(rf"<h3>{charts}</h3>\s*<div class=\"charts\">", html), re.findall(r"<h3>.*?</h3>", html)


FLAGGED = {"en": "To look for fixes to the turn-order imbalance in “King Toy: Hungry”",  # the problem named (en64)
           "fr": "Pour chercher comment corriger le déséquilibre selon l’ordre de jeu dans «\u202fLe Roi Jouet\u202f: "
                 "affamé\u202f»", "it": "Per cercare correzioni che risolvano lo squilibrio nell’ordine di gioco in «Re "
                                       "Giocattolo: affamato»"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_fix_command_follows_the_problem_it_would_fix_and_never_a_page_without_one(tmp_path: Path,
                                                                                         lang: str) -> None:
    """Eleventh reading (en54, fr64, fr73): "To find variants that may correct these problems … run cardgen fix"
    under "Both decks hold enough components": the variant's flag (a seat beyond a fair share) was on no line of
    the page. The flag is said, by the variant's title, above the command; a variant with no flag gets none."""
    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    base, variant = TITLES[lang]
    hint = {"text": "?", "command": "cardgen fix toy_choices", "href": None}
    [r] = doc["results"]
    r["variant_result"]["balance"] = {"seat_fair_share": 0.5, "flags": []}
    r["variant_result"]["sufficiency"] = []
    quiet = compare_page(doc, {"name": variant, "fix": hint}, "", naming=Naming(title=base))
    assert "cardgen fix" not in quiet
    seat = {"seat": 2, "side": "more", "rate": 0.7, "low": 0.55, "high": 0.82, "fair": 0.5, "level": 0.975,
            "compared": 2}
    r["variant_result"]["balance"]["flags"] = [seat]
    r["base_result"]["balance"] = {"seat_fair_share": 0.5, "flags": []}
    m = next(m for m in r["metrics"] if m["metric"] == "seat_2_win_rate")
    m.update(base=0.5, variant=0.7, difference=0.2, significant=True)  # the variant brings it: its own fix
    html = compare_page(doc, {"name": variant, "fix": hint}, "", naming=Naming(title=base))
    flag = html.index(typeset({"en": "With the variant, player 2", "fr": "Avec la variante, le joueur 2",
                               "it": "Con la variante, il giocatore 2"}[lang], lang))
    command = html.index("cardgen fix toy_choices")
    assert flag < html.index(FLAGGED[lang]) < command, html[flag - 200:command]
    assert ".nw{white-space:nowrap}" in html  # "cardgen fix draco-charity-" / "toast" on two rows (fr93): kept.
    assert "70,0" in html[flag:command] if lang != "en" else "70.0%" in html[flag:command]
    # twelfth reading (fr26, it52, it60): the base game flags the same seat on the same shuffles: the imbalance is
    # the base game's, its line names the base's fix, and the variant is offered none
    r["base_result"]["balance"]["flags"] = [{**seat, "rate": 0.65}]
    m.update(significant=False)
    html = compare_page(doc, {"name": variant, "fix": hint}, "", naming=Naming(title=base))
    assert "cardgen fix toy_choices" not in html and FLAGGED[lang] not in html
    # the terminal's line, word for word, its intervals unbroken as a page writes them (eighteenth reading fr72),
    # each of its parts (verdict, figures, command) a paragraph, as the terminal sets them on lines of their own
    # (twenty-second reading fr26)
    # terminal round 46 fr40*: the page's verdict points to its table for the change between the two games
    for part in compare_balance_parts(r, lang, "toy", page=True)[0]:
        assert f"<p>{escape(kept(typeset(part[:1].upper() + part[1:], lang)))}</p>" in html, part
    # thirteenth reading (fr27, it32): the base game shows it; the variant's part is open on these pairs, never
    # "not the variant's" as a certainty
    # fifteenth reading (fr17, it25, en6): said once, as its own sentence, with the base game's own figures
    # twenty-first reading (en24, fr22, it27): the verdict first, then the base game's own figures
    assert unbroken(typeset({"en": "Player 2 wins more than the fair share in both games on these pairs, beyond "
                                   "chance; the pairs cannot tell whether the variant makes this worse or better (see the table above)",
                             "fr": "Le joueur 2, dans les deux jeux, gagne plus souvent que ne le voudrait sa part équitable sur "
                                   "ces paires, et cet écart dépasse ce que le hasard peut expliquer ; ces paires ne disent pas "
                                   "si la variante aggrave ou atténue ce déséquilibre (voir le tableau plus haut)",
                             "it": "Il giocatore 2 è sopra la quota equa in entrambi i giochi su queste "
                                   "coppie, e il caso difficilmente basta a spiegarlo; queste coppie non dicono se la "
                                   "variante aggravi o attenui lo squilibrio (vedi la tabella più sopra)"}[lang], lang)) in html
    assert unbroken(typeset({"en": "wins 50.0% of games [55.0% to 82.0%], for a fair share of 50.0%",
                             "fr": "en gagne 50,0 % [55,0 % ; 82,0 %], pour une part équitable de 50,0 %",
                             "it": "vince il 50,0% delle partite [55,0%; 82,0%], per una quota "
                                   "equa del 50,0%"}[lang], lang)) in html
    assert not any(w in html for w in ("shows it too", "le montre aussi", "lo mostra;"))
    fix = typeset({"en": "To look for fixes to the base game’s imbalance for player 2 and test them in simulated "
                          "games, run: cardgen fix toy --players ",
                    "fr": "Pour chercher comment corriger le déséquilibre du jeu de base pour le joueur 2, puis essayer les "
                          "corrections trouvées sur des parties simulées, lancez : cardgen fix toy --players ",
                    "it": "Per cercare correzioni che risolvano lo squilibrio del gioco base per il giocatore 2 e "
                          "provarle su partite simulate, esegui: cardgen fix toy --players "}[lang], lang)
    # the option with its value in one span, on one line on a phone (en88; round 32 fr34: "--players 2" together)
    assert str(escape(kept(fix + "2"))) in html
    assert not any(w in html for w in ("not the variant", "pas de la variante", "non della variante"))
    # under the terminal's heading: about both games, not the variant's change (fr53, it30)
    assert typeset({"en": "<h3>Balance by turn order (checked in both the base game and the variant)</h3>",
                    "fr": "<h3>Équilibre selon l’ordre de jeu (vérifié dans le jeu de base et dans la variante)</h3>",
                    "it": "<h3>Equilibrio per ordine di gioco (verificato nel gioco base e nella variante)</h3>"}[lang],
                   lang) in html  # what it means, not "alike" (fourteenth reading en66)
    assert not any(w in html for w in ("clearly", "nettement", "nettamente"))


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_heading_counts_the_other_counts_its_folded_table_marks_yes(tmp_path: Path, lang: str) -> None:
    """fr59: "3 joueurs : 1 changement significatif" over tables that marked two "oui", one of them in the
    folded "Other counts": the heading says the second where it is."""
    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    [r] = doc["results"]
    for m in r["metrics"]:
        m["significant"] = False
    shown = next(m for m in r["metrics"] if m.get("group") not in (None, "internal"))
    html = compare_page(doc, {"name": TITLES[lang][1]}, "", naming=Naming(title=TITLES[lang][0]))
    assert {"en": "among the other counts", "fr": "parmi les autres mesures",
            "it": "tra le altre misure"}[lang] not in html
    internal = [m for m in r["metrics"] if m.get("group") == "internal"]
    # a peak, which the summary never names (a named count is a finding of its own: eighteenth reading fr84)
    peak = next((m for m in internal if m["metric"].startswith("peak:")), None)
    if peak is None:  # the toy keeps no such engine count: give it one, as a game's tallies
        peak = {**shown, "metric": "peak:hand", "group": "internal"}
        internal.append(peak)
        r["metrics"].append(peak)
    shown["significant"], peak["significant"] = True, True
    html = compare_page(doc, {"name": TITLES[lang][1]}, "", naming=Naming(title=TITLES[lang][0]))
    # fifteenth reading (fr44, it53): one colon in the folded table's summary, its verb agreeing with the count
    n = len(internal)
    assert typeset({"en": f"Other counts: 1 of {n} changed", "fr": f"Autres mesures : une sur {n} a varié",
                    "it": f"Altre misure: 1 su {n} è cambiata"}[lang], lang) in html
    assert not any(w in html for w in ("valeurs modifiées", "valori cambiati"))
    assert {"en": "2 players: 1 change beyond chance in the main figures (and 1 among the other counts)",
            "fr": "2 joueurs\u202f: 1 changement au-delà du hasard (plus 1 parmi les autres mesures)",
            "it": "2 giocatori: 1 cambiamento difficilmente dovuto al caso (più 1 tra le altre misure)"}[lang] in html
    assert not re.search("significa", html, flags=re.IGNORECASE)  # the statistician's word, read as "big" (en61)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_an_engine_count_the_summary_names_is_a_finding_on_the_page_as_in_the_terminal(tmp_path: Path,
                                                                                     lang: str) -> None:
    """Eighteenth reading (fr84): compare-draco's page said "Other counts: 2 of 12 changed" where the terminal,
    on the same games, said "1 of 11": the page counted among the other counts the one its summary names
    ("fewer games where a player owes more than they have"). Both now count it as a finding, shown in its own
    table "Counts named above", and the folded line is the terminal's."""
    from cardgen.simulate.summary import internal_line
    from cardgen.simulate.verdict import named_metrics

    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    [r] = doc["results"]
    r["metrics"] = [{**m, "significant": False} for m in r["metrics"] if m.get("group") != "internal"]

    def count(name: str, base: float, variant: float, low: float, high: float, moved: bool) -> dict:
        return {"metric": name, "group": "internal", "base": base, "variant": variant, "difference": variant - base,
                "low": low, "high": high, "p": 0.0 if moved else 0.5, "significant": moved}

    owes = count("gap:debt", 0.20, 0.065, -0.2, -0.08, True)
    r["metrics"] += [owes, count("peak:richest", 39.7, 37.3, -3.0, -1.0, True),
                     count("peak:hand", 8.0, 8.1, -0.5, 0.6, False)]
    assert named_metrics(r) == {"gap:debt"}
    html = compare_page(doc, {"name": TITLES[lang][1]}, "", naming=Naming(title=TITLES[lang][0]))
    terminal = internal_line([m for m in r["metrics"] if m.get("group") == "internal"], lang, named=named_metrics(r))
    said = {"en": "Other counts: 1 of 2 changed beyond chance", "fr": "Autres mesures\u202f: une sur 2 a varié plus que le hasard ne peut l’expliquer",
            "it": "Altre misure: 1 su 2 è cambiata più di quanto possa spiegare il caso"}[lang]
    assert terminal.startswith(said) and said in html, (terminal, html)
    assert {"en": "1 of 3", "fr": "1 sur 3", "it": "1 su 3"}[lang] not in html and "2 of 3" not in html
    cited = {"en": "<h3>Counts named above</h3>", "fr": "<h3>Mesures citées plus haut</h3>",
             "it": "<h3>Misure citate sopra</h3>"}[lang]
    # the fold holds a changed count the summary names: open at load (twenty-sixth reading en25)
    assert cited in html and html.index(cited) < html.index("<details open>")
    r["metrics"] = [m for m in r["metrics"] if m["metric"] != "peak:richest"]
    quiet = compare_page(doc, {"name": TITLES[lang][1]}, "", naming=Naming(title=TITLES[lang][0]))
    assert "<details>" in quiet and "<details open>" not in quiet  # nothing changed inside: folded
    assert {"en": "2 players: 1 change beyond chance in the main figures (and 1 among the other counts)",
            "fr": "2 joueurs\u202f: 1 changement au-delà du hasard (plus 1 parmi les autres mesures)",
            "it": "2 giocatori: 1 cambiamento difficilmente dovuto al caso (più 1 tra le altre misure)"}[lang] in html


def test_two_decks_with_different_fair_shares_get_a_fair_share_line_each(tmp_path: Path) -> None:
    """en59, en64: the charts drew one "fair share 55%" line, the base deck's, for a variant whose fair share
    is 52% (shared wins count for each winner). Each deck gets its own line, named; alike ones stay one line."""
    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang="en")
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    [r] = doc["results"]
    r["base_result"]["balance"] = {**(r["base_result"].get("balance") or {}), "seat_fair_share": 0.55}
    r["variant_result"]["balance"] = {**(r["variant_result"].get("balance") or {}), "seat_fair_share": 0.52}
    html = compare_page(doc, {"name": "King Toy: Hungry"}, "", naming=Naming(title="King Toy"))
    titles = re.findall(r"<title>(fair share[^<]*)</title>", html)
    # not 1/2: said why, once (fr63), above 1/2 said so (thirteenth reading fr55); one decimal always (fr54)
    shared = "fair share (more than half because a shared win counts as a win for each winner)"
    # each named as the tables' columns name the sides (terminal round 41 fr32: a title cut at the chart's edge)
    assert titles == [f"{shared}: 55.0% (base)", f"{shared}: 52.0% (variant)"], titles
    r["variant_result"]["balance"]["seat_fair_share"] = 0.55
    html = compare_page(doc, {"name": "King Toy: Hungry"}, "", naming=Naming(title="King Toy"))
    assert re.findall(r"<title>(fair share[^<]*)</title>", html) == [f"{shared}: 55.0%"]
    for side in ("base_result", "variant_result"):  # exactly 1/N: the plain name
        r[side]["balance"]["seat_fair_share"] = 0.5
    html = compare_page(doc, {"name": "King Toy: Hungry"}, "", naming=Naming(title="King Toy"))
    assert re.findall(r"<title>(fair share[^<]*)</title>", html) == ["fair share: 50.0%"]


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_shortage_on_the_page_is_the_terminal_s_sentence(tmp_path: Path, lang: str) -> None:
    """en66, fr75: the page said "print 57 more copies of 'Silver coin' … the box runs short … (95%)" where
    compare's terminal said "the bank runs short of silver coins … (95.0%) … this edition's ruling covers it":
    two vocabularies for one finding. The page prints the terminal's sentence, after the deck's title."""
    from cardgen.simulate.summary import shortage_name, shortfall_line
    from cardgen.terminal import say
    from cardgen.resolve.resolve import Resolver
    from cardgen.load.project import Project

    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    naming = Naming.of(Resolver(Project.open(Path(__file__).resolve().parents[1])).resolve("draco"), lang)
    short = {"peak": "unpaid_by_bank", "print_more": 57, "games_short": 190, "games": 200, "max": 60, "cover": 0.99}
    [r] = doc["results"]
    r["base_result"]["sufficiency"] = [short]
    html = compare_page(doc, {"name": "Charity"}, "", naming=naming)
    # the warning by the shortage's one name, as validate's (twentieth reading en18)
    said = typeset(say("deck_warning", lang, deck=naming.title, line=shortfall_line(short, lang, naming)), lang)
    assert say("warn", lang, name=shortage_name(naming.ruled["silver-coin"], lang, naming, "silver-coin")) in said
    assert f'<p class="warn">{said.replace("&", "&amp;")}</p>' in html, said
    assert {"en": "(95.0%)", "fr": "(95,0\u202f%)", "it": "(95,0%)"}[lang] in said
    assert "Silver coin'" not in html and "exemplaires de" not in html


def test_the_summary_lines_have_one_weight(tmp_path: Path) -> None:
    """(seventeenth reading en61) The first finding of each player count stood in bold, the others plain, with no
    key saying what bold meant: every line of the summary box is one plain paragraph."""
    opts = CompareOptions(games=20, players=[2, 3], jobs=1, loader=load_toy, out=None, progress=False, lang="en")
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    html = compare_page(doc, {"name": "V"}, "", naming=Naming(title="B"))
    box = html[html.index('<div class="verdict">'):]
    box = box[:box.index("</div>")]
    assert box.count("<p>") >= 2 and "<b>" not in box and "<strong>" not in box, box


def test_the_wide_intervals_note_is_said_once_a_page(tmp_path: Path) -> None:
    """(twenty-third reading en62) "With 100 pairs these intervals are wide…" came under every player count's
    tables, three times a page, where the terminal says it once: once, under the first count's; again only where
    another count played another number of pairs (its sentence says another number)."""
    opts = CompareOptions(games=20, players=[2, 3], jobs=1, loader=load_toy, out=None, progress=False, lang="en")
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    wide = {"metric": "seat_2_win_rate", "base": 0.38, "variant": 0.34, "difference": -0.04, "low": -0.465,
            "high": 0.385, "significant": False, "group": "fairness"}
    for r in doc["results"]:
        r["metrics"] = [m for m in r["metrics"] if m["metric"] != "seat_2_win_rate"] + [dict(wide)]
    html = compare_page(doc, {"name": "V"}, "", naming=Naming(title="B"))
    assert html.count("these intervals are wide") == 1, html.count("these intervals are wide")
    # twenty-seventh reading fr40: under the tables, a 70-point interval had already been read as evidence that the
    # variant changes nothing: the warning comes first, above the tables it warns of
    count = html.index('<h2 id="p2">')
    assert html.index('<p class="warn">With 20 pairs these intervals are wide', count) < html.index("<table", count)
    doc["results"][1]["games"] = 10  # another number of pairs: its own sentence
    html = compare_page(doc, {"name": "V"}, "", naming=Naming(title="B"))
    assert html.count("With 20 pairs these intervals are wide") == 1 and html.count("With 10 pairs these") == 1


def test_the_french_summary_box_sets_every_colon_with_the_narrow_space(tmp_path: Path) -> None:
    """(twenty-third reading fr49) The count's prefix of each summary line ("3 joueurs : le score moyen…") came
    untypeset, an ordinary breaking space before the colon, where the lines beside it had the narrow no-break
    one: no colon in the French summary box follows an ordinary space, and each count's line has the narrow one."""
    opts = CompareOptions(games=20, players=[2, 3], jobs=1, loader=load_toy, out=None, progress=False, lang="fr")
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    html = compare_page(doc, {"name": TITLES["fr"][1]}, "", naming=Naming(title=TITLES["fr"][0]))
    box = html[html.index('<div class="verdict">'):]
    box = box[:box.index("</div>")]
    assert "2 joueurs\u202f:" in box and "3 joueurs\u202f:" in box, box
    assert " :" not in box and " ;" not in box, box


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_other_counts_none_moved_reads_none_as_in_the_terminal(tmp_path: Path, lang: str) -> None:
    """Nineteenth reading (fr73): where none of the other counts moved, the page said "Autres mesures : 0 sur 5 a
    changé" while the terminal, on the same games, said "aucune des 5 n'a changé". Both say "none" now."""
    from cardgen.simulate.summary import internal_line

    opts = CompareOptions(games=20, players=[2], jobs=1, loader=load_toy, out=None, progress=False, lang=lang)
    doc = run_compare(toy_deck("toy", tmp_path), toy_deck("toy_choices", tmp_path), opts)
    [r] = doc["results"]
    r["metrics"] = [{**m, "significant": False} for m in r["metrics"]]
    internal = [m for m in r["metrics"] if m.get("group") == "internal"]
    if len(internal) < 2:  # the toy keeps few engine counts: give it two, as a game's tallies
        internal = [{"metric": f"peak:{k}", "group": "internal", "base": 1.0, "variant": 1.0, "difference": 0.0,
                     "low": -0.1, "high": 0.1, "p": 0.9, "significant": False} for k in ("hand", "richest")]
        r["metrics"] = [m for m in r["metrics"] if m.get("group") != "internal"] + internal
    n = len(internal)
    html = compare_page(doc, {"name": TITLES[lang][1]}, "", naming=Naming(title=TITLES[lang][0]))
    said = typeset({"en": f"Other counts: none of the {n} changed", "fr": f"Autres mesures : aucune des {n} n’a varié",
                    "it": f"Altre misure: nessuna delle {n} è cambiata"}[lang], lang)
    assert said in html and internal_line(internal, lang).startswith(said)
    assert {"en": f"0 of {n}", "fr": f"0 sur {n}", "it": f"0 su {n}"}[lang] not in html
