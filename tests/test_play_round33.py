"""The playtest page's thirty-third reading (docs/reads/play-round-33-{en,fr,it}.md; what was fixed and left:
docs/reads/play-round-33-fixes.md). One test per fault or group of faults, on our own words and behaviour."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from nonempty import nonempty

from tests.test_play_round32 import _played_out  # one seeded game to its end, as round 32's tests play it
from tests.test_play_said import deck_of

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "fr", "it")
UI = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_of_one_simulated_game_speaks_of_that_one_game_throughout(lang: str) -> None:
    """Playtest round 33 en7*, fr8*, it6*, it15*: the one-game note (round 32 fr15*) changed only its first sentence;
    the scoring sentence still weighed "how many of those games you would win" / « la proportion de ces parties
    gagnées » / «la quota di queste partite vinte», a share of games after "one simulated game". The whole note now
    speaks of that one game: won or not after the move."""
    note = UI[lang]["hint_note_one"]
    said = {"en": "whether you would win that game after playing it ({rest}%)",
            "fr": "le résultat de cette partie après ce coup, gagnée ou non",
            "it": "vincere o no quella partita con quella mossa pesa per il {rest}%"}[lang]
    assert said in note, note
    for plural in nonempty(["those games", "ces parties", "queste partite", "proportion", "quota di"]):
        assert plural not in note, (plural, note)
    assert "{rest}" in note and "{weight}" in note and "{share}" in note and "{games}" not in note


DRACO = json.loads((ROOT / "cardgen/games/draco/text.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_dracos_rebuilt_pile_is_counted_when_it_is_made_and_the_turns_draw_said(lang: str) -> None:
    """Playtest round 33 en16*, it16*: "the discard pile … becomes the new draw pile (46 action cards)" while the
    discards held 47: the journal printed the pile once the move was over, after the end-of-turn draw it never
    mentions. The count is now the discards shuffled, and the draw that follows in the same move is said (seed 21:
    Aunt Sarah's neighbour drew the last card, the toaster then drew one to end the turn); a rebuild made by the
    end-of-turn draw itself (seed 7) has nothing after it and keeps one number."""
    rebuilt = DRACO["journal"][lang]["pile_rebuilt"].split("(")[0]
    cards = {"en": "action cards", "fr": "cartes Action", "it": "carte azione"}[lang]
    after = {"en": "51 {c}; 50 after the end-of-turn draw", "fr": "51 {c}\u202f; 50 après la pioche de fin de tour",
             "it": "51 {c}; 50 dopo la pescata di fine turno"}[lang].format(c=cards)
    lines = [line for e in _played_out("draco", lang, seed=21).journal for line in e.text.split("\n")
             if line.startswith(rebuilt)]
    assert len(lines) == 1 and f"({after})" in lines[0], lines
    lines = [line for e in _played_out("draco", lang, seed=7).journal for line in e.text.split("\n")
             if line.startswith(rebuilt)]
    assert len(lines) == 1 and f"(49 {cards})" in lines[0], lines


def test_the_spectators_card_texts_are_said_to_the_players_not_to_whoever_holds_them() -> None:
    """Playtest round 33 en1*, fr1*: the spectator's "What the cards say (to the player who holds them)" / « (à qui
    les tient) » stood above King Lui's Emerald, which nobody holds: it waits beside the dishes and is used by whoever's
    turn it is. The heading now says the cards speak to the players, as the Italian «(per chi gioca)» already did."""
    assert UI["en"]["card_texts_watched"] == "What the cards say (to the players)"
    assert UI["fr"]["card_texts_watched"] == "Ce que disent les cartes (aux joueurs)"
    assert UI["it"]["card_texts_watched"] == "Testo delle carte (per chi gioca)"
    for lang in nonempty(LANGS):
        assert not any(w in UI[lang]["card_texts_watched"] for w in ("hold", "tient", "tiene")), lang


ROYALE = json.loads((ROOT / "cardgen/games/royale/text.json").read_text(encoding="utf-8"))


def test_royales_turn_with_nothing_to_clear_has_no_their_on_ones_own_page() -> None:
    """Playtest round 33 en8*: "7. Player 1 · Ann (you): … ends the turn: none of their nobles has a dish left to
    clear" — on one's own page, after "(you)", "their nobles" read as someone else's (round 32 en10 had taken
    "their" out of the imposter's line for that reason). The line needs no possessive: the player's own nobles are the
    only ones whose dishes they clear. The dishes, not the nobles, are what ran out (round 32 en11)."""
    from cardgen.games.mention import fill, plain

    # (play round 34 en6*: "no noble" was untrue of the table; one's own page says "your nobles", no "their")
    ends = ROYALE["journal"]["en"]["end_turn_you"]
    assert ends == "ends the turn: none of your nobles has a dish left to clear"
    # playtest round 38 en6*: "none of the player’s nobles" read as nobody's in particular: on every other page the
    # mover's nobles are "their" nobles, the line's subject being the mover (pin updated)
    journal = _played_out("royale", "en", seed=11).journal
    lines = [plain(line) for e in journal for line in e.text.split("\n")]
    assert "ends the turn: none of their nobles has a dish left to clear" in lines
    ended = [e for e in journal if "nobles has a dish left" in e.marked]
    assert {e.seat for e in ended} >= {0, 1}, [e.seat for e in ended]
    for e in ended:
        for reader in range(3):
            line = next(line for line in fill(e.marked, lambda seat: str(seat + 1), reader).split("\n")
                        if "nobles has a dish left" in line)
            # the mover's own page: "your", never "their" (round 33 en8*); every other page: "their"
            assert line == ("ends the turn: none of your nobles has a dish left to clear" if reader == e.seat
                            else "ends the turn: none of their nobles has a dish left to clear"), (reader, e.seat, line)


@pytest.mark.parametrize("lang", LANGS)
def test_the_journals_last_line_says_the_end_short_and_the_result_says_why(lang: str) -> None:
    """Playtest round 33 it3, it8, it21, fr13, fr17, en20: the journal's last line was the result's sentence word for
    word ("The draw pile has run out and is not rebuilt again (this edition’s ruling): the final toast was proposed,
    and the game is over. …"), both on one laptop or designer screen. The journal now ends on a short line of its own
    for each game's end (view.json ``journal_ends``), the result keeps the full reason; a journal read afterwards still
    says why it stopped (round 26 it8)."""
    from cardgen.play.view import table_view

    ends = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["journal_ends"][lang]
    for game, reason in nonempty([("king_lui", "supply_exhausted"), ("royale", "banquet_over"),
                                  ("draco", "final_toast")]):
        session = _played_out(game, lang)
        assert session.state.end_reason == reason
        result = table_view(session, 0)["result"]
        assert result["end_line"] == ends[reason] and result["end_line"] not in result["end_text"], result
        assert len(result["end_line"]) < len(result["end_text"])
    app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    assert 'j.appendChild(el("li", "then end", v.result.end_line || v.result.end_text));' in app


def test_royales_italian_rebuilt_pile_shuffles_the_card_into_a_pile_then_stacked_in_the_middle() -> None:
    """Playtest round 33 it10: «la carta va nel mazzetto centrale» read as the card laid into (or onto) the middle
    pile; the book and the engine shuffle it into one pile, which is then stacked in the middle. English and French
    got this in round 32 (en9*, fr11), Italian now says it too, for any place the game's numbers give."""
    from cardgen.games.royale.text import rebuilt_text

    lines = [line for e in _played_out("royale", "it").journal for line in e.text.split("\n")
             if "divisi in 3 mazzetti" in line]
    assert len(lines) == 1, lines
    assert "la carta viene mescolata in uno di questi, che si mette al centro quando i mazzetti si impilano di nuovo" \
        in lines[0], lines
    assert "va nel" not in lines[0] and "mazzetto centrale" not in lines[0]
    said = rebuilt_text(_played_out("royale", "it").deck, "it")
    assert "che si mette al centro" in said


def test_the_hints_method_is_folded_on_a_laptop_so_the_moves_it_scored_stay_nearer_in_sight() -> None:
    """Playtest round 33 it7*, fr9, en12: with the hint open on a 1280 × 800 laptop, Royale's "Your moves" showed two
    of the six serve choices, the rest under the side panel's foot. The method paragraph, the same for every hint, is
    folded under its own heading on a laptop (open on a phone, where the page scrolls, as the score's detail is), and
    the rows' names take more of the width so each fits one line (checked on a fresh shot, 03-mid-hint-laptop: three
    choices in sight, was two). The few-games warning stays in sight (round 31 it11*)."""
    app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    css = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")
    assert 'const how = el("details", "quiet small hint-how");' in app and "how.open = PHONE.matches;" in app
    assert 'how.append(el("summary", "", view.ui.hint_how), el("p", "", said.hint_note.replace(' in app
    assert "#hint-box td.value { width: 36%; }" in css
    for lang in nonempty(LANGS):
        assert UI[lang]["hint_how"] and "{" not in UI[lang]["hint_how"]
    assert UI["fr"]["hint_how"] == "Comment ces notes sont calculées"
    assert UI["it"]["hint_how"] == "Come si calcola il voto"


def test_the_spectators_label_follows_the_counts_after_a_dash() -> None:
    """Playtest round 33 en2, fr7, it2: "Game 1 · turns played: 9 · courses finished: 3 · Spectator" — the players'
    own label follows the counts after a dash since round 32 en1; the spectator's hung on a third middle dot and
    read as a fourth count. It takes the same dash."""
    app = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")
    assert '$("counters").textContent = counters(v) + DASH + ui.spectator;' in app
    assert "counters(v) + SEP + ui.spectator" not in app


@pytest.mark.parametrize("lang", LANGS)
def test_a_favour_move_cut_short_says_how_far_it_went(lang: str) -> None:
    """Playtest round 33 en18, fr15, it20: "moves Yellow Ruffian from seat 5 to seat 1; no one goes past the first
    seat" read as a general remark and left the die's 5 cut to 4 to work out, where To and Fro's line said "moves
    forward only 2 seats, as nobody can go past the first seat". The move now says how far it went, then why; the
    die is still said once, on the card's line (round 31 en19*)."""
    import re

    # play round 35 en19, fr19: the why in To and Fro's words (pin updated)
    said = {"en": r"from seat (\d) to seat (\d); only (\d) seats? (forward|back), as nobody can go past the",
            "fr": r"de la place (\d) à la place (\d)\u202f; seulement (\d) places? (en avant|en arrière), sans pouvoir "
                  r"dépasser la",
            "it": r"dal posto (\d) al posto (\d); solo (\d) post[oi] (in avanti|indietro), perché non può andare "
                  r"oltre"}[lang]
    found = [m for seed in (7, 8, 9) for e in _played_out("draco", lang, seed=seed).journal
             for m in re.finditer(said, e.text)]
    for m in nonempty(found, "a Favour move cut short"):
        assert abs(int(m[1]) - int(m[2])) == int(m[3]), m[0]
    for key in nonempty(["clamped_first", "clamped_last"]):
        assert "{seats}" in DRACO["journal"][lang][key] and "{d}" not in DRACO["journal"][lang][key]


@pytest.mark.parametrize("lang", LANGS)
def test_an_imposter_never_used_is_not_used_yet_only_while_the_game_goes_on(lang: str) -> None:
    """Playtest round 33 en9: "imposter · not used yet" after "Game over": "yet" promised a later the finished game
    no longer has. At the end an imposter never used is "not used" / « pas utilisé » / «non usato»; during the game
    the words are the same as before."""
    from cardgen.games.royale import playview

    words = json.loads((ROOT / "cardgen/games/royale/playview.json").read_text(encoding="utf-8"))["words"][lang]
    deck = deck_of("royale")
    assert words["imposter_never"] == {"en": "not used", "fr": "pas utilisé", "it": "non usato"}[lang]
    assert playview._imposter(deck, 1, lang, True) == words["imposter_never"]
    assert playview._imposter(deck, 1, lang) == words["imposter_unused"]
    assert playview._imposter(deck, 0, lang, True) == words["imposter_used"]
    # the table at its end says so: the view's observation then carries every seat's (``at_end``)
    assert '_imposter(deck, imposter, lang, "at_end" in obs)' in (ROOT / "cardgen/games/royale/playview.py").read_text(
        encoding="utf-8")


def test_a_cancelled_debts_ruling_label_sits_on_the_ruling_not_on_the_empty_purse() -> None:
    """Playtest round 33 en17: "By this edition’s ruling, you have no money left, so you pay nothing and the debt is
    cancelled": that Ann had no money is a fact of the game; the ruling is what follows. The label now opens on what
    it rules, the empty purse said as its reason (Italian likewise; French keeps round 31 fr18*'s « vous n’avez plus
    d’argent ; vous ne versez donc rien », pinned in test_play_round31, where the ruling's colon already parts them)."""
    toast = DRACO["toast"]
    assert toast["en"]["ruling"].format(why=toast["en"]["cannot_none_you"]) == (
        "By this edition’s ruling, you pay nothing, having no money left, and the debt is cancelled.")
    assert toast["en"]["cannot_none"] == "{who} pays nothing, having no money left, and the debt is cancelled"
    assert toast["it"]["cannot_none_you"] == "non paghi nulla, perché non hai denaro, e il debito viene condonato"
    assert toast["it"]["cannot_none"].startswith("{who} non paga nulla, perché non ha denaro")


def test_a_narrow_panels_fact_label_leaves_its_value_room() -> None:
    """Playtest round 33 en13, fr10, it9: on the designer's narrow buffet panel the label "End of the Banquet card
    drawn" took its whole width on one line and left the value a word a line ("2 of 2 / times: / the / banquet / is
    over", « piochée / 2 fois / sur 2 : le / banquet / est / terminé »). The label takes at most 45% of the panel and
    wraps; the value keeps its words whole (round 31, test_play_round31). Checked in headless Chromium on a 196 px
    panel: the value in three or four lines, was five or six."""
    css = (ROOT / "cardgen/play/static/app.css").read_text(encoding="utf-8")
    rule = next(r for r in css.split("}") if ".row.grid ~ dl {" in r)
    assert "grid-template-columns: minmax(min-content, 45%) minmax(min-content, 1fr)" in rule, rule


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_seat_beside_aunt_sarah_is_why_the_card_is_offered_not_why_it_is_declined(lang: str) -> None:
    """Playtest round 33 fr14, it22: « renonce à piocher : le malandrin jaune (place 9) est voisin de Tante Sarah »
    read as the reason for declining, when it is the reason the card was offered; «pesca una carta: il malandrino …
    siede accanto a Zia Sara» put a second colon in the line. The line now says the card the seat gives a right to:
    still the choice first, never drawing "for" the ruffian (rounds 30 fr22, 32 it19, fr20)."""
    # play round 35 en16*: « la carte que lui vaut {card}, voisin de {sarah} », shorter (pin updated)
    said = {"fr": ("pioche la carte que lui vaut ", "renonce à la carte que lui vaut ", ", voisin de Tante Sarah"),
            # playtest round 37 it10*: « perché » read as the reason for declining (pin updated)
            "it": ("pesca la carta a cui dà diritto ", "rinuncia alla carta a cui dà diritto ",
                   ", accanto a Zia Sara")}[lang]
    lines = [line for seed in (7, 8) for e in _played_out("draco", lang, seed=seed).journal
             for line in e.text.split("\n") if said[2] in line]
    assert any(said[0] in line for line in nonempty(lines)) and any(said[1] in line for line in lines), lines
    for line in lines:
        assert ("Sarah\u202f:" not in line and "piocher\u202f:" not in line and " pour " not in line) if lang == "fr" \
            else ("pescare:" not in line and "carta:" not in line and " per " not in line), line


def test_the_english_rematch_swap_title_says_the_shuffle_as_its_neighbour_does() -> None:
    """Playtest round 33 en3: beside "Play again with a fresh shuffle: the same people, each as the same player.",
    the swap's title said "The same people, with the cards shuffled again: …; the computer keeps its own": one idea
    in two phrasings side by side, and "its own" left the noun to guess. Both now open the same way, and the computer
    keeps its number. The button's name stays "Rematch, swapping players" (round 28 en3)."""
    en = UI["en"]
    assert en["rematch_swap_title"] == ("Play again with a fresh shuffle: each person plays the next player number "
                                        "(the last person plays Player 1); the computer keeps its number.")
    assert en["rematch_title"].startswith("Play again with a fresh shuffle: ")
    assert en["rematch_swap"] == "Rematch, swapping players"


def test_the_french_hint_puts_the_number_before_memes() -> None:
    """Playtest round 33 fr4: « joué dans les mêmes 21 parties simulées » is the English order; French puts the number
    first: « les 21 mêmes parties simulées »."""
    assert "joué dans les {games} mêmes parties simulées" in UI["fr"]["hint_note"]
    assert "les mêmes {games}" not in UI["fr"]["hint_note"]


def test_the_italian_seat_header_says_what_its_letter_marks() -> None:
    """Playtest round 33 it13: «Giocatore 1 · Giulia (tu) · lettera A · 0 punti»: a new player does not know what
    "lettera A" is; the letter is printed on the seat's nobles and imposter. «carte con la lettera A», as French has
    said « cartes marquées A » since round 32 fr10."""
    words = json.loads((ROOT / "cardgen/games/royale/playview.json").read_text(encoding="utf-8"))["words"]
    assert words["it"]["seat_letter"] == "Giocatore {n} · carte con la lettera {letter} · {points}\u00a0{pts}"  # (p34 it6)
    assert "cartes marquées {letter}" in words["fr"]["seat_letter"]


def test_royales_english_rebuilt_pile_says_where_the_cards_pile_goes_in_plain_english() -> None:
    """Playtest round 33 en11: "…dealt into 3 piles; the card is shuffled into one of them, which is stacked as the
    middle pile, and the buffet is refilled…" was true (round 32 en9*) but "stacked as the middle pile" is not English
    usage: the pile "goes in the middle when the piles are stacked again" (the Italian of it10 says the same)."""
    lines = [line for e in _played_out("royale", "en").journal for line in e.text.split("\n")
             if "dealt into 3 piles" in line]
    assert len(lines) == 1, lines
    # (play round 34 en8: two sentences, "that pile" where "which" read back to the card)
    assert "the card is shuffled into one of them, and that pile goes in the middle when the piles are stacked " \
        "again. The buffet is then refilled from this new draw pile." in lines[0], lines
    assert "stacked as" not in lines[0]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_one_cleared_dish_is_said_in_the_singular(lang: str) -> None:
    """Playtest round 33 fr11, it11: « ses plats (Fruit 9) sont débarrassés », «i suoi piatti (Frutta 9) vanno negli
    scarti» when the noble held only the card just served (most clearings): a plural for one card. One card is « son
    plat (Fruit 9) est débarrassé et va à la défausse » / «il suo piatto (Frutta 9) va negli scarti»; two or more keep
    the plural; the possessive stays (round 32 it8*, fr8*)."""
    import re

    # (play round 34 it7: the one card is the card the line has just served, not named again in a bracket)
    one = {"fr": r"son exigence ne peut plus être remplie et (la carte) va à la défausse",
           "it": r"la cui richiesta non può più essere esaudita: (la carta) va negli scarti"}[lang]
    many = {"fr": r"ses plats \(([^()]+)\) sont débarrassés", "it": r"i suoi piatti \(([^()]+)\) vanno negli scarti"}[lang]
    and_ = {"fr": " et ", "it": " e "}[lang]
    lines = [line for seed in (7, 11) for e in _played_out("royale", lang, seed=seed).journal
             for line in e.text.split("\n")]
    ones = [m[1] for line in lines for m in re.finditer(one, line)]
    manys = [m[1] for line in lines for m in re.finditer(many, line)]
    assert nonempty(ones, "one card cleared") and all(and_ not in c for c in ones), ones
    assert all(and_ in c or ", " in c for c in manys), manys
