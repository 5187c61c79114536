"""The playtest page's thirty-eighth round, its layout part: the faults round 37's layout left
(docs/reads/play-round-38-*.md, the captures' 05-end-form-laptop and 03-mid-laptop). At a laptop's game end the journal shrank for the whole end form
and stayed scrolled to its last line: its top line was sliced through under the heading and the last turn's head (who
played it, « 24. Joueur 3 · ordinateur : prend … », Draco's « 90. … porte l'ultime toast ») was out of sight (fr1*,
fr15*, fr25, en11*; round 35's ruling, fr2*, it2*: the end journal opens on the last numbered entry's first line).
Mid-game, the journal's column beside the moves left the talk box under the panel's foot fade (fr5). One rule test
each, then Chromium measuring the boxes as a reader meets them."""
from __future__ import annotations

from pathlib import Path

import pytest
from nonempty import nonempty

ROOT = Path(__file__).resolve().parents[1]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
CSS = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")
GAMES = ("king_lui", "royale", "draco")


def _code(body: str) -> str:
    return "\n".join(line.split("//", 1)[0] for line in body.splitlines())


def test_the_end_journal_opens_on_an_entrys_first_line_and_cuts_no_line_on_no_games_name() -> None:
    """fr1*, fr15*, fr25, en11* (the rule the Chromium test below measures): at the end the journal's box is sized
    to whole entries, its top an entry's first line (the last numbered entry's at the latest); a last entry longer
    than the room the form leaves opens on its first line, the box's foot under a whole line, fading as more
    follows. Where the top is an entry's first line there is no fade over it (a rule instead). Never the game's name."""
    end = APP.split("function journalEnd() {", 1)[1].split("\n}\n", 1)[0]
    assert "let from = at, height = need;" in end and "journalHead = from;" in end
    assert "range.selectNodeContents(li);" in end  # the foot under a whole line of the long last entry
    assert "const spare = side.getBoundingClientRect().bottom - SIDE_FADE - foot.getBoundingClientRect().bottom;" in end
    for name in GAMES + ("Royale", "Draco", "King", ".game"):
        assert name not in _code(end), name
    cue = APP.split("function journalCue() {", 1)[1].split("\n}\n", 1)[0]
    assert 'j.classList.toggle("above", j.scrollTop > 2 && headed);' in cue  # (round 39 it12*: no tail hidden)
    assert 'j.classList.toggle("later", journalHead !== null &&' in cue
    assert "#journal.above { background: linear-gradient(" in CSS and "    no-repeat 0 var(--cut, 0px) / 100% 1px;" in CSS
    assert "#journal.later {" in CSS
    # the pin keeps that entry when the box resizes (the ResizeObserver, scrollCue), not the last line
    assert APP.count("journalPin(") >= 4 and "j.scrollTop = j.scrollHeight" not in APP


def test_a_laptops_end_form_is_compact_its_choices_side_by_side() -> None:
    """fr1*, en11* (their proposed fix): on a laptop the end form's two choices stand side by side and its boxes of
    words are two lines high, so the journal above keeps its last turn's head with the whole form in sight; a
    phone's form is untouched (one question a row)."""
    block = CSS.split("form.feedback textarea { min-height: 44px; resize: vertical; }", 1)[1]
    block = block[:block.index("\n}\n")]
    assert "@media (min-width: 701px) {" in block
    assert "form.feedback > label:has(> select) { grid-column: auto; }" in block
    assert "grid-template-columns: minmax(0, 3fr) minmax(0, 2fr)" in block


def test_beside_the_moves_the_talk_box_is_the_journals_columns_foot() -> None:
    """fr5 (the rule the Chromium test below measures): with the journal in its own column beside the moves, the
    talk box goes under the journal, above the panel's foot fade, and the journal gives it its room."""
    rule = CSS.split("body.journal-beside:not(.over):not(.designer) main", 1)[1].split("\n}\n", 1)[0]
    assert "aside:has(> #journal) > #talk { grid-column: 1;" in rule
    assert "margin-top: calc(var(--side-h, 600px) - 40px - var(--talk-h, 0px));" in rule
    assert "- 40px - 4px - var(--talk-h, 0px)); }" in rule  # the journal's height gives the talk its room
    beside = APP.split("function journalBeside(side) {", 1)[1].split("\n}\n", 1)[0]
    assert 'side.style.setProperty("--talk-h",' in beside


#: the side panel and its journal as a reader meets them: the panel's visible foot (above its fade when it fades), the
#: journal's box, every line of its text (each text node's line boxes) that the box's top or foot cuts through, the
#: last numbered entry's first line, the fades' classes, "Send my answers" and the talk box
SEEN = """() => { const side = document.querySelector('aside'), s = side.getBoundingClientRect();
  const j = document.getElementById('journal'), jb = j.getBoundingClientRect();
  const box = (e) => { if (!e || e.offsetParent === null) return null;
                       const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const laptop = getComputedStyle(side).display !== 'contents';
  const foot = laptop ? Math.min(s.bottom, innerHeight) - (side.classList.contains('more') ? 40 : 0) : innerHeight;
  const lines = [], walk = document.createTreeWalker(j, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const r = document.createRange(); r.selectNodeContents(n);
    for (const b of r.getClientRects()) if (b.height > 4) lines.push([b.top, b.bottom]);
  }
  const cut = lines.filter(([t, b]) => (t < jb.top - 1 && b > jb.top + 1) || (t < jb.bottom - 1 && b > jb.bottom + 1));
  const shown = lines.filter(([t, b]) => b > jb.top + 1 && t < jb.bottom - 1).map(([t]) => t);
  const masked = parseFloat(j.style.getPropertyValue('--cut')) || 0;
  const heads = [...j.children].filter((li) => (li.querySelector(':scope > .n') || {}).textContent);
  const last = heads[heads.length - 1], hr = document.createRange();
  hr.selectNodeContents(last);
  const first = [...hr.getClientRects()].filter((b) => b.height > 4)[0];
  return {laptop, foot, top: laptop ? Math.max(s.top, 0) : 0, width: innerWidth, scrolled: laptop ? side.scrollTop : 0,
          journal: [jb.left, jb.top, jb.right, jb.bottom], cut, head: [first.top, first.bottom],
          headText: last.textContent.slice(0, 60), fade: j.classList.contains('earlier') ?
            1.6 * parseFloat(getComputedStyle(j).fontSize) : 0,
          later: j.classList.contains('later'), more: j.scrollTop + j.clientHeight < j.scrollHeight - 2,
          send: box(document.getElementById('fb-send')), talk: box(document.getElementById('talk')),
          beside: document.body.classList.contains('journal-beside'),
          first: shown.length ? Math.max(Math.min(...shown), jb.top + masked) - jb.top : null}; }"""


def _inside(b: list[float] | None, seen: dict) -> bool:
    return b is not None and b[1] >= seen["top"] - 1 and b[3] <= seen["foot"] + 1 and b[0] >= 0 and b[2] <= seen["width"]


@pytest.mark.slow  # Chromium and whole games: CI's slow tier
@pytest.mark.parametrize("game", GAMES)
def test_the_end_journal_shows_the_last_turn_from_its_head_with_the_whole_form(tmp_path: Path, game: str) -> None:
    """fr1*, fr15*, fr25, en11*, in Chromium after a whole game: at 1280 x 800, the panel unscrolled, "Send my answers"
    whole above the panel's foot fade (round 37 holds) AND the journal's last numbered entry's first line whole in
    its box, below any fade; no line of the journal cut through at its box's top or foot; a box that does not reach
    the journal's end opens on that first line and fades at its foot. A phone (390 x 844): the same entry's first
    line whole in its box, nothing cut, the button in the page's width."""
    from tests.test_play_round35 import _at_the_end

    seen = _at_the_end(tmp_path, game, SEEN, {1280: ("2", 1280, 800), 390: ("2", 390, 844)})
    for width, at in nonempty(seen.items()):
        j = at["journal"]
        assert not at["cut"], (width, at)  # never a line sliced through
        assert at["head"][0] >= j[1] + at["fade"] - 1 and at["head"][1] <= j[3] + 1, (width, at)
        if at["more"]:  # the box short of the end: the last turn's head is its top line, its foot fades
            assert abs(at["head"][0] - j[1]) <= 3 and at["later"], (width, at)
        assert at["send"] is not None and at["send"][0] >= 0 and at["send"][2] <= at["width"], (width, at)
    laptop = seen[1280]
    assert laptop["laptop"] and laptop["scrolled"] == 0, laptop
    assert _inside(laptop["send"], laptop) and _inside(laptop["journal"], laptop), laptop


@pytest.mark.slow  # Chromium: CI's slow tier
def test_beside_six_serve_choices_the_talk_box_is_above_the_panels_fade(tmp_path: Path) -> None:
    """fr5, in Chromium at 1280 x 800: French Royale mid-game with six warned serve choices, the journal beside the
    moves; the talk box « Message à la table » and its button lay under the panel's foot fade. Now the talk box is
    whole in sight, under the journal, and the six choices are still whole beside them (round 37 holds)."""
    from tests.test_play_round37 import six_serves_seen

    seen = six_serves_seen(tmp_path, "fr", "défausse", SEEN.replace(
        "talk: box(", "choices: [...document.querySelectorAll('#moves button.move')].map((b) => box(b)), talk: box("))
    assert seen["beside"] and seen["scrolled"] == 0, seen
    # round 39 it12*, en2*: the box's top never a band of hidden rows (an entry's whole tail hidden left 40-110 px
    # blank): the first line shown begins within a line and a half of the top
    assert seen["first"] is not None and seen["first"] <= 1.5 * 17 + 2, seen
    assert _inside(seen["talk"], seen), seen  # the talk box whole, above the fade
    assert seen["talk"][2] <= seen["journal"][2] + 1 and seen["talk"][1] >= seen["journal"][3], seen  # under the journal
    choices = nonempty(seen["choices"])
    assert len(choices) >= 6 and all(_inside(c, seen) for c in choices), seen
    assert all(seen["journal"][2] <= c[0] for c in choices), seen


def test_the_journals_top_edge_hides_only_the_line_it_slices() -> None:
    """Round 39 it12*, en2* (the rule; the Chromium test above measures the Royale case): hiding the whole tail of an
    entry whose head is above the box, down to the next entry, left 40-110 px of blank rows at Draco's journal top and
    a lone "ends the turn" under Royale's hint. The top edge now hides the one line it slices, never more: the cut is
    measured on that line's own box, never on the next entry's."""
    cut = APP.split("function topCut(j) {", 1)[1].split("\n}\n", 1)[0]
    code = _code(cut)
    assert "nextElementSibling" not in code and "next" not in code, code
    assert "return r.top < top ? Math.ceil(r.bottom - top) + 1 : 0;" in code
