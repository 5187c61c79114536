"""The Royale rulebook: every deck and variant renders in fr/it/en, numbers follow the data,
every noble of the side in play is listed, the solo book scores, the worked examples play as
the requirement checkers do, clarifications are boxed, spelling and own words."""
from __future__ import annotations

import html
import re
import textwrap
from functools import cache
from pathlib import Path

import pytest
from test_rulebook_support import ROOT, pdf_text, throwaway_variant
from test_rulebook_wording import copycheck, shared_runs
from test_spelling import unknown_words

from cardgen.games.royale import GAME
from cardgen.games.royale.checks import noble_face, role, universe
from cardgen.games.royale.require import DEAD, checker
from cardgen.model.deck import ResolvedDeck
from cardgen.resolve.resolve import resolve
from cardgen.rulebook.book import has_rulebook, render_rulebook, rulebook_text
from cardgen.rulebook.catalog import pot_path, read_catalog, translations
from cardgen.rulebook.context import build_context, typography
from cardgen.rulebook.templating import environment, render_markup, template_dirs
from cardgen.languages import SHIPPED
from nonempty import nonempty

LANGS = SHIPPED
DECKS = ("royale", "royale-masked", "royale-solo", "royale-short")

#: A variant changing the numbers the book prints; every expectation below follows from it.
VARIANT = textwrap.dedent("""\
    extends: royale
    name: {fr: "Royale : grand buffet", it: "Royale: gran buffet", en: "Royale: Grand Buffet"}
    description:
      fr: "Une desserte plus grande, un banquet plus long et un fantôme plus patient."
      it: "Un buffet più grande, un banchetto più lungo e un fantasma più paziente."
      en: "A bigger buffet, a longer banquet and a more patient ghost."
    rules:
      grid_rows: 4
      grid_cols: 4
      cards_per_take: 4
      packets: 4
      end_packet_setup: 4
      end_packet_reshuffle: 2
      end_card_draws: 3
      imposter_uses: 2
      solo_turns: 12
    """)


def norm(text: str) -> str:
    """Spaces collapsed (narrow and no-break spaces too), for comparing PDF text with catalog text."""
    return " ".join(text.split())


@cache
def msgids() -> tuple[object, ...]:
    """The messages a Royale book is made of: its own and the shared ones."""
    return tuple(dict.fromkeys(m.id for d in ("royale", "common") for m in read_catalog(pot_path(d)) if m.id))


def say(lang: str, start: str, count: int | None = None, **values: object) -> str:
    """The book's sentence whose English msgid starts with ``start``, translated and filled."""
    found = [m for m in msgids() if (m[0] if isinstance(m, tuple) else m).startswith(start)]
    assert len(found) == 1, f"{len(found)} messages start with {start!r}"
    tr = translations(lang, "royale")
    if isinstance(found[0], tuple):
        assert count is not None
        return norm(tr.ngettext(found[0][0], found[0][1], count) % {"count": count, **values})
    if count is not None:
        values["count"] = count
    return norm(tr.gettext(found[0]) % values)  # type: ignore[arg-type]


def bare(text: str) -> str:
    """A message as it reads in the PDF: inline tags removed."""
    return norm(re.sub(r"</?[a-z]+/?>", "", text))


@cache
def deck(name: str) -> ResolvedDeck:
    return resolve(name, ROOT)


def words(d: ResolvedDeck, lang: str) -> str:
    """The words of a rulebook from its markup (no page footers, no card pictures), spaces collapsed."""
    markup = re.sub(r"</?(b|i|u)>", "", render_markup(d, lang))
    return norm(html.unescape(re.sub(r"<[^>]+>", " ", markup)))


@cache
def book(name: str, lang: str) -> str:
    return words(deck(name), lang)


@cache
def pdf(name: str, lang: str) -> bytes:
    return render_rulebook(deck(name), lang, "a4")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", DECKS)
def test_every_book_typesets(name: str, lang: str) -> None:
    """The PDF is set: the book's name on its pages, and the book's last sentence on the last page."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf(name, lang))
    last = norm(doc[len(doc) - 1].get_textpage().get_text_range())
    assert norm(deck(name).model.name[lang]) in norm(pdf_text(pdf(name, lang)))
    assert len(last.split()) > 12, f"the last page holds only: {last!r}"


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> ResolvedDeck:
    """The test variant resolved in a throwaway copy of the project (no template edited)."""
    return throwaway_variant(tmp_path_factory.mktemp("project"), "royale", "royale-grand", VARIANT)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", DECKS)
def test_every_book_renders_with_its_chapters(name: str, lang: str) -> None:
    d = deck(name)
    assert has_rulebook(d)
    text = book(name, lang)
    for heading in ("Contents", "Setting up", "Playing a turn", "The nobles and their requests",
                    "End of the game", "Credits"):
        assert say(lang, heading) in text, heading
    solo_only = d.model.players.max == 1
    assert (say(lang, "Scoring") in text) != solo_only
    # the heading, not the words: the solo book names the masked book's solo chapter
    chapter = f"<h1>{say(lang, 'Playing alone')}</h1>"
    assert (chapter in norm(render_markup(d, lang))) == (d.model.players.min == 1 and not solo_only)
    differs = norm(translations(lang, "royale").gettext("What differs from the base game"))
    assert (differs in text) == (name != "royale")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", DECKS)
def test_every_noble_of_the_side_in_play_is_listed(name: str, lang: str) -> None:
    """Each noble's request on the side in play, as the rules package writes it, with its points."""
    d = deck(name)
    text = book(name, lang)
    side = d.rules.noble_side
    other = "masked" if side == "unmasked" else "unmasked"
    nobles = [c for c in d.model.components if role(c) == "noble"]
    assert len(nobles) == d.rules.nobles_per_player * len({c.data.owner for c in nobles})
    for c in nobles:
        face = noble_face(c, side)
        request = norm(typography(GAME.face_text(d, c, face, lang), lang))
        points = say(lang, "%(count)s point", count=face.points)
        assert f"{norm(face.title[lang])} {points} {request}" in text, (c.id, request)
        unused = norm(typography(GAME.face_text(d, c, noble_face(c, other), lang), lang))
        if unused not in request:  # the book's words, not its card pictures
            assert unused not in norm(rulebook_text(d, lang)), f"{c.id}: the {other} side is printed too"
    for icon in sorted({c.data.owner for c in nobles}):
        assert say(lang, "Nobles of letter %(icon)s", icon=icon) in text


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_follow_the_data(lang: str, variant: ResolvedDeck) -> None:
    """A variant's grid, packets, end-card draws, imposter uses and solo turns reach every language."""
    text = words(variant, lang)
    assert render_rulebook(variant, lang, "a4").startswith(b"%PDF")
    r = variant.rules
    where = norm(translations(lang, "royale").gettext("in position %(n)s from the top") % {"n": 2})
    bottom = norm(translations(lang, "royale").gettext("at the bottom"))
    expected = [
        say(lang, "Deal cards from the pile", rows=r.grid_rows, cols=r.grid_cols, count=r.grid_rows * r.grid_cols),
        say(lang, "Shuffle the %(count)s dish cards and deal them face down into %(packets)s packets of", count=72,
            packets=r.packets, each=72 // r.packets),  # 4 packets of 18: their size from the data (en20)
        say(lang, "<b>a row</b>", count=r.grid_cols),
        say(lang, "<b>a column</b>", count=r.grid_rows),
        say(lang, "<b>your imposter</b>", count=r.cards_per_take),
        say(lang, "You may use your imposter", count=r.imposter_uses),
        say(lang, "The game ends as soon as you have played", count=r.solo_turns),
        bare(say(lang, "<b>The last time</b>", count=r.end_card_draws)),
    ]
    for sentence in expected:
        assert bare(sentence) in text, sentence
    setup = bare(say(lang, "Shuffle the %(end)s card into one of the packets", end=variant.component("end-banquet")
                     .name[lang], where=bottom))
    assert setup in text
    assert where in text, "the reshuffle packet is named by its position"
    base = book("royale", lang)
    for sentence in expected[:2] + expected[5:7]:
        assert bare(sentence) not in base, "the base rulebook already had this sentence"


@pytest.mark.parametrize("lang", LANGS)
def test_variants_list_their_differences(lang: str) -> None:
    masked = book("royale-masked", lang)
    tr = translations(lang, "royale")
    side = norm(tr.gettext("Side of the nobles in play"))
    assert re.search(re.escape(side) + r"\W+" + re.escape(norm(tr.gettext("masked"))), masked)
    short = book("royale-short", lang)
    draws = norm(tr.gettext("Draws of the end card that end the banquet"))
    assert re.search(re.escape(draws) + r"\W+1\W", short)
    assert bare(say(lang, "As soon as it is drawn, the banquet is over")) in short
    assert bare(say(lang, "<b>The second time</b>")) not in short
    assert bare(say(lang, "<b>The second time</b>")) in book("royale", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_solo_book_has_the_score_bands(lang: str) -> None:
    d = deck("royale-solo")
    text = book("royale-solo", lang)
    assert d.rules.score_bands
    for band in d.rules.score_bands:
        span = f"{band.min}–{band.max}" if band.min != band.max else str(band.min)
        assert f"{span} {norm(band.title[lang])}" in text
    best = max(sum(noble_face(c, d.rules.noble_side).points for c in d.model.components
                   if role(c) == "noble" and c.data.owner == icon) for icon in "ABCD")
    assert say(lang, "Your score is the total points", count=best) in text
    assert say(lang, "The game ends as soon as you have played", count=d.rules.solo_turns) in text
    assert bare(say(lang, "Shuffle the %(count)s solo cards", count=9)) in text
    assert say(lang, "Players take turns clockwise") not in text, "a solo book speaks to one player"
    assert bare(say(lang, "Shuffle the %(count)s dish cards into one face-down stack", count=72,
                    end=d.component("end-banquet").name[lang])) in text


@pytest.mark.parametrize("lang", LANGS)
def test_clarifications_are_boxed(lang: str) -> None:
    """Every clarification of the deck is printed once, inside a box marked as this edition's ruling.

    The order conflict concerns a masked request: a book showing the unmasked side leaves it out.
    """
    label = {"fr": "Choix de cette édition", "it": "Scelta di questa edizione", "en": "This edition’s ruling"}[lang]
    section = {"fr": "Choix de cette édition", "it": "Scelte di questa edizione", "en": "This edition’s rulings"}[lang]
    for name in ("royale", "royale-masked"):
        d = deck(name)
        markup = render_markup(d, lang)
        # titled boxes in the flow, untitled ones under the closing "Questions" (issue 53 item 5)
        boxes = [norm(html.unescape(re.sub(r"<[^>]+>", " ", b))) for b in re.findall(
            r'<box kind="ruling"[^>]*>(.*?)</box>', markup, re.S)]
        assert set(re.findall(r'<box kind="ruling" title="([^"]*)">', markup)) <= {label, section}
        assert '<box kind="clarification"' not in markup
        solo_cards = sum(c.count for c in d.model.components if getattr(c.data, "role", None) == "solo")
        expected = {k: c for k, c in d.model.clarifications.items()
                    if not (k == "order_conflict" and d.rules.noble_side == "unmasked")
                    and not (k == "solo_pile_empty" and d.rules.solo_turns * d.rules.ghost_cards_per_turn <= solo_cards)
                    and k not in EMPTY_PILE}
        for kind, clar in expected.items():
            text = norm(typography(clar.text[lang], lang))
            assert sum(text in b for b in boxes) == 1, f"{name}: {kind} not in exactly one ruling box"
        if d.rules.noble_side == "unmasked":
            conflict = norm(typography(d.model.clarifications["order_conflict"].text[lang], lang))
            assert conflict not in norm(html.unescape(markup)), "the unmasked book names a masked noble"


@pytest.mark.parametrize("lang", LANGS)
def test_the_masked_order_conflict_is_boxed_beside_the_requests(lang: str) -> None:
    """Round 4 (all three readers): Isabella's order conflict sat alone on the masked book's last page, under a
    "Special cases" heading saying the published rules "leave it open". It is boxed under the nobles' reading
    key, before the first letter's table, in the same titled box as the other masked rulings; with nothing left
    to answer, the book prints no "Special cases" at all."""
    label = {"fr": "Choix de cette édition", "it": "Scelta di questa edizione", "en": "This edition’s ruling"}[lang]
    requests = {"fr": "Les nobles et leurs exigences", "it": "I nobili e le loro richieste",
                "en": "The nobles and their requests"}[lang]
    special = {"fr": "Cas particuliers", "it": "Casi particolari", "en": "Special cases"}[lang]
    letter = {"fr": "Nobles (A)", "it": "Nobili (A)", "en": "Player A’s nobles"}[lang]
    d = deck("royale-masked")
    markup = html.unescape(render_markup(d, lang))
    conflict = norm(typography(d.model.clarifications["order_conflict"].text[lang], lang))
    section = markup[markup.index(f"<h1>{requests}</h1>"):markup.index(letter)]
    boxes = [norm(re.sub(r"<[^>]+>", " ", b)) for b in re.findall(
        rf'<box kind="ruling" title="{label}">(.*?)</box>', section, re.S)]
    assert any(conflict in b for b in boxes), "the order conflict is not boxed beside the requests"
    assert f"<h1>{special}</h1>" not in markup, "an empty Special cases section is printed"


#: the box on an empty dish pile: printed only when the deck's numbers let the pile run out
EMPTY_PILE = ("pile_empty", "short_line", "nothing_to_take")


@pytest.mark.parametrize("lang", LANGS)
def test_the_empty_pile_box_only_when_the_pile_can_run_out(lang: str, tmp_path: Path) -> None:
    """Round 10: the shipped decks never empty their pile (the end card stays in it until the game ends;
    a solo game draws at most 63 of 72 dish cards), so their books carry no rule for it; a solo game long
    enough to empty it prints the box."""
    def texts(d: ResolvedDeck) -> list[str]:
        return [norm(typography(d.model.clarifications[k].text[lang], lang)) for k in EMPTY_PILE]
    for name in nonempty(DECKS):
        text = norm(html.unescape(render_markup(deck(name), lang)))
        assert not any(t in text for t in texts(deck(name))), f"{name}: a ruling for a pile that cannot run out"
    for vid, body in (("long-solo", "rules: {solo_turns: 13}\n"), ("grand", None),
                      ("no-end", "remove: [end-banquet]\n")):  # several players, no end card: the pile runs out
        (tmp_path / vid).mkdir()
        d = throwaway_variant(tmp_path / vid, "royale", vid, VARIANT if body is None else (
            f'extends: royale\nname: {{fr: "R", it: "R", en: "R"}}\ndescription: {{fr: "Essai.", it: "Prova.", en: "Test."}}\n'
            + body))
        text = norm(html.unescape(render_markup(d, lang)))
        assert all(t in text for t in texts(d)), f"{vid}: the pile can run out but the book says nothing"


def example_state(side: str) -> tuple[ResolvedDeck, dict[str, object]]:
    """The worked example of ``side`` as the template sets it (its top-level ``examples``)."""
    d = deck("royale-masked" if side == "masked" else "royale")
    env = environment("en", tuple(template_dirs(d.project)), "royale")
    module = env.get_template("royale.j2").make_module(build_context(d, "en").as_dict())
    return d, module.examples[side]  # type: ignore[attr-defined]


@pytest.mark.parametrize("side", ["unmasked", "masked"])
def test_worked_example_plays_as_the_checkers(side: str) -> None:
    """Each card placed in the example does what the text says: keeps, meets or spoils the request."""
    d, ex = example_state(side)
    uni = universe(d)
    comps = {c.id: c for c in d.model.components}

    def code(chk: object, card: str) -> int:
        c = comps[card]
        return chk.code(c.data.dish, c.faces[0].value)  # type: ignore[attr-defined]

    held = {noble: list(cards) for noble, cards in ex["before"]}  # type: ignore[union-attr]
    checkers = {n: checker(noble_face(comps[n], d.rules.noble_side).data, uni) for n in held}
    states = {}
    for noble, cards in held.items():
        sid = checkers[noble].run(code(checkers[noble], c) for c in cards)
        assert sid != DEAD and checkers[noble].need[sid] > 0, f"{noble} starts dead or already met"
        states[noble] = sid
    row = ex["buffet"][ex["row"] - 1]  # type: ignore[index]
    assert sorted(p[0] for p in ex["plays"]) == sorted(row), "the cards placed are the row taken"  # type: ignore[union-attr]
    all_cards = [c for line in ex["buffet"] for c in line] + [c for cs in held.values() for c in cs]  # type: ignore[union-attr]
    assert len(set(all_cards)) == len(all_cards), "a card appears twice"
    for card, noble, outcome in ex["plays"]:  # type: ignore[union-attr]
        chk = checkers[noble]
        sid = chk.step(states[noble], code(chk, card))
        got = "clear" if sid == DEAD else "met" if chk.need[sid] == 0 else "keep"
        assert got == outcome, f"{card} under {noble}: {got}, the example says {outcome}"
        if outcome == "clear":
            for other, other_chk in checkers.items():  # it fits none of the nobles still open
                if other != noble and states[other] != DEAD and other_chk.need[states[other]] != 0:
                    assert other_chk.step(states[other], code(other_chk, card)) == DEAD, other
            held[noble], states[noble] = [], 0
        else:
            held[noble].append(card)
            states[noble] = sid
    if side == "unmasked":
        baron = next(p[1] for p in ex["plays"] if p[2] == "keep")  # type: ignore[union-attr]
        chk = checkers[baron]
        assert chk.need[chk.step(states[baron], code(chk, ex["fourth"]))] == 0  # type: ignore[arg-type]
        discard = {c for n, cs in held.items() for c in cs if states[n] != DEAD and checkers[n].need[states[n]] == 0}
        discard |= {p[0] for p in ex["plays"] if p[2] == "clear"}  # type: ignore[union-attr]
        for noble in ex["cleared"]:  # type: ignore[union-attr]
            chk = checkers[noble]
            others = [c for c in comps if role(comps[c]) == "dish" and c not in held[noble]]
            meets = sorted(c for c in others if chk.step(states[noble], code(chk, c)) not in (DEAD,)
                           and chk.need[chk.step(states[noble], code(chk, c))] == 0)
            fits = GAME.book_examples(d, lambda _players: None)["completing"](noble, held[noble])  # type: ignore[misc]
            assert meets == sorted(fits), (meets, fits)
            # read 11 (en4): some of them have just gone to the discard pile, and the text must name those too
            gone = [c for c in meets if c in discard]
            assert gone and len(gone) < len(meets), (gone, meets)
            assert gone == ["abundance-8", "drink-8"], gone  # the 8s, 3 + 5: the book names them (next test)
    else:
        first, second = ex["plays"][0][0], ex["plays"][1][0]  # type: ignore[index]
        noble = ex["plays"][0][1]  # type: ignore[index]
        chk = checkers[noble]
        start = chk.run(code(chk, c) for c in dict(ex["before"])[noble])  # type: ignore[arg-type]
        assert chk.step(chk.step(start, code(chk, second)), code(chk, first)) == DEAD, "the other order survives"


@pytest.mark.parametrize("lang", LANGS)
def test_worked_example_is_printed(lang: str) -> None:
    for name, side in (("royale", "unmasked"), ("royale-masked", "masked")):
        _, ex = example_state(side)
        text = book(name, lang)
        assert say(lang, "Example of a turn") in text
        assert bare(say(lang, "<b>You take row %(row)s</b>", row=ex["row"], cards="")).split(":")[0] in text


@pytest.mark.parametrize("lang", LANGS)
def test_spelling_of_every_royale_book(lang: str, variant: ResolvedDeck) -> None:
    text = "\n".join(rulebook_text(deck(name), lang) for name in DECKS) + rulebook_text(variant, lang)
    unknown = unknown_words(text, lang)
    assert not unknown, f"unknown {lang} words: {', '.join(unknown)}"


@pytest.mark.parametrize("lang", LANGS)
def test_typography(lang: str) -> None:
    for name in nonempty(DECKS):
        text = book(name, lang)
        assert "'" not in text and '"' not in text, f"{name}: straight quotes"
        if lang == "fr":  # a narrow no-break space before : ; ! ? » and after «
            raw = pdf_text(pdf(name, lang))
            wrong = re.findall(r"\w.?[:;!?»]", raw) + re.findall(r"«[^\u202f]", raw)
            wrong = [w for w in wrong if "\u202f" not in w]
            assert not wrong, f"{name}: {wrong[:5]}"


def test_rulebooks_are_in_our_own_words() -> None:
    cc = copycheck()
    seeds: set[tuple[str, ...]] = set()
    for seed in (ROOT.parent / "shared" / "seeds").glob("*.txt"):
        seeds |= cc.shingles(cc.words(seed.read_text("utf-8", errors="replace")))  # type: ignore[attr-defined]
    for name in nonempty(DECKS):
        for lang in LANGS:
            runs = shared_runs(book(name, lang), cc, seeds)
            assert not runs, f"{name} {lang} repeats a seed text: {runs[:3]}"
    for path in nonempty([ROOT / "templates" / "rulebook" / "royale.j2", pot_path("royale")] + [
            Path(p) for p in sorted((ROOT / "cardgen" / "rulebook" / "locale").glob("*/LC_MESSAGES/royale.po"))]):
        assert not shared_runs(path.read_text("utf-8"), cc, seeds), path.name


#: Rule sets the shipped decks do not use; each book must still read right in every language.
ODD_RULES = {
    "no-solo": "rules: {solo: false, voluntary_clearing: false}",
    "diagonals": "rules: {take_shapes: [row, column, diagonal], imposter_slide: true, imposter_rotations: [0]}",
    "no-imposter": "rules: {imposter_uses: 0}",
    "one-packet": "rules: {packets: 1, end_packet_setup: 1, end_packet_reshuffle: 1}",
    "solo-end-card": "players: {min: 1, max: 1}\nrules: {solo_end_card: true, ghost_cards_per_turn: 2}",
}


@pytest.fixture(scope="module")
def odd_decks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ResolvedDeck]:
    project = tmp_path_factory.mktemp("odd")
    (project / "decks").mkdir()
    (project / "decks" / "royale.yaml").write_text((ROOT / "decks" / "royale.yaml").read_text("utf-8"), "utf-8")
    (project / "variants" / "royale").mkdir(parents=True)
    for key, body in ODD_RULES.items():
        (project / "variants" / "royale" / f"odd-{key}.yaml").write_text(
            f'extends: royale\nname: {{fr: "R {key}", it: "R {key}", en: "R {key}"}}\n'
            f'description: {{fr: "Essai.", it: "Prova.", en: "Test."}}\n{body}\n', "utf-8")
    return {key: resolve(f"odd-{key}", project) for key in ODD_RULES}


@pytest.mark.parametrize("lang", LANGS)
def test_unusual_rule_numbers_read_right(lang: str, odd_decks: dict[str, ResolvedDeck]) -> None:
    tr = translations(lang, "royale")
    texts = {key: words(d, lang) for key, d in odd_decks.items()}
    for key, text in texts.items():
        assert "True" not in text and "False" not in text, f"{key}: a yes/no rule printed raw"
    # the variant's table: the rule, its value in the variant, its value in the base game
    assert f"{norm(tr.gettext('Solo mode against the ghost'))} {norm(tr.gettext('no'))} {norm(tr.gettext('yes'))}" \
        in texts["no-solo"]
    assert say(lang, "Playing alone") not in texts["no-solo"]
    assert say(lang, "Clearing by choice") not in texts["no-solo"]
    assert bare(say(lang, "<b>a diagonal</b>", count=3)) in texts["diagonals"]
    assert norm(tr.gettext("diagonals")) in texts["diagonals"]
    assert bare(say(lang, "You may shift the pattern")) in texts["diagonals"]
    assert bare(say(lang, "<b>your imposter</b>", count=3)) not in texts["no-imposter"]
    assert say(lang, "Take a row or a column of the buffet.") in texts["no-imposter"]
    one = odd_decks["one-packet"]
    assert bare(say(lang, "Shuffle the %(count)s dish cards together with", count=72,
                    end=one.component("end-banquet").name[lang])) in texts["one-packet"]
    solo = odd_decks["solo-end-card"]
    assert bare(say(lang, "On the ghost’s turn", count=2, cells=solo.rules.ghost_cells)) in texts["solo-end-card"]
    assert say(lang, "The %(end)s card is in the pile as in a game",
               end=solo.component("end-banquet").name[lang]) in texts["solo-end-card"]


def _variant_rows(name: str, lang: str) -> list[tuple[str, str, str]]:
    """The rows of a variant book's table of changes: (what, in this variant, base game), tags removed."""
    markup = render_markup(deck(name), lang)
    table = markup.split("<table", 2)[1]  # the first table of a variant book is its table of changes
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", table.split("</table>")[0], re.S)
    return [tuple(norm(html.unescape(re.sub(r"<[^>]+>", "", c))) for c in row) for row in rows]  # type: ignore[misc]


def test_the_solo_book_s_table_shows_what_a_solo_game_changes() -> None:
    """Issue 36: the solo book's table held one row, "Maximum number of players 1 | 4"; the ghost, the
    nine turns and the scale were only in prose. The players read as the cover gives them, one row."""
    solo = deck("royale-solo")
    rows = _variant_rows("royale-solo", "en")
    assert rows[0] == ("Players", "1 player", "1–4 players")
    turns, draws = solo.model.rules.solo_turns, deck("royale").model.rules.end_card_draws
    # both ends in both columns (round 12: each column gave only one)
    # round 4, en reader: "drawn 2 times" reads "drawn for the second time" when the base game ends on the second
    drawn = "is drawn for the second time" if draws == 2 else f"has been drawn {draws} times"
    assert ("End of the game", f"after {turns} turns, or as soon as you satisfy all your nobles",
            f"when the End of the Banquet card {drawn}, or as soon as a player satisfies all "
            "their nobles") in rows
    assert ("The End of the Banquet card", "left in the box", "in the draw pile") in rows
    for lang in ("fr", "it"):
        other = _variant_rows("royale-solo", lang)
        assert len(other) == len(rows) and any(str(turns) in r[1] for r in other)
    # a variant that changes no player count has no players row
    assert all(r[0] != "Players" for r in _variant_rows("royale-masked", "en"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_variant_s_own_cover_line_replaces_the_game_s(lang: str) -> None:
    """The solo book's cover said "before the banquet ends", in a game with no End of the Banquet card."""
    solo, masked, base = deck("royale-solo"), deck("royale-masked"), deck("royale")
    assert solo.model.tagline is not None and masked.model.tagline is None
    subtitle = re.compile(r"<subtitle>(.*?)</subtitle>", re.S)
    assert norm(subtitle.search(render_markup(solo, lang)).group(1)) == norm(typography(solo.model.tagline[lang], lang))
    assert norm(subtitle.search(render_markup(masked, lang)).group(1)) == norm(typography(base.model.description[lang], lang))


#: the spent imposter's mark, as the published text gives it (the card turned a quarter), in each language
#: one gesture, one wording: the spent imposter is turned as a satisfied noble is (read 9, fr8)
SPENT = {"fr": "faites pivoter la carte d’un quart de tour", "it": "metti di traverso la sua carta",
         "en": "turn the card sideways"}
#: the pattern's turns, said of the pattern, never of the card (French round-6 read: one gesture for two things)
#: read 11 (fr6): the French reads the turned pattern, "sans tourner la carte", so the one quarter turn marks it spent
TURNED = {"fr": "lire son motif tourné de", "it": "usare il suo schema ruotato di", "en": "use its pattern turned by"}


@pytest.mark.parametrize("lang", LANGS)
def test_turning_the_imposter_card_only_marks_it_spent(lang: str) -> None:
    text = norm(html.unescape(re.sub(r"<[^>]+>", " ", render_markup(deck("royale"), lang))))
    assert TURNED[lang] in text
    assert lang != "fr" or "sans tourner la carte" in text[text.index(TURNED[lang]):][:80]
    assert SPENT[lang] in text, "the spent mark left the book"
    assert {"fr": "couchez", "it": "gira la sua carta di traverso", "en": "lay the card"}[lang] not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_book_names_the_masked_book_and_its_solo_chapter(lang: str) -> None:
    """Round 12 (it): the solo book sent the masked side to "a rulebook of its own", unnamed. It names the
    masked book by the masked variant's own name, and that book's solo chapter, which it really has."""
    masked = deck("royale-masked")
    title = norm(typography(masked.model.name[lang], lang))
    chapter = norm(translations(lang, "royale").gettext("Playing alone"))
    solo = book("royale-solo", lang)
    assert title in solo and chapter in solo
    assert f"<h1>{chapter}</h1>" in norm(render_markup(masked, lang)), "the masked book has no solo chapter"
    for name in ("royale", "royale-short"):
        assert title in book(name, lang), f"{name} does not name the masked book"


@pytest.mark.parametrize(("lang", "said", "held"), [
    ("fr", "sous le Baron", "Le Baron"), ("it", "sotto il Barone", "Il Barone"), ("en", "under the Baron", "The Baron")])
def test_the_example_names_a_noble_with_its_article_in_lower_case(lang: str, said: str, held: str) -> None:
    """The worked example's nobles inside its sentences: "under the Baron", the card's title "The Baron" (the
    articles are cardgen/text.json's, shared with the playtest page's moves, #53)."""
    from cardgen.resolve.resolve import resolve
    from cardgen.rulebook.book import rulebook_text

    text = rulebook_text(resolve("royale", ROOT), lang)
    assert said in text
    assert not re.search(rf"(?:under|sous|sotto) {re.escape(held)}", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_credits_name_the_game_s_other_title(lang: str) -> None:
    """Round 4, en reader: a buyer may know Royale as Party at Louis (the seed's second title): the credits say
    so, in italics, after the first publication; a game with no other title (King Lui) says nothing of it."""
    said = {"fr": "également publié sous le titre", "it": "noto anche come", "en": "also published as"}[lang]
    credits = {"fr": "Crédits", "it": "Crediti", "en": "Credits"}[lang]
    royale = render_markup(deck("royale"), lang)
    assert f"{said} <i>Party at Louis</i>" in royale[royale.index(f"<h1>{credits}</h1>"):]
    assert said not in render_markup(resolve("king_lui", ROOT), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_book_gathers_the_published_solo_rules(lang: str) -> None:
    """Round 4, en reader: the solo game is published (the base book's "Playing alone"): the solo book says it
    gathers those rules, naming that chapter, and not that it is a variant "with the changes below"; a house
    variant (Light Supper) keeps the variant's sentence."""
    # read 9 (en19, fr28): not "published rules" (the chapter holds this edition's rulings too), no dangling "their"
    gathers = {"fr": "reprend dans un livret à part le jeu en solitaire",
               "it": "raccoglie in un regolamento a sé la partita in solitario",
               "en": "is the chapter"}[lang]  # read 11 en23: "…, expanded into a book of its own"
    chapter = {"fr": "Jouer en solitaire", "it": "Giocare in solitario", "en": "Playing alone"}[lang]
    variant = {"fr": "est une variante du jeu Royale", "it": "è una variante di Royale",
               "en": "is Royale with the changes below"}[lang]
    solo, short = (" ".join(html.unescape(re.sub(r"<[^>]+>", "", render_markup(deck(name), lang))).split())
                   for name in ("royale-solo", "royale-short"))
    assert gathers in solo and chapter in solo[solo.index(gathers):][:300]
    assert {"fr": "règles publiées du jeu en solitaire", "it": "regole pubblicate della partita",
            "en": "solo rules published"}[lang] not in solo
    assert variant not in solo and variant in short


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_book_sets_its_title_as_the_variant_books_do(lang: str) -> None:
    """Read 11, it28: "Royale: in solitario raccoglie…" read as a sentence opening "Royale:"; the solo book's
    opening sentence sets its own title as a variant book's opening sets its own (Italian: «…» around the
    bold name; French and English: the bold name alone), the same marks on either side of the name."""
    def around(name: str) -> tuple[str, str]:
        markup = html.unescape(render_markup(deck(name), lang))
        title = html.unescape(deck(name).model.name[lang])
        at = markup.index(f"<b>{title}</b>")  # the first bold title: the opening sentence's subject
        return markup[at - 1], markup[at + len(title) + 7]
    assert around("royale-solo") == around("royale-short")
    assert around("royale-solo")[0] == ("«" if lang == "it" else ">")


@pytest.mark.parametrize("lang", LANGS)
def test_each_letter_s_nobles_table_is_kept_whole_and_a_dish_name_never_breaks(lang: str) -> None:
    """Round 4, en reader: Letter C's table ran over a page turn and Letter D's last row stood alone at the top
    of a column: no letter's table may break between its rows. And "Main / course 6" broke a card's name
    over two lines: in the worked example a two-word dish type is joined by a no-break space."""
    letter = {"fr": "Nobles (", "it": "Nobili (", "en": "Player "}[lang]
    main = {"fr": "Plat de résistance", "it": "Portata principale", "en": "Main course"}[lang]
    for name in DECKS:
        markup = render_markup(deck(name), lang)
        tables = re.findall(r"<table([^>]*)>\s*<tr><th>" + re.escape(letter), markup)
        assert len(tables) == 4 and not any("breaks" in t for t in tables), f"{name}: a letter's table may break"
    example = html.unescape(render_markup(deck("royale-masked"), lang))
    assert main.replace(" ", "\u00a0") + "\u202f6" in example and main + "\u202f6" not in example


def test_the_solo_book_pictures_its_imposters_and_ghost_cards_once() -> None:
    """Round 4 (en, it readers): the solo book's contents gallery ran onto page 2 and showed an imposter and a
    solo card that the set-up and the turn picture again in full: there, and only there, they are shown (the
    ghost's pile once more as its back). The base book's contents gallery keeps one of each."""
    def count(name: str, role: str) -> int:
        d = deck(name)
        by_id = {c.id: getattr(c.data, "role", None) for c in d.model.components}
        return [by_id.get(i) for i in re.findall(r'<card component="([^"]+)"', render_markup(d, "en"))].count(role)

    def copies(role: str) -> int:
        return sum(c.count for c in deck("royale").model.components if getattr(c.data, "role", None) == role)

    assert count("royale-solo", "imposter") == copies("imposter")
    assert count("royale-solo", "solo") == copies("solo") + 1  # each ghost card, then the pile's back
    assert count("royale", "imposter") == copies("imposter") + 1  # the contents' one, then each imposter


@pytest.mark.parametrize("name", ["royale-short", "royale-solo"])
def test_the_impossibility_box_is_kept_whole(name: str) -> None:
    """Round 4: once the Light Supper book moved, its impossibility box (when a request is impossible, the face-up
    discard pile, and this book's discard pile that never returns) broke over a page turn, its last paragraph
    alone under a second title: the box is marked whole in every language."""
    d = deck(name)
    for lang in nonempty(LANGS, "the languages"):
        first = norm(typography(d.model.rulings["impossible_request"].text[lang], lang)) if "impossible_request" in \
            d.model.rulings else None
        markup = html.unescape(render_markup(d, lang))
        boxes = re.findall(r'<box kind="ruling"([^>]*)>(.*?)</box>', markup, re.S)
        held = [attrs for attrs, body in boxes if first and first in norm(re.sub(r"<[^>]+>", " ", body))]
        assert held == [held[0]] and 'whole="yes"' in held[0], f"{name}/{lang}: the box may break"


@pytest.mark.parametrize("lang", LANGS)
def test_the_imposter_text_says_every_turn_the_card_allows_and_the_box_why(lang: str) -> None:
    """Read 6 (en10, fr7, it15): the text listed the published 90° and 180°, the box added 270° and the card said
    all three: one rule said three ways. The text now states the rule as played, every turn of the data (as the
    card does); the ruling box beside it says why 270° is there."""
    text = book("royale", lang)
    assert deck("royale").rules.imposter_rotations == [0, 90, 180, 270]
    tr = translations(lang, "royale")
    or_word = norm(tr.gettext("You may also use its pattern turned by %(angles)s.") % {"angles": "@"})
    said = list(re.findall(re.escape(or_word).replace("@", "(.{1,30}?)"), text))
    assert len(said) == 1 and all(a in said[0] for a in ("90", "180", "270")), said
    box = norm(typography(deck("royale").model.rulings["imposter_quarter_turn_either_way"].text[lang], lang))
    assert box in text and text.index(box) > text.index(said[0]), "the box follows the rule it explains"


@pytest.mark.parametrize("lang", LANGS)
def test_a_masked_book_shows_the_masked_side_of_its_noble_first(lang: str) -> None:
    """Round 5 (en and it readers): the Masked Ball book opened its nobles on the unmasked Duchess. A masked book
    pictures the noble's masked side first and says the unmasked one is not used; the base book keeps the
    unmasked side first."""
    unused = {"fr": "non utilisée dans ce livret", "it": "non usato in questo regolamento",
              "en": "not used in this book"}[lang]
    for name, masked_first in (("royale-masked", True), ("royale", False)):
        d = deck(name)
        noble = next(c.id for c in d.model.components if role(c) == "noble")
        cards = re.findall(rf'<card component="{re.escape(noble)}"([^>]*)>([^<]*)', render_markup(d, lang))
        assert len(cards) == 2, f"{name}: {cards}"
        assert ('back="yes"' in cards[0][0]) is masked_first, f"{name}: {cards}"
        assert (unused in html.unescape(cards[1][1])) is masked_first, f"{name}: {cards}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_book_shows_its_example_of_a_turn_before_the_end_of_the_game(lang: str) -> None:
    """Read 6 (en19, en23): the Light Supper and Solo books printed the example of a turn after the end of the
    game, the scoring and the tie, the base and masked books before them. Every book now plays the example
    before the rules that end the game, but the Solo book: there the end is a few lines and the score scale, set
    before the example so that the example opens a page and is read whole on it (read 9, en20/it35: split over
    a page turn, or over a spread, it was not read as one)."""
    example, end = say(lang, "Example of a turn"), say(lang, "End of the game")
    for name in nonempty(DECKS):
        markup = render_markup(deck(name), lang)
        assert f"<h1>{example}</h1>" in markup, name
        before = markup.index(f"<h1>{example}</h1>") < markup.index(f"<h1>{end}</h1>")
        assert before is (name != "royale-solo"), name
        if name == "royale-solo":  # nothing but the credits after the example: the scale is not left behind it
            assert markup.index(f"<h1>{example}</h1>") > markup.index(say(lang, "Your title")), name


@pytest.mark.parametrize("lang", LANGS)
def test_the_solo_summary_is_a_round_with_the_ghost_first(lang: str) -> None:
    """Read 6 (en25, fr19): the solo book's "Your turn at a glance" ended "Then the ghost plays", though the ghost
    plays first in each round and not after your last turn. Alone, the box sums up a round, the ghost's turn
    first; with several players it stays "Your turn at a glance", with no ghost."""
    ghost = bare(say(lang, "The ghost plays first: turn"))
    for name, title in (("royale-solo", say(lang, "A round at a glance")), ("royale", say(lang, "Your turn at a glance"))):
        box = re.search(r'<box kind="summary" title="([^"]*)">(.*?)</box>', render_markup(deck(name), lang), re.S)
        assert box and html.unescape(box.group(1)) == title, name
        items = [bare(html.unescape(i)) for i in re.findall(r"<li>(.*?)</li>", box.group(2), re.S)]
        assert (items[0] == ghost) is (name == "royale-solo") and sum(i == ghost for i in items) <= 1, items


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_says_why_the_discard_pile_is_left_aside(lang: str) -> None:
    """Read 6 (fr6): the example left the discard pile aside though it counts for an impossible request. It now
    says why: its cards come back only with a rebuilt pile (the base book) or never (a Light Supper, a solo
    game, whose pile is never rebuilt)."""
    rebuilt = bare(say(lang, "The cards in the discard pile come back", count=2, hope="@")).split("@")[0]
    never = bare(say(lang, "The cards in the discard pile never", count=2, hope="@")).split("@")[0]
    for name, comes_back in (("royale", True), ("royale-short", False), ("royale-solo", False)):
        text = book(name, lang)
        assert (rebuilt in text, never in text) == (comes_back, not comes_back), name


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_names_the_cards_just_discarded_that_would_meet_the_request(lang: str) -> None:
    """Read 11 (en4): the clearing by choice named only a 2 as the card that could still meet the Marquis (3 and
    5), and a reader thought the book forgot 3 + 5. It now says first that the two 8s would meet it too but have
    just gone to the discard pile, then which cards are left, in every book that prints the example."""
    gone = say(lang, "%(gone)s would also complete", count=2, gone="@").split("@")[1]
    for name, how in (("royale", "come back"), ("royale-short", "never"), ("royale-solo", "never")):
        left = bare(say(lang, f"The cards in the discard pile {how}", count=2, hope="@")).split("@")
        text = norm(book(name, lang))
        at = text.index(gone)
        assert re.findall(r"\b8\b", text[max(0, at - 60):at]) == ["8", "8"], (name, text[at - 60:at])
        start = text.index(left[0], at)
        hope = text[start + len(left[0]):text.index(left[1][:20], start)]
        assert re.findall(r"\d+", hope) == ["2", "2"], (name, hope)


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_of_a_turn_follows_every_table_of_requests(lang: str) -> None:
    """Read 8 (en28, fr22, fr25): in the Light Supper and Solo books the example of a turn came before the nobles'
    chapter; moved to the next page, it was set between the letter A table and the others, and it used nobles the
    book had not yet described. In every book it now follows the chapter and its last table."""
    example, chapter = say(lang, "Example of a turn"), say(lang, "The nobles and their requests")
    for name in nonempty(DECKS):
        markup = html.unescape(render_markup(deck(name), lang))
        tables = [m.start() for m in re.finditer(r"<table widths=\"4,9\">", markup)]
        assert len(tables) == 4, name  # one table of requests per player letter
        assert markup.index(f"<h1>{chapter}</h1>") < tables[-1] < markup.index(f"<h1>{example}</h1>"), name


def exact(lang: str, msgid: str) -> str:
    """The translation of the book's message ``msgid`` itself (a title that starts other messages too)."""
    assert msgid in msgids()
    return norm(translations(lang, "royale").gettext(msgid))


def _example_boxes(name: str, lang: str) -> list[tuple[str, str, str]]:
    """The example boxes of a book's example of a turn: (title, attributes after it, text)."""
    markup = html.unescape(render_markup(deck(name), lang))
    return [(t, attrs, bare(body)) for t, attrs, body in
            re.findall(r'<box kind="example" title="([^"]*)"([^>]*)>(.*?)</box>', markup, re.S)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_and_the_ghosts_turn_are_boxes_of_their_own_never_broken(lang: str) -> None:
    """Read 8 (it8, it11, fr21, fr23, fr26, en9): the "Your turn" box broke across the columns under its title
    repeated; in the Solo book its second half, the ghost's turn, stood under "Your turn". The turn is one box
    that never breaks, and in the Solo book the ghost's turn follows in a box under its own title."""
    # the example's boxes are not titled as the rules' own headings (read 9, it37)
    turn, ghost = exact(lang, "Your turn in this example"), exact(lang, "The ghost’s turn in this example")
    assert exact(lang, "Your turn") not in (t for name in nonempty(DECKS) for t, _, _ in _example_boxes(name, lang))
    ghost_plays = bare(say(lang, "Then the ghost plays. Suppose you turn over the solo card that marks row",
                           count=1, row=1, cards="@")).split(":")[0].strip()  # up to the cells it names
    for name in nonempty(DECKS):
        boxes = _example_boxes(name, lang)
        titles = [t for t, _, _ in boxes]
        assert titles.count(turn) == 1, (name, titles)
        _, attrs, text = boxes[titles.index(turn)]
        assert "breaks" not in attrs and ghost_plays not in text, name
        if name == "royale-solo":
            assert titles[titles.index(turn) + 1] == ghost, titles
            assert boxes[titles.index(ghost)][2].startswith(ghost_plays), name
        else:
            assert ghost not in titles, name


def test_the_cleared_noble_of_the_example_is_him_as_the_validated_one() -> None:
    """Read 8 (en6): the English example said "discard the 3 cards under him" of the Viscount, then of the Marquis
    "all the cards under them go to the discard pile, and ... you can serve them from scratch": two pronouns for
    two noblemen, and "them" could be the cards. Both are "him" now, and the new start says no "serving", a term
    the book defines (a group of cards within a request). French (fr5): "reprendre son service à
    zéro" used "service", a term the book defines as a group of cards within a request; it now says "le servir"."""
    for name in ("royale", "royale-short", "royale-solo"):
        example = next(text for title, _, text in _example_boxes(name, "en") if title == exact("en", "Your turn in this example"))
        assert "cards under him go to the discard pile" in example and "giving him cards again" in example, name
        assert "under them" not in example and "serve them" not in example, name
        example = next(text for title, _, text in _example_boxes(name, "fr") if title == exact("fr", "Your turn in this example"))
        # read 11: "le resservir", shorter, so that the 8s just discarded fit in the Solo book's page (en4)
        assert "vous pourrez le resservir" in example and "service à zéro" not in example, name


def _plain(name: str, lang: str) -> str:
    """The book's markup as running text: tags dropped, entities read, spaces folded."""
    return norm(html.unescape(re.sub(r"<[^>]+>", " ", render_markup(deck(name), lang))))


@pytest.mark.parametrize("lang", LANGS)
def test_one_word_per_action_and_no_circular_order_sentence(lang: str) -> None:
    """Read 9. fr7: the ghost discards from the buffet, a noble is cleared: two actions, two words, so the ghost's
    lines use the word of the discard pile, never the clearing word. fr25/it30: the masked book said the order
    counts where it says the order counts; it now says what the label asks. it29: in the masked example a
    request is "esaudita", never "soddisfatta" (a noble is satisfied once all cards are placed)."""
    clearing = {"fr": "débarrass", "it": "sparecchi", "en": "clears dishes"}[lang]
    ghost = {"fr": "il ne fait que défausser des plats de la desserte",
             "it": "si limita a scartare piatti dal buffet", "en": "it only discards dishes from the buffet"}[lang]
    for name in ("royale", "royale-solo", "royale-masked"):
        text = _plain(name, lang)
        assert ghost in text, name
        start = text.index(ghost)
        assert clearing not in text[start - 200:start + 200], name
    solo = deck("royale-solo")
    for words in (solo.model.description[lang], solo.model.tagline[lang]):
        assert clearing not in words and "clears the buffet" not in words
    masked = _plain("royale-masked", lang)
    label = exact(lang, "Play order counts")
    assert masked.count(f"{label}") >= 2
    circular = {"fr": "L’ordre de pose compte pour les exigences marquées",
                "it": "L’ordine di gioco conta nelle richieste con la dicitura",
                "en": "The order of play matters for the requests marked"}[lang]
    assert circular not in masked
    if lang == "it":
        example = next(text for title, _, text in _example_boxes("royale-masked", lang)
                       if title == exact(lang, "Your turn in this example"))
        assert "richiesta è soddisfatta" not in example and example.count("esaudita") == 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_revealed_solo_card_is_set_aside_as_this_edition_s_ruling(lang: str) -> None:
    """Read 9 (it10): the published solo rules turn a solo card over each turn and say no more of it; the books
    that teach the ghost's turn say, in a box of this edition's rulings, that it is set aside face up."""
    ruling = norm(typography(deck("royale").model.rulings["solo_card_spent"].text[lang], lang))
    label = exact(lang, "This edition’s ruling")
    for name in ("royale", "royale-solo", "royale-masked"):
        boxes = re.findall(r'<box kind="ruling" title="([^"]*)"[^>]*>(.*?)</box>', render_markup(deck(name), lang), re.S)
        titled = [html.unescape(title) for title, body in boxes
                  if ruling in norm(html.unescape(re.sub(r"<[^>]+>", " ", body)))]
        assert titled == [label], (name, titled)
    assert ruling not in _plain("royale-short", lang)


def test_english_names_a_player_s_nobles_and_their_line_of_cards_plainly() -> None:
    """Read 9: "Nobles of letter A" (en5) is "Player A’s nobles"; the cards under a noble are the noble's line of
    cards, not a "column" (en6), the buffet's word; the solo pile is not split into "packets" (en4), the word
    the book uses nowhere else."""
    for name in ("royale", "royale-solo", "royale-masked", "royale-short"):
        text = _plain(name, "en")
        assert "letter A" not in text and "Player A’s nobles" in text, name
        assert "noble’s column" not in text and "end of the noble’s line of cards" in text, name  # book round 29 it4*
        assert "packets" not in text, name


@pytest.mark.parametrize("deck_id", ["royale", "royale-short", "royale-solo"])
def test_the_french_books_clear_a_nobles_dishes_never_the_noble(deck_id: str) -> None:
    """Read 11 fr5: "débarrasser ce noble" reads first as getting rid of the noble card; the book's term is
    clearing the noble's dishes ("débarrasser les plats d'un noble"), in the example and in the ruling alike."""
    text = " ".join(render_markup(resolve(deck_id, ROOT), "fr").split())
    assert "vous débarrassez aussi ses plats de votre plein gré" in text
    assert "vous devez aussitôt débarrasser ses plats" in text
    assert "débarrassez aussi ce noble" not in text and "aussitôt le débarrasser" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_an_abundance_may_open_or_close_a_request_that_names_both_ends_type(lang: str) -> None:
    """Read 11 (en18): the masked book never said whether Isabella's first or last card may be an Abundance. The
    requirement checker says it may (it counts as the type asked for), and the book says so with the masked
    order's other rulings, right after the published text's contradiction on Isabella, not under a closing
    "Special cases"."""
    d = deck("royale-masked")
    comps = {c.id: c for c in d.model.components}
    chk = checker(noble_face(comps["noble-a3"], "masked").data, universe(d))
    for cards in (["abundance-11", "drink-9", "fruit-6", "pastry-3"], ["pastry-11", "drink-9", "fruit-6", "abundance-3"]):
        state = chk.run(chk.code(comps[c].data.dish, comps[c].faces[0].value) for c in cards)
        assert state != DEAD and chk.need[state] == 0, cards
    said = norm(typography(d.model.rulings["abundance_first_last"].text[lang], lang))
    text = norm(book("royale-masked", lang))
    conflict = norm(typography(d.model.clarifications["order_conflict"].text[lang], lang))
    assert text.count(said) == 1 and 0 <= text.index(said) - text.index(conflict) - len(conflict) < 5


@pytest.mark.parametrize(("lang", "even", "uneven"), [
    ("fr", "en 3 paquets de 24 cartes.", "en 5 paquets aussi égaux que possible, de 14 ou 15 cartes."),
    ("it", "in 3 mazzetti da 24 carte.", "in 5 mazzetti il più possibile uguali, da 14 o 15 carte."),
    ("en", "into 3 piles of 24 cards.", "into 5 piles as even as you can, of 14 or 15 cards.")])
def test_the_set_up_says_the_packets_sizes_the_deck_makes(lang: str, even: str, uneven: str,
                                                           tmp_path: Path) -> None:
    """Seventeenth reading en20: "deal them into 3 piles of the same size" was a constant; a variant whose dish
    cards do not divide by its packets (72 into 5) made it false. The sizes now come from the data: the published
    72 cards into 3 packets of 24, 72 into 5 packets of 14 or 15; never "the same size" where they are not."""
    same = {"fr": "même taille", "it": "stessa grandezza", "en": "same size"}[lang]
    base = norm(html.unescape(render_markup(deck("royale"), lang)))
    assert even in base and same not in base
    five = throwaway_variant(tmp_path, "royale", "five-packets",
                             'extends: royale\nname: {fr: "R", it: "R", en: "R"}\n'
                             'description: {fr: "Essai.", it: "Prova.", en: "Test."}\nrules: {packets: 5}\n')
    text = norm(html.unescape(render_markup(five, lang)))
    assert uneven in text and even not in text and same not in text


#: round 26: each reader's wording in the books that carry it (the imposter's pattern "turned" said plainly; the
#: nobles' side named, as "face up" means nothing on a two-sided card; Columbine's 5s shown possible; the order as
#: part of the request; the Italian first card of a serving counted within that serving, not under the noble, as the
#: Prince of the night's second serving starts with the fourth card)
ROUND_26 = {("royale", "en"): ["You may turn the pattern by", "Lay your nobles in a row in front of you, showing the "
                               "side this book describes"],
            # the French example's « la » stood before the noun it stood for (« son exigence » came later); the
            # Italian voluntary clearing read as the move you must make
            ("royale", "fr"): ["rempliraient son exigence, mais elles sont déjà défaussées"],
            ("royale-solo", "fr"): ["rempliraient son exigence, mais elles sont déjà défaussées"],
            ("royale", "it"): ["Invece di aspettarle, scegli di ritirare anche i suoi piatti"],
            ("royale-masked", "en"): ["with the Dessert 5 in one serving and the Abundance 5 in the other",
                                      "the order in which you place the cards under the noble is part of the request"],
            ("royale-masked", "fr"): ["avec le Dessert 5 dans l’un et l’Abondance 5 dans l’autre"],
            ("royale-masked", "it"): ["con il Dessert 5 in uno dei due servizi e l’Abbondanza 5 nell’altro",
                                      # book check it1 (round 29 fr12): counted within each serving
                                      "si contano all’interno di ciascun servizio"]}


@pytest.mark.parametrize("name, lang", sorted(ROUND_26))
def test_the_royale_books_say_what_the_round_26_readers_asked(name: str, lang: str) -> None:
    """Each wording of round 26 in the book (and cards) that carries it, and none of the old words left."""
    d = resolve(name, ROOT)
    text = norm(html.unescape(render_markup(d, lang)))
    cards = " ".join(norm(GAME.face_text(d, c, f, lang) or "") for c in d.model.components for f in c.faces)
    assert all(s in text + " " + cards for s in ROUND_26[name, lang]), [s for s in ROUND_26[name, lang]
                                                                      if s not in text + " " + cards]
    old = ["read the pattern turned", "Lay your nobles face up", "what matters is the order",
           "quella che metti per prima sotto il nobile", "la rempliraient", "pourraient encore la remplir", "ritiri volontariamente"]
    assert not [w for w in old if w in text + " " + cards]
