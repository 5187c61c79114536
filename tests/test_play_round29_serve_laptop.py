"""Royale's serve choices on a 1280 x 800 laptop while serving, as round 29's readers asked for them (#53 en12,
fr13, it10, it11): six "Serve Drink 5 to the … (3 points: …) — the request would become impossible: …" buttons of
up to five lines pushed the journal out of view and cut the message box, while the phone grouped the same moves by
card. The card picked from "Cards to serve" (or the only one) is named once, open, and each choice under it is the
noble and its points, its request on a smaller line; the journal keeps its lines in view, at both widths alike."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_phone import one_person

SEEN = """() => {
  const box = (e) => e.getBoundingClientRect();
  const members = [...document.querySelectorAll('#moves button.move.member')];
  const j = document.getElementById('journal');
  return {only: [...document.querySelectorAll('#moves button.group.only')].map((b) => b.firstChild.textContent),
          heads: [...document.querySelectorAll('#moves button.group')].length,
          members: members.map((b) => b.firstChild.textContent),
          details: members.map((b) => (b.querySelector('small.detail') || {}).textContent || ''),
          lines: members.map((b) => Math.round(box(b).height)),
          card: view.moves.filter((m) => m.group === view.moves.find((x) => x.action[0] === 'place').group).length,
          journal_top: box(j).top, journal_height: box(j).height, height: innerHeight};
}"""


def _serving(page) -> None:
    """Play the person's first move at each turn until the moves are serves, then pick one card, as a click on it
    in the "Cards to serve" bar does."""
    for _ in range(40):
        page.wait_for_function("() => view && view.waiting === 'you' && !busy", timeout=60_000)
        if page.evaluate("() => view.moves.some((m) => m.action[0] === 'place')"):
            page.evaluate("""() => { const g = view.moves.find((m) => m.action[0] === 'place').group;
                                     pick(null, view.moves.filter((m) => m.group === g)); }""")
            return
        made = page.evaluate("() => view.moves_made")
        page.evaluate("() => play(view.moves[0].action)")
        page.wait_for_function(f"() => view.moves_made > {made}", timeout=60_000)
    raise AssertionError("no serving turn")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_card_to_serve_is_named_once_and_each_choice_is_the_noble_and_its_points(
        tmp_path: Path, width: int, height: int) -> None:
    proc, url = one_person(tmp_path, "royale")
    try:
        with chromium_page(url, width, height) as page:
            _serving(page)
            seen = page.evaluate(SEEN)
    finally:
        proc.terminate()
        proc.wait(10)
    assert len(seen["only"]) == 1 and seen["heads"] == 1, seen  # "Serve Drink 5", once, open
    assert seen["only"][0].split()[0] == "Serve" and len(seen["members"]) == seen["card"] > 1, seen
    for row, detail in zip(seen["members"], seen["details"]):
        assert row.startswith("to the ") and row.endswith(")") and "Serve" not in row, row  # the noble, its points
        assert detail[:1].isupper(), detail  # the request, as its card prints it, on its own smaller line
    if width > 700:  # a laptop: the journal keeps at least five of its lines on the screen
        assert seen["journal_top"] + 5 * 16 <= seen["height"] and seen["journal_height"] >= 5 * 16, seen
