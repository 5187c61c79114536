"""The designer's page of a Draco table (its places drawn as a circle) at laptop width, in Chromium:
the circle must not lie over the seats' columns."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_play_browser import CHROMIUM, chromium_page
from tests.test_play_server import start_table

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (the test extra)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium at /usr/bin/chromium")


@pytest.mark.parametrize("players", ["3", "4"])
def test_the_circle_stays_clear_of_the_seats_on_the_designers_page(players: str, tmp_path: Path) -> None:
    proc, links = start_table(tmp_path, "draco", "--players", players)
    try:
        with chromium_page(links["designer"]) as page:
            page.wait_for_function("() => view && view.designer && document.querySelector('.row.ring')")
            ring, columns = page.evaluate("""() => {
                const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
                return [box(document.querySelector('.row.ring')),
                        [...document.querySelectorAll('section.seatview:not(.shared)')].map(box)];
            }""")
    finally:
        proc.terminate()
        proc.wait(10)
    assert len(columns) == int(players)
    for left, top, right, bottom in columns:  # no seat's column shares any point with the circle
        assert right <= ring[0] or left >= ring[2] or bottom <= ring[1] or top >= ring[3], (ring, columns)
