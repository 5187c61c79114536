"""Typesetting details of the rulebook markup: headings never end a column alone, the credits never
have a page alone."""
from __future__ import annotations

import io

import pytest

import pypdfium2 as pdfium
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import KeepTogether, ListItem, Paragraph, SimpleDocTemplate, Spacer

from reportlab.platypus import FrameBreak

from cardgen.rulebook.markup import Heading, SplitList, keep_closing_block_with_previous, keep_headings_with_blocks

STYLE = getSampleStyleSheet()["Normal"]


def numbered(n: int) -> SplitList:
    items = [ListItem(Paragraph(f"step {i}", STYLE), value=i) for i in range(1, n + 1)]
    return SplitList(items, bulletType="1", bulletFormat="%s.")


def test_heading_keeps_the_first_item_of_a_list() -> None:
    heading = Heading("Setting up", STYLE)
    out = keep_headings_with_blocks([heading, numbered(3)])
    assert isinstance(out[0], KeepTogether)
    kept = out[0]._content
    assert kept[0] is heading and isinstance(kept[1], SplitList) and len(kept[1].items) == 1
    assert isinstance(out[1], SplitList) and len(out[1].items) == 2


def test_split_list_keeps_its_numbering_across_a_page_break() -> None:
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=(300, 300), topMargin=20, bottomMargin=20)
    flows = [Spacer(1, 200), Heading("Setting up", STYLE), numbered(6)]
    doc.build(keep_headings_with_blocks(flows))
    pdf = pdfium.PdfDocument(buf.getvalue())
    pages = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    heading_page = next(i for i, text in enumerate(pages) if "Setting up" in text)
    assert "1." in pages[heading_page] and "step 1" in pages[heading_page]  # never alone at a page foot
    text = " ".join(pages)
    assert all(f"{i}." in text for i in range(1, 7))


def test_the_closing_kept_block_takes_the_last_drawn_block_along() -> None:
    rules = [Paragraph(f"rule {i}", STYLE) for i in range(3)]
    credits = KeepTogether([Heading("Credits", STYLE), Paragraph("A game by someone.", STYLE)])
    space = Spacer(1, 6)
    out = keep_closing_block_with_previous([*rules, space, credits])
    assert out[:2] == rules[:2]
    closing = out[-1]
    assert len(out) == 3 and isinstance(closing, KeepTogether)
    assert closing._content[:2] == [rules[2], space]  # the space draws nothing: the rule came along
    assert closing._content[-2:] == credits._content


def test_a_closing_section_with_its_own_heading_leaves_the_section_before_it() -> None:
    """The rulings (a block that opens with its heading) go along with the credits; "Who wins?" before
    them is another section and stays where it falls (it left half a column empty when it went along)."""
    wins = [Heading("Who wins?", STYLE), Paragraph("The richest player wins.", STYLE)]
    rulings = KeepTogether([Heading("This edition's rulings", STYLE), Paragraph("A ruling.", STYLE)])
    credits = KeepTogether([Heading("Credits", STYLE), Paragraph("A game by someone.", STYLE)])
    out = keep_closing_block_with_previous([Paragraph("rule", STYLE), *wins, rulings, credits])
    assert out[1:3] == wins and len(out) == 4
    # taken along flat: a kept block nested in another is measured endlessly tall by reportlab (issue 53)
    assert out[-1]._content == [*rulings._content, *credits._content]
    # a last block without a heading still takes its section's heading along (Royale's solo scale)
    scale = Paragraph("11-12: a feast", STYLE)
    out = keep_closing_block_with_previous([Paragraph("rule", STYLE), wins[0], scale, credits])
    assert len(out) == 2 and out[-1]._content == [wins[0], scale, *credits._content]


def test_a_deliberate_break_before_the_closing_block_is_kept() -> None:
    flows = [Paragraph("rule", STYLE), FrameBreak(), KeepTogether([Heading("Credits", STYLE)])]
    assert keep_closing_block_with_previous(flows) == flows


def test_a_book_not_ending_with_a_kept_block_is_left_alone() -> None:
    flows = [Paragraph("rule", STYLE), Paragraph("last words", STYLE)]
    assert keep_closing_block_with_previous(flows) == flows


def _laid_out(para: Paragraph) -> list[str]:
    """The lines of a laid-out paragraph as drawn text."""
    bl = para.blPara
    if bl.kind == 0:
        return [" ".join(map(str, words)) for _, words in bl.lines]
    return ["".join(getattr(f, "text", "") for f in line.words) for line in bl.lines]


def test_a_figure_never_ends_a_line_apart_from_its_word() -> None:
    """Issue 36: "choisissez exactement 2 / portions"; in every language, on the books and the cards."""
    from reportlab.lib import colors

    from cardgen.render.textfit import fit_text
    from cardgen.rulebook.markup import TypoParagraph
    from cardgen.rulebook.styles import make_styles
    from cardgen.typography import bind_figures

    assert bind_figures("exactement 2 portions, 1,5 tour, 2 × 5 = 10") == (
        "exactement 2\u00a0portions, 1,5\u00a0tour, 2 × 5 = 10")
    assert bind_figures("au moins 1 <b>carte</b>") == "au moins 1\u00a0<b>carte</b>"
    text = "Posez le dragon et choisissez exactement 2 portions dans l’assiette du roi\u202f: 1 carte par joueur."
    for width in range(60, 200, 7):
        para = TypoParagraph(text, make_styles("fr", colors.black).body)
        para.wrap(width, 1000)
        lines = _laid_out(para)
        assert not any(line.rstrip().endswith(("2", "1")) for line in lines), (width, lines)
        fitted = fit_text((("Sans", text),), width, 400, 9, 9, "fr")
        assert not any(line.rstrip().endswith(("2", "1")) for _, line in fitted.lines), (width, fitted.lines)


def test_each_no_break_space_is_drawn_as_written() -> None:
    """A narrow no-break space (French, before a colon) is drawn narrow, the figure's space as U+00A0, in both
    halves of a split paragraph."""
    from reportlab.lib import colors

    from cardgen.rulebook.markup import TypoParagraph, _restore_narrow
    from cardgen.rulebook.styles import make_styles

    text = ("Lisez votre verdict\u202f: 12 points au plus. Le roi garde 2 portions\u202f; vous en prenez "
            "3 autres\u202f! Enfin, 1 carte reste sur la table\u202f: c’est la fin.")
    para = TypoParagraph(text, make_styles("fr", colors.black).body)
    para.wrap(90, 1000)
    first, rest = para.split(90, 40)
    drawn = []
    for part in (first, rest):
        part.wrap(90, 1000)
        _restore_narrow(part.blPara, part.spaces)
        drawn.append(" ".join(_laid_out(part)))
    joined = " ".join(drawn)
    assert joined.count("\u202f") == 4 and joined.count("\u00a0") == 4, joined
    assert "verdict\u202f:" in joined and "12\u00a0points" in joined and "1\u00a0carte" in joined


def test_a_paragraph_that_leads_in_stays_with_what_it_introduces() -> None:
    """Issue 36: Draco's "<b>Moving characters.</b> ..." ended a page, its box opened the next."""
    import xml.etree.ElementTree as ET

    from cardgen.rulebook.markup import leads_in

    assert leads_in(ET.fromstring("<p><b>Moving characters.</b> Forward means...</p>"))
    assert leads_in(ET.fromstring("<p>The game ends as soon as one of these happens:</p>"))
    assert not leads_in(ET.fromstring("<p><b>The first time</b> it is drawn, rebuild the pile.</p>"))
    assert not leads_in(ET.fromstring("<p>Before the <b>toast.</b> Then: pay.</p>"))
    lead = Paragraph("<b>Moving characters.</b> Forward means...", STYLE)
    lead.lead_in = True
    box = KeepTogether([Spacer(1, 3), Paragraph("ruling", STYLE)])
    out = keep_headings_with_blocks([lead, box, Paragraph("next", STYLE)])
    assert isinstance(out[0], KeepTogether) and out[0]._content[0] is lead and len(out) == 2
    other = Paragraph("a lead-in:", STYLE)
    other.lead_in = True
    out = keep_headings_with_blocks([other, Paragraph("what it says", STYLE)])
    assert out[0] is other and other.getKeepWithNext()
    sentence, table = Paragraph("Find your title on the scale below.", STYLE), KeepTogether([Spacer(1, 1)])
    table.table = True
    out = keep_headings_with_blocks([sentence, table])
    assert len(out) == 1 and out[0]._content[0] is sentence
    plain = Paragraph("Find your title on the scale below.", STYLE)
    assert keep_headings_with_blocks([plain, KeepTogether([Spacer(1, 1)])])[0] is plain  # a box: no lead-in


def test_a_column_never_ends_with_a_hyphenated_line() -> None:
    """The split moves up a line rather than leave "ver-" at the foot of a column."""
    from reportlab.lib import colors

    from cardgen.rulebook.markup import TypoParagraph, _ends_with_hyphen
    from cardgen.rulebook.styles import make_styles

    text = " ".join(["Lisez votre verdict sur l’échelle extraordinairement particulière ci-dessous."] * 4)
    checked = 0
    for width in range(70, 160, 3):
        for lines in range(2, 6):
            para = TypoParagraph(text, make_styles("fr", colors.black).body)
            para.wrap(width, 1000)
            parts = para.split(width, lines * para.style.leading + 0.5)
            if parts:
                checked += 1
                assert not _ends_with_hyphen(parts[0], width), (width, lines)
    assert checked > 20


def test_a_short_last_section_goes_along_with_its_heading() -> None:
    heading = Heading("End of a solo game", STYLE)
    intro, box = Paragraph("The game ends after 9 turns.", STYLE), KeepTogether([Paragraph("ruling", STYLE)])
    scale = KeepTogether([Paragraph("Find your title below.", STYLE), Paragraph("scale", STYLE)])
    credits = KeepTogether([Heading("Credits", STYLE), Paragraph("A game by someone.", STYLE)])
    rules = [Paragraph(f"rule {i}", STYLE) for i in range(5)]
    out = keep_closing_block_with_previous([*rules, heading, intro, box, scale, credits])
    assert out[:5] == rules  # the earlier sections stay where they are
    assert len(out) == 6 and out[-1]._content[:5] == [heading, intro, *box._content, *scale._content]


def test_a_heading_beyond_the_reach_stays_behind() -> None:
    heading = Heading("A long section", STYLE)
    paras = [Paragraph(f"para {i}", STYLE) for i in range(4)]
    credits = KeepTogether([Heading("Credits", STYLE)])
    out = keep_closing_block_with_previous([heading, *paras, credits])
    assert out[:4] == [heading, *paras[:3]] and out[-1]._content[0] is paras[3]


def test_a_corrected_break_replaces_the_dictionary_s() -> None:
    from cardgen.rulebook.styles import hyphenation
    split = hyphenation("en_GB")
    assert list(split("determined")) == [("deter", "mined")]  # en_GB's patterns: "determ-ined"
    assert list(split("determined,")) == [("deter", "mined,")]
    assert list(split("descending,")) == [("descend", "ing,")]  # not "des-cending"
    assert list(split("breakfast")) == [("break", "fast")]  # other words keep the dictionary's breaks


def test_a_column_widens_to_hold_its_longest_word() -> None:
    """Table cells are not hyphenated: a word wider than its column was cut anywhere ("Giocator / e")."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardgen.fonts import register_fonts
    from cardgen.rulebook.markup import CELL_PADDING, words_fit
    register_fonts()
    cell = ParagraphStyle("cell", fontName="Serif", fontSize=8.5)
    rows = [[Paragraph("Giocatore", cell), Paragraph("Riceve tutto quello che gli spetta", cell)]]
    need = stringWidth("Giocatore", "Serif-Bold", 8.5) + CELL_PADDING
    widths = words_fit([need - 10, 200.0], rows)
    assert widths[0] == need and abs(sum(widths) - (need + 190)) < 1e-9  # the total stays the same
    assert words_fit([need + 5, 200.0], rows) == [need + 5, 200.0]  # nothing to do
    assert words_fit([need - 10, 12.0], rows) == [need - 10, 12.0]  # no room anywhere: left as it was


def test_a_short_list_item_moves_whole_a_long_one_splits() -> None:
    from cardgen.rulebook.markup import WHOLE_ITEM_LINES, TypoParagraph
    short = TypoParagraph(" ".join(["word"] * 12), STYLE)
    short.whole_lines = WHOLE_ITEM_LINES
    lines = len(short.wrap(100, 10_000) and short.blPara.lines)
    assert 1 < lines <= WHOLE_ITEM_LINES
    assert short.split(100, STYLE.leading * (lines - 1)) == []  # it would fit a line short: moves whole
    long = TypoParagraph(" ".join(["word"] * 200), STYLE)
    long.whole_lines = WHOLE_ITEM_LINES
    assert len(long.split(100, STYLE.leading * 3)) == 2


def test_buffet_is_never_broken() -> None:
    from cardgen.rulebook.styles import hyphenation
    for name in ("en_GB", "it_IT"):
        assert list(hyphenation(name)("buffet;")) == []  # "buf- / fet;" left a lone syllable, twice a page


def test_a_cover_line_is_balanced_never_ending_on_a_lone_word() -> None:
    """The Draco cover line ended "...près de son autre | main." at the page's width: balanced, it takes as
    many lines (never more) at the narrowest width that holds them, and its last line is no lone word."""
    from cardgen.rulebook.markup import Balanced, BalancedHeading

    text = "Push your two ruffians towards the hand that holds the cup and make the other hand pay."
    plain = Paragraph(text, STYLE)
    plain.wrap(360, 1000)
    words = [line[1] for line in plain.blPara.lines]  # (width, words) per line
    width = 360
    while len(words[-1]) != 1:  # a width at which the plain paragraph leaves one word alone
        width -= 1
        plain.wrap(width, 1000)
        words = [line[1] for line in plain.blPara.lines]
    balanced = Balanced(text, STYLE)
    assert balanced.wrap(width, 1000)[0] == width  # the frame still sees the whole width
    lines = [line[1] for line in balanced.blPara.lines]
    assert len(lines) == len(words) and len(lines[-1]) > 1, lines
    assert [w for line in lines for w in line] == text.split()  # nothing lost or reordered
    short = Balanced("Royale", STYLE)
    assert short.wrap(width, 1000)[0] == width and len(short.blPara.lines) == 1
    title = BalancedHeading("King Lui: Gentle Overeating and Other Stories", STYLE, 0, "King Lui")
    assert isinstance(title, Heading) and title.outline_level == 0



def _book(body: str):
    """``body`` parsed as a book's markup with the English styles of the Royale deck."""
    from pathlib import Path

    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.book import accent_colour
    from cardgen.rulebook.markup import Converter, parse
    from cardgen.rulebook.pictures import find_draw_face
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width

    deck = resolve("royale", Path(__file__).resolve().parents[1])
    converter = Converter(deck, "en", make_styles("en", accent_colour(deck)), column_width("a4"), find_draw_face())
    return parse(f"<book>{body}</book>", converter).body


def test_a_table_that_may_break_splits_between_rows_under_its_header_again() -> None:
    """``<table breaks="rows">`` (Royale's nobles by letter, #53) is not kept whole: at a column's foot it
    splits between two rows and the next part repeats the header; a plain table stays kept in one piece."""
    from reportlab.platypus import Table

    from cardgen.rulebook.markup import MarkupError

    rows = "<tr><th>Letter A</th><th>Request</th></tr>" + "".join(
        f"<tr><td>Noble {i}</td><td>{'a pair and three of a kind, ' * 3}</td></tr>" for i in range(8))
    loose = _book(f'<p>Before.</p><table widths="4,9" breaks="rows">{rows}</table>')[-1]
    assert isinstance(loose, Table) and loose.repeatRows == 1 and getattr(loose, "table", False)
    width, height = loose.wrap(240, 1000)
    parts = loose.split(240, height / 2)
    assert len(parts) == 2 and all(p.repeatRows == 1 for p in parts)
    first_cells = [str(p._cellvalues[0][0]) for p in parts]
    assert all("Letter A" in c for c in first_cells), first_cells  # the header on top of both parts
    kept = _book(f'<p>Before.</p><table widths="4,9">{rows}</table>')[-1]
    assert isinstance(kept, KeepTogether)
    try:
        _book(f'<table breaks="anywhere">{rows}</table>')
    except MarkupError as exc:
        assert 'breaks="anywhere"' in str(exc) and "expected rows or no" in str(exc)
    else:
        raise AssertionError("an unknown breaks value was accepted")


def test_a_paragraph_marked_introduces_goes_with_the_block_after_it() -> None:
    """``<p introduces="yes">`` (the ghost's turn before the solo cards, #53) joins the kept block after it, while
    the paragraph before it may end a column; an unmarked one does not join."""
    cards = '<cards columns="6"><card component="noble-a1">x</card></cards>'
    after = "<p>The end of a solo game.</p>"  # not the book's last block (the credits' rule would take it along)
    marked = _book(f'<h2>The ghost</h2><p>First.</p><p introduces="yes">Turn over a card.</p>{cards}{after}')
    assert isinstance(marked[-2], KeepTogether) and "Turn over" in marked[-2]._content[0].getPlainText()
    assert "First." in marked[-3].getPlainText() and not isinstance(marked[-3], KeepTogether)
    plain_ = _book(f'<h2>The ghost</h2><p>First.</p><p>Turn over a card.</p>{cards}{after}')
    assert not any(isinstance(f, Paragraph) and "Turn over" in f.getPlainText() and f.getKeepWithNext()
                   for f in plain_)


def test_a_caption_breaks_a_long_name_at_its_own_hyphen_never_between_letters() -> None:
    """A card's caption narrower than its name: "Chassé-|croisé", never "Chassé-crois|é" (#53)."""
    from reportlab.lib import colors
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardgen.rulebook.styles import make_styles

    caption = make_styles("fr", colors.black).caption
    width = stringWidth("Chassé-croisé", caption.fontName, caption.fontSize) - 2
    para = Paragraph("Chassé-croisé", caption)
    para.wrap(width, 100)
    lines = ["".join(str(w) for w in line[1]) if isinstance(line, tuple) else " ".join(line.words)
             for line in para.blPara.lines]
    assert [line.strip() for line in lines] == ["Chassé-", "croisé"], lines
    para = Paragraph("Changement", caption)  # no hyphen to break at: the word stays whole
    para.wrap(stringWidth("Changement", caption.fontName, caption.fontSize) - 4, 100)
    assert len(para.blPara.lines) == 1


def test_a_caption_shrinks_until_its_longest_word_fits_and_never_below_the_floor() -> None:
    """Round 58: a caption broke inside a word ("Malandrin / o rosso"); its font now shrinks so that its
    longest word fits the picture's width, down to a floor; a caption that fits keeps its style."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardgen.rulebook.markup import CAPTION_MIN_SIZE, CAPTION_ROOM, caption_style
    from cardgen.rulebook.styles import make_styles
    from reportlab.lib import colors

    style = make_styles("it", colors.black).caption
    assert caption_style(style, "Covo<br/><b>×1</b>", 60) is style
    small = caption_style(style, "Malandrino rosso<br/><b>×2</b>", 40)
    assert small.fontSize < style.fontSize
    assert CAPTION_MIN_SIZE < small.fontSize and stringWidth("Malandrino", "Condensed-Bold", small.fontSize) <= 40 * CAPTION_ROOM + 1e-6
    assert caption_style(style, "Anticonstitutionnellement", 10).fontSize == CAPTION_MIN_SIZE


def test_a_ruling_box_of_several_paragraphs_breaks_between_them_a_short_one_never() -> None:
    """Round 58: Draco's boxes of four to six rulings, kept whole, left the foot of a column empty, and were made
    to break; round 59: broken, with their title repeated, they read as two rulings (French and English readers).
    Only a box of at least SPLIT_BOX_BLOCKS paragraphs, taller than a column can hold, may break; the money box
    of five paragraphs stays whole."""
    from reportlab.platypus import KeepTogether, Table

    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.markup import SPLIT_BOX_BLOCKS, Converter
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width
    from reportlab.lib import colors
    import xml.etree.ElementTree as ET

    from test_rulebook_support import ROOT

    deck = resolve("draco", ROOT)
    conv = Converter(deck, "en", make_styles("en", colors.black), column_width("a4"), None)
    many = ET.fromstring('<box kind="ruling" title="T">' + "<p>One ruling.</p>" * SPLIT_BOX_BLOCKS + "</box>")
    few = ET.fromstring('<box kind="ruling" title="T">' + "<p>One ruling.</p>" * (SPLIT_BOX_BLOCKS - 1) + "</box>")
    split = conv.box(many, 200)
    # without a continuation's heading (continued=), it goes on untitled rather than under its title again
    assert isinstance(split, Table) and split.repeatRows == 0 and len(split._cellvalues) == SPLIT_BOX_BLOCKS + 1
    parts = split.split(200, split.wrap(200, 1000)[1] - 5)
    assert len(parts) == 2, "a box of several rulings does not break between them"
    assert isinstance(conv.box(few, 200), KeepTogether)
    money = ET.fromstring('<box kind="ruling" title="T">' + "<p>One ruling.</p>" * 5 + "</box>")
    assert isinstance(conv.box(money, 200), KeepTogether), "a box of five rulings breaks, its title repeated"
    # round 4 (Royale's impossibility box): a box the template marks whole never breaks, however long
    many.set("whole", "yes")
    assert isinstance(conv.box(many, 200), KeepTogether)
    # round 62: a topic of Draco's closing answers breaks between any two of them (kept whole, each topic left up
    # to half a column blank above it), and is marked as gathered apart from its rules
    topic = ET.fromstring('<box kind="ruling" title="Money" breaks="yes" continued="{title} (continued)">'
                          + "<p>One ruling.</p>" * 2 + "</box>")
    broken = conv.box(topic, 200)
    assert isinstance(broken, Table) and broken.repeatRows == 1 and broken.gathered
    assert len(broken.split(200, broken.wrap(200, 1000)[1] - 5)) == 2
    assert not getattr(conv.box(money, 200), "gathered", False)


def test_a_heading_takes_a_short_introduction_with_the_box_after_it_never_a_long_paragraph() -> None:
    """A heading, the one sentence that introduces a box, and the box go together; a paragraph that says a rule
    (Draco's Brother John, four lines and more) is no introduction: taken along with the box, it left a fifth
    of a column blank above it (French reader, round 59). The heading then stays with its paragraph only."""
    from cardgen.rulebook.markup import INTRO_CHARS

    heading = Heading("Brother John", STYLE, 1, "Brother John")
    box = KeepTogether([Spacer(1, 3), Paragraph("ruling", STYLE)])
    short = Paragraph("x" * INTRO_CHARS, STYLE)
    out = keep_headings_with_blocks([heading, short, box])
    assert len(out) == 1 and out[0]._content[:2] == [heading, short]
    heading = Heading("Brother John", STYLE, 1, "Brother John")
    long = Paragraph("x" * (INTRO_CHARS + 1), STYLE)
    out = keep_headings_with_blocks([heading, long, box])
    assert out == [heading, long, box]  # the heading style keeps the heading with its paragraph


def test_a_grid_too_narrow_for_its_names_breaks_them_between_words_never_inside_one() -> None:
    """Royale's example buffet (readers of round 5: "Plat de résistan / ce 12", "Portata principa / le 12"):
    three equal columns all holding a dish name set whole (no-break spaces) are too narrow for it, so the
    names break between their words, the closing figure stays with its word, and no cell cuts a word."""
    from reportlab.lib.pagesizes import A4

    name = "Portata\u00a0principale\u202f12"
    grid = "".join(f"<tr><td>{name}</td><td><b>{name}</b></td><td>Frutta\u202f4</td></tr>" for _ in range(3))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build(_book(f'<table widths="1,1,1">{grid}</table>'))
    text = pdfium.PdfDocument(buf.getvalue())[0].get_textpage().get_text_range()
    lines = [line.strip() for line in text.replace("\r", "").split("\n") if line.strip()]
    allowed = {"Portata", "principale", "12", "Frutta", "4"}
    assert all(word in allowed for line in lines for word in line.replace("\u00a0", " ").replace("\u202f", " ").split()), lines
    assert "Portata" in lines, "the name breaks between its words: " + repr(lines)


def test_a_box_that_breaks_heads_its_continuation_as_one_never_with_its_title_alone() -> None:
    """Readers of round 63 (en19, it14, it11): a box broken across columns with its title repeated read as two
    sections of one name (Draco's "The special characters" twice), and Royale's "Your turn" headed the ghost's
    turn. The continuation is headed "<title> (continued)" (the template's pattern), or, when it starts with a
    block that opens a new part of the box (``part=``), that part's title; a part in progress goes on as
    "<part> (continued)"; the first piece keeps the box's title; a breakable titled box without a pattern is
    refused."""
    import xml.etree.ElementTree as ET

    import pytest
    from reportlab.lib import colors

    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.markup import Converter, MarkupError
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width

    from test_rulebook_support import ROOT

    conv = Converter(resolve("draco", ROOT), "en", make_styles("en", colors.black), column_width("a4"), None)

    def heads(markup: str, rows_first: int) -> list[str]:
        """The headings of the pieces of the box ``markup`` broken after ``rows_first`` rows, then at every row."""
        box = conv.box(ET.fromstring(markup), 200)
        box.wrap(200, 1000)
        height = sum(box._rowHeights[:rows_first]) + 0.5
        first, rest = box.split(200, height)
        out = [title(first), title(rest)]
        while len(rest._cellvalues) > 2:
            rest.wrap(200, 1000)
            _, rest = rest.split(200, sum(rest._rowHeights[:2]) + 0.5)
            out.append(title(rest))
        return out

    def title(piece: object) -> str:
        """The text of a piece's heading row."""
        cell = piece._cellvalues[0][0]
        return (cell[0] if isinstance(cell, tuple) else cell).text

    pattern = ' breaks="yes" continued="{title} (continued)"'
    three = "<p>One.</p><p>Two.</p><p>Three.</p>"
    assert heads(f'<box kind="ruling" title="Money"{pattern}>{three}</box>', 2) == [
        "Money", "Money (continued)", "Money (continued)"]
    turn = (f'<box kind="example" title="Your turn"{pattern}><p>You take a row.</p><p>You place a card.</p>'
            '<p part="The ghost’s turn">Then the ghost plays.</p><p>It discards a card.</p></box>')
    assert heads(turn, 2) == ["Your turn", "Your turn (continued)", "The ghost’s turn", "The ghost’s turn (continued)"]
    assert heads(turn, 3) == ["Your turn", "The ghost’s turn", "The ghost’s turn (continued)"]
    # the heading of a continuation is measured again: a long one takes the lines it needs
    long_title = "A topic whose title fills the line"
    box = conv.box(ET.fromstring(f'<box kind="ruling" title="{long_title}"{pattern}>{three}</box>'), 120)
    box.wrap(120, 1000)
    _, rest = box.split(120, sum(box._rowHeights[:2]) + 0.5)
    rest.wrap(120, 1000)
    assert rest._rowHeights[0] > box._rowHeights[0]
    with pytest.raises(MarkupError):
        conv.box(ET.fromstring(f'<box kind="ruling" title="Money" breaks="yes">{three}</box>'), 200)


@pytest.mark.parametrize("labels", ["two", "-1", "10", "99999999999999999999"])
def test_a_tables_labels_attribute_that_is_no_small_number_is_one_markup_error(labels: str) -> None:
    """A project's template is untrusted: ``<table labels="…">`` that is not a line count gives the markup's one
    line, never a ValueError's traceback or a column sized for an absurd number of lines."""
    import xml.etree.ElementTree as ET

    from reportlab.lib import colors

    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.markup import Converter, MarkupError
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width
    from pathlib import Path
    ROOT = Path(__file__).resolve().parents[1]
    conv = Converter(resolve("draco", ROOT), "en", make_styles("en", colors.black), column_width("a4"), None)
    table = ET.fromstring(f'<table widths="1,1" labels="{labels}"><tr><td>a</td><td>b</td></tr></table>')
    with pytest.raises(MarkupError, match="labels"):
        conv.table(table, 200)
    conv.table(ET.fromstring('<table widths="1,1" labels="2"><tr><td>a</td><td>b</td></tr></table>'), 200)


@pytest.mark.parametrize("start", ["five", "0", "-1", "100", "99999999999999999999"])
def test_a_list_goes_on_at_its_start_number_and_refuses_any_other_start(start: str) -> None:
    """``<ol start="5">`` numbers its steps from 5 (a list parted by a ruling box after one of its steps, round 65);
    a project's template is untrusted: a start that is no step number is the markup's one line."""
    import xml.etree.ElementTree as ET

    from reportlab.lib import colors

    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.markup import Converter, MarkupError
    from cardgen.rulebook.styles import make_styles
    from cardgen.rulebook.typeset import column_width
    from pathlib import Path
    ROOT = Path(__file__).resolve().parents[1]
    conv = Converter(resolve("draco", ROOT), "en", make_styles("en", colors.black), column_width("a4"), None)
    with pytest.raises(MarkupError, match="start"):
        conv.listing(ET.fromstring(f'<ol start="{start}"><li>a</li></ol>'))
    steps = conv.listing(ET.fromstring('<ol start="5"><li>a</li><li>b</li></ol>'))
    assert [item._params["value"] for item in steps.items] == [5, 6]
    assert [item._params["value"] for item in conv.listing(ET.fromstring("<ol><li>a</li></ol>")).items] == [1]
