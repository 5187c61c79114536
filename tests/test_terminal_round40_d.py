"""Terminal round 40 (#53), part d: what the native readers found in ``cardgen fix``'s terminal output and its page,
and in how the gallery page is shared by validate, compare and fix (docs/reads/terminal-round-40-fixes-d.md)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from nonempty import nonempty

from cardgen.report.fixing import FIXING, Block, FixPage, Proposed, parts, render_fix
from cardgen.report.pages import metrics_table
from cardgen.tune.fix import word

LANGS = ["en", "fr", "it"]


def plain(text: str) -> str:
    """A line as a reader reads it: its no-break spaces plain, its runs of spaces one."""
    return re.sub(r"[ \u00a0\u202f]+", " ", text)


def _gap_fixer(lang: str):
    """The round's run: fix 1 of 41 gold coins leaves validate warning, fix 2 of 43 does not, and the search tried
    40, 41, 43 and 50 gold coins: 42 alone lies untried between the two fixes."""
    from test_fix_twentythird import GOLD, OWN, _fixer, _prop

    from cardgen.tune.study import Trial

    fixer = _fixer(lang)
    fixer.trials = [Trial(n, {**OWN, GOLD.key: g}, True, 1.0) for n, g in enumerate((40, 41, 43, 50))]
    props = [_prop(28, 41, 1.39, 0.02, 0.01), _prop(26, 43, 1.42, 0.01, 0.0), _prop(19, 50, 1.5, 0.0, 0.0)]
    return fixer, props, [Path(f"out/draco-fix-{k}.yaml") for k in (1, 2, 3)]


# -- en24*, fr17*, it23*: one value left between two fixes is named, never "between 42 and 42" ----------------------

# terminal round 51 en18: the pieces said as pieces, "42 gold coins" (pin updated)
ONE = {"en": "The only value between fix 1 (41) and fix 2 (43) is 42 gold coins; it was not tried.",  # round 47 en41
       "fr": "Entre les corrections 1 (41) et 2 (43), la seule valeur restante, 42 pièces d’or, n’a pas été essayée.",
       "it": "Tra la correzione 1 (41) e la 2 (43), l’unico valore intermedio, 42 monete d’oro, non è stato provato."}


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_the_one_value_left_between_two_fixes_is_named_never_an_empty_range(lang: str) -> None:
    """"No fix between 42 and 42 (number of gold coins) was tried" read as a template error at the very point where
    the designer decides (terminal round 40 en24, fr17, it23): the one value is named between the two fixes' values,
    and the command that tries it stands on a line of its own."""
    from cardgen.tune.fix import next_line

    fixer, props, paths = _gap_fixer(lang)
    said = next_line(fixer, props, paths[0], paths)
    assert ONE[lang] in plain(said).replace("\n", " "), said
    assert not re.search(r"\b42\b\D+\b42\b \(", said.split("\n")[0])  # no "42 and 42 (…)"
    command = {"en": "    cardgen compare draco <a copy of out/draco-fix-2.yaml with 42 instead of 43> --fixed",
               "fr": "    cardgen compare draco <une copie de out/draco-fix-2.yaml avec 42 au lieu de 43> --fixed",
               "it": "    cardgen compare draco <una copia di out/draco-fix-2.yaml con 42 invece di 43> --fixed"}[lang]
    assert command in said.split("\n"), said


def test_a_wider_gap_is_still_said_as_a_range() -> None:
    """Where several values lie untried between the two fixes, the range stays (terminal round 28 en31): only the
    empty range of one value changed (terminal round 40 en24)."""
    from test_fix_twentythird import GOLD, OWN

    from cardgen.tune.fix import next_line
    from cardgen.tune.study import Trial

    fixer, props, paths = _gap_fixer("en")
    fixer.trials = [Trial(n, {**OWN, GOLD.key: g}, True, 1.0) for n, g in enumerate((37, 41, 50))]
    props = [props[0], props[2].__class__(**{**props[2].__dict__})]  # fix 2 at 50: 42 to 49 untried
    props[1].trial.values[GOLD.key] = 46
    said = plain(next_line(fixer, props, paths[0], paths))
    assert "No fix between 42 and 45 (number of gold coins) was tried." in said, said


# -- en29, fr18, fr19: the recommendation once, as a likelihood to confirm, "la correction 2" -------------------------

@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_the_fix_that_reaches_validates_aim_is_recommended_once_and_to_be_confirmed(lang: str) -> None:
    """"Fix 2 stays within 1% on those new games" then "fix 2 is the first that also reaches validate's aim" said it
    twice, 1% three times (terminal round 40 en29); "la 2" is spoken French, and "prenez-la pour que validate cesse
    d'avertir" promised more than one game in 100 shows (fr18); "validate estime …" began a sentence in lower case
    (fr19)."""
    from cardgen.tune.fix import next_line, validate_line

    from test_fix_twentythird import _prop

    fixer, props, paths = _gap_fixer(lang)
    # round 45 it23*: "try it first" only where fix 1 missed validate's aim beyond chance (12 games of 300, never 6)
    props[0] = _prop(28, 41, 1.39, 0.04, 0.01)
    before = plain(validate_line(fixer, props))
    assert {"en": "Fix 2 stays within", "fr": "la correction 2 reste", "it": "la correzione 2 resta"}[lang] not in before
    said = plain(next_line(fixer, props, paths[0], paths))
    # round 43 it32*, en39*: "the likeliest to stop validate warning" said more than the new games show (fix 3,
    # a larger change, left no shortage at all): the smallest that reached the aim, to try first
    assert {"en": "fix 2 is the smallest that also reached validate’s aim on the new games: try it first, and "
                  "check the result with cardgen validate",
            "fr": "la correction 2 est la plus petite qui ait aussi atteint l’objectif de validate sur les parties "
                  "nouvelles : essayez-la d’abord et vérifiez le résultat avec cardgen validate",
            "it": "la correzione 2 è la più piccola che ha raggiunto anche l’obiettivo di validate sulle partite nuove: "
                  "provala per prima e verifica il risultato con cardgen validate"
            }[lang] in said, said
    if lang == "fr":
        # terminal round 47 fr26*: the caution on validate's estimate is its own paragraph, no longer after fix 1's
        # figures (pin updated)
        assert "validate estime" not in before and plain(word("validate_estimate", lang)).startswith("Attention à")


# -- en25, it25: why fix's threshold differs from validate's ---------------------------------------------------------

@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_the_two_thresholds_say_why_they_differ(lang: str) -> None:
    """"Why cardgen fix is less strict than cardgen validate" gave the two thresholds and no reason; in Italian,
    "Perché" without a question mark read as "because" (terminal round 40 en25, it25)."""
    said = plain(word("aim_note", lang, aim="5%", cover_left="1%", case="x", games="100 g"))
    assert {"en": "Two thresholds: cardgen fix aims at no more than 5% of games where x, because on 100 g per trial a "
                  "share as small as 1% cannot be told from chance",
            "fr": "Deux seuils : cardgen fix vise au plus 5% des parties où x, car sur 100 g par essai une part aussi "
                  "faible que 1% ne se distingue pas du hasard",
            "it": "Due soglie: cardgen fix mira a non superare il 5% delle partite in cui x, perché su 100 g per prova"
            }[lang] in said, said
    assert not said.startswith(("Why", "Pourquoi", "Perché"))


# -- en26, fr20, it24: the cure too small to show, in a sentence ------------------------------------------------------

@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_a_cure_too_small_to_show_is_a_sentence(lang: str) -> None:
    """"no shortage … at 6 players (base game: 7.0%): within the aim on the new games too, but too small a change …"
    had no main verb and a "too" without antecedent (terminal round 40 en26, fr20, it24)."""
    said = plain(word("likely", lang, what="W", games="100 pairs")).strip()
    assert said == {"en": "On the new games, W; the change is too small for the game-for-game comparison below (100 "
                          "pairs) to tell from chance.",
                    "fr": "Sur les parties nouvelles, W ; l’écart est toutefois trop faible pour que la comparaison "
                          "partie par partie ci-dessous (100 pairs) le distingue du hasard.",
                    "it": "Sulle partite nuove, W; nel confronto partita per partita qui sotto (100 pairs), però, "
                          "questa differenza non si distingue dal caso."}[lang]


# -- en27: the order of trials of equal change size -------------------------------------------------------------------

@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_the_unchecked_line_says_how_a_tie_of_size_is_ordered(lang: str) -> None:
    """Trial 22 had the size of fix 3 (1.50): "takes the smallest changes first" did not say why 19 came first
    (terminal round 40 en27). ``Fixer.cures`` sorts by size, then by trial number: the earlier trial first."""
    from cardgen.tune.fix import Fixer
    from cardgen.tune.study import Trial

    from test_fix_twentythird import FIXES, _fixer, _prop

    from cardgen.tune.fix import unchecked_line

    tie = {"en": "on a tie, the earlier trial first", "fr": "à égalité, l’essai le plus ancien d’abord",
           "it": "a parità di entità si verifica prima la prova con il numero più basso"}[lang]  # round 41 it29
    checker, props = _fixer(lang), [_prop(*f) for f in FIXES]  # fix 3 of size 1.5
    checker.tally = lambda metrics: (0,)
    assert tie in plain(unchecked_line(checker, [Trial(21, {}, True, 1.5), Trial(1, {}, True, 1.85)], props))
    assert tie not in plain(unchecked_line(checker, [Trial(21, {}, True, 1.7)], props))  # no tie: not said
    fixer = Fixer.__new__(Fixer)
    fixer.own = {"a": 1}
    fixer.trials = [Trial(21, {"a": 50}, True, 1.5), Trial(18, {"a": 0}, True, 1.5), Trial(26, {"a": 41}, True, 1.39)]
    fixer.improves = lambda t: True
    assert [t.number for t in fixer.cures()] == [26, 18, 21]


# -- fr22: levers never tried, once -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_untried_levers_are_said_untried_once(lang: str) -> None:
    """"Leviers non essayés … (aucun essai ne les a modifiés ; …)" said the same thing twice (terminal round 40
    fr22); English and Italian had the same bracket."""
    said = plain(word("untried", lang, n=30, levers="L"))
    assert said == {"en": "Levers never tried in these 30 trials (so nothing is known of what they would do): L",
                    "fr": "Leviers jamais essayés au cours de ces 30 essais (on ignore donc leur effet) : L",
                    "it": "Leve mai provate in queste 30 prove (non si sa quindi nulla del loro effetto): L"}[lang]


# -- fr21, it26, it27, it28, en28: labels and names ------------------------------------------------------------------

def test_the_french_result_line_is_labelled_by_a_noun() -> None:
    """"corrige, sur 100 parties nouvelles" was a verb among noun labels ("changement", "coût") (terminal round
    40 fr21)."""
    assert plain(word("cures", "fr", games="100 parties", what="W")).strip() == \
        "résultat sur 100 parties nouvelles par nombre de joueurs : W."
    assert "dans la ligne « résultat » de chaque correction" in plain(word("was_note", "fr", deck="D", searched="s"))


def test_italian_says_the_95_interval_as_every_other_output() -> None:
    """"intervallo di confidenza al 95 %" where every other output says "intervallo al 95 %" (terminal round 40
    it26)."""
    assert plain(word("interval", "it")) == ", intervallo al 95%"


def test_the_italian_left_out_lever_names_what_to_try() -> None:
    """"Per provarla" after "regola" was ambiguous, "i pezzi" and "vi indica" clumsy (terminal round 40 it27,
    it28)."""
    for key in ("left_out_set", "left_out_set_plural"):
        said = plain(word(key, "it", lever="L", piece="P", pieces="P"))
        # terminal round 46 it27: "li cambi entrambi", the two places of the number named just before
        assert "Per provare un altro valore, crea una variante che li cambi entrambi (e, se nella tua edizione" in said, said
        assert "pezzi" not in said and "vi indica" not in said and "Per provarla" not in said


def test_fix_names_the_counts_in_game_as_every_other_block() -> None:
    """"apart from these game counts" where every other block says "in-game counts" (terminal round 40 en28)."""
    from cardgen.simulate.verdict import WORDS

    assert WORDS["en"]["nothing_listed"].endswith("apart from these in-game counts:")
    assert "apart from these in-game counts: {names}." in WORDS["en"]["nothing_named"]


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_the_record_is_named_for_programs_not_tools(lang: str) -> None:
    """"Tutti i valori, per gli strumenti" was unclear (terminal round 40 it32); likewise "for tools"."""
    assert FIXING[lang]["record"].startswith({"en": "All figures, in a form programs read (JSON)",
                                              "fr": "Tous les chiffres, dans un format lisible par un programme (JSON)",
                                              "it": "Tutti i valori, in formato leggibile da un programma (JSON)"}[lang])


# -- the page: en31, en32/fr28*/it29*, en33/fr29/it30, it31 ---------------------------------------------------------

def _page(lang: str) -> FixPage:
    """A fix page as ``cardgen fix`` keeps it: a flag dropped as chance, a problem found, one fix with its validate
    note, and "what next" as the terminal says it, two commands on lines of their own."""
    page = FixPage("Draco & Co", head="h")
    page.keep("dropped", word("unconfirmed", lang, n=100, twice=200))
    page.keep("flagged", word("found", lang, deck="Draco & Co", n=100, twice=200))
    page.keep("checked", word("checking", lang, n=3, games="100 g", deck="Draco & Co"))
    fix = Proposed(1, "draco-fix-1.yaml", validate=word("validate_still", lang, allowed="1%", what="2.0%"))
    moved = {"metric": "peak:gold_on_lairs", "base": 25.0, "variant": 38.1, "difference": 13.1, "low": 10.3,
             "high": 15.9, "significant": True}
    fix.blocks.append(Block("b", metrics_table([moved], lang, sort=False, fix=True)))
    page.fixes.append(fix)
    page.keep("after", word("validate_estimate", lang))
    page.keep("after", "Fix 1 … run:\n    cardgen compare draco out/draco-fix-1.yaml --fixed\n"
                       "    cardgen compare draco out/draco-fix-2.yaml --fixed\nBetween fix 1 …:\n"
                       "    cardgen compare draco <a copy of out/draco-fix-2.yaml with 42 instead of 43> --fixed")
    page.trials = ["t1"]
    return page


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_each_follow_up_command_is_a_code_line_of_its_own(lang: str) -> None:
    """The two ``cardgen compare … --fixed`` commands ran together inside a paragraph, as prose: copied, they made
    one broken command (terminal round 40 en32, fr28, it29); "<a copy of …> --fixed" too (fr28)."""
    html = re.sub(r'</?span[^>]*>', "", render_fix(_page(lang), lang))  # the paths' no-break spans
    for command in ("cardgen compare draco out/draco-fix-1.yaml --fixed", "cardgen compare draco out/draco-fix-2.yaml "
                    "--fixed", "cardgen compare draco &lt;a copy of out/draco-fix-2.yaml with 42 instead of 43&gt; "
                    "--fixed"):
        assert f'<pre class="command"><code>{command}</code></pre>' in html, command
    assert "--fixed cardgen" not in html
    assert parts("a\n    cardgen x\nb\nc") == [(False, "a"), (True, "cardgen x"), (False, "b c")]
    assert parts("cardgen validate’s estimate …") == [(False, "cardgen validate’s estimate …")]  # a sentence


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_flags_dropped_as_chance_are_grey_and_the_problems_found_carry_the_warning_colour(lang: str) -> None:
    """The paragraph of flags dismissed as chance was amber, the real problems plain black (terminal round 40
    en31)."""
    html = render_fix(_page(lang), lang)
    dropped = word("unconfirmed", lang, n=100, twice=200)[:30]
    found = word("found", lang, deck="Draco &amp; Co", n=100, twice=200)[:30]
    assert re.search(r'<p class="muted">' + re.escape(dropped), html), html
    assert re.search(r'<p class="warn">' + re.escape(found), html), html


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_what_next_does_not_repeat_the_note_under_each_fix(lang: str) -> None:
    """"After this fix, expect cardgen validate to still warn …" under fix 1 came again as the first paragraph of
    "What next" (terminal round 40 fr29, it30, en33): under each fix only; "what next" keeps why validate's estimate
    can fall short. The page's "what next" lines come from ``cardgen.tune.fix._propose``, which keeps no
    ``validate_line``."""
    import inspect

    from cardgen.tune import fix as fixing

    source = inspect.getsource(fixing._propose)
    kept = source[source.index("# the page's \"what next\""):]
    assert "estimate_line" in kept and "for line in (validate_line" not in kept  # round 49 en23* (pin updated)
    html = render_fix(_page(lang), lang)
    assert html.count(word("validate_still", lang, allowed="1%", what="2.0%")[:40]) == 1


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_how_the_fixes_were_checked_stands_above_them(lang: str) -> None:
    """"Verifica delle correzioni, dalla più piccola …" sat at the bottom, after every trial, far from the tables it
    explains (terminal round 40 it31)."""
    html = render_fix(_page(lang), lang)
    checking = word("checking", lang, n=3, games="100 g", deck="Draco &amp; Co")[:30]
    assert html.count(checking) == 1
    assert html.index(FIXING[lang]["fixes"]) < html.index(checking) < html.index('id="fix-1"')


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_a_fix_table_drops_the_all_yes_column(lang: str) -> None:
    """Every row of all 14 fix tables said "yes" under "change beyond chance?" (terminal round 40 en33)."""
    from cardgen.simulate.verdict import WORDS

    moved = {"metric": "peak:gold_on_lairs", "base": 25.0, "variant": 38.1, "difference": 13.1, "low": 10.3,
             "high": 15.9, "significant": True}
    assert metrics_table([moved], lang, sort=False, fix=True)["answers"] is False
    html = render_fix(_page(lang), lang)
    column = WORDS[lang]["table"].split("|")[5]
    assert column not in html
    assert metrics_table([{**moved, "significant": False}], lang, sort=False, fix=True)["answers"] is True
    assert metrics_table([moved], lang, sort=False)["answers"] is True  # compare's tables keep the column


# -- en30*: the gallery stays the gallery; the fix page links it and the runs ---------------------------------------

def test_fix_into_a_gallery_folder_writes_to_its_own_folder(tmp_path: Path) -> None:
    """``cardgen fix draco --out out`` into the folder validate and compare had written (its gallery, its runs) wrote
    its page as out/index.html: every page's "gallery" link opened the fix report, which had no way back to the runs
    (terminal round 40 en30). ``--out`` naming a gallery's folder is read as validate's: the fix goes to
    out/fix/draco; a folder of one's own stays the folder."""
    from cardgen.commands import StudyRequest, _study_out

    (tmp_path / "gallery.json").write_text("{}", encoding="utf-8")
    request = StudyRequest.__new__(StudyRequest)
    request.out, request.project = str(tmp_path), str(tmp_path)
    assert _study_out(request, "fix", "draco") == tmp_path / "fix" / "draco"
    own = tmp_path / "mine"
    request.out = str(own)
    assert _study_out(request, "fix", "draco") == own


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_the_fix_page_links_the_gallery_and_all_runs(lang: str) -> None:
    """The fix report had an empty navigation bar (terminal round 40 en30): in a project's output it links the
    gallery and the runs, in the words every run's page uses."""
    from cardgen.report.words import REPORT

    html = render_fix(_page(lang), lang, "../../index.html", "fix.json", "../../validation/index.html")
    gallery, runs, _ = REPORT[lang]["nav"]
    nav = html[html.index("<nav>"):html.index("</nav>")]
    assert f'<a href="../../index.html">{gallery}</a>' in nav and f'<a href="../../validation/index.html">{runs}</a>' \
        in nav, nav
    assert "<nav></nav>" not in render_fix(_page(lang), lang, "../../index.html")
