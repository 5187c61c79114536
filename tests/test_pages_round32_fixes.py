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
