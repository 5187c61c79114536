"""This edition's rulings are printed as ours, never as published rules, in every book.

A deck's ``clarifications`` (rule gaps) and ``rulings`` (other decisions) appear in one of two designs,
the one the game's template uses. Boxes: a box headed "This edition's ruling" next to the rule they concern,
or the closing section "This edition's rulings". Questions (issue 53 item 5, the readers' 13-14 boxes
breaking the flow): folded into the running text and followed by the marker "(This edition's ruling.)", or
answered in the closing section "Questions", whose sentence says these are this edition's answers. Either
way a ruling is printed once, and a ruling added to the data shows up with no template edited. The labels
are written out here by hand, not read from the catalogs.
"""
from __future__ import annotations

import html
import re
import textwrap

import pytest
from nonempty import nonempty
from test_rulebook_support import throwaway_variant

from cardgen.model.deck import ResolvedDeck

from cardgen.resolve.resolve import resolve_all
from cardgen.rulebook.context import typography
from cardgen.rulebook.templating import render_markup
from cardgen.languages import SHIPPED

LANGS = SHIPPED
BOX = {"fr": "Choix de cette édition", "it": "Scelta di questa edizione", "en": "This edition’s ruling"}
SECTION = {"fr": "Choix de cette édition", "it": "Scelte di questa edizione", "en": "This edition’s rulings"}
#: the closing section as the books of issue 53 item 5 title it: this edition's answers under "Questions", or
#: (Draco, readers of round 58: the section holds statements) "Special cases"
QUESTIONS = {"fr": "Questions", "it": "Domande", "en": "Questions"}
SPECIAL = {"fr": "Cas particuliers", "it": "Casi particolari", "en": "Special cases"}


def closing_section(text: str, lang: str) -> int:
    """Where the book's closing section of rulings starts: "Special cases", "Questions" or the older heading."""
    found = [text.index(h) for h in (SPECIAL[lang], QUESTIONS[lang], SECTION[lang]) if h in text]
    assert found, "the book has no closing section of rulings"
    return min(found)

#: A new ruling in each language, and the variant overlay that adds it to a game.
RULING = {"fr": "Règle maison de test : le plus jeune commence.", "it": "Regola di prova: inizia il più giovane.",
          "en": "Test house rule: the youngest player starts."}


def overlay(game: str, rules: list[str]) -> str:
    return textwrap.dedent(f"""\
        extends: {game}
        name: {{fr: "Essai", it: "Prova", en: "Trial"}}
        description: {{fr: "Une règle de plus.", it: "Una regola in più.", en: "One more rule."}}
        rulings:
          youngest_starts:
            rules: {rules}
            text: {{fr: "{RULING['fr']}", it: "{RULING['it']}", en: "{RULING['en']}"}}
        """)


def ruling_boxes(markup: str) -> list[str]:
    """The plain text of every ruling box of a book's markup."""
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", b)).split())
            for b in re.findall(r'<box kind="ruling"[^>]*>(.*?)</box>', markup, re.S)]


def norm(text: str) -> str:
    return " ".join(text.split())


#: The Questions design's words, written out by hand: the marker after a ruling in the text, the closing
#: section's heading, the words of its sentence that say the answers are this edition's, and of the notice
#: at the start that explains both.
MARK = {"fr": "(Choix de cette édition.)", "it": "(Scelta di questa edizione.)", "en": "(This edition’s ruling.)"}
QUESTIONS = {"fr": "Questions", "it": "Domande", "en": "Questions"}
ANSWERS = {"fr": "ce sont des choix de cette édition, pas des règles du jeu original",
           "it": "sono scelte di questa edizione, non regole del gioco originale",
           "en": "decisions of this edition, not rules of the original game"}
DECIDES = {"fr": "cette édition tranche", "it": "decide questa edizione", "en": "this edition decides"}
#: a ruling whose own words say it is this edition's (the action cards' reconstruction) needs no marker
EDITION = {"fr": "cette édition", "it": "questa edizione", "en": "this edition"}


def uses_questions(game: str) -> bool:
    """Whether ``game``'s template folds rulings into its text with the inline marker (``common.ruled``) and
    answers the rest under a closing Questions section (else: each ruling in a box). No book does any more:
    Draco went back to boxes, readers of round 58 could not tell which sentences a marker covered."""
    from test_rulebook_support import ROOT

    return "common.ruled(" in (ROOT / "templates" / "rulebook" / f"{game}.j2").read_text(encoding="utf-8")


def blocks(markup: str) -> list[tuple[int, str]]:
    """Each paragraph and list item of a book's markup: its offset and its plain text."""
    return [(m.start(), norm(html.unescape(re.sub(r"<[^>]+>", " ", m.group(2)))))
            for m in re.finditer(r"<(p|li)\b[^>]*>(.*?)</\1>", markup, re.S)]


def questions_span(markup: str, lang: str) -> tuple[int, int]:
    """Where the closing Questions section starts and ends (the next chapter, the credits) in ``markup``."""
    start = markup.index(f"<h1>{QUESTIONS[lang]}</h1>")
    end = markup.find("<h1>", start + 1)
    return start, end if end != -1 else len(markup)


def misplaced(markup: str, lang: str, wanted: str) -> str | None:
    """Why ``wanted``, a ruling's text, is not printed once as this edition's in a Questions-design book (None: it is).

    Once in the whole book; in a paragraph or list item that is either in the Questions section or
    carries the marker after the ruling (or whose ruling says itself that it is this edition's)."""
    plain = norm(html.unescape(re.sub(r"<[^>]+>", " ", markup)))
    if plain.count(wanted) != 1:
        return f"printed {plain.count(wanted)} times"
    holders = [(at, text) for at, text in blocks(markup) if wanted in text]
    if len(holders) != 1:
        return "not in one paragraph"
    at, text = holders[0]
    start, end = questions_span(markup, lang)
    if start < at < end:
        return None
    if MARK[lang] in text[text.index(wanted) + len(wanted):] or EDITION[lang] in wanted:
        return None
    return "in the text without the marker, and not under Questions"


#: Rulings a book leaves out on purpose: the masked-side order conflict in a book that shows the
#: unmasked side; uneven packets when the pile is never rebuilt; the ghost's pile in a book
#: without solo play or when the game ends before it can run out; Zork's rulings without Zork, Aunt Sarah's draw when she lets nobody draw.
def filled(ruling, lang: str, values: dict) -> str:
    """The ruling's text with each ``{rule}`` it lists written as that rule's number (digits only here)."""
    text = ruling.text[lang]
    for name in ruling.rules:
        text = text.replace("{" + name + "}", str(values[name]))
    return text


def royale_pile_can_run_out(deck: ResolvedDeck) -> bool:
    """Whether a Royale deck's dish pile can run out (templates/rulebook/royale.j2 prints its box only then).

    Never while the end card is in it; a solo game without it draws at most the buffet, the ghost's
    cells each turn and one take after every turn but the last."""
    r = deck.rules
    comps = deck.model.components
    count = lambda kind: sum(c.count for c in comps if getattr(c.data, "role", None) == kind)  # noqa: E731
    cells = lambda kind: max([len(f.pattern.cells) for c in comps if getattr(c.data, "role", None) == kind  # noqa: E731
                              for f in c.faces[:1] if f.pattern] or [0])
    multi = deck.model.players.max > 1
    if multi and not count("end"):
        return True
    if not (r.solo and deck.model.players.min == 1) or (r.solo_end_card and count("end")):
        return False
    take, ghost = max(r.cards_per_take, cells("imposter")), max(r.ghost_cells, cells("solo"))
    drawn = r.grid_rows * r.grid_cols + r.solo_turns * r.ghost_cards_per_turn * ghost + (r.solo_turns - 1) * take
    return drawn > count("dish")


def expected(deck: ResolvedDeck) -> dict[str, str]:
    texts = {k: c.text for k, c in deck.model.clarifications.items()}
    values = deck.model.rules.model_dump(mode="json")
    texts.update({k: {lang: filled(r, lang, values) for lang in r.text.langs()} for k, r in deck.model.rulings.items()})
    for kind in SAID_AS_PUBLISHED.get(deck.game, ()):
        texts.pop(kind, None)  # the published rule's consequence, said in the flow: see the test below
    if deck.game == "draco":
        # where the action cards come from is no ruling: the introduction of "The action cards" says it, in words
        # that call the cards this edition's reconstruction (English reader, round 59; test_rulebook_draco holds it)
        texts.pop("action_list", None)
    if deck.game == "royale" and deck.rules.noble_side == "unmasked":
        texts.pop("order_conflict", None)
    if deck.game == "royale" and deck.rules.end_card_draws == 1:
        texts.pop("uneven_packets", None)
    solo_cards = sum(c.count for c in deck.model.components if getattr(c.data, "role", None) == "solo")
    if deck.game == "royale" and not (deck.rules.solo and deck.model.players.min == 1):
        texts.pop("solo_pile_empty", None)
        texts.pop("solo_end", None)  # how a solo game ends: a book without the solo game has no place for it
        texts.pop("solo_card_spent", None)  # nor for what becomes of a revealed solo card
    if deck.game == "royale" and deck.rules.solo_turns * deck.rules.ghost_cards_per_turn <= solo_cards:
        texts.pop("solo_pile_empty", None)  # the ghost's pile cannot run out: the ruling would never apply
    if deck.game == "royale" and not royale_pile_can_run_out(deck):  # the empty-pile box would never apply
        for kind in ("pile_empty", "short_line", "nothing_to_take"):
            texts.pop(kind, None)
    if deck.game == "royale" and deck.model.players.max == 1:  # alone: no tie, and no end card unless asked
        texts.pop("tie_after_tiebreak", None)
        texts.pop("tie_cards_in_front", None)
        if not deck.rules.solo_end_card:
            texts.pop("uneven_packets", None)
    if deck.game == "draco" and not any(c.id == "zork" for c in deck.model.components):
        texts.pop("richest_tie", None)
        for kind, ruling in deck.model.rulings.items():
            if "zork_multiplier" in ruling.rules:
                texts.pop(kind, None)
    if deck.game == "draco" and not deck.rules.sarah_draw:
        for kind, ruling in deck.model.rulings.items():
            if "sarah_draw" in ruling.rules:
                texts.pop(kind, None)
    return texts


DECKS = {d.id: d for d in resolve_all(None, ".")}

#: Cases the engine settles (a clarification) whose answer the published rules already give, so the book
#: says it in the flow, never boxed as this edition's: King Lui's waiting Emerald when no dish is left (the
#: published rule makes the draw compulsory; read 6, it2/en6), and Royale's equal value in an ordered service (the
#: published rule wants each card higher, or lower, than the one before; it29/en17).
SAID_AS_PUBLISHED = {"king_lui": ("no_dish_emerald",), "royale": ("equal_breaks_order",)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", sorted(d for d in DECKS if any(
    k in DECKS[d].model.clarifications or k in DECKS[d].model.rulings for k in SAID_AS_PUBLISHED.get(DECKS[d].game, ()))))
def test_a_published_consequence_is_said_in_the_flow_not_boxed(deck_id: str, lang: str) -> None:
    deck = DECKS[deck_id]
    markup = render_markup(deck, lang)
    plain = norm(html.unescape(re.sub(r"<[^>]+>", " ", markup)))
    for kind in nonempty(SAID_AS_PUBLISHED[deck.game]):
        said = deck.model.clarifications.get(kind) or deck.model.rulings.get(kind)
        if said is None:
            continue
        wanted = norm(typography(said.text[lang], lang))
        assert plain.count(wanted) == 1, f"{deck_id}/{lang}: {kind} not printed once"
        assert not any(wanted in b for b in ruling_boxes(markup)), f"{deck_id}/{lang}: {kind} boxed as this edition's"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", sorted(DECKS))
def test_every_ruling_is_printed_once_as_ours(deck_id: str, lang: str) -> None:
    deck = DECKS[deck_id]
    markup = render_markup(deck, lang)
    plain = norm(html.unescape(re.sub(r"<[^>]+>", " ", markup)))
    if uses_questions(deck.game):
        # no box any more: each ruling folded into the text with the marker, or answered under Questions,
        # whose sentence says the answers are this edition's
        assert '<box kind="ruling"' not in markup and '<box kind="clarification"' not in markup
        start, end = questions_span(markup, lang)
        assert markup.count(f"<h1>{QUESTIONS[lang]}</h1>") == 1
        assert ANSWERS[lang] in norm(html.unescape(re.sub(r"<[^>]+>", " ", markup[start:end]))), deck_id
        for kind, text in expected(deck).items():
            why = misplaced(markup, lang, norm(typography(text[lang], lang)))
            assert why is None, f"{deck_id}/{lang}: {kind} {why}"
        return
    boxes = ruling_boxes(markup)
    for kind, text in expected(deck).items():
        wanted = norm(typography(text[lang], lang))
        # a ruling run in after its marker ("Choix de cette édition : le …") starts in lower case
        run_in = wanted[:1].lower() + wanted[1:]
        assert sum(wanted in b or run_in in b for b in boxes) == 1, f"{deck_id}/{lang}: {kind} not in exactly one ruling box"
        # ... and nowhere else: a decision of ours is never printed as body text
        assert plain.count(wanted) + (plain.count(run_in) if run_in != wanted else 0) == 1, f"{deck_id}/{lang}: {kind} also printed outside its ruling box"
    titles = set(re.findall(r'<box kind="ruling" title="([^"]*)">', markup))
    assert titles <= {BOX[lang]}, titles
    # a box titled with a topic (Draco's closing answers, round 62) is only in the closing section
    topics = [m.start() for m in re.finditer(r'<box kind="ruling" title="[^"]*" breaks="yes"[^>]*>', markup)]
    assert not topics or min(topics) > markup.index(f"<h1>{SPECIAL[lang]}</h1>"), deck_id
    assert '<box kind="clarification"' not in markup


@pytest.mark.parametrize("game,rules", [("king_lui", []), ("royale", []), ("draco", []),
                                        ("royale", ["imposter_rotations"])])
@pytest.mark.parametrize("lang", LANGS)
def test_a_ruling_added_to_the_data_is_printed(tmp_path, game: str, rules: list[str], lang: str) -> None:
    deck = throwaway_variant(tmp_path, game, f"{game}-trial", overlay(game, rules))
    markup = render_markup(deck, lang)
    text = norm(html.unescape(re.sub(r"<[^>]+>", " ", markup)))
    wanted = norm(typography(RULING[lang], lang))
    if uses_questions(game):
        # a ruling no template places is answered under Questions, once, as this edition's
        assert misplaced(markup, lang, wanted) is None
        start, end = questions_span(markup, lang)
        assert [at for at, said in blocks(markup) if wanted in said and start < at < end], "not under Questions"
        return
    assert sum(wanted in b for b in ruling_boxes(markup)) == 1
    if rules:
        # next to the imposter's rules, before the next chapter, not in the closing section
        imposter = text.index(norm(typography(RULING[lang], lang)))
        assert SECTION[lang] not in text[imposter - 400:imposter]
        assert text.count(wanted) == 1
    else:
        assert closing_section(text, lang) < text.index(wanted), "a ruling with no rule goes to the closing section"


@pytest.mark.parametrize("lang", LANGS)
def test_draco_rulings_of_the_template_are_marked(lang: str) -> None:
    """Decisions the Draco book words itself are this edition's: Brother John beside Zork or Aunt Sarah is answered
    under "Special cases", in the special characters' box (round 62: a box between the special characters' rules),
    not under Brother John's heading; gains and costs settled at once before the cup moves on stay beside the
    toast, in a ruling box before that closing section (readers of round 58: a player resolving a toast never
    reached it)."""
    deck = DECKS["draco"]
    markup = render_markup(deck, lang)
    jean, zork = deck.component("brother-john").name[lang], deck.component("zork").name[lang]
    sarah = deck.component("aunt-sarah").name[lang]
    under_jean = markup[markup.index(f"<h2>{jean}</h2>"):markup.index(f"<h2>{sarah}</h2>")]
    assert not ruling_boxes(under_jean), "Brother John's neighbours boxed between the special characters' rules"
    closing = markup.index(f"<h1>{SPECIAL[lang]}</h1>")
    boxes = [b for b in ruling_boxes(markup[closing:]) if zork in b and sarah in b and jean in b]
    assert len(boxes) == 1, "Brother John's neighbours not answered under Special cases"
    settled = norm(typography(deck.model.clarifications["cannot_pay"].text[lang], lang))
    run_in = settled[:1].lower() + settled[1:]
    boxed = [b for b in ruling_boxes(markup[:closing]) if settled in b or run_in in b]
    assert len(boxed) == 1, "settling gains and costs at once is not boxed beside the toast"


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w{4,}", html.unescape(re.sub(r"<[^>]+>", " ", text)).lower()))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", sorted(DECKS))
def test_no_two_ruling_boxes_say_the_same_thing(deck_id: str, lang: str) -> None:
    """Two boxes on one rule number (Draco long: the base's "not how many times" and the variant's "several
    times, no number") repeat each other: a book gives one (issue 36)."""
    deck = DECKS[deck_id]
    by_rule: dict[str, list[str]] = {}
    for kind, ruling in deck.model.rulings.items():
        for rule in ruling.rules:
            by_rule.setdefault(rule, []).append(kind)
    markup = render_markup(deck, lang)
    # the Questions design: every paragraph that holds a ruling stands for a box
    boxes = [t for _, t in blocks(markup)] if uses_questions(deck.game) else ruling_boxes(markup)
    for rule, kinds in nonempty(by_rule.items(), f"{deck_id}'s rulings by rule number"):
        printed = [b for b in boxes if any(norm(typography(deck.model.rulings[k].text[lang], lang))[:60] in b
                                          for k in kinds)]
        for i, a in enumerate(printed):
            for b in printed[i + 1:]:
                overlap = len(_words(a) & _words(b)) / max(1, min(len(_words(a)), len(_words(b))))
                assert overlap < 0.5, f"{deck_id}/{lang}: two boxes on {rule} say the same thing"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id,portions", [("king_lui", 2), ("king_lui-hungry-dragon", 3)])
def test_a_ruling_prints_the_rule_number_it_names(deck_id: str, portions: int, lang: str) -> None:
    """The drawn-Emerald ruling says how many portions the king needs: the variant's number, not a typed one."""
    deck = DECKS[deck_id]
    assert deck.rules.emerald_portions == portions
    boxes = ruling_boxes(render_markup(deck, lang))
    box = next(b for b in boxes if norm(filled(deck.model.rulings["emerald_from_hand"], lang,
                                              deck.model.rules.model_dump(mode="json"))[:25]) in b)
    assert "{" not in box
    assert re.search(rf"\b{portions}\W(portions|porzioni)\b", box), box


def test_a_ruling_that_prints_a_rule_it_does_not_list_is_refused(tmp_path) -> None:
    from cardgen.errors import InputError

    text = "{fr: \"au moins {emerald_portions}\", it: \"almeno {emerald_portions}\", en: \"at least {emerald_portions}\"}"
    bad = textwrap.dedent(f"""\
        extends: king_lui
        name: {{fr: "Essai", it: "Prova", en: "Trial"}}
        description: {{fr: "Une règle de plus.", it: "Una regola in più.", en: "One more rule."}}
        rulings:
          hungry:
            text: {text}
        """)
    with pytest.raises(InputError, match=r"prints \{emerald_portions\}, a rule number this ruling does not list"):
        throwaway_variant(tmp_path, "king_lui", "king_lui-trial", bad)


def test_a_ruling_naming_a_rule_that_is_not_a_number_prints_its_value(tmp_path) -> None:
    """A placeholder for a word-valued rule (Royale's noble side) is written as the value, not a traceback."""
    bad = textwrap.dedent("""\
        extends: royale
        name: {fr: "Essai", it: "Prova", en: "Trial"}
        description: {fr: "Une règle de plus.", it: "Una regola in più.", en: "One more rule."}
        rulings:
          side:
            rules: [noble_side]
            text: {fr: "Face {noble_side}.", it: "Lato {noble_side}.", en: "Side {noble_side}."}
        """)
    deck = throwaway_variant(tmp_path, "royale", "royale-trial", bad)
    assert any("Side unmasked." in b for b in ruling_boxes(render_markup(deck, "en")))


#: The notice that says what the boxes are, as each language prints it (written out by hand; round 25, en: "settle
#: points" read as score in games that count points)
NOTICE = {"fr": "tranchent des points que", "it": "risolvono punti che", "en": "settle questions the published"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", sorted(DECKS))
def test_the_boxes_are_explained_before_the_first_of_them(deck_id: str, lang: str) -> None:
    """Readers met a dozen "This edition's ruling" boxes before the one sentence saying what they are, on
    the last page (round 12): the sentence now comes once, before the first box (or the first marker of a
    Questions-design book, where it names both the marker and the closing section), in "The game in brief"."""
    markup = render_markup(DECKS[deck_id], lang)
    if uses_questions(DECKS[deck_id].game):
        first = markup.index(f"<i>{MARK[lang]}</i>")
        notice = markup.index(DECIDES[lang])
        said = norm(html.unescape(re.sub(r"<[^>]+>", " ", markup[notice:markup.index("</p>", notice)])))
        assert MARK[lang] in said and QUESTIONS[lang] in said, said
        assert markup.count(DECIDES[lang]) == 1 and NOTICE[lang] not in markup
    elif DECKS[deck_id].game == "draco":
        # round 62: the few rulings beside their rule are led by the label, the others answered at the end: the
        # sentence names both
        first = markup.index('<box kind="ruling"')
        notice = markup.index(DECIDES[lang])
        said = norm(html.unescape(re.sub(r"<[^>]+>", " ", markup[notice:markup.index("</p>", notice)])))
        assert BOX[lang] in said and SPECIAL[lang] in said, said
        assert markup.count(DECIDES[lang]) == 1 and NOTICE[lang] not in markup
    else:
        first = markup.index(f'<box kind="ruling" title="{html.escape(BOX[lang])}"')
        notice = markup.index(NOTICE[lang])
        assert markup.count(NOTICE[lang]) == 1
    assert notice < first, deck_id
    assert notice < markup.index("<h1>", markup.index("<h1>") + 1)  # within the first section
