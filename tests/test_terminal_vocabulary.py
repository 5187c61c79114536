"""One vocabulary across the terminal and the reports (issue #53, eleventh native reading): one word per
language for the number that replays a game, plain words for paired games' shared shuffles."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_adding_language import _strings  # every string of a JSON subtree

ROOT = Path(__file__).resolve().parents[1]
#: every catalog whose sentences validate, compare, fix and their reports print
CATALOGS = ("cardgen/terminal.json", "cardgen/report/words.json", "cardgen/simulate/verdict.json",
            "cardgen/tune/fix.json", "cardgen/tune/describe.json", "cardgen/report/impact.json")


def _said(lang: str) -> str:
    """All of ``lang``'s sentences in the catalogs, one per line (a catalog keyed by language at any depth)."""
    out: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == lang:
                    out.extend(_strings(value))
                else:
                    walk(value)
    for name in CATALOGS:
        walk(json.loads((ROOT / name).read_text(encoding="utf-8")))
    return "\n".join(out)


@pytest.mark.parametrize(("lang", "jargon", "word"), [
    # fr28/fr67: "graine" is the programmer's calque of "seed"; a designer says the draw's number
    ("fr", r"\bgraines?\b", "tirage n°\u00a0{seed}"),
    # it1/it23: "semi" (plural) reads as a card suit; "codice di estrazione" as a lottery's code (fifteenth
    # reading it4): the vocabulary names the number "seme" in every catalog, pages and terminal alike
    ("it", r"\bsemi\b|codice di estrazione", "seme {seed}"),
    ("it", r"\bsemi\b|codice di estrazione", "primo seme: {seed}"),
    # the paired games share their shuffles: "seed" stays English's name of the number (the option's), never
    # the plural that reads as a programmer's "same seeds"
    ("en", r"\bsame seeds?\b", "seed {seed}")])
def test_the_number_that_replays_a_game_has_one_plain_name(lang: str, jargon: str, word: str) -> None:
    """No catalog says the programmer's word, and the chosen name is the one the lines use."""
    said = _said(lang)
    assert not re.findall(f".{{0,40}}{jargon}.{{0,40}}", said, flags=re.IGNORECASE)
    assert word in said


@pytest.mark.parametrize(("lang", "same"), [
    ("fr", "mêmes mélanges"), ("it", "stessi mazzi mescolati"), ("en", "same shuffles")])
def test_paired_games_share_their_shuffles_in_plain_words(lang: str, same: str) -> None:
    """compare's head line says what pairs the games in words a designer uses (fr28, it23), the Italian
    noun the rulebook and the page use, "mescolamenti" (fourteenth reading it12: "mescolate" is colloquial); round
    39 it7 found "mescolamenti" a word for liquids, round 40 it16 "le mescolate" colloquial: «gli stessi mazzi
    mescolati», a participle, says it without either noun."""
    from cardgen.terminal import say
    head = say("compare_head", lang, base="a", variant="b", games="10", agents="x")
    assert same in head


def test_french_says_points_never_the_english_pp() -> None:
    """fr20: "pp" is a calque of "percentage points"; a sentence writes the unit out in every language, never
    bare "points" beside a score in points (fourteenth reading fr5); a table says it once in its heading."""
    from cardgen.languages import typeset
    from cardgen.simulate.summary import points
    said = _said("fr")
    assert not re.findall(r".{0,40}\bpp\b.{0,40}", said)
    assert points(0.085, "fr").replace("\u00a0", " ") == "+8,5 points de pourcentage"
    assert points(0.085, "en").replace("\u00a0", " ") == "+8.5 percentage points"
    assert points(0.085, "it").replace("\u00a0", " ") == "+8,5 punti percentuali"
    # a table: the unit once, written out, in its heading; bare signed numbers in the cells, no abbreviation
    # (fifteenth reading fr6, it8: the narrow column's "pts" / "p.p." were defined only in the heading)
    for lang, unit, short in (("en", "in percentage points", " pp"), ("fr", "en points de pourcentage", " pts"),
                              ("it", "in punti percentuali", "p.p.")):
        # terminal round 41 fr11: a column's heading may say "(points de %)" (round 46 fr13: never "(pts de %)");
        # never "pts" on its own in a cell or a sentence
        said_here = _said(lang).replace("(points de %)", "")
        assert unit in said_here and not re.search(r"\b" + re.escape(short.strip()) + r"(\W|$)", said_here)
    assert points(0.018, "fr", unit=False).replace("\u00a0", " ") == "+1,8"
    assert typeset(points(-0.085, "fr", unit=False), "fr") == "\u22128,5"  # the minus the page prints


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_house_rule_speed_note_is_short_plain_sentences(lang: str) -> None:
    """fr43/it40/en38: the note said in one four-clause sentence that the reference engine checks the game's
    "invariants" (a programmer's word); now plain short sentences: what the rule is written in, which engine
    can run it and why it is slower, how much longer it takes."""
    from cardgen.terminal import say
    note = say("speed_note_deck", lang, deck="“D”", file="house/rule.py")
    assert "invarian" not in note.lower()
    sentences = [s for s in re.split(r"(?<=[.])\s+", note) if s]
    assert len(sentences) == 3 and all(len(s.split()) <= 25 for s in sentences), sentences
    assert "50" in sentences[-1] and "100" in sentences[-1] and "house/rule.py" in sentences[0]
    assert {"en": "reference engine", "fr": "moteur de référence", "it": "motore di riferimento"}[lang] in sentences[0]
    assert not any(w in note for w in ("moteur de contrôle", "simulatore di controllo", "self-checking"))


def _card(plays: float | None, flag: str = "") -> dict:
    """A judged card row of validate's deal experiment, played ``plays`` times per player and game."""
    row = {"component": "dice", "dealt_share": 0.18, "win_rate_dealt": 0.225, "win_rate_not_dealt": 0.355,
           "difference": -0.13, "low": -0.227, "high": -0.033, "flag": flag, "judged": True}
    if plays is not None:
        row["plays_per_seat"] = plays
    return row


#: the report's remark in the card row's last cell, whose count of plays is already in the row
# terminal round 50 (r49 fr5) ruling: the row points to the rule at the card table (pins updated)
# terminal round 51 fr5*: the card's rarity said as why it could not be flagged in any case, the rule "above this
# table" from the table it stands above; "within chance" first only where the interval holds 0 (pins updated)
# terminal round 52 en10: the verdict cell shortened, "by the simulated players" left to the rule it points to (pins
# updated)
REPORT = {"en": "hardly ever played, so it could not be flagged anyway (see the rule above this table)",
          "fr": "presque jamais jouée, elle ne pourrait de toute façon pas être signalée (voir la règle au-dessus de ce "
                "tableau)",
          "it": "quasi mai giocata, quindi comunque non segnalabile (vedi la regola sopra questa tabella)"}


@pytest.mark.parametrize(("lang", "remark"), [
    # one card: its note in the singular (twenty-third reading it20, fr15: "giocate", « jouées » over one card)
    # round 32 en27: "gap" named the "difference" column otherwise, "measures holding it" was compressed
    ("en", "* hardly ever played by the simulated players (in brackets, how many times each player plays it in a game, on average): dice (0.04); its difference "
           "shows what holding it does, not playing it"),
    ("fr", "* presque jamais jouée par les joueurs automatiques (entre parenthèses, le nombre moyen de fois où chaque joueur la joue dans une partie)\u202f: "
           "dice (0,04)\u202f; son écart mesure l’effet de l’avoir en main, pas celui de la jouer"),  # fr16, round 33 fr20
    ("it", "* quasi mai giocata dai giocatori automatici (tra parentesi, quante volte in media ogni giocatore la gioca in una partita): dice "
           "(0,04); la sua differenza misura solo il costo di tenerla in mano senza giocarla")])
def test_a_card_hardly_ever_played_is_not_read_as_its_effect(lang: str, remark: str) -> None:
    """fr76/fr71/en69: Game of Dice, played 0.03-0.04 times per player, showed a gap a designer reads as the
    card's weakness; the gap measures holding it. The remark is for that row alone, from the named threshold
    (less than once in 10 games per player), on the terminal's table and on the report's; on the terminal a mark
    on the row and one note under the table (eighteenth reading fr24, it30: the remark in the row broke the
    table's columns, twice a table)."""
    from cardgen.report.impact import impact_block
    from cardgen.simulate.cards import HARDLY_PLAYED
    from cardgen.simulate.summary import card_table
    from screen import unwrapped

    def said(plays: float | None) -> str:
        return unwrapped("\n".join(card_table([_card(plays)], lang)))

    assert remark in said(0.04).replace("\u00a0", " ")
    assert said(0.04).splitlines()[1].rstrip().endswith(" *")  # the row's mark
    assert "* " not in said(HARDLY_PLAYED)  # the threshold itself: played enough
    assert remark.split(":")[0] in said(HARDLY_PLAYED - 0.001)
    assert "* " not in said(None)  # a row that does not count plays says nothing of them
    two = unwrapped("\n".join(card_table([_card(0.04), {**_card(0.03), "component": "coin"}], lang)))
    assert two.count("* ") == 1 and "dice (0" in two and "coin (0" in two  # one note for both, in the plural
    assert {"en": "for such a card", "fr": "presque jamais jouées", "it": "quasi mai giocate"}[lang] in two, two
    report = str(impact_block([_card(0.04), _card(1.4)], {}, lang=lang)).replace("\u00a0", " ").replace("\u202f", " ")
    assert report.count(REPORT[lang]) == 1, report  # the row played 0.04 times, not the one played 1.4 times


@pytest.mark.parametrize(("lang", "estimate"), [
    # shorter since round 32 (en54), an estimate still (fr71)
    ("en", "estimates what holding that card at the start is worth; read it with its interval"),
    ("fr", "donne donc une estimation de ce que vaut cette carte au départ. Lisez-la toujours avec son intervalle"),
    ("it", "dà quindi una prima stima di quanto conti averla all’inizio; va letta con il suo intervallo")])  # it28
def test_the_card_table_legend_says_its_gap_is_an_estimate(lang: str, estimate: str) -> None:
    """fr71: "the gap is therefore the card's effect" claimed more than a sample shows."""
    from cardgen.report.impact import impact_block
    legend = str(impact_block([_card(1.0)], {}, lang=lang)).replace("\u202f", " ")
    assert estimate in legend


@pytest.mark.parametrize(("game", "lang", "row", "said"), [
    ("king_lui", "fr", "victoires, joueur 1 (chef du premier service)",
     "Le joueur 1 (chef du premier service) gagne 33,0\u202f% des parties au lieu de 28,0\u202f%."),
    ("king_lui", "en", "player 1 (chef of the first course): share of wins",
     "Player 1 (chef of the first course) wins 33.0% of games instead of 28.0%."),
    ("king_lui", "it", "vittorie, giocatore 1 (cuoco della prima portata)",
     "Il giocatore 1 (cuoco della prima portata) vince il 33,0% delle partite invece del 28,0%."),
    ("draco", "fr", "part des victoires, joueur 1 (premier à jouer)",
     "Le premier joueur gagne 33,0\u202f% des parties au lieu de 28,0\u202f%.")])
def test_compare_names_player_1_as_validate_does(game: str, lang: str, row: str, said: str) -> None:
    """fr61/en55: compare said "player 1 (first to play)" where validate says the book's word for King Lui (the
    chef of the first course, a role that passes on each course); both now take it from the game's words, and a
    game that gives none keeps "first to play"."""
    from cardgen.games import get_game
    from cardgen.simulate.summary import Naming, seat_rate_lines
    from cardgen.simulate.verdict import label, sentence

    words = dict(get_game(game).words)
    assert label("seat_1_win_rate", lang, words, short=True) == row
    assert label("seat_1_win_rate", lang, words).endswith(row[row.index("("):])  # the report's row: its full name
    m = {"metric": "seat_1_win_rate", "base": 0.28, "variant": 0.33, "difference": 0.05, "low": 0.02, "high": 0.08}
    assert sentence(m, lang, words) == said
    first = seat_rate_lines([{"seat": 0, "rate": 0.3, "low": 0.2, "high": 0.4}], lang, Naming(words))[0]
    assert row.split("(")[1].split(")")[0] in first  # validate's line: the same name of player 1


def _share(low: float, high: float, group: str = "fairness", name: str = "seat_2_win_rate") -> dict:
    """A compared share (variant minus base) with its interval's ends."""
    return {"metric": name, "base": 0.38, "variant": 0.34, "difference": -0.04, "low": low, "high": high,
            "significant": False, "group": group}


def test_wide_intervals_are_said_under_their_table() -> None:
    """fr60/en58: after an early stop at 100 pairs the fairness table showed ±40-50 points with no word; beyond
    ``WIDE_INTERVAL`` either side a line says "no" is no proof and how to narrow them, with the real option."""
    from cardgen.cli import _parser
    from cardgen.games import get_game
    from cardgen.simulate.summary import Naming, format_comparison
    from cardgen.simulate.verdict import WIDE_INTERVAL, wide_intervals

    assert wide_intervals([_share(-0.465, 0.385)])
    assert not wide_intervals([_share(-0.04 - WIDE_INTERVAL, -0.04 + WIDE_INTERVAL)])  # the threshold itself
    assert wide_intervals([_share(-0.04 - WIDE_INTERVAL - 0.002, -0.04 + WIDE_INTERVAL)])
    assert not wide_intervals([_share(-0.465, 0.385, "internal", "gap:bank_short")])  # folded away, not a table
    assert not wide_intervals([{**_share(-40.0, 40.0), "metric": "turns"}])  # a count's interval is in turns
    ungrouped = {k: v for k, v in _share(-0.465, 0.385).items() if k != "group"}
    assert not wide_intervals([ungrouped])  # a figure of no table (no group) is the engine's own tally: not shown
    side = {"variant": "draco", "sufficiency": []}
    doc = {"lang": "en", "base": "draco", "variant": "draco-short", "name": "Short", "games": 1000,
           "agents": ["heuristic"], "differences": [], "results": [
               {"players": 3, "games": 100, "verdict": [], "metrics": [_share(-0.465, 0.385)], "family": 1,
                "base_result": side, "variant_result": {**side, "variant": "draco-short"}}]}
    text = format_comparison(doc, Naming(dict(get_game("draco").words)), tables=True)
    # terminal round 50 (r48 fr21): a row, not the whole comparison, under a heading that counts changes (pin updated)
    assert "  With 100 pairs these intervals are wide: a row that shows no change beyond chance does not prove" in text
    compare = next(a for a in _parser()._subparsers._group_actions[0].choices.items() if a[0] == "compare")[1]
    options = {o for action in compare._actions for o in action.option_strings}
    assert {"--fixed", "--games"} <= options and "run again with --fixed (or more --games)" in text  # its own options


@pytest.mark.parametrize(("lang", "name", "others"), [
    # round 30 fr5: "juste part" is a calque of "fair share"; "part équitable" is the one name now
    ("fr", "part équitable", (r"\bjuste part\b", r"\{fair\} attendus")),
    ("it", "quota equa", (r"\bgiusta quota\b", r"\{fair\} atteso")),
    ("en", "fair share", (r"\bequal share\b", r"\{fair\} expected")),
])
def test_the_fair_share_has_one_name(lang: str, name: str, others: tuple[str, ...]) -> None:
    """fr63: "juste part", "part équitable" and "attendus" named the same reference; validate's name is the
    one every line uses."""
    said = _said(lang)
    assert name in said
    for other in others:
        assert not re.findall(f".{{0,40}}{other}.{{0,40}}", said), other


def test_only_a_card_row_that_counts_plays_is_hardly_played() -> None:
    """A row is a mapping; a row of another shape, or one whose plays are not counted (a flag, no number), is never
    said to be hardly played (mutation: the mapping check)."""
    from cardgen.simulate.cards import hardly_played

    assert hardly_played({"plays_per_seat": 0.04})
    assert not hardly_played({"plays_per_seat": True}) and not hardly_played({"plays_per_seat": None})
    assert not hardly_played(None) and not hardly_played([("plays_per_seat", 0.04)])


@pytest.mark.parametrize(("lang", "held", "weak", "report"), [
    ("en", "not flagged: hardly ever played (0 times per player per game); the difference shows holding it, not "
           "playing it", "too weak",
     "not flagged: the simulated players hardly ever play it, so the difference measures holding it"),
    ("fr", "non signalée\u202f: presque jamais jouée (0 fois par joueur et par partie)\u202f; l’écart mesure "
           "l’effet de l’avoir en main, pas celui de la jouer", "trop faible",  # round 33 fr20
     "non signalée : les joueurs automatiques ne la jouent presque jamais, l’écart mesure donc"),
    ("it", "non segnalata: quasi mai giocata (0 volte per giocatore a partita); la differenza misura solo il costo "
           "di tenerla in mano senza giocarla", "troppo debole",
     "non segnalata: i giocatori automatici non la giocano quasi mai, quindi la differenza")])
def test_a_card_never_played_is_not_flagged_too_weak_nor_offered_a_fix(lang: str, held: str, weak: str,
                                                                       report: str) -> None:
    """Twelfth reading (fr47, fr48, it34, it65): Game of Dice, played 0.03 times per player, read "−8.5 → −13.7
    points (too weak …) (hardly ever played …: the gap measures holding it, not its effect)", then "fix the flagged
    cards": the same line called the card weak and said its gap was not its effect. A card played 0 times whose gap
    would flag it loses its flag (``held_flag`` keeps it) in the deal experiment's rows, so the terminal, the report
    and the fix invitation say one thing: the gap measures holding it, not its strength; compare's line and table
    say whether the change from the base game was tested."""
    from cardgen.report.pages import problems_shown, shown_problem
    from cardgen.report.impact import impact_block
    from cardgen.simulate.designer import card_rows
    from cardgen.simulate.summary import _cards, _held_cards, card_table
    from screen import unwrapped

    class Tally:  # the deal experiment's rows, the card's gap flagging it weak
        def rows(self) -> list[dict]:
            return [{**_card(None, "weak"), "flag_low": -0.25, "flag_high": -0.01}]

    rows = card_rows(Tally(), {"dice": [0, 0, 0]}, 4)  # never played
    assert [(r["flag"], r["held_flag"], r["plays_per_seat"]) for r in rows] == [("", "weak", 0.0)]
    said = unwrapped("\n".join(card_table(rows, lang))).replace("\u00a0", " ")
    assert held.replace("\u00a0", " ") in said and weak not in said and "◆" not in said  # not flagged, as the report
    entry = {"variant": "draco", "sufficiency": [], "designer": {"component_impact": rows}}
    assert not shown_problem(entry) and problems_shown([entry], lang, balance=False) == ""
    played = card_rows(Tally(), {"dice": [0, 0, 4]}, 4)  # played once a game per player: its flag stands
    assert played[0]["flag"] == "weak" and "held_flag" not in played[0] and shown_problem(
        {**entry, "designer": {"component_impact": played}})
    paired = {**rows[0], "base": {**rows[0], "held_flag": ""}, "change": {"metric": "card:dice", "significant": False}}
    assert _cards({"games": 300, "component_impact": [paired]}, lang) == []  # never under "too weak" (fr33, it38)
    [line] = _held_cards({"component_impact": [paired]}, lang)  # its own sentence (twentieth reading en46)
    line = line.replace("\u00a0", " ")
    # twenty-third reading (en34, fr29): the change said as the two games', never "a change" beside the base figure
    assert weak not in line and {"en": "and the change from the base game to the variant may be chance",
                                 "fr": "et l’écart entre les deux jeux peut venir du hasard",
                                 "it": "e la differenza tra i due giochi può essere dovuta al caso"}[lang] in line
    untested = " ".join(_held_cards({"component_impact": [{**paired, "change": None}]}, lang))
    assert {"en": "and the change from the base game to the variant was not tested",
            "fr": "et l’écart entre les deux jeux n’a pas été testé",
            "it": "e la differenza tra i due giochi non è stata verificata"}[lang] in untested
    page = str(impact_block([paired], {}, True, lang)).replace("\u00a0", " ").replace("\u202f", " ")
    verdict = page.rsplit("<td", 1)[-1]  # the row's last cell, not the legend that names both flags
    assert report in verdict and {"en": "weak", "fr": "faible", "it": "debole"}[lang] not in verdict


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_compare_s_terminal_and_report_flag_the_same_cards(lang: str) -> None:
    """Thirteenth reading (fr33, fr56, it38, it63): compare's terminal listed Game of Dice, hardly ever played
    (0.03 times per player and per game), under "cards too strong or too weak", while the report of the same run
    said "not flagged". A run with one card flagged with the variant, one flagged with the base game only, one
    hardly played whose gap would have flagged it, and one not flagged: the terminal's heading lists exactly the
    cards the report's table marks flagged; the hardly played one sits under its own heading, which says why it
    is not flagged, and the report says it "not flagged"; the plain card is in neither."""
    from cardgen.report.impact import WORDS, impact_block
    from cardgen.simulate.summary import _cards, _held_cards

    def row(kind: str, difference: float, flag: str = "", held: str = "", plays: float = 1.0) -> dict:
        return {"component": kind, "dealt_share": 0.3, "plays_per_seat": plays, "win_rate_dealt": 0.3,
                "win_rate_not_dealt": 0.35, "difference": difference, "low": difference - 0.08,
                "high": difference + 0.08, "flag": flag, "held_flag": held, "judged": True}

    def paired(variant: dict, base: dict) -> dict:
        return {**variant, "base": base, "change": {"metric": f"card:{variant['component']}", "significant": False}}

    rows = [paired(row("favour", 0.2, "strong"), row("favour", 0.1)),
            paired(row("rumours", 0.02), row("rumours", -0.2, "weak")),
            paired(row("dice", -0.14, held="weak", plays=0.03), row("dice", -0.09, plays=0.04)),
            paired(row("brawl", 0.01), row("brawl", 0.02))]
    names = {"favour": "Favour", "rumours": "Rumours", "dice": "Game of Dice", "brawl": "Brawl"}

    class Named:  # the game's names, as compare's terminal gets them
        pass
    naming = Named()
    naming.names = names  # type: ignore[attr-defined]

    def listed(lines: list[str]) -> set[str]:
        return {n for line in lines[1:] for k, n in names.items() if line.strip().startswith(n)}

    def quoted(lines: list[str]) -> set[str]:  # one hardly played card: its own sentence, its name quoted in it
        from cardgen.languages import typeset
        from cardgen.simulate.verdict import QUOTED
        return {n for n in names.values() if typeset(QUOTED[lang].format(n), lang) in " ".join(lines)}

    run = {"games": 300, "base_deck": "draco", "component_impact": rows}
    flagged_terminal = listed(_cards(run, lang, naming))  # type: ignore[arg-type]
    held_terminal = quoted(_held_cards(run, lang, naming))  # type: ignore[arg-type]
    page = str(impact_block(rows, {}, True, lang, names)).replace("\u00a0", " ").replace("\u202f", " ")
    cells = re.findall(r"<tr><td class=\"pic\">.*?</td><td class=\"card\">([^<]*)(?:<br>.*?)?</td>.*?<td class=\"call (warn|muted)(?: calm)?\">([^<]*)</td></tr>", page)
    flagged_page = {name for name, klass, _ in cells if klass == "warn"}
    held_page = {name for name, _, verdict in cells if verdict.startswith(WORDS[lang]["hardly_held"].replace("\u202f", " ").split(":")[0])}
    assert len(cells) == 4, page
    assert flagged_terminal == flagged_page == {"Favour", "Rumours"}, (flagged_terminal, flagged_page)
    assert held_terminal == held_page == {"Game of Dice"}, (held_terminal, held_page)


@pytest.mark.parametrize(("lang", "validate", "compare", "close"), [
    # twenty-third reading en9, fr9, it12: the games someone finishes below the winner or winners in, one wording
    ("en", " (over the 267 games in which someone finishes below the winner or winners)",
     "(on the 280 pairs of games, of 300, in which both games have a runner-up).",  # one wording (en31, en25)
     "(over the 231 games with a runner-up or a shared win)"),  # round 37 en12: "over"; round 44 fr8*: a shared
    # win is a close game, so the close games' games are no longer the margin's
    ("fr", " (sur les 267 parties où au moins un joueur finit derrière le ou les gagnants)",
     "(sur les 280 paires de parties, parmi 300, dont les deux parties ont un deuxième).",
     "(sur les 231 parties qui ont un deuxième ou une victoire partagée)"),
    ("it", " (sulle 267 partite in cui almeno un giocatore finisce dietro il vincitore o i vincitori)",
     "(sulle 280 coppie di partite, su 300, in cui entrambe le partite hanno un secondo classificato).",
     "(sulle 231 partite che hanno un secondo classificato o una vittoria condivisa)")])
def test_the_margin_over_the_second_says_on_which_games(lang: str, validate: str, compare: str, close: str) -> None:
    """Thirteenth reading (fr18, it36, fr10, it13): validate gave Draco's mean lead over the second as 6.2 and
    compare, on the same base games, 6.3: validate's is over every game that has a second place (267 of 300),
    compare's over the pairs whose two games both have one. Each says its games where they are fewer than all,
    in words that hold for a game without elimination (Royale's shared wins), never "a second still in the
    running"; nothing where every game has a second place."""
    from cardgen.simulate.summary import figure_base, margin_basis
    from cardgen.simulate.verdict import sentence

    assert margin_basis(267, 300, lang).replace("\u00a0", " ") == validate
    assert margin_basis(300, 300, lang) == "" and margin_basis(None, 300, lang) == ""
    margin = {"metric": "margin", "n": 280, "base": 6.3, "variant": 4.3, "difference": -2.0, "low": -3.0,
              "high": -1.0, "significant": True}
    said = sentence(margin, lang, pairs=300).replace("\u00a0", " ").replace("\u202f", " ")
    assert said.endswith(compare), said
    for whole in (sentence({**margin, "n": 300}, lang, pairs=300), sentence(margin, lang)):
        assert "300" not in whole and "280" not in whole, whole
    assert close[1:-1] == figure_base("close_games", {"n": 231}, lang)  # a note's words (nineteenth reading fr4)


@pytest.mark.parametrize(("lang", "games", "pairs", "page"), [
    ("en", "(over the 267 games that still have a runner-up once any tied leaders drop out)",  # round 36 en8
     "(on the 236 pairs of games, of 300, in which both games still have a runner-up once any tied leaders drop out).",
     "(of the 236 pairs in which both games still have a runner-up once any tied leaders drop out)"),
    ("fr", "(sur les 267 parties où, une fois les éventuels ex æquo de tête éliminés, un joueur reste classé deuxième)",
     # twenty-third reading fr27: five commas in one parenthesis, "où, dans les deux parties, il reste" stalled
     "(sur les 236 paires sur 300 où les deux parties gardent un deuxième une fois les éventuels ex æquo de tête éliminés).",
     "(sur les 236 paires où les deux parties gardent un deuxième une fois les éventuels ex æquo de tête éliminés)"),
    # round 34 it19: «anche dopo» read as "even after", "also after" or "including": counted among those left, if
    ("it", "(sulle 267 partite in cui, eliminati gli eventuali primi a pari merito, resta un secondo classificato)",
     # twenty-seventh reading it34: four commas in fifteen words
     "(sulle 236 coppie di partite su 300 in cui, eliminati gli eventuali primi a pari merito, entrambe le partite hanno un "
     "secondo classificato).",  # round 37 it15: as the single games say it
     "(sulle 236 coppie in cui, eliminati gli eventuali primi a pari merito, entrambe le partite hanno un secondo "
     "classificato)")])  # round 31 it20
def test_draco_names_the_games_with_a_runner_up_alike_in_validate_and_compare(
        lang: str, games: str, pairs: str, page: str) -> None:
    """Seventeenth reading en20, en31: validate said Draco's "games in which a runner-up is left once the tied
    leaders drop out", compare the same games' "pairs … whose two games both have a second place": one term for
    one notion, the game's own, in both commands and on the compare page."""
    from cardgen.games.base import words_of
    from cardgen.report.pages import pairs_of
    from cardgen.resolve.resolve import Resolver
    from cardgen.load.project import Project
    from cardgen.simulate.summary import Naming, margin_basis
    from cardgen.simulate.verdict import sentence
    deck = Resolver(Project.open(Path(__file__).resolve().parents[1])).resolve("draco")
    words = words_of(deck)
    plain = lambda t: t.replace("\u00a0", " ").replace("\u202f", " ")  # noqa: E731
    assert plain(margin_basis(267, 300, lang, Naming.of(deck, lang))).strip() == games
    margin = {"metric": "margin", "n": 236, "base": 6.3, "variant": 4.3, "difference": -2.0, "low": -3.0,
              "high": -1.0, "significant": True}
    assert plain(sentence(margin, lang, pairs=300, words=words)).endswith(pairs)
    assert plain(pairs_of(margin, 300, lang, words)).strip() == page
    assert plain(pairs_of(margin, 300, lang)).strip() != page  # without the game's words: the generic ones



@pytest.mark.parametrize(("lang", "label"), [("en", "(over the 231 games with a single winner)"),
                                             ("fr", "(sur les 231 parties à un seul vainqueur)"),
                                             ("it", "(sulle 231 partite con un solo vincitore)")])
def test_at_two_players_the_close_games_are_named_as_at_every_count(lang: str, label: str) -> None:
    """Seventeenth reading en10: at 2 players "(of the 231 games with a single winner)" then "(of the 231 games
    that have a second place)": the same games under two labels. At 2 players a game has a second place exactly
    when it has a single winner: one label, said once. Terminal round 44 fr8*: the close games count a shared win
    as close, so they are no longer the comebacks' games at 2 players: named as at 3, never "with a single
    winner"."""
    from cardgen.simulate.summary import figure_base, say
    plain = lambda t: t.replace("\u00a0", " ").replace("\u202f", " ").strip()  # noqa: E731
    close = plain(say("figure_of_close", lang, n=231))[1:-1]
    assert plain(figure_base("close_games", {"n": 231}, lang, players=2)) == close != label[1:-1]
    assert plain(figure_base("comeback_rate", {"n": 231}, lang, players=2)) == label[1:-1]
    assert plain(figure_base("close_games", {"n": 231}, lang, players=3)) == close
    from cardgen.simulate.summary import margin_basis
    # the margin's games, on the scores line, in one wording at every player count (twenty-third reading en9, fr9,
    # it12: "of the 936 games with a single winner" at 2 players beside "that have a second place" at 3)
    # … but at 2 players "someone finishes below the winner or winners" is a roundabout "a single winner": the
    # indicators' words for the same games there (terminal round 29 en9, fr11)
    # … with why those games (terminal round 30 en10, fr12: a shared win leaves no runner-up)
    duel = plain(margin_basis(231, 300, lang, players=2))
    assert duel.startswith(label[:-1]) and duel.endswith(")") and len(duel) > len(label)
    assert plain(margin_basis(231, 300, lang, players=3)) == plain(say("margin_basis", lang, n=231))
