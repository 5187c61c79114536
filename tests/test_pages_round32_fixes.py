"""Round 32's page faults fixed (docs/reads/terminal-round-32-*.md), each test failing with the old page."""
from __future__ import annotations

import re
from pathlib import Path

CSS = Path(__file__).parents[1] / "templates" / "report" / "report.css"


def test_a_lone_chart_keeps_a_thirds_width_on_a_wide_screen_and_the_whole_width_on_a_phone() -> None:
    """en47, fr35, it32: Royale's solo section has one chart (its score scale became a table); the charts' grid
    (auto-fit) gave it the whole column at 1280 px, its title 30 px tall. A lone chart is as wide as one of three,
    and on a phone (the 40em media block) as wide as the screen, as every chart there."""
    css = CSS.read_text(encoding="utf-8")
    phone = css.index("@media (max-width:40em)")
    wide = re.search(r"\.charts figure:only-child\{max-width:calc\(\(100% - 2em\) / 3\)\}", css)
    assert wide is not None and wide.start() < phone
    assert re.search(r"\.charts figure:only-child\{max-width:100%\}", css[phone:]) is not None


def test_a_run_says_why_the_mid_game_table_is_missing_once_in_a_designers_words() -> None:
    """en23/en52, fr15, it14: while the fast engine was being built, each player count printed the same three lines
    about "the game's compiled tier … about twice the run's time": jargon, read four times. The first count says it
    whole, plainly (what to do: run the same command again), the next ones refer to it."""
    from cardgen.simulate.summary import exchange_lines

    building = {"rows": [], "skipped": {"building": True}}
    for lang, first_words, again_words in (
            # round 40 en10: what the option does, and no "until" (when?)
            # terminal round 41 en28: no status note of the simulation being prepared (pins updated)
            ("en", "not measured by default, as it is slow for this game", "not measured in this run (see above)"),
            ("fr", "non mesurée par défaut, car le calcul est long pour ce jeu", "non mesurée, comme plus haut"),
            ("it", "non misurata, se non su richiesta, perché con questo gioco il calcolo è lungo",  # terminal round 47 fr8, fr9
             "non misurata, come sopra")):
        said: set[str] = set()
        first = exchange_lines(building, lang, said=said)
        again = exchange_lines(building, lang, said=said)
        assert len(first) == len(again) == 1
        assert first_words in first[0].replace("\u202f", " ") and "compil" not in first[0]
        assert again[0].strip().endswith(again_words) and again != first
        assert exchange_lines(building, lang) == first  # without the run's record, the whole line each time
