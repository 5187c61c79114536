"""Seventeenth reading (issue #53): ``cardgen fix`` listed every lever as if the trials had judged it, levers no trial
changed among them (en4); and a player count's block said why its interval is wider once per count it names."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.terminal import say
from cardgen.tune.fix import Fixer, Proposal, _verdict_line, untried_levers, untried_line
from cardgen.tune.space import Param
from cardgen.tune.study import Trial

ROOT = Path(__file__).resolve().parents[1]
SILVER, HAND, RUMOURS = Param("count", "silver-coin", low=10, high=140), Param("rule", "hand_size", low=3, high=7), \
    Param("count", "rumours", low=1, high=8)
OWN = {SILVER.key: 20, HAND.key: 5, RUMOURS.key: 4}


def _fixer(lang: str, trials: list[Trial]) -> Fixer:
    fixer = Fixer.__new__(Fixer)
    fixer.deck = Resolver(Project.open(ROOT)).resolve("draco")
    fixer.own = dict(OWN)
    fixer.trials = trials
    fixer.problems = []  # no problem found: the proposals' sentences keep their words (no short name to give)
    fixer.opts = SimpleNamespace(lang=lang, games=100, params=[SILVER, HAND, RUMOURS])
    return fixer


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def test_a_lever_no_trial_changed_is_said_apart_as_not_tried() -> None:
    """Silver changed by two trials, the hand size only by one the game refused (not played: nothing judged), the
    copies of Rumours never: hand size and Rumours are not tried; a trial at the deck's own values tries nothing."""
    trials = [Trial(0, {**OWN, SILVER.key: 134}, True, 1.8), Trial(1, {**OWN, SILVER.key: 77}, True, 1.7),
              Trial(2, {**OWN, HAND.key: 7}, False, 1000.0, why="refused"), Trial(3, dict(OWN), True, 200.0)]
    fixer = _fixer("en", trials)
    assert untried_levers(fixer) == [HAND, RUMOURS]
    assert untried_line(fixer, [HAND, RUMOURS]) == (
        "Levers never tried in these 4 trials (so nothing is known of what they would do): "
        "action cards dealt to each player; copies of “Rumours”")
    # terminal round 40 fr22: "non essayés" and "aucun essai ne les a modifiés" said one thing twice
    assert plain(untried_line(_fixer("fr", trials), [HAND, RUMOURS])).startswith(
        "Leviers jamais essayés au cours de ces 4 essais (on ignore donc leur effet) : ")
    assert plain(untried_line(_fixer("it", trials), [RUMOURS])).startswith(
        "Leve mai provate in queste 4 prove (non si sa quindi nulla del loro effetto): ")
    one = _fixer("en", trials[:1])
    assert untried_line(one, [RUMOURS]).startswith("Levers not tried in this one trial (so nothing is known")
    # the levers listed in the run's language, French's separator its own (a mutant joining in English survived)
    assert "\u202f; " in untried_line(_fixer("fr", trials), [HAND, RUMOURS])
    # a trial whose values leave a lever out kept it at the deck's value: it did not try it
    partial = [Trial(0, {SILVER.key: 134}, True, 1.8)]
    assert untried_levers(_fixer("en", partial)) == [HAND, RUMOURS]
    # a lever one played trial moved is tried, whether it cured or not
    assert untried_levers(_fixer("en", [*trials, Trial(4, {**OWN, RUMOURS.key: 8}, True, 300.0)])) == [HAND]
    assert untried_levers(_fixer("en", [])) == [SILVER, HAND, RUMOURS]


def test_a_blocks_widened_interval_says_why_once() -> None:
    """The counts a block names each carry their interval: "confidence interval widened because several figures are
    compared at once" came five times in one block, then once per block (forty times a report: twentieth reading
    en49, fr42, it37); now once above all the proposals (``counts_note``), "widened interval" in every block."""
    from cardgen.tune.fix import counts_note, word
    for lang, again in (("en", "widened interval"), ("fr", "intervalle élargi"), ("it", "intervallo allargato")):
        why = say("interval_widened_why", lang)
        verdicts = {3: [f"Games are 3 turns shorter ({why}: 1 to 5).", f"Counts: gold (2 more; {why}: 1 to 3); "
                        f"silver (4 fewer; {why}: 2 to 6)."]}
        prop = Proposal(Trial(0, dict(OWN), True, 1.0), {}, verdicts, {}, frozenset(), {3: 50})
        said = _verdict_line(_fixer(lang, []), prop, 3, "verdict")
        assert said.count(why) == 0 and said.count(f"{again}: 2 to 6)") == 1, said
        assert said.count(again) == 3, said
        assert counts_note([prop], lang) == word("note_widened", lang) and why.split(" ")[-1] in plain(
            counts_note([prop], lang) or "")


def test_no_other_change_is_said_once_under_all_the_proposals(monkeypatch, capsys) -> None:
    """fr30: "no other change detected" closed every player count's block and every proposal; it is said once,
    after all the proposals, in the words for one fix or for each."""
    import cardgen.tune.fix as fix

    monkeypatch.setattr(fix, "_say_proposal", lambda *args: None)  # each proposal's own lines: tested elsewhere
    prop = Proposal(Trial(0, dict(OWN), True, 1.0), {}, {3: ["Games are 3 turns shorter."]}, {}, frozenset(), {3: 50})
    other = Proposal(Trial(1, dict(OWN), True, 1.1), {}, {3: ["Games are 4 turns shorter."]}, {}, frozenset(), {3: 50})
    for props, start in (([prop, other, prop], "For each fix, nothing else"), ([prop], "Nothing else")):
        fix._say_all(_fixer("en", []), [(p, Path("out/x.yaml")) for p in props])
        said = capsys.readouterr().out.replace("\n    ", " ")
        assert said.lower().count("nothing else was detected in the pairs played") == 1, said
        assert "the figures checked include game length" in said  # it58: what was checked, never "nor in length"
        assert said.startswith(start) or f"\n{start}" in said, said
    fix._say_all(_fixer("en", []), [])
    assert capsys.readouterr().out == ""  # no proposal: nothing to close
