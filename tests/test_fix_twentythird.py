"""Twenty-third reading of ``cardgen fix draco`` (issue #53): fix 1 (41 gold coins) still left the bank short in 4.0%
of the new games at 3 players and 1.7% at 4, and nothing said that cardgen validate, which allows 1%, would warn
again after it (fr30); a trial that fixed everything with silver coins 20 → 67, "change size 1.7", was dropped without
a word while a 25-gold-coin fix was kept (it37); "1.7" beside "1.74" (en44, fr37, it44); "all in fix.json" named no
folder (en38, fr35, it45). Each line built from constructed figures, in English, French and Italian; every expected
sentence is ours."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import cardgen.tune.fix as fix
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.tune.fix import Fixer, Problem, Proposal, _key, size_said, unchecked_line, validate_line, word
from cardgen.tune.space import Param
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]
GOLD = Param("count", "gold-coin", low=0, high=80)
SILVER = Param("count", "silver-coin", low=0, high=200)
OWN = {GOLD.key: 25, SILVER.key: 20}
SHORT = [Problem("short", "unpaid_by_bank", n, share, share - 0.05, (("games", 300),))
         for n, share in ((3, 0.95), (4, 0.927))]


def flat(text: str) -> str:
    """A terminal's text as one line, its no-break spaces plain."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def _fixer(lang: str) -> Fixer:
    fixer = Fixer.__new__(Fixer)
    fixer.deck = Resolver(Project.open(ROOT)).resolve("draco")
    fixer.problems = SHORT
    fixer.found = {_key(p) for p in SHORT}
    fixer.opts = SimpleNamespace(lang=lang, games=300, params=[GOLD, SILVER], out=Path("/tmp/x/fix-draco"))
    fixer.own = dict(OWN)
    return fixer


def _prop(number: int, gold: int, size: float, short3: float, short4: float) -> Proposal:
    fresh = {3: {"short:unpaid_by_bank": (short3,)}, 4: {"short:unpaid_by_bank": (short4,)},
             5: {"short:unpaid_by_bank": (0.0,)}}
    return Proposal(Trial(number, {**OWN, GOLD.key: gold}, True, size), fresh, {}, {}, frozenset(), {3: 50, 4: 50})


FIXES = [(28, 41, 1.39, 0.04, 0.017), (26, 43, 1.42, 0.013, 0.003), (23, 50, 1.5, 0.0, 0.0)]
# twenty-fourth reading fr28, it32: fix 2 (1.3% at 3 players) was skipped, and "there" / "y" / "vi" had no clear
# antecedent: both fixes named, the games said; round 45 it22*: fix 2 leaves 4 games of 300 short, which chance
# can make against validate's 1%: "may still warn", never "expect"; terminal round 46 en34: validate's 1% is said
# once, in the "Two thresholds" paragraph above
WARNS = {"en": ("After fixes 1 and 2, cardgen validate may still warn of the shortage: on the 300 new games each "
                "leaves more than validate allows (fix 1: shortage of coins in the bank "
                "in 4.0% of games at 3 players, 1.7% at 4), some so little more that chance may explain it."),
         "fr": ("Après les corrections 1 et 2, cardgen validate pourrait encore signaler le manque : sur "
                "les 300 parties nouvelles, chacune en laisse plus que validate n’en tolère "
                "(correction 1 : manque de pièces à la banque dans 4,0 % des parties à 3 joueurs, 1,7 % à 4), "
                "certaines si peu que le hasard peut l’expliquer."),
         "it": ("Dopo le correzioni 1 e 2, cardgen validate potrebbe ancora segnalare la carenza: sulle "
                "300 partite nuove ciascuna ne lascia più di quanto validate tolleri "
                "(correzione 1: carenza di monete in banca nel 4,0% delle partite con 3 giocatori, 1,7% con 4), "
                "alcune così poco che può dipendere dal caso.")}
# terminal round 47 fr26*: why validate's estimate can fall short is no longer said after fix 1's figures, which it
# did not fit (fix 1 adds less than validate advised): a paragraph of its own before them (pins updated)
# terminal round 40 en29, fr19: the fix that reaches validate's aim is named once, by the last line (``next_line``),
# and the French sentence begins "La commande validate", never a lower-case command name


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_fix_recommended_says_validate_will_still_warn_and_which_fix_reaches_its_aim(lang: str) -> None:
    """fr30: fix allows a shortage in 5% of games, validate warns above 1%; the line names the shares fix 1 leaves
    on the new games above validate's 1% (3 and 4 players, never 5, where none is left) and the first fix within it
    (fix 2 leaves 1.3% at 3 players: still above)."""
    fixer = _fixer(lang)
    props = [_prop(*f) for f in FIXES]
    assert flat(validate_line(fixer, props)) == WARNS[lang]
    none = {"en": "None of the 2 fixes stays within 1% on those new games;",
            "fr": "Aucune des 2 corrections ne reste à 1 % au plus sur ces parties nouvelles ;",
            "it": "Nessuna delle 2 correzioni resta entro l’1% sulle partite nuove;"}[lang]
    assert none in flat(validate_line(fixer, props[:2]))
    # a shortage in exactly 1% of games (3 of 300) is within validate's aim: validate asks for nothing there
    assert validate_line(fixer, [_prop(28, 41, 1.39, 0.01, 0.0)]) is None


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_trial_that_fixed_everything_but_was_not_checked_is_named_with_why(lang: str) -> None:
    """it37: trial 7 (silver coins 20 → 67, size 1.70) fixed everything and never came back while fix 3 (size 1.50)
    was kept; the line names it, its size beside fix 3's, and that the size is the move in proportion to the deck's
    value, not the cost. A trial that left a problem is no fix: never named."""
    fixer = _fixer(lang)
    props = [_prop(*f) for f in FIXES]
    rest = [Trial(6, {**OWN, SILVER.key: 67}, True, 1.70365), Trial(4, {**OWN, SILVER.key: 69}, True, 1.7126),
            Trial(5, {**OWN, SILVER.key: 65}, True, 101.7, metrics={3: {"problem:3:short:unpaid_by_bank": (1, 1)}})]
    said = flat(unchecked_line(fixer, rest, props))
    # terminal round 49 fr11: the trials by number, the sizes in the bracket (pin updated)
    expected = {"en": ("Trials 5 and 7 also reached the search’s aim on its games but were not checked: the check "
                       "takes the smallest changes first and stopped at fix 3 (change size 1.50; theirs: 1.70 to 1.71)."),
                # twenty-fourth reading fr31, it33: the size's definition said once, in the "Change size" line above
                "fr": ("Les essais 5 et 7 atteignaient aussi l’objectif de la recherche sur ses parties, mais "
                       "n’ont pas été vérifiés : la vérification prend d’abord les plus petits changements et s’est "
                       "arrêtée à la correction 3 (taille de son changement : 1,50 ; celle de ces essais : 1,70 à 1,71)."),
                "it": ("Anche le prove 5 e 7 raggiungevano l’obiettivo sulle partite della ricerca, ma non sono state "
                       "verificate: la verifica parte dai cambiamenti più piccoli e si è fermata alla correzione 3, che "
                       "ha entità 1,50; quelle prove hanno entità da 1,70 a 1,71.")}  # terminal round 41 it29
    assert said == expected[lang]
    one = flat(unchecked_line(fixer, rest[:1], props))
    assert one.startswith({"en": "Trial 7 also", "fr": "L’essai 7 atteignait", "it": "Anche la prova 7 raggiungeva"}[lang])
    assert unchecked_line(fixer, rest[2:], props) is None


def test_a_change_size_always_shows_two_decimals() -> None:
    """en44, fr37, it44: "1.7" beside "1.74" read as rounded otherwise."""
    assert [size_said(x, "en") for x in (1.7, 1.5, 1.3902, 1.85)] == ["1.70", "1.50", "1.39", "1.85"]
    assert size_said(1.7, "fr") == "1,70" and size_said(1.7, "it") == "1,70"


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_like_fix_sends_the_designer_to_the_report(lang: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """en38, fr35, it45: "all in fix.json" with no folder, beside proposals' files named in full: a fix said like an
    earlier one sends the designer to the report page, whose path the terminal's last line gives, and the page
    shows its figures in full."""
    fixer = _fixer(lang)
    props = [_prop(*f) for f in FIXES[:2]]
    fix._say_all(fixer, [(p, Path(f"/tmp/x/fix-draco/draco-fix-{k}.yaml")) for k, p in enumerate(props, 1)])
    out = flat(capsys.readouterr().out)
    report = {"en": "all of them in the report)", "fr": "tous dans le rapport)", "it": "tutte nel resoconto)"}[lang]
    assert report in out and "fix.json" not in out, out
    assert [f.file for f in fixer.page.fixes] == ["draco-fix-1.yaml", "draco-fix-2.yaml"]
    # twenty-sixth reading en31, it36: on the page, whose tables follow the line, it points to them, not to itself;
    # the line ends with a full stop, in the terminal as on the page
    page = " ".join(flat(line) for line in fixer.page.fixes[1].lines)
    assert report not in page and {"en": "see the tables below)", "fr": "voir les tableaux ci-dessous)",
                                   "it": "vedi le tabelle qui sotto)"}[lang] in page, page
    for key in ("alike_figures", "alike_same", "alike_figures_page", "alike_same_page"):
        assert word(key, lang, k=1, figures="F", deck="D", games="G", record="R").endswith("."), key
    record = flat(word("record", lang, path=fix.record_path(fixer)))
    assert record.endswith(": /tmp/x/fix-draco/fix.json") and "JSON" in record


SIX = {f"seat_{k}_win_rate": (x, x, x) for k, x in zip(range(1, 7), (0.23, 0.15, 0.16, 0.15, 0.16, 0.16))}
TRIAL_16 = {3: {"problem:3:short:unpaid_by_bank": (0.67, 0.72, 0.72)},
            6: {**SIX, "problem:6:seat": (0.03, 0.23, 0.23)}}
# terminal round 44 fr38*: a trial says it misses the search’s aim, never "not fixed" (one meaning for "fixed")
CREATES = {"en": "misses the search’s aim (shortage of coins in the bank in 72.0% of games at 3 players) and creates a new problem: at 6 "
                 "players, player 1 wins 23.0% of games, above the fair share (16.8%) beyond chance",
           "fr": "n’atteint pas l’objectif de la recherche (manque de pièces à la banque dans 72,0 % des parties à 3 joueurs), et crée un nouveau "
                 "problème : à 6 joueurs, le joueur 1 gagne 23,0 % des parties",
           "it": "non raggiunge l’obiettivo della ricerca (carenza di monete in banca nel 72,0% delle partite con 3 giocatori) e crea un nuovo "
                 "problema: con 6 giocatori, il giocatore 1 vince il 23,0% delle partite"}


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_a_trial_says_a_problem_it_creates_apart_from_what_it_leaves(lang: str) -> None:
    """en40: "not fixed (shortage … 5.3% at 6; 6 players: player 1 wins 23.0% of games, above the fair share …)" read
    the new imbalance as part of the shortage; it is said after the brackets, as a new problem. A trial that leaves
    only the deck's problems keeps its brackets alone."""
    from cardgen.simulate.summary import Naming
    fixer = _fixer(lang)
    naming = Naming.of(fixer.deck, lang)
    said = flat(fixer.left_result(TRIAL_16, lang, naming))
    assert said.startswith(CREATES[lang]), said
    alone = flat(fixer.left_result({3: TRIAL_16[3]}, lang, naming))
    assert alone == flat(word("left", lang, left=fixer.left_text({3: TRIAL_16[3]}, lang, naming)))
    assert not any(w in alone for w in ("new problem", "nouveau problème", "nuovo problema"))
