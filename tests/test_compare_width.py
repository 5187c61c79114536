"""``cardgen compare``'s tables (printed where no report is written; the command's screen leaves them to its
report) fit a 100-column terminal in every language: its rows name each figure
short ("tension") and a legend above the first table defines it once (the readers' fifth round, en T8: the
full names padded every row to about 130 characters, which wrapped)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.load.project import Project
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.compare import CompareOptions, run_compare
from cardgen.simulate.summary import Naming, format_comparison
from cardgen.simulate.verdict import gloss, label

#: the figures a compare table names short and its legend defines
DEFINED = ("comeback_rate", "close_games", "drama", "decided_at", "kingmaking")


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_every_compare_row_fits_100_columns_and_each_definition_is_said_once(
        lang: str, tmp_path: Path, repo_root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--project", str(repo_root), "compare", "king_lui", "king_lui-hungry-dragon", "--games", "4",
                 "--players", "3", "--jobs", "1", "--lang", lang, "--out", str(tmp_path / "out")]) == 0
    said = capsys.readouterr().out.splitlines()
    assert not [line for line in said if line.startswith("    ") and "→" in line and "[" in line], said  # one screen
    # the tables, printed where no report is written (the library's compare without ``out``)
    resolver = Resolver(Project.open(repo_root))
    base, variant = resolver.resolve("king_lui"), resolver.resolve("king_lui-hungry-dragon")
    played = run_compare(base, variant, CompareOptions(games=4, players=[3], jobs=1, lang=lang, out=None,
                                                       progress=False))
    lines = format_comparison(played, Naming.of_decks([base, variant], lang)).splitlines()
    rows = [line for line in lines if line.startswith("    ") and "→" in line and "[" in line]
    assert len(rows) >= 12, lines  # lengths, seats, decisiveness: every figure has its row
    assert max(len(row) for row in rows) <= 100, max(rows, key=len)
    for name in DEFINED:  # the short name in its row, the definition once in the legend, never in a row
        short, definition = label(name, lang, short=True), gloss(name, lang)
        assert definition and short != label(name, lang)
        assert sum(row.split(short, 1)[0].strip() == "" for row in rows) == 1, (name, rows)
        legend = [line for line in lines if definition in line]
        assert len(legend) == 1 and legend[0].strip().startswith(short), (name, legend)
        assert lines.index(legend[0]) < lines.index(rows[0])  # defined before the first table uses it


def test_a_share_difference_s_interval_stays_within_what_a_share_can_do() -> None:
    """Tenth reading (it88): "[−102.9%; −39.1%]" for a share of games that went from 71 % to 0 %: a difference
    of two shares cannot fall below −100 points. A known case: 6 of 8 games met a case in the base deck and
    none in the variant, −0.75 with a standard error of 0.164, so the 95 % interval drawn from it would reach
    −1.07 and the widened one further; both stop at −1 (−100 points), while a count's interval is left as drawn."""
    from cardgen.simulate.compare import holm, metric

    share = metric("gap:deck_does_not_split", 8, 6.0, 0.0, -6.0, 6.0)
    assert share["difference"] == -0.75 and share["low"] == -0.75 and round(share["high"], 3) == -0.429
    count = metric("turns", 8, 6.0, 0.0, -6.0, 6.0)
    assert count["low"] < -1.0 and count["high"] == share["high"]
    others = [metric(f"gap:other_{k}", 10, 1.0, 1.0, 0.0, 2.0) for k in range(6)]  # six more looks: a wider one
    holm([share, *others])
    assert share["significant"] and share["adj_low"] == -0.75 and share["high"] < share["adj_high"] < 0
    rise = metric("seat_1_win_rate", 8, 0.0, 6.0, 6.0, 6.0)
    assert rise["high"] == 1.0 and rise["low"] > 0


def test_a_share_difference_s_interval_stays_within_what_the_base_share_allows() -> None:
    """Twenty-sixth reading (fr13): "+4.0 pp [−38.5; +46.5]" on a base of 27.0 %: a share of 27 % can lose at
    most 27 points. A known case: a seat wins 27 of 100 games in the base game and 31 with the variant, 58 pairs
    differing (31 in the variant's favour, 27 in the base's): the normal interval, +0.04 ± 1.96 × 0.0764, runs
    from −0.110 to +0.190, within what a share can do, so it is left as drawn; at a Holm factor of 10⁶ (z = 5.45)
    it would reach −0.377, and stops at −0.27; from a base of 0.9 its top stops at +0.1. The cut never crosses 0,
    so the interval leaves out 0 exactly when the change is significant."""
    from cardgen.simulate.compare import adjusted_interval, metric

    # 100 pairs, each difference +1 (31 pairs), −1 (27 pairs) or 0: sum d = 4, sum d² = 58
    seat = metric("seat_5_win_rate", 100, 27.0, 31.0, 4.0, 58.0)
    assert seat["difference"] == 0.04 and seat["base"] == 0.27
    assert round(seat["low"], 3) == -0.110 and round(seat["high"], 3) == 0.190  # the plain 95 % interval
    adjusted_interval(seat, adjusted=1.0, alpha=0.05 / 10 ** 6, step=1)
    assert seat["adj_low"] == -0.27 and 0.04 < seat["adj_high"] < 0.73  # no lower than the base share allows
    high = metric("seat_1_win_rate", 100, 90.0, 94.0, 4.0, 58.0)
    adjusted_interval(high, adjusted=1.0, alpha=0.05 / 10 ** 6, step=1)
    assert round(high["adj_high"], 6) == 0.1 and high["adj_low"] < 0  # no higher than 100 % − 90 %
    points = metric("turns", 100, 27.0, 31.0, 4.0, 58.0)
    adjusted_interval(points, adjusted=1.0, alpha=0.05 / 10 ** 6, step=1)
    assert points["adj_low"] < -0.27  # a count is left as drawn
