"""Twentieth native reading (en, fr, it): validate's and compare's words.

- en18, en25, en45, it11: Draco's bank running dry had four names across the outputs ("shortage of components",
  "WARNING (components)", "components in the box", "shortfall"), read as a routine note ("a rule cardgen adds
  covers it") in 95 % of games, and nothing said that every figure then describes cardgen's own rule;
- en37, it29: compare said the base game's share "is within chance" on 100 games and sent the designer to a
  validate whose 300 games flag it;
- en39, it28: two fair shares in one paragraph with no word on why, a sudden two-decimal interval, and "That" /
  "Questo scarto" naming neither game.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.resolve.resolve import resolve
from cardgen.simulate.summary import (RULED_MOST, Naming, _components, compare_balance, gap_shortage,
                                      published_editions, ruled_weighs, shortage_name, shortfall_line, weight_shares)
from cardgen.languages import decimal
from cardgen.terminal import say, say_n, word
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
#: the one name of Draco's shortage in each language, from the deck's plural of its silver coins
NAMES = {"en": "shortage of coins in the bank", "fr": "manque de pièces à la banque", "it": "carenza di monete in banca"}


def _short(games_short: int, games: int = 300) -> dict:
    return {"peak": "unpaid_by_bank", "print_more": 56, "cover": 0.99, "games_short": games_short, "games": games,
            "max": 60}


def _draco(lang: str) -> Naming:
    return Naming.of(resolve("draco", ROOT), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_one_name_for_the_shortage_in_validate_compare_and_fix(lang: str) -> None:
    """en18, en45: validate's case line and warning, compare's heading and fix line, and fix's short name all say
    the shortage by one name, made from the deck's data (its silver coins' plural)."""
    from cardgen.report.pages import problems_shown
    from cardgen.tune.fix import Problem, case_label, case_names

    naming = _draco(lang)
    name = shortage_name(naming.ruled["silver-coin"], lang, naming, "silver-coin")
    assert name == NAMES[lang]
    warning = shortfall_line(_short(285), lang, naming)
    assert warning.startswith(say("warn", lang, name=name))
    r = {"players": 3, "metrics": [], "base_result": {"variant": "draco", "sufficiency": [_short(285)]},
         "variant_result": {"variant": "v", "sufficiency": [_short(290)]}}
    head = _components(r, lang, naming)[0].strip()
    assert head == name[:1].upper() + name[1:]
    assert name in problems_shown([{"sufficiency": [_short(285)]}], lang, balance=False, naming=naming)
    found = [Problem("short", "unpaid_by_bank", 3, 0.94, 0.89, (("games", 100),))]
    assert case_label(found, lang, naming) == name
    assert name in case_names(found, lang, naming)[0]
    # validate's case line names the gap by the component whose ruling settles it, under either of its names
    # (a real run's line: test_validate_words_fifteenth)
    assert gap_shortage("bank_short", lang, naming) == name == gap_shortage("bank_short:silver", lang, naming)
    assert gap_shortage("richest_tie", lang, naming) == shortage_name(say("pieces_any", lang), lang)
    for old in ("shortfall", "components in the box", "(components)", "ammanco»", "« manque »",
                "matériel de la boîte", "componenti nella scatola", "(matériel)", "(componenti)"):
        assert old not in warning + head + str(case_names(found, lang, naming)), old


def test_the_shortage_name_comes_from_the_component_not_from_draco() -> None:
    """The name is generic: a box short of another component's pieces is named by them."""
    naming = Naming(names={"gold-coin": "Gold coin"}, plurals={"gold-coin": "gold coins"},
                    shortfall={"gold_missing": "gold-coin"})
    line = shortfall_line({**_short(40), "peak": "gold_missing"}, "en", naming)
    assert line.startswith("WARNING (shortage of gold coins): the box holds too few copies of “Gold coin”")
    card = Naming(names={"dessert": "Dessert"}, shortfall={"dessert_missing": "dessert"})
    assert shortfall_line({**_short(40), "peak": "dessert_missing"}, "fr", card).startswith(
        "ATTENTION (manque de «\u202fDessert\u202f»)")


@pytest.mark.parametrize(("short", "games", "weighs"), [(285, 300, True), (151, 300, True), (150, 300, False),
                                                        (24, 300, False), (1, 1, True), (0, 0, False)])
def test_the_weight_sentence_is_said_when_most_games_ran_under_cardgen_s_rule(short: int, games: int,
                                                                             weighs: bool) -> None:
    """it11: in 95 % of games the bank ran dry and cardgen's own rule let play go on: most figures then describe
    that rule, said after the warning; in more than ``RULED_MOST`` of the games only (half is not most)."""
    assert RULED_MOST == 0.5
    naming = _draco("en")
    f = _short(short, games)
    assert ruled_weighs(f, naming) is weighs
    if games:
        weight = say("short_weight_so", "en")  # its share of games said once, in the line (fr9, round 22; en16)
        assert (weight in shortfall_line(f, "en", naming)) is weighs


def test_the_weight_sentence_is_never_said_for_a_rule_the_published_text_gives() -> None:
    """A shortage whose ruling the published rules decide describes the published game: no weight sentence; nor
    for a box short with no ruling at all (no rule of cardgen's played)."""
    naming = _draco("en")
    published = Naming(**{**naming.__dict__, "rulings": {"silver-coin": ("bank_short", True)}})
    assert not ruled_weighs(_short(285), published)
    assert "the published rules say what happens then" in shortfall_line(_short(285), "en", published)
    assert not ruled_weighs(_short(285), Naming(shortfall={"unpaid_by_bank": "silver-coin"}))


@pytest.mark.parametrize("lang", LANGS)
def test_the_warning_says_what_the_box_would_hold_and_never_that_the_rule_covers_it(lang: str) -> None:
    """en25: "56 more silver coins" beside a box of 20 deserved the total; "a rule cardgen adds covers it" read as
    solved."""
    line = shortfall_line(_short(285), lang, _draco(lang)).replace("\u202f", " ").replace("\u00a0", " ")
    assert {"en": "56 more silver coins (76 instead of 20)", "fr": "56 pièces d’argent de plus (76 au lieu de 20)",
            "it": "56 monete d’argento in più (76 invece di 20)"}[lang] in line
    assert say("short_by_edition", lang) in line
    assert not any(old in line for old in ("covers it", "tranche ce cas", "copre questo caso"))


#: compare's verdict where the base game's own games flag nothing: these pairs cannot tell, never that it is fair
CANNOT_TELL = {"en": "these pairs cannot tell", "fr": "ces paires ne disent", "it": "queste coppie non bastano per dire"}


@pytest.mark.parametrize("lang", LANGS)
def test_compare_never_says_the_base_game_is_fair(lang: str) -> None:
    """en37, it29: "The base game's share is within chance" on 100 pairs, beside validate's 300 games that flag the
    same seat, read as two verdicts that clash; each verdict on a base game not flagged says these pairs cannot
    tell (twenty-first reading en24: the verdict first, "these pairs cannot tell whether the base game already
    does"), never that the base game is fair."""
    for key in nonempty(["compare_seat_chance", "compare_seat_untested"]):
        said = say(key, lang, who="w", verb="v", inf="i").replace("\u202f", " ")
        assert CANNOT_TELL[lang] in said, (key, said)
        assert not any(old in said for old in ("within chance", "dans les limites du hasard", "nei limiti del caso",
                                               "is fair", "est équilibré", "è equilibrato"))
    # the base game judged on more games by validate: named as what judges it, never as a verdict of compare's
    assert say("compare_seat_validate", lang, validate="v").endswith(": v")  # last: no semicolon after it (fr21)
    assert say("compare_seat_measure", lang, command="c", times=4).endswith(": c")


def _seat_case(own_low: float, own_fair: float, base_fair: float | None, variant_fair: float = 0.278) -> dict:
    seat = {"seat": 1, "side": "more", "rate": 0.45, "low": 0.332, "high": 0.574, "fair": variant_fair,
            "level": 0.9875, "compared": 4}
    own = {**seat, "rate": 0.37, "low": own_low, "high": 0.49493, "fair": own_fair}
    metric = {"metric": "seat_1_win_rate", "base": 0.37, "variant": 0.45, "difference": 0.08, "low": -0.241,
              "high": 0.401, "significant": False}
    balance = {"flags": [own]} | ({"seat_fair_share": base_fair} if base_fair is not None else {})
    return {"players": 4, "games": 100, "metrics": [metric], "base_result": {"balance": balance},
            "variant_result": {"variant": "royale-short", "balance": {"flags": [seat]}}}


@pytest.mark.parametrize("low", [0.26041, 0.260004, 0.2604999, 0.26049, 0.3, 0.2649])
@pytest.mark.parametrize("lang", LANGS)
def test_every_share_in_compare_s_balance_line_has_one_decimal_unless_it_would_print_on_the_fair_share(
        low: float, lang: str) -> None:
    """en39, it28: "[26.04% to 49.49%] … 26.00%" where every other share has one decimal: one decimal, as every
    share. Where the base game's interval end would print on the fair share it leaves out (twenty-first reading
    en32, it37, fr29 read "[26.0% to 49.5%] … above its fair share, 26.0%" as 26.0 above 26.0), the twenty-first
    round gave that interval and that fair share more decimals, which the twenty-second read as unexplained
    (fr26, en25, it36): that interval is not printed. The twenty-second round said how little its end cleared the
    share ("only 0.04 points above"), of an interval never printed (twenty-third reading en27, fr22): the verdict
    says the lean's size instead, 37.0 % against 26.0 %, only on the edge."""
    [line] = compare_balance(_seat_case(low, 0.26, 0.26), lang, "royale")
    shares = re.findall(r"\d+[.,]\d+(?=[\u00a0\u202f ]?%)", line)
    places = [len(s.split("." if lang == "en" else ",")[1]) for s in shares]
    edge = round(100 * low, 1) == 26.0
    assert places.count(1) == len(places), line  # every share, the base game's on the edge too
    size = say_n("pp_written", 11.0, lang, x=decimal(11.0, lang, places=1, fixed=True))
    assert (size in line) == edge, line  # the lean's size in points, only on the edge
    assert "0.04" not in line and "0,04" not in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_two_fair_shares_in_one_paragraph_say_why_they_differ(lang: str) -> None:
    """en39, it28: 27.8 % with the variant and 26.0 % in the base game, with no word on why: the base game's fair
    share is said, once, with the reason (fewer or more shared wins); no reason where both print alike."""
    fewer = compare_balance(_seat_case(0.3, 0.26, 0.26), lang, "royale")[0]
    assert say("compare_seat_base_fewer", lang) in fewer, fewer
    more = compare_balance(_seat_case(0.3, 0.29, 0.29), lang, "royale")[0]
    assert say("compare_seat_base_more", lang) in more, more
    same = compare_balance(_seat_case(0.3, 0.278, 0.2781), lang, "royale")[0]
    assert not any(say(f"compare_seat_base_{k}", lang) in same for k in ("fewer", "more"))
    unknown = compare_balance(_seat_case(0.3, 0.26, None), lang, "royale")[0]
    assert say("compare_seat_base_fewer", lang) in unknown  # its own flag's fair share says it


@pytest.mark.parametrize("lang", LANGS)
def test_each_verdict_names_which_game_s_gap_it_judges(lang: str) -> None:
    """it28: «Questo scarto» after the variant's 45.0 % meant the base game's 37.0 %: every verdict on the base
    game names it."""
    # twenty-fifth reading it20: both games named, the seat first, the variant's lean said too
    both = {"en": "in both games", "fr": "dans les deux jeux", "it": "in entrambi i giochi"}[lang]
    for key in nonempty(["compare_seat_owned", "compare_seat_owned_moved", "compare_seat_owned_edge",
                         "compare_seat_owned_moved_edge"]):
        said = say(key, lang, who="w", verb="v", inf="i", gap="g", often="o")
        # terminal round 50 fr9 (r49): « Le joueur 1, dans les deux jeux, gagne … », the seat still first (pin updated)
        assert said.startswith(("w ", "w, ")) and both in said, (key, said)
        assert not said.startswith(("That", "Cet écart", "Questo scarto", "Anche questo"))


def test_the_editions_a_published_case_names_follow_their_count() -> None:
    """fr59: a case only the Italian and English texts decide is said by their names, the silent ones apart."""
    assert published_editions({}, "en") == {"editions": "", "silent": ""}
    said = published_editions({"published_in": ["it", "en"], "silent_in": ["fr"]}, "en")
    assert said == {"editions": "the Italian and English published rules", "silent": "the French rules do not say"}
    line = say("gap_published_in", "fr", name="x", when="y", **published_editions(
        {"published_in": ["it", "en"], "silent_in": ["fr"]}, "fr"))
    # no concession ("même si"): a rule that does not say is no objection to one that does (twenty-first fr1)
    assert line.startswith("x (cas tranché d’après les règles italienne et anglaise, là où la règle française ne le "
                           "précise pas)")  # round 39 en39: the case first
    assert word("edition_names", "it") == {"fr": "francese", "it": "italiano", "en": "inglese"}
