"""Terminal round 41 (#53), part c: what the native readers found in ``cardgen fix draco``'s terminal output and its
page, in the gallery, and in the few compare and validate lines numbered into this part (en44-en50, it27-it33, the
French reader's faults on fix and the gallery): docs/reads/terminal-round-41-fixes-c.md. Every expected sentence is
ours."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardgen.tune.fix import held_line, left_out_line, unchecked_line, word
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]
LANGS = ["en", "fr", "it"]


def flat(text: str) -> str:
    """A line as a reader reads it: its no-break spaces plain, its runs of spaces one."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


# -- en45, it27*: this edition's rulings, by the catalogs' name -----------------------------------------------------

RULINGS = {"en": "how games end and how often this edition’s other rulings come into play.",
           "fr": "les fins de partie et la fréquence des autres cas tranchés par un choix de cette édition.",
           "it": "e la frequenza delle altre situazioni risolte da una scelta di questa edizione."}


@pytest.mark.parametrize("lang", LANGS)
def test_fix_names_this_edition_s_rulings_as_the_books_do(lang: str) -> None:
    """terminal round 41 en45, it27*: "how often cardgen's other added rules are needed" / «una regola aggiunta da
    cardgen» under the fixes: the books' name is "this edition's ruling" / « choix de cette édition » / «scelta di
    questa edizione», and "added rule" read as a rule cardgen invents. One fix or several, the same name."""
    from test_fix_twentythird import FIXES, _fixer, _prop

    fixer = _fixer(lang)
    for props in ([_prop(*FIXES[0])], [_prop(*f) for f in FIXES]):
        said = flat(held_line(fixer, props))
        assert said.endswith(RULINGS[lang]), said
        assert not re.search(r"added rule|cardgen’s|ajoute|aggiunta", said)


# -- it29: the unchecked trials' sizes in a sentence ----------------------------------------------------------------

@pytest.mark.parametrize(("rest", "expected"), [
    ([Trial(21, {}, True, 1.5), Trial(7, {}, True, 1.71), Trial(0, {}, True, 1.85)],
     "si è fermata alla correzione 3, che ha entità 1,50; quelle prove hanno entità da 1,50 a 1,85, e a parità di "
     "entità si verifica prima la prova con il numero più basso."),
    ([Trial(7, {}, True, 1.71)],
     "si è fermata alla correzione 3, che ha entità 1,50; quella prova ha entità 1,71.")])
def test_italian_says_the_unchecked_trials_sizes_in_a_sentence(rest: list[Trial], expected: str) -> None:
    """terminal round 41 it29: «(entità del cambiamento 1,50; le loro: da 1,50 a 1,85; a parità, prima la prova
    precedente)» was telegraphic: «le loro» and «a parità, prima …» made no sentence. Now fix 3's size, the trials'
    sizes and the order on a tie (``Fixer.cures``: by size, then by trial number) are each a clause."""
    from test_fix_twentythird import FIXES, _fixer, _prop

    fixer = _fixer("it")
    fixer.tally = lambda metrics: (0,)
    said = flat(unchecked_line(fixer, rest, [_prop(*f) for f in FIXES]))
    assert said.endswith(expected), said
    assert "le loro" not in said and "la sua:" not in said


# -- it28: the lever left out names what carries the number -------------------------------------------------------

def test_italian_left_out_lever_has_a_subject_for_its_number() -> None:
    """terminal round 41 it28: «(e anche «monete d’oro», se nella tua edizione riportano questo numero)»: «riportano»
    had no clear subject. Now the number is the subject: «vi è stampato questo numero». The quoted name stays (the
    deck gives no gender for the article, round 40 it27/it28)."""
    from cardgen.simulate.summary import Naming
    from test_fix_twentythird import _fixer

    naming = Naming.of(_fixer("it").deck, "it")
    said = flat(left_out_line("valore di una moneta d’oro in monete d’argento", "gold-coin", "it", naming,
                              on_face=False))
    # terminal round 46 it27: the number still the subject, the printed coins said apart from the file's data
    assert said.endswith("(e, se nella tua edizione questo numero è stampato su «monete d’oro», correggilo anche "
                         "lì)."), said  # round 45 fr26: the lever's true reason before it
    assert "riportan" not in said


# -- en44: a card hardly played: its gap can hardly come from its effect ------------------------------------------

@pytest.mark.parametrize(("lang", "said", "never"), [
    ("en", "so the gap can hardly come from its effect", "cannot come"),
    ("fr", "cet écart ne peut donc guère venir de son effet", "ne peut donc pas venir"),
    ("it", "quindi la differenza difficilmente può venire dal suo effetto", "non può venire")])
def test_a_hardly_played_card_s_gap_is_said_unlikely_never_impossible(lang: str, said: str, never: str) -> None:
    """terminal round 41 en44: "The simulated players almost never play it (0.03 times per player per game), so the
    gap cannot come from its effect": 0.03 plays are not none, and "cannot" said more than they allow."""
    from cardgen.simulate.summary import Naming, _held_cards
    from test_terminal_round40_c import _dice

    [line] = _held_cards(_dice(), lang, Naming(names={"dice": "Game of Dice"}))
    assert said in flat(line) and never not in flat(line), line


# -- it31: a weak card's interval said the way of its gap ---------------------------------------------------------

@pytest.mark.parametrize(("lang", "end"), [
    # terminal round 46 en37, it28, fr33: the sizes unsigned in a bracket read as a gain: in words, as compare says it
    ("en", "won 15.7 percentage points less often than the other players (4.7 to 26.6 points less, allowing for "
           "chance)"),
    ("fr", "inférieur de 15,7 points de pourcentage à celui des autres (de 4,7 à 26,6 points de moins, compte tenu "
           "du hasard)"),
    ("it", "vincevano 15,7 punti percentuali meno spesso degli altri (da 4,7 a 26,6 punti in meno, tenuto conto del "
           "caso)")])
def test_a_weak_card_s_interval_is_no_double_negative(lang: str, end: str) -> None:
    """terminal round 41 it31: «vincevano 15,7 punti percentuali meno spesso degli altri, intervallo al 95% [−26,6;
    −4,7]»: a negative interval after "less often" read as a double negative. An interval wholly below 0 is said as
    the sizes of the shortfall, smallest first; a strong card's keeps its signs (no negative there)."""
    from cardgen.simulate.summary import Naming
    from cardgen.tune.fix import Problem, problem_line

    weak = Problem("card", "to-and-fro", 3, -0.157, 0.047, (("side", "weak"), ("low", -0.266), ("high", -0.047)))
    said = flat(problem_line(weak, lang, Naming(names={"to-and-fro": "To and Fro"}), seen=True, label=True))
    assert said.endswith(end), said
    assert "−" not in said
    strong = Problem("card", "to-and-fro", 3, 0.1, 0.04, (("side", "strong"), ("low", 0.06), ("high", 0.14)))
    assert flat(problem_line(strong, "en", Naming(names={"to-and-fro": "To and Fro"}))).endswith(
        "(6.0 to 14.0 points more, allowing for chance)")


# -- en (fix-draco.txt "Checked"), it (fix-draco.txt "Checked"): the cost line's percentages checkable ------------

def test_the_record_holds_the_unrounded_figures_behind_the_cost_line() -> None:
    """terminal round 41, both readers: "the lead changes hands 29 to 39% less often" could not be checked from
    fix.json, which kept only the rounded sentences ("from 4.6 to 3.3 times per game": 28%). The record now holds,
    per proposal and player count, the unrounded base and fix values of every figure the cost line sums up, and
    each one's change as a share of the base game's value: the line's ends are those shares, rounded."""
    from test_fix_twentieth import RESHUFFLES, _fixer, _m

    from cardgen.tune.fix import Proposal, character_record, cost_text

    moves = {3: [_m("turns", 79.7, 46.4, -34.8, -31.8), _m("lead_changes", 4.62, 3.28, -1.8, -0.8)],
             6: [_m("turns", 69.4, 39.7, -31.5, -27.9), _m("lead_changes", 4.41, 2.69, -2.2, -1.2)]}
    prop = Proposal(Trial(18, {RESHUFFLES.key: 0}, True, 1.5), {}, {3: [], 6: []}, {},
                    length={3: (79.7, 46.4), 6: (69.4, 39.7)}, character=moves)
    record = json.loads(json.dumps(character_record(prop)))
    lead = [m for n in ("3", "6") for m in record["figures"][n] if m["metric"] == "lead_changes"]
    assert [(m["base"], m["variant"]) for m in lead] == [(4.62, 3.28), (4.41, 2.69)]
    shares = sorted(round(-100 * m["relative"]) for m in lead)
    assert shares == [29, 39]  # 1.34 / 4.62 and 1.72 / 4.41; the rounded 4.6 → 3.3 would say 28
    said = cost_text(_fixer("en", [], [RESHUFFLES]), prop, [RESHUFFLES], "en")
    # terminal round 44 en37*: a reader checks the line against the figures printed below it ("from 4.6 to 3.3",
    # 28%), not against the record: the line's ends are worked out from them (4.4 → 2.7: 39%)
    assert said.endswith("the lead changes hands 28 to 39% less often"), said
    assert record["length"]["3"] == {"base": 79.7, "variant": 46.4, "relative": pytest.approx(-33.3 / 79.7)}


# -- en50, fr25: a variant's line in the gallery is compare's, its change said in the bullets only ----------------

@pytest.mark.parametrize(("lang", "variant", "story", "change"), [
    ("en", "king_lui-hungry-dragon", "Emerald is growing fast, and so is his appetite.", "instead of 2"),
    ("fr", "king_lui-hungry-dragon", "Emerald grandit vite, son appétit aussi.", "au lieu de 2"),
    ("en", "royale-short", "A light supper, for a shorter game where every dish counts.", "A short game:")])
def test_the_gallery_says_a_variant_s_story_line_as_compare_does(tmp_path: Path, lang: str, variant: str, story: str,
                                                                 change: str) -> None:
    """terminal round 41 en50, fr25: Hungry Dragon's gallery box said its change twice (the description's first
    sentence, then the bullet "Portions removed by each Emerald …: 2 → 3"), and Light Supper's line there ("A short
    game: …") was not the one compare prints ("A light supper, for a shorter game where every dish counts."). A
    variant with a story line (``flavour``) is said by it in both; the change stays in the bullet."""
    from html import unescape

    from cardgen.load.project import Project
    from cardgen.report.gallery import update_gallery
    from cardgen.resolve.resolve import Resolver
    from cardgen.simulate.compare import introduction

    deck = Resolver(Project.open(ROOT)).resolve(variant)
    page = flat(unescape(re.sub(r"<[^>]+>", " ", update_gallery(tmp_path, [deck], thumbnails=False,
                                                                 lang=lang).read_text(encoding="utf-8"))))
    assert flat(story) in page and flat(introduction(deck, lang)) == flat(story)
    assert change not in page.split(flat(story))[1][:60], page


# -- it30, fr21*, en48: the fixes named before the notes; the notes one paragraph ---------------------------------

@pytest.mark.parametrize(("lang", "head", "first"), [
    ("en", "Fixes found, smallest change first (each is detailed below; the advice on which to try comes at the "
           "end):", "1. Trial 29. The box holds 41 gold coins"),  # terminal round 47 en39
    ("fr", "Corrections trouvées, de la plus petite à la plus grande (chacune est détaillée plus bas ; celle à essayer "
           "d’abord est indiquée à la fin) :", "1. Essai 29. La boîte contient 41 pièces d’or"),
    ("it", "Correzioni trovate, dalla più piccola (ciascuna è descritta più sotto; quale provare per prima è indicato "
           "alla fine):", "1. Prova 29. La scatola contiene 41")])
def test_the_fixes_are_named_before_the_notes_on_their_figures(lang: str, head: str, first: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """terminal round 41 it30, fr21*: some twenty lines of method stood between the trials and the first fix; the
    fixes found are now listed by their change first. en48: what "base game" means and what each count is were two
    paragraphs: one now. One fix has no list: its block follows at once. fr22: which fix to try first came only at the
    end; the list's head says where (the recommendation itself stays once, last: round 40 en29)."""
    from test_fix_twentythird import FIXES, _fixer, _prop

    import cardgen.tune.fix as fix

    fixer = _fixer(lang)
    fixer.page = fix.FixPage("Draco & Co")
    props = [_prop(*f) for f in FIXES[:2]]
    fix._say_all(fixer, [(p, Path(f"out/draco-fix-{k}.yaml")) for k, p in enumerate(props, 1)])
    out = capsys.readouterr().out
    assert flat(out).startswith(f"{flat(head)} {first}"), out
    items = [line for line in out.splitlines() if re.match(r"  [12]\. ", line)]
    assert len(items) == 2 and "41" in items[0] and "43" in items[1], out
    # terminal round 46 it42: on the page, under the heading "Fixes found, smallest change first", the line says
    # only what follows, never the heading's words again
    assert flat(fixer.page.summary[0]) == flat(word("found_head_page", lang)) and len(fixer.page.summary) == 3
    was = flat(word("was_note", lang, deck="Draco & Co", searched=fix.say_n("games", 300, lang)))
    assert was in flat(out) and flat(out).index(was) > flat(out).index(first)
    assert len(fixer.page.notes) == 1 and flat(fixer.page.notes[0]).startswith(was)
    fixer.page.fixes = [fix.Proposed(k, f"draco-fix-{k}.yaml") for k in (1, 2)]
    html = fix.render_fix(fixer.page, lang)
    assert html.index('<ol class="found">') < html.index(fixer.page.notes[0][:20]) < html.index('id="fix-1"')
    assert re.search(r'<li><a href="#fix-2">[^<]*43', html), html
    one = _fixer(lang)
    one.page = fix.FixPage("Draco & Co")
    fix._say_all(one, [(props[0], Path("out/draco-fix-1.yaml"))])
    assert flat(head) not in flat(capsys.readouterr().out) and one.page.summary == []


# -- en46, fr23: the change size said plainly; fr12: a seat's share of wins set against its fair share ------------

@pytest.mark.parametrize(("lang", "said", "gone"), [
    ("en", "Change size: 1 for each number a fix changes, plus a fraction below 1 that grows the further the number "
           "moves from its value in the game (doubling it, or dropping it to 0, adds 0.5). It measures how far a fix "
           "moves the game’s numbers, not how much it changes play or what it costs", "relative to their values"),
    ("fr", "plus une part inférieure à 1 qui grandit avec l’écart relatif de ce nombre à sa valeur d’origine (doubler "
           "un nombre, ou le ramener à 0, ajoute 0,5). Elle mesure de combien une correction déplace les nombres du "
           "jeu, et non de combien elle change les parties, ni ce qu’elle coûte", "mesuré en proportion de celle-ci"),
    ("it", "più una frazione minore di 1 che cresce quanto più il numero si scosta, in proporzione, dal suo valore nel "
           "gioco (raddoppiare un numero, o portarlo a 0, aggiunge 0,5). Misura di quanto si spostano i numeri del "
           "gioco, non quanto cambiano le partite né quanto costa il cambiamento", "non vi entra")])
def test_the_change_size_is_said_plainly(lang: str, said: str, gone: str) -> None:  # round 43 it33*: what it measures
    """terminal round 41 en46: "one point for each number …, plus a fraction below 1 that grows with how far those
    numbers move relative to their values in the game …, not with what the change costs" was hard going; fr23:
    « mesuré » agreed with « écart » only past two nouns. What it measures is now a sentence of its own (Italian
    alike). The example stays the size ``levers.cost`` computes (test_fix)."""
    from cardgen.tune.fix import size_note

    note = flat(size_note([], lang))
    assert flat(said) in note and gone not in note, note


@pytest.mark.parametrize(("side", "said"), [("more", "le joueur 5 a une part de victoires plus élevée que sa part "
                                                      "équitable (16,7 %) : 27,0 % des parties"),
                                            ("less", "le joueur 5 a une part de victoires moins élevée que sa part "
                                                     "équitable (16,7 %) : 27,0 % des parties")])
def test_french_sets_a_seat_s_share_of_wins_against_its_fair_share(side: str, said: str) -> None:
    """terminal round 41 fr12 (fix-draco.txt l. 10): « semblait gagner plus souvent que sa part équitable » set a
    frequency against a share; French compares the share of wins with the fair share."""
    from cardgen.simulate.summary import Naming
    from cardgen.tune.fix import Problem, problem_line

    seat = Problem("seat", "5", 6, 0.27, 0.01, (("side", side), ("low", 0.171), ("high", 0.399), ("fair", 1 / 6)))
    assert flat(said) in flat(problem_line(seat, "fr", Naming())), problem_line(seat, "fr", Naming())
    assert "semblait avoir une part de victoires" in problem_line(seat, "fr", Naming(), seen=True)
    assert "souvent que sa part" not in problem_line(seat, "fr", Naming(), seen=True)


# -- it33: the compare page says what the seed is ---------------------------------------------------------------

def test_the_italian_compare_page_says_what_the_seed_is() -> None:
    """terminal round 41 it33: «(primo seme: 1)» on the compare page was never explained there (the validate page
    explains it). The intro says what the number fixes, in the words the pages use, with no die (King Lui and
    Royale have none: it6)."""
    from cardgen.simulate.verdict import PAGE

    intro = PAGE["it"]["intro"].format(games="300 coppie", agents="x", seed=1)
    assert ("(primo seme: 1; il seme è il numero che fissa come vengono mescolate le carte, quindi con lo stesso seme "
            "si rigiocano le stesse partite)") in intro
    assert "dado" not in intro
