"""Terminal round 41, part a (issue 53): validate of King Lui, Royale and Draco & Co, and the words every command shares
(docs/reads/terminal-round-41-fixes-a.md). Each test fails on the old wording or behaviour; fault ids in the
docstrings."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from nonempty import nonempty

from cardgen.terminal import LINES, say

ROOT = Path(__file__).parents[1]
LANGS = ["en", "fr", "it"]
#: the books' name for a ruling of this edition (the rulebook catalogs' "This edition’s ruling")
RULING = {"en": "this edition’s ruling", "fr": "choix de cette édition", "it": "scelta di questa edizione"}
#: the names the readers found beside it (terminal round 41 en24*, en25*, en42*, it24*, it27*, fr19*)
OTHER_NAMES = ("cardgen adds", "cardgen’s rule", "added rule", "règle ajoutée", "règle de cardgen", "cardgen ajoute",
               "regola aggiunta", "regola di cardgen", "aggiunta da cardgen")
#: how each language names Draco & Co's source, a player's description of the rules (the books' words)
DESCRIPTION = {"en": "published description", "fr": "description publiée", "it": "descrizione pubblicata"}


def plain(text: str) -> str:
    return " ".join(text.replace("\u202f", " ").replace("\u00a0", " ").split())


def _draco_naming(lang: str = "en") -> Any:
    from cardgen.games import get_game
    from cardgen.simulate.summary import Naming

    return Naming(dict(get_game("draco").words))


@pytest.fixture(scope="module")
def draco_run() -> tuple[Any, dict[str, Any]]:
    """Draco at 3 players, 30 games on the reference engine: its bank runs short and its cases come up."""
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.validate import ValidateOptions, run_validation

    deck = resolve("draco", ROOT)
    opts = ValidateOptions(games=30, players=[3], seed=1, jobs=1, out=None, engine="reference", progress=False)
    return deck, run_validation([deck], opts)


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_validates_shared_lines_name_the_ruling_as_the_books_do(lang: str) -> None:
    """terminal round 41 en25*, en24*, it24*, fr19*: "settled by a rule cardgen adds" (the shortage's case line) and
    the runs overview's "play goes on under a rule that cardgen adds" / « une règle ajoutée par cardgen » / «una
    regola aggiunta da cardgen»: names of cardgen's beside the books' one name, this edition's ruling."""
    from cardgen.report.words import PAGES
    from cardgen.simulate.summary import own_say

    naming = _draco_naming()
    said = [say("gap_components", lang, name="N", when="W", short="S"), PAGES[lang]["short_note"],
            own_say("gap_components", lang, naming, name="N", when="W", short="S")]
    said.append(naming.words["lines"][lang]["page_short_note"])
    for text in nonempty(said):
        assert RULING[lang] in text.lower(), text
        assert not any(old in text for old in OTHER_NAMES), text
    # en2: the page's heading says "or unclear" as the terminal's does
    assert {"en": "open or unclear", "fr": "ou laissent ambigus", "it": "o lascia ambigue"}[lang] in PAGES[lang]["gaps"]
    assert {"en": "printed in its rulebook", "fr": "du livret", "it": "Scelta di questa edizione"}[lang] in say(
        "gaps_ruled_head", lang)  # en2: "as in the rulebook" read as the published rulebook


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_draco_names_its_source_the_published_description_in_terminal_and_pages(draco_run: tuple, lang: str) -> None:
    """terminal round 41 en24*: Draco's "special cases the published rules leave open or unclear", two lines above
    "the published description does not say what happens": two names for one source in one section, and the books
    say "the published description". King Lui and Royale keep "the published rules"."""
    from cardgen.report.pages import overview_notes
    from cardgen.report.validation import section
    from cardgen.simulate.summary import Naming, format_entry

    deck, doc = draco_run
    naming = Naming.of(deck, lang)
    [r] = doc["results"]
    text = plain(format_entry(r, lang, naming))
    head = plain(say("gaps_ruled_head", lang)).split(" (")[0]  # the common heading, "… published rules …"
    assert DESCRIPTION[lang] in text.split("\n")[0] or DESCRIPTION[lang] in text
    assert head not in text  # never "the published rules" over Draco's cases
    assert DESCRIPTION[lang] in section(r, lang, naming)["gaps_title"]
    notes = overview_notes([r], lang, {"draco": naming})
    assert len(notes) == 1 and DESCRIPTION[lang] in plain(notes[0]) and RULING[lang] in plain(notes[0]).lower()
    from cardgen.report.words import PAGES
    kl = section({**r, "variant": "king_lui"}, lang, Naming())["gaps_title"]  # a game without its own words
    assert plain(kl) == plain(PAGES[lang]["gaps"]) and DESCRIPTION[lang] not in kl


@pytest.mark.parametrize("lang", nonempty(LANGS))
def test_pass_is_said_once_a_run_and_is_no_verdict_on_balance(lang: str) -> None:
    """terminal round 41 en9: nowhere did the output say what PASS means; beside "only just: play more games" a
    designer read it as "balanced". Said once a run, under its first verdict, and on the runs overview."""
    from cardgen.simulate.summary import Naming, format_entry

    entry = {"variant": "draco", "game": "draco", "players": 3, "passed": True, "completed": 0, "games": 200,
             "end_reasons": {}, "rule_gaps": [], "static_checks": [], "peaks": {}}
    means = say("pass_means", lang, verdict=say("pass", lang))
    assert means.startswith(say("pass", lang)) and {"en": "not a verdict on balance", "fr": "pas un jugement sur "
                                                    "l’équilibre", "it": "non è un giudizio sull’equilibrio"}[lang] in means
    said: set[str] = set()
    first = format_entry(entry, lang, Naming(), said).split("\n")
    again = format_entry({**entry, "players": 4}, lang, Naming(), said).split("\n")
    assert plain(" ".join(first[1:3])).startswith(plain(means)[:40]) and plain(means)[:40] not in plain(" ".join(again))
    failed = format_entry({**entry, "passed": False}, lang, Naming(), set())
    assert plain(means)[:40] not in plain(failed)  # a FAIL is not told what PASS means
