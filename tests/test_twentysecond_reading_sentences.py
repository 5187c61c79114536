"""The twenty-first reading's faults in the terminal's and compare's sentences (docs/reads/terminal-round-21-*.md,
issue #53), in English, French and Italian, every expected sentence ours:

- en2, en59, fr1, it1: validate named King Lui's waiting-Emerald case and who settled it, never what happens; it
  said "the French rules do not say" where the French text says the player must draw;
- en32, en76, it37, fr29: "[26.0% to 49.5%] starts less than 0.1 percentage point above its fair share, 26.0%":
  the printed numbers contradicted the sentence;
- en24, en33, fr22, fr29, fr30, it27, it36, it38: compare's balance paragraphs (11 to 19 terminal lines) gave
  every figure before the message, and the fix pointer followed a seat the base game does not show;
- en34, en62, en13, fr21: one pointer to ``cardgen fix``, four wordings, one of them promising a fix.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from nonempty import nonempty

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import Naming, and_list, balance_parts, compare_balance, fair_why, format_entry
from cardgen.terminal import say

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")


def plain(text: str) -> str:
    """``text`` with the no-break spaces of French and Italian typesetting as plain ones."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


# -- en2, fr1, it1: the waiting Emerald's ruling, said; settled by the published rules in every edition -----------

def _king_lui_entry() -> dict:
    """A validate entry of King Lui at 3 players whose games met the waiting-Emerald case, as validate writes it."""
    gap = {"kind": "no_dish_emerald", "settled": True, "published": False, "count": 9, "games": 9, "game": 14,
           "seed": 1}  # round 39 fr33: cardgen's reading of an ambiguous text, no longer "published"
    return {"variant": "king_lui", "game": "king_lui", "players": 3, "passed": True, "completed": 0, "games": 300,
            "end_reasons": {"supply_exhausted": 300}, "rule_gaps": [gap], "static_checks": [], "peaks": {}}


@pytest.mark.parametrize("lang", LANGS)
def test_validate_says_the_ruling_of_a_case_the_published_rules_settle(lang: str) -> None:
    """The line under the case is the case's ruling in one sentence, as the page says it; said once a run, as
    cardgen's own rules are. Round 39 (fr33): the published text can be read either way, so the case is cardgen's
    rule, listed under the heading of the rules cardgen adds, and its sentence says it is cardgen's reading."""
    naming = Naming.of(resolve("king_lui", ROOT), lang)
    said: set[str] = set()
    lines = format_entry(_king_lui_entry(), lang, naming, said).split("\n")
    head = next(i for i, line in enumerate(lines) if line.startswith("  " + say("gaps_ruled_head_one", lang)))
    ruling = plain(lines[head + 2])
    assert ruling == "      " + plain({
        # terminal round 40 en2*, fr3: the ruling, the drawn Emerald's exception, then the reading in a sentence of its own
        # terminal round 41 en3, fr1*, it1*: what is ambiguous, not where Emerald stands in the text (pin updated)
        "en": "With no dish left on the table you must draw; an Emerald card already waiting cannot be used instead "
              "(one you draw can still be used at once). The published rules ask you to draw when the table is empty, but "
              "then offer the Emerald action as another choice (“or”); this edition keeps the draw compulsory.",  # r49 en1
        "fr": "Quand il ne reste aucun plat sur la table, vous devez piocher ; une carte Emerald qui attend ne vous "
              "permet pas de vous servir d’Emerald à la place (une carte Emerald que vous piochez peut, elle, servir "
              "aussitôt). Les règles publiées demandent de piocher quand la table est vide, mais présentent ensuite "
              "l’action Emerald comme une autre possibilité (« ou bien ») : cette édition retient l’obligation de "
              "piocher.",
        "it": "Quando sul tavolo non resta alcun piatto devi pescare, anche se una carta Emerald è in attesa: non "
              "puoi usarla al posto della pescata (una carta Emerald che peschi, invece, puoi "
              "usarla subito). Il regolamento pubblicato rende obbligatoria la pescata ma, subito dopo, presenta l’uso "
              "di Emerald come alternativa («oppure»): questa edizione mantiene l’obbligo di pescare."}[lang]), lines
    again = format_entry(_king_lui_entry(), lang, naming, said)  # the next player count: the ruling not again
    assert lines[head + 2] not in again.split("\n")


def test_every_edition_s_text_settles_the_waiting_emerald() -> None:
    """The French text obliges the player to draw from the pile, as the Italian and English texts oblige them
    to take from the supply: no edition is named as silent on it, and the case's name holds no answer. Every text
    then offers Emerald after an "or", so the case is cardgen's reading, not the published rules' (round 39 fr33)."""
    clar = resolve("king_lui", ROOT).model.clarifications["no_dish_emerald"]
    assert clar.resolution == "draw_only" and clar.published is None and clar.published_in == []
    names = {lang: Naming.of(resolve("king_lui", ROOT), lang) for lang in LANGS}
    for lang, naming in names.items():
        line = plain(format_entry(_king_lui_entry(), lang, naming))
        assert not any(w in line for w in ("do not say", "ne le précise", "tace", "non lo precisa")), line
    from cardgen.simulate.summary import tally_words
    case = {lang: tally_words("gap", "no_dish_emerald", lang, naming) for lang, naming in names.items()}
    assert case == {"en": "no dish is left on the table while an Emerald card is waiting",
                    "fr": "il ne reste plus aucun plat sur la table alors qu’une carte Emerald attend",  # a verb: the
                    # compare page's "parties où plus aucun plat …" was no French (twenty-fourth reading fr42)
                    "it": "sul tavolo non resta alcun piatto, ma una carta Emerald è in attesa"}
    assert "accanto ai piatti" not in case["it"]  # it1: no card beside dishes that are not there


# -- en32, it37, fr29: the printed numbers agree with the sentence ----------------------------------------------------

def _number(text: str) -> float:
    """A printed share ("26.04%", "26,04 %") as the number a reader reads."""
    return float(re.sub(r"[^\d,.]", "", text).replace(",", "."))


def _royale_edge(low: float, fair: float) -> dict:
    """Royale at 4 players: seat 1 above its fair share with the variant and in the base game, whose widened
    interval starts ``low``, just above its fair share ``fair``."""
    seat = {"seat": 1, "side": "more", "rate": 0.45, "low": 0.332, "high": 0.574, "fair": 0.278, "level": 0.9875,
            "compared": 4}
    own = {**seat, "rate": 0.37, "low": low, "high": 0.49493, "fair": fair}
    metric = {"metric": "seat_1_win_rate", "base": 0.37, "variant": 0.45, "difference": 0.08, "low": -0.241,
              "high": 0.401, "significant": False}
    return {"players": 4, "games": 100, "metrics": [metric], "family": 19, "stop": {"early": True},
            "base_result": {"balance": {"flags": [own], "seat_fair_share": round(fair, 4)}},
            "variant_result": {"variant": "royale-short", "balance": {"flags": [seat]}}}


@pytest.mark.parametrize(("low", "fair", "shown"), [
    (0.26043, 0.26003, ("26.04", "26.00")),  # Royale at 4 players: 26.0 and 26.0 with one decimal
    (0.260004, 0.26, ("26.0004", "26.0000")),  # apart only at the fourth place
    (0.3, 0.26, ("30.0", "26.0"))])  # apart with one decimal: one decimal, as every share
@pytest.mark.parametrize("lang", LANGS)
def test_an_interval_said_to_leave_the_fair_share_out_prints_apart_from_it(low: float, fair: float,
                                                                          shown: tuple[str, str], lang: str) -> None:
    """The base game's interval and its fair share, where one decimal prints them alike: the interval is not
    printed, the fair share keeps its one decimal, and the sentence says by how little its interval leaves it out,
    with the decimals that gap needs ("only 0.04 percentage points above the fair share"): "[26.04% to 49.49%] …
    26.00%" beside "27.8%" read as a typing error (twenty-second reading fr26, en25, it36). Apart with one
    decimal: the interval and the share with their one decimal, as every share. On the terminal and the page
    alike (one source). Twenty-third reading (en27, fr22): "only 0.04 points above" named the end of an interval
    never printed: on the edge, no interval's end is said; the verdict gives the lean's size (37.0 − 26.0)."""
    [line] = compare_balance(_royale_edge(low, fair), lang, "royale")
    line = plain(line)
    base = line[line.index({"en": "In the base game", "fr": "Dans le jeu de base", "it": "Nel gioco base"}[lang]):]
    base = base[:base.index(". ")]  # its own sentence: the change's follows
    fair_shown = re.search({"en": r"fair share of (\d+[.,]\d+)%", "fr": r"part équitable de (\d+[.,]\d+) %",
                            "it": r"quota equa del (\d+[.,]\d+)%"}[lang], base).group(1)
    assert fair_shown.replace(",", ".") == f"{100 * fair:.1f}", base  # one decimal, always
    gap = {"en": r"only (\d+[.,]\d+) percentage points? above", "fr": r"que de (\d+[.,]\d+) points? de pourcentage",
           "it": r"di appena (\d+[.,]\d+) punti? percentual"}[lang]
    if shown[0].count(".") and len(shown[0].split(".")[1]) > 1:  # on the edge: no interval, nor its end's gap
        assert "[" not in base and not re.search(gap, base), base
        size = {"en": "the gap is 11.0 percentage points",  # round 45 en27*
                "fr": "il est de 11,0 points de pourcentage",  # round 43 fr17
                "it": "quota equa, 11,0 punti percentuali"}[lang]  # fr19, it25: the size, then "only just"
        assert size in line[:line.index(". ")], line  # the lean's size, in the verdict
    else:
        assert re.search(r"\[(\d+[.,]\d+) ?%", base).group(1).replace(",", ".") == shown[0] and not re.search(gap, base)
    places = {len(s.split("." if lang == "en" else ",")[1]) for s in re.findall(r"\d+[.,]\d+(?= ?%)", line)}
    assert places == {1}, line  # every share: one decimal


@pytest.mark.parametrize("lang", LANGS)
def test_validate_s_balance_warning_prints_its_interval_apart_from_the_fair_share(lang: str) -> None:
    """validate's "its interval [26.0% to 49.5%] leaves the fair share out" beside "(26.0%…)": the same decimals."""
    flag = {"seat": 1, "side": "more", "rate": 0.37, "low": 0.26043, "high": 0.49493, "fair": 0.26003,
            "level": 0.9875, "compared": 4}
    [(_, text)] = [p for p in balance_parts({"flags": [flag], "seat_fair_share": 0.26}, lang, 4) if p[0] == "flagged"]
    text = plain(text)
    assert re.search(r"26[.,]00 ?%", text) and re.search(r"\[26[.,]04 ?%", text), text
    assert not re.search(r"\[26[.,]0 ?%", text), text


# -- en24, en33, fr22, fr29, it27, it38: the verdict first, then at most two sentences of figures, then the command ---

def _sentences(paragraph: str) -> list[str]:
    """A paragraph's sentences: cut after a full stop followed by a capital."""
    return re.split(r"(?<=\.) (?=[A-ZÀ-Ý])", paragraph)


def _royale_four(base_flags_four: bool = False) -> dict:
    """Royale at 4 players as compare saw it: seat 1 above its fair share in both games, seat 4 below it with the
    variant (and, with ``base_flags_four``, in the base game too)."""
    first = {"seat": 1, "side": "more", "rate": 0.45, "low": 0.332, "high": 0.574, "fair": 0.278, "level": 0.9875,
             "compared": 4}
    last = {**first, "seat": 4, "side": "less", "rate": 0.15, "low": 0.081, "high": 0.259}
    own = [{**first, "rate": 0.37, "low": 0.30, "high": 0.45, "fair": 0.26}]
    own += [{**last, "rate": 0.11, "low": 0.05, "high": 0.22, "fair": 0.26}] if base_flags_four else []
    metrics = [{"metric": f"seat_{k}_win_rate", "base": b, "variant": v, "difference": v - b, "low": -0.3,
                "high": 0.3, "significant": False} for k, b, v in ((1, 0.37, 0.45), (4, 0.21, 0.15))]
    return {"players": 4, "games": 100, "metrics": metrics, "family": 19, "stop": {"early": True},
            "base_result": {"balance": {"flags": own, "seat_fair_share": 0.26}},
            "variant_result": {"variant": "royale-short", "balance": {"flags": [first, last]}}}


def _hungry_five(significant: bool | None) -> dict:
    """King Lui: Hungry Dragon at 5 players: seat 5 above its fair share with the variant only; the change
    significant, not, or not tested (None)."""
    seat = {"seat": 5, "side": "more", "rate": 0.31, "low": 0.206, "high": 0.438, "fair": 0.2, "level": 0.99,
            "compared": 5}
    metric = {"metric": "seat_5_win_rate", "base": 0.27, "variant": 0.31, "difference": 0.04, "low": -0.385,
              "high": 0.465, "significant": bool(significant)}
    return {"players": 5, "games": 100, "metrics": [] if significant is None else [metric], "family": 21,
            "stop": {"early": True}, "base_result": {"balance": {"flags": [], "seat_fair_share": 0.206}},
            "variant_result": {"variant": "king_lui-hungry-dragon", "balance": {"flags": [seat]}}}


CASES = {"owned and not": (_royale_four(), "royale"), "both owned": (_royale_four(True), "royale"),
         "chance": (_hungry_five(False), "king_lui"), "the variant's": (_hungry_five(True), "king_lui"),
         "untested": (_hungry_five(None), "king_lui"), "on the edge": (_royale_edge(0.26043, 0.26003), "royale")}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("lang", LANGS)
def test_each_seat_s_paragraph_says_its_verdict_first_then_two_sentences_of_figures(case: str, lang: str) -> None:
    """A paragraph a seat: its first sentence names the seat and holds no figure; then at most two sentences hold
    shares and one the change between the two games (a sentence of its own since the twenty-second reading, fr26);
    what to run comes last."""
    r, base = CASES[case]
    change = plain(say("compare_seat_change", lang, change=""))
    # terminal round 40 fr13, it18: the change's range and its widening are sentences of their own after it, never
    # a third colon in one sentence of sixty words: the change may take three sentences
    ranged = plain(say("compare_seat_change_open", lang, change="", pairs="", low="", high="",
                       widened="")).split(". ", 1)[1][:12]
    wide = plain(say("change_widened", lang, n=0)).lstrip(". ")[:12]
    for paragraph in nonempty(compare_balance(r, lang, base)):
        first, *rest = _sentences(plain(paragraph))
        # twenty-third reading (fr20, it23, en26): the verdict also says where the base game's lean is known from
        # (these pairs), and on the edge its size: a little longer, still no share; twenty-sixth (fr14, en23): the
        # base game's lean said with its own verb, the change's verdict after it: longer still, one sentence
        # terminal round 41 fr12: French sets a frequency against what the share would give (« plus souvent que ne le
        # voudrait sa part équitable »), 20 characters more
        # terminal round 43 it19, fr17, en18: chance said as a clause ("by more than chance would explain"), not a tag
        assert "%" not in first and re.search(r"\b[1-5]\b", first) and len(first) <= 310, first
        figures = [s for s in rest if "%" in s or s.lower().startswith(change.lower()) or s.startswith((ranged, wide))]
        assert len([s for s in figures if "%" in s]) <= 2 and len(figures) <= 5, rest
        assert rest[:len(figures)] == figures, rest  # the figures right after the verdict
        commands = [s for s in rest if "cardgen " in s]
        assert rest[len(figures):] == commands, rest  # then only what to run


@pytest.mark.parametrize("lang", LANGS)
def test_the_base_game_s_fix_follows_the_seats_it_shows_and_names_them(lang: str) -> None:
    """it36, fr30: "To fix this imbalance in the base game" came right after seat 4's sentence saying the base game
    does not show it: the pointer follows the seat the base game's own games show, names it, and the other seat
    gives no command of its own."""
    one, four = (plain(p) for p in compare_balance(_royale_four(), lang, "royale"))
    assert "cardgen fix royale --players 4" in one and "cardgen" not in four
    pointer = one[one.index(_sentences(one)[-1]):]
    assert plain(say("fix_what_base", lang, who=say("seat", lang, k=1))) in pointer, pointer
    both = [plain(p) for p in compare_balance(_royale_four(True), lang, "royale")]
    assert "cardgen" not in both[0] and both[1].count("cardgen fix") == 1  # once, after the last of them
    seats = and_list([say("seat", lang, k=k) for k in (1, 4)], lang)
    assert plain(say("fix_what_base", lang, who=seats)) in both[1], both[1]


@pytest.mark.parametrize("lang", LANGS)
def test_what_a_count_explains_is_explained_by_its_first_seat_alone(lang: str) -> None:
    """Why an interval is widened, why a fair share is above 1/4 and why the base game's is lower: said by the
    count's first seat; the second seat's paragraph gives its figures alone (shorter paragraphs, en33)."""
    one, four = (plain(p) for p in compare_balance(_royale_four(), lang, "royale"))
    for reason in nonempty([say("compare_seat_base_fewer", lang), say("compare_seat_widened", lang, n=4),
                            fair_why(0.3, 4, lang), say("change_widened_early", lang, n=19)]):
        assert plain(reason) in one and plain(reason) not in four, (reason, four)


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_neither_game_tells_from_chance_gives_the_commands_once(lang: str) -> None:
    """Where neither game tells the seat from chance: the validate command that judges the base game on more games
    and the compare command that plays more pairs, after the count's seats, once."""
    r = _royale_four()
    r["base_result"] = {"balance": {"flags": [], "seat_fair_share": 0.26}}
    one, four = compare_balance(r, lang, "royale")
    assert "cardgen" not in one and four.count("cardgen validate royale --players 4") == 1
    assert four.endswith("cardgen compare royale royale-short --players 4 --games 400 --fixed")


# -- en34, en62, en13, fr21: one pointer to cardgen fix -------------------------------------------------------------

#: the pointer's words in each language, around what it points at: it searches and tests, it does not fix
POINTER = {"en": ("o look for fixes to ", " and test them in simulated games, run:"),
           "fr": ("our chercher comment corriger ",  # round 39 fr36: « …, puis essayer »
                  ", puis essayer les corrections trouvées sur des parties simulées, lancez :"),
           "it": ("er cercare correzioni che risolvano ", " e provarle su partite simulate, esegui:")}


@pytest.mark.parametrize("lang", LANGS)
def test_every_pointer_to_cardgen_fix_says_it_one_way(lang: str, tmp_path: Path) -> None:
    """validate's balance warning, its closing line, compare's base-game pointer and closing line, and the pages'
    hints: one sentence, "search … and test", never "to fix" / « pour corriger » / «per correggere»."""
    from cardgen.report.commands import fix_lines
    from cardgen.report.pages import compare_fix, fix_hint
    from cardgen.simulate.summary import balance_fix

    short = {"peak": "unpaid_by_bank", "print_more": 56, "cover": 0.99, "games_short": 285, "games": 300, "max": 60}
    doc = {"lang": lang, "results": [{"players": 3, "metrics": [], "base_result": {"variant": "draco",
                                                                                  "sufficiency": [short]},
                                      "variant_result": {"variant": "v", "sufficiency": [short]}}]}
    naming = Naming.of(resolve("draco", ROOT), lang)
    said = [balance_fix({"variant": "royale", "players": 4}, lang),
            compare_balance(_royale_four(), lang, "royale")[0],
            *fix_lines(doc, lang, {"draco": "Draco & Co", "v": "Toast"}, naming),
            *fix_lines({**doc, "results": [{**doc["results"][0], "variant_result": {"variant": "v", "sufficiency": []}}]},
                       lang, {"draco": "Draco & Co"}, naming),
            fix_hint("draco", tmp_path, lang)["text"],
            compare_fix({"command": "cardgen fix v", "text": "?", "href": None}, "Toast", lang, "x")["text"]]
    lead, tail = (plain(w) for w in POINTER[lang])
    for text in nonempty(plain(t) for t in said):
        assert lead in text and tail in text, text
        assert not any(w in text.lower() for w in ("to fix this", "look for a fix", "pour corriger",
                                                     "per correggere", "une correction :", "una correzione:")), text
