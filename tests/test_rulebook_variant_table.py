"""A variant's table of changes gives the deck's size whenever the variant adds, removes or recounts cards.

Readers of Draco Without Zork found no number in its table although the deck loses a card; King Lui
for Six listed each recount but not the 132 cards they make (issue 36).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.languages import SHIPPED
from cardgen.model.deck import totals
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
ROW = {"fr": "Cartes du jeu", "it": "Carte del gioco", "en": "Cards in the game"}


def _table_rows(markup: str) -> list[list[str]]:
    section = markup[:markup.index("</table>")] if "</table>" in markup else ""
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh]>(.*?)</t[dh]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", section)]


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["draco-no-zork", "king_lui-six-players", "draco-long"])
def test_the_deck_size_row_appears_exactly_when_the_card_count_changes(deck_id: str, lang: str) -> None:
    deck = resolve(deck_id, ROOT)
    markup = render_markup(deck, lang)
    start = markup.index("<table", markup.index("<h1>"))  # the first table is the variant's
    rows = [r for r in _table_rows(markup[start:]) if r and r[0] == ROW[lang]]
    new, old = totals(deck)["card"], totals(deck.base)["card"]
    if new == old:
        assert rows == []
    else:
        assert len(rows) == 1
        assert [int(re.sub(r"\D", "", cell)) for cell in rows[0][1:]] == [new, old]


#: Between two words in a laid-out cell line: an ordinary or a no-break space (a figure bound to its word).
CELL_GAPS = re.compile(r"[ \u00a0\u202f]+")


def _cell_lines(para) -> list[str]:
    """The lines of a laid-out table cell (``Paragraph.blPara``), as text."""
    bl = para.blPara
    if bl.kind == 0:
        return [" ".join(words) for _, words in bl.lines]
    return ["".join(getattr(frag, "text", "") or "" for frag in line.words) for line in bl.lines]


def _broken_words(para) -> list[str]:
    """The words of a laid-out cell cut across two lines without a hyphen ("giocator / i"): each line's last
    word and the next line's first one, where neither is a word of the cell's text."""
    words = set(CELL_GAPS.split(para.getPlainText()))
    lines = [CELL_GAPS.split(line.strip()) for line in _cell_lines(para) if line.strip()]
    return [f"{a[-1]} / {b[0]}" for a, b in zip(lines, lines[1:])
            if a[-1] not in words and not a[-1].endswith("-") and b[0] not in words]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("deck_id", ["king_lui-six-players", "royale-short", "royale-solo", "king_lui-hungry-dragon",
                                     "king_lui-gentle-overeating", "royale-masked", "draco-no-zork", "draco-long",
                                     "draco-short", "draco-charity-toast"])
def test_no_word_of_the_table_of_changes_is_cut_without_a_hyphen(deck_id: str, lang: str, paper: str) -> None:
    """Read 8 (it3): the Italian A4 books of King Lui for Six and the Light Supper printed “3–6 giocator / i” in
    the table of changes: the column was widened for “giocatori” alone, though the figure is bound to it by a
    no-break space, and the cell cut the word anywhere. The table is laid out as printed and each cell read."""
    from cardgen.rulebook.book import accent_colour
    from cardgen.rulebook.markup import CELL_PADDING, Converter, parse
    from cardgen.rulebook.pictures import find_draw_face
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width

    deck = resolve(deck_id, ROOT)
    markup = render_markup(deck, lang)
    start = markup.index("<table", markup.index("<h1>"))  # the first table is the variant's
    table_markup = markup[start:markup.index("</table>", start) + len("</table>")]
    width = column_width(paper)
    converter = Converter(deck, lang, make_styles(lang, accent_colour(deck)), width, find_draw_face())
    table = next(f for f in parse(f"<book>{table_markup}</book>", converter).body if getattr(f, "table", False))
    grid = table._content[0]
    grid.wrap(width, 10_000)  # the columns' widths as printed
    cells, squeezed = [], []
    for number, row in enumerate(grid._cellvalues):
        for index, (cell, column) in enumerate(zip(row, grid._colWidths)):
            for para in cell if isinstance(cell, (list, tuple)) else [cell]:
                para.wrap(column - CELL_PADDING, 10_000)  # as the table sets it, within its padding
                cells.append(para)
                lines = [line for line in _cell_lines(para) if line.strip()]
                # read 9 (en21, en26, it40): "What / changes", "The End of / the / Banquet / card": the names'
                # column's heading on one line, a row's name on two at most (the values wrap as they must)
                # (a long name, a list of the dishes, may take a line per three words)
                if index == 0 and len(lines) > (1 if number == 0 else max(2, -(-len(para.getPlainText().split()) // 3))):
                    squeezed.append(" / ".join(line.strip() for line in lines))
    assert cells
    assert [w for cell in cells for w in _broken_words(cell)] == []
    assert squeezed == [], f"{deck_id}/{lang}/{paper}: cells broken over too many lines"


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_card_left_in_the_box_is_the_first_change_listed(lang: str) -> None:
    """Round 65, fr reader: Draco Without Zork's "La carte Zork n'est pas utilisée" came after the table of
    changes, isolated, though it is the variant's main change: the cards left out come before the table."""
    deck = resolve("draco-no-zork", ROOT)
    kept = {c.id for c in deck.model.components}
    removed = [c for c in deck.base.model.components if c.id not in kept]
    assert [c.id for c in removed] == ["zork"], "the check needs the variant's one card left out"
    markup = render_markup(deck, lang)
    section = markup[markup.index("<h1>", markup.index("</h1>")):]  # the variant's section opens the body
    item = section.index(f"<b>{removed[0].name[lang]}</b>")
    assert section.index("<li>") < item < section.index("<table"), section[:1500]
