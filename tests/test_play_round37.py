"""The playtest page's thirty-seventh round: its two layout faults (docs/reads/play-round-37-{fr,it,en}.md). On a
1280 x 800 laptop the journal was out of sight mid-game under Royale's serve choices (en3*, it2*; round 36 en2), and
the end form's last questions and its "Send my answers" lay under the side panel's foot fade (fr15, fr24, fr5, it3,
it19, it24, en4, en12, en16). One test per fault: the rule, then Chromium measuring the boxes as a reader meets them."""
from __future__ import annotations

from pathlib import Path

import pytest
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
CSS = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")
GAMES = ("king_lui", "royale", "draco")


def test_a_wide_laptops_journal_goes_beside_the_moves_that_leave_it_no_room_on_no_games_name() -> None:
    """Round 37 en3*, it2* (the rule the Chromium test below measures): from 1200 px wide, mid-game, when the moves'
    foot leaves under it no room for the journal's title and last lines above the panel's fade, the side panel takes
    a second column, the journal's (under the hint when one is open); the moves keep the second column as they had
    the panel. The page decides on the moves' measured foot, never on the game."""
    beside = APP.split("function journalBeside(side) {", 1)[1].split("\n}\n", 1)[0]
    assert "beside = foot + JOURNAL_ROOM > side.clientHeight - SIDE_FADE - keep;" in beside
    assert '!body.classList.contains("over")' in beside and '!body.classList.contains("designer")' in beside
    assert 'window.matchMedia("(min-width: 1200px)")' in beside
    code = "\n".join(line.split("//", 1)[0] for line in beside.splitlines())  # the code, not its comments
    for name in GAMES + ("Royale", "Draco", "King", ".game"):
        assert name not in code, name
    assert "journalBeside(side);" in APP.split("function scrollCue() {", 1)[1].split("\n}\n", 1)[0]
    rule = CSS.split("body.journal-beside:not(.over):not(.designer) main", 1)[1].split("\n}\n", 1)[0]
    assert "aside > * { grid-column: 2; }" in rule  # the moves and every other box: the column they had
    assert "> #journal { grid-column: 1;" in rule and "margin-top: calc(var(--hint-h, 0px) + 36px)" in rule
    assert "- 40px" in rule  # the journal's foot above the panel's fade


def test_the_end_form_comes_whole_before_the_journals_room() -> None:
    """Round 37 fr15, it3, en4 (the rule the Chromium test below measures): at a game's end on a laptop the journal
    gives up room, down to its last two lines, until the form's foot ("Send my answers", or the passed device's last
    button) is above the side panel's foot fade."""
    end = APP.split("function journalEnd() {", 1)[1].split("\n}\n", 1)[0]
    assert 'result.querySelector("#fb-send")' in end
    assert "shrink = spare < 0;" in end and "const least = 3.2 *" in end
    block = CSS[CSS.index("@media (min-width: 701px) and (max-width: 1499px) {"):]
    assert "flex: none; min-height: 3.2em; }" in block[:block.index("\n}\n")]


#: the side panel as a reader meets it at 1280 x 800: the window's and the panel's visible foot (above its fade when it
#: fades), the serve choices' boxes, the journal's last entry's and the form's button's
SEEN = """() => { const side = document.querySelector('aside'), s = side.getBoundingClientRect();
  const box = (e) => { if (!e || e.offsetParent === null) return null;
                       const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const foot = Math.min(s.bottom, innerHeight) - (side.classList.contains('more') ? 40 : 0);
  const j = document.getElementById('journal');
  return {foot, top: Math.max(s.top, 0), width: innerWidth, scrolled: side.scrollTop,
          choices: [...document.querySelectorAll('#moves button.move')].map((b) => box(b)),
          last: box(j.lastElementChild), journal: box(j), send: box(document.getElementById('fb-send')),
          beside: document.body.classList.contains('journal-beside')}; }"""


def _inside(b: list[float] | None, seen: dict) -> bool:
    return b is not None and b[1] >= seen["top"] - 1 and b[3] <= seen["foot"] + 1 and b[0] >= 0 and b[2] <= seen["width"]


def six_serves_seen(tmp_path: Path, lang: str, warning: str, script: str) -> dict:
    """What ``script`` measures on a Royale page in ``lang`` at 1280 x 800, mid-game, the person's turn offering six
    serve choices warned with ``warning`` (``test_play_round34.six_warned_serves``), the journal holding three
    entries or more: rounds 37's and 38's tests of the journal beside the moves."""
    from tests.test_play_browser import CHROMIUM, chromium_page
    from tests.test_play_reader_round import two_people
    from tests.test_play_round34 import six_warned_serves
    from tests.test_play_server import ask

    if CHROMIUM is None:
        pytest.skip("no Chromium")
    proc, links = two_people(tmp_path, "royale", "--players", "3", "--lang", lang, "--seed", "7")
    try:
        ask(links["1"] + "api/view"), ask(links["2"] + "api/view")
        seat = six_warned_serves(links, warning)
        with chromium_page(links[seat], 1280, 800) as page:
            page.wait_for_function("() => view && view.waiting === 'you' && document.querySelector('#moves button.move')"
                                   " && document.querySelectorAll('#journal li').length > 2", timeout=30_000)
            page.wait_for_timeout(800)
            return dict(page.evaluate(script))
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.slow  # Chromium: CI's slow tier
def test_a_laptops_journal_shows_its_last_entry_beside_six_serve_choices(tmp_path: Path) -> None:
    """Round 37 en3*, it2* (round 36 en2), in Chromium at 1280 x 800: Royale mid-game with six serve choices, the
    moves filled the side panel and only a faded "JOURNAL" showed at its foot. Now the journal's last entry lies
    whole in the window and the panel, above the fade, nothing scrolled, and every serve choice is still whole
    where it was (round 27 en8: nothing pushes the moves down)."""
    seen = six_serves_seen(tmp_path, "en", "discard pile", SEEN)
    assert seen["beside"], seen
    assert _inside(seen["last"], seen), seen  # the journal's last entry in sight, above the fade
    assert seen["scrolled"] == 0, seen
    choices = nonempty(seen["choices"])
    assert len(choices) >= 6 and all(_inside(c, seen) for c in choices), seen  # every choice whole, in sight
    assert all(seen["journal"][2] <= c[0] for c in choices), seen  # the journal beside them, not over them


@pytest.mark.slow  # Chromium and whole games: CI's slow tier
@pytest.mark.parametrize("game", GAMES)
def test_the_end_forms_send_button_is_in_sight_on_a_laptop_and_a_phone(tmp_path: Path, game: str) -> None:
    """Round 37 fr15, fr24, fr5, it3, it19, it24, en4, en12, en16, in Chromium after a whole game: at 1280 x 800 the
    form's "Send my answers" lies whole above the side panel's foot fade with the panel unscrolled, and the journal's
    box is in sight too; a phone (390 x 844) still shows its button when scrolled to (not covered)."""
    from tests.test_play_round35 import _at_the_end

    seen = _at_the_end(tmp_path, game, SEEN, {1280: ("2", 1280, 800), 390: ("2", 390, 844)})
    laptop = seen[1280]
    assert laptop["scrolled"] == 0 and _inside(laptop["send"], laptop), laptop
    # the journal's box whole in sight too; what it shows (its last entry from its first line, no line cut) is round
    # 38's (tests/test_play_round38_layout.py: its last line, the end, is below a long last entry's head, fr15*, en11*)
    assert _inside(laptop["journal"], laptop), laptop
    phone = seen[390]
    assert phone["send"] is not None and phone["send"][0] >= 0 and phone["send"][2] <= phone["width"], phone


def test_royales_french_end_note_names_the_buffet_not_a_pronoun_and_the_tie_counts_the_cards_in_front() -> None:
    """fr1*: « … avant qu’elle soit complétée » read « elle » as « la partie »; fr2*: « a posé le plus de cartes Plat »
    counted the cards placed all game, where the published tie-break (seed 001) counts those a player has in front
    at the end. The words fixed at their source, in our own words."""
    import json

    words = json.loads((ROOT / "cardgen/games/royale/playview.json").read_text(encoding="utf-8"))["words"]["fr"]
    assert words["end_note_midway"] == "Des cases restent vides\u202f: la partie s’est arrêtée avant que la desserte " \
                                       "soit complétée."
    assert "a posé" not in words["score_tie"] and "que chacun a devant soi à la fin" in words["score_tie"]
