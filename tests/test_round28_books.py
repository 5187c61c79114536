"""Round 28 of the books' reading (#53, docs/reads/round-28-{fr,it,en}.md): each fault fixed, held by our own words in
the book (its markup, or the PDF for a layout fix) or in the deck. Faults are numbered per report in order of
appearance (docs/reads/round-28-fixes.md lists every one, fixed or left)."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from nonempty import nonempty

from cardgen.resolve.resolve import resolve
from cardgen.rulebook.templating import render_markup

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("fr", "it", "en")


def norm(text: str) -> str:
    """Spaces collapsed (narrow and no-break spaces too)."""
    return " ".join(text.split())


def markup(deck_id: str, lang: str) -> str:
    return norm(html.unescape(render_markup(resolve(deck_id, ROOT), lang)))


def test_without_zork_s_special_case_says_receiving_seat() -> None:
    """Book round 28 en29 (the English reader's costliest): "If Brother John sits in a paid seat with Aunt Sarah just
    after him" used a term found nowhere else, readable as a seat that is paid or one that pays; the book's term is
    "receiving seat" (French and Italian said « place qui reçoit » / «posto che riceve» already)."""
    text = markup("draco-no-zork", "en")
    assert "If Brother John sits in a receiving seat with Aunt Sarah just after him, the silver he passes on" in text
    assert "paid seat" not in text


#: round 28 en9/en13: the sentence the base and Masked Ball solo chapters now print in "Preparing a solo game"
#: book check of round 29 (fr1*): the French drops « en solitaire », said by the chapter's heading, to make room for
#: the next sentence's « pour juger si » without pushing "Jouer en solitaire" off the Letter book's page 5
SOLO_DISCARDS = {"fr": "la pioche n’est jamais reconstituée : une carte défaussée ne revient jamais en jeu.",
                 "it": "il mazzo non viene mai ricostituito: in solitario, una carta scartata non torna più in gioco.",
                 "en": "the draw pile is never rebuilt: in a solo game, a discarded card never comes back into play."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", ["royale", "royale-masked"])
def test_every_solo_chapter_says_the_discards_never_return(deck_id: str, lang: str) -> None:
    """Book round 28 en9, en13 (costliest en2): the Solo and Light Supper books said a solo game never rebuilds the
    pile, the "Playing alone" chapters of royale and royale-masked did not (and the Solo book sends masked-side
    players there): a solo player could keep a noble waiting for a card that never comes back."""
    text = markup(deck_id, lang)
    chapter = text[text.rindex({"fr": "Jouer en solitaire", "it": "Giocare in solitario", "en": "Playing alone"}[lang]):]
    assert SOLO_DISCARDS[lang] in chapter


@pytest.mark.parametrize("lang", LANGS)
def test_columbine_s_ruling_chains_no_two_colons_and_keeps_its_cards_whole(lang: str) -> None:
    """Book round 28 en12, fr19, it8 (costliest en4): "… three 5s, for instance: the Dessert 5 in one, …" chained two
    colons in one sentence; the Italian broke "Abbondanza | 5" at a line end. One sentence says the rule, the next
    the example with a single colon, each card's name and value joined by a no-break space."""
    text = resolve("royale-masked", ROOT).model.rulings["services_may_share_a_value"].text[lang]
    first, rest = text.split(". ", 1)
    assert ":" not in first and rest.count(":") == 1, text
    assert "Dessert\u00a05" in text and re.search(r"(Abundance|Abondance|Abbondanza)\u00a05", text)


@pytest.mark.parametrize("deck_id", ["royale", "royale-short", "royale-solo"])
def test_the_example_s_last_choice_has_nothing_dangling(deck_id: str) -> None:
    """Book round 28 fr4, it3 (costliest it2): « Boisson 8 ou Abondance 8 rempliraient aussi son exigence » (aussi
    what?) and «Anche Bevanda 8 o Abbondanza 8 la completerebbero» ('la' before its noun, 'anche' adding to
    nothing): the request is named first, so the next sentence's «completarla» has its noun."""
    fr, it = markup(deck_id, "fr"), markup(deck_id, "it")
    assert re.search(r"Les cartes [^.]+ rempliraient son exigence, mais elles sont déjà défaussées", fr)
    assert "rempliraient aussi" not in fr
    assert re.search(r"La sua richiesta si completerebbe con [^.]+, ma sono già negli scarti", it)
    assert "la completerebbero" not in it


def test_draco_s_money_rulings_name_who_cannot_and_what_is_unpaid() -> None:
    """Book round 28 it11: «se non può, non prende quella moneta d'oro» switched from the bank to the player without
    saying so; fr10: « la somme qui l'exigerait » had no antecedent for « l' »; fr9: « la même fortune, la plus
    grosse » read as an afterthought (not « se partagent », which round 25 took out: it read as splitting it)."""
    rulings = resolve("draco", ROOT).model.rulings
    assert "se il giocatore non può, non prende quella moneta d’oro" in rulings["bank_gold_for_silver"].text["it"]
    assert "la part qui demande de la monnaie reste impayée" in rulings["change_between_players"].text["fr"]
    fr = markup("draco", "fr")
    assert "si plusieurs joueurs sont ex æquo pour la plus grosse fortune, aucun d’eux ne gagne" in fr
    assert "la même fortune, la plus grosse" not in fr


def test_brother_john_s_silver_goes_to_a_seat_s_owner_in_the_french_book() -> None:
    """Book round 28 fr11 (its book half): « il transmet l'argent de sa place au personnage de la place suivante »;
    special characters own no money: the silver goes to the next seat, its character's owner receives it."""
    fr = markup("draco", "fr")
    assert "il transmet l’argent de sa place à la place suivante" in fr
    assert "le propriétaire du personnage qui l’occupe le reçoit" in fr


def test_the_short_game_s_fifty_are_action_cards_in_italian() -> None:
    """Book round 28 it18: «… se ne usano soltanto 50» read as 50 of the 96 cards; it says 50 action cards, the
    number from the deck (its action cards less those set aside)."""
    deck = resolve("draco-short", ROOT)
    actions = sum(c.count for c in deck.model.components if getattr(c.data, "role", None) == "action")
    left = actions - deck.model.rules.cards_set_aside
    it = markup("draco-short", "it")
    assert f"restano in gioco soltanto {left} carte azione" in it and "se ne usano" not in it


@pytest.mark.parametrize("lang", LANGS)
def test_king_lui_s_action_c_lists_all_three_conditions(lang: str) -> None:
    """Book round 28 en2: action c) listed an Emerald waiting and the king's portions, not "a dish still on the
    table", said only in the paragraph below and on the card; en1: "use Emerald with a card already waiting" (the
    card is the Emerald): the card is the subject, the action keeps its one verb, "use Emerald" (read 11's decision:
    never "use an Emerald card"), fr and it alike."""
    text = markup("king_lui", lang)
    # book round 29 fr1*: the three conditions as a short list, the dish still first (as the card has it)
    condition = {"fr": "Trois conditions : il reste au moins un plat sur la table, une carte Emerald attend près des plats",
                 "it": "Tre condizioni: sul tavolo resta almeno un piatto, c’è una carta Emerald in attesa accanto ai piatti",
                 # book check en1: the English label "Three conditions:" a clause
                 "en": "You may do this only when a dish is still on the table, an Emerald card is waiting beside the "
                       "dishes"}[lang]
    waiting = {"fr": "Une carte Emerald qui attend déjà près des plats ne vous permet donc pas de vous servir d’Emerald",
               "it": "Una carta Emerald che aspetta già accanto ai piatti non ti permette quindi di usare Emerald",
               "en": "So an Emerald card already waiting beside the dishes does not let you use Emerald"}[lang]
    assert condition in text and waiting in text


def test_gentle_overeating_says_when_the_excess_goes() -> None:
    """Book round 28 en5: the tagline dropped the end-of-meal timing (discarding read as happening in play); en6:
    the intro's colon promised manners and gave waste; fr15: « que le roi … par rapport au roi » in one sentence."""
    model = resolve("king_lui-gentle-overeating", ROOT).model
    assert "when the meal ends" in model.tagline["en"] and "a fine pasto" in model.tagline["it"]
    assert model.tagline["en"].endswith("is discarded.")  # read 9 (en15): "discarded", as the body says
    en = markup("king_lui-gentle-overeating", "en")
    assert "any portions of a dish you hold beyond the king’s are quietly cleared away" in en  # book check en2
    fr = markup("king_lui-gentle-overeating", "fr")
    assert "vous ne défaussez que celles qui dépassent sa part" in fr and "par rapport au roi" not in fr


def test_the_six_player_table_reads_as_french() -> None:
    """Book round 28 fr17: « … Fruits et Poulet (chacun) » after a plural of mixed genders (Italian «ciascuno» too);
    fr18: « 3–6 joueurs », an English dash range, where the cover says « De 3 à 6 joueurs »."""
    fr, it = markup("king_lui-six-players", "fr"), markup("king_lui-six-players", "it")
    assert "et Poulet (par type)" in fr and "(chacun)" not in fr
    assert "e Pollo (per tipo)" in it and "(ciascuno)" not in it
    assert "<td>3 à 5 joueurs</td>" in fr and "3–6 joueurs" not in fr


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_id", ["royale-short", "draco-no-zork", "draco-charity-toast"])
def test_a_house_rule_s_credits_say_it_is_this_edition_s(deck_id: str, lang: str) -> None:
    """Book round 28 it9, it16: King Lui's variants say in their credits that the rule is this edition's, the Royale
    and Draco house rules did not; en17: Light Supper credited the solo cards it leaves in the box."""
    text = markup(deck_id, lang)
    credits = text[text.rindex({"fr": "Crédits", "it": "Crediti", "en": "Credits"}[lang]):]
    assert {"fr": "La règle de cette variante est une règle maison de cette édition.",
            "it": "La regola di questa variante è stata creata per questa edizione (regola della casa).",
            "en": "This variant’s rule is a house rule of this edition."}[lang] in credits
    if deck_id == "royale-short":
        assert not re.search(r"solo cards|cartes Solo|carte Solo", credits)


@pytest.mark.parametrize("lang", LANGS)
def test_royale_solo_s_gallery_stays_with_its_contents_on_page_1(lang: str) -> None:
    """Book round 28 en18, fr24, it10 (costliest en3; all three readers): the two noble pictures spilled from
    "Contents" to the top of page 2, above "Setting up". One grid of five now holds the dishes, their back and the
    noble's two sides, its rulings box under it: all on page 1 (A4), and "Setting up" opens page 2."""
    from cardgen.rulebook.book import render_rulebook

    doc = pdfium.PdfDocument(render_rulebook(resolve("royale-solo", ROOT), lang, "a4"))
    first, second = (norm(doc[i].get_textpage().get_text_range()) for i in (0, 1))
    caption = {"fr": "La même carte de noble, face masquée", "it": "Lo stesso nobile, lato mascherato",
               "en": "The same noble, masked side"}[lang]
    assert caption in first and caption not in second
    assert re.match(r"[^\d]+ \d+ " + {"fr": "Mise en place", "it": "Preparazione", "en": "Setting up"}[lang], second), second[:80]


def test_the_draco_books_english_wordings() -> None:
    """Book round 28 en22: "He only pays the characters" (the limit is on whom); en23: "on their second turn after
    the toast" made the reader count; en26: Charity Toast's example said "the rest is forgotten" where its ruling
    says the rest of the debt is cancelled."""
    en = markup("draco", "en")
    assert "He pays only the characters sitting closest" in en and "He only pays" not in en
    assert "the player on the proposer’s left, on the turn right after the proposer’s next turn" in en
    charity = markup("draco-charity-toast", "en")
    assert "they pay what they have and the rest of the debt is cancelled" in charity and "forgotten" not in charity


@pytest.mark.parametrize("lang", LANGS)
def test_the_charity_toast_says_the_gold_only_case_once(lang: str) -> None:
    """Book round 28 fr27: the toast paragraph gave the gold-and-change condition twice, four lines apart (en27:
    one dense paragraph): the gift and its tie first, the netting, then the gold-only case once, at the end. Book
    check en7 (round 29's pointer to the example had cut the gift rule in two): the pointer, no rule, now follows the
    gold-only case, the paragraph's last rule."""
    toast = resolve("draco-charity-toast", ROOT).model.book["toast"][lang]
    gold = {"fr": "que de l’or", "it": "solo monete d’oro", "en": "only gold"}[lang]
    pointer = {"fr": " L’encadré « Exemple de toast »", "it": " Il riquadro «Esempio di brindisi»",
               "en": " The box “Example of a toast”"}[lang]
    toast = norm(toast)
    assert toast.count(pointer.strip()) == 1
    toast = toast[:toast.index(pointer)]
    assert toast.count(gold) == 1 and toast.rstrip(".").endswith(
        {"fr": "(choix de cette édition)", "it": "(scelta di questa edizione)", "en": "(this edition’s ruling)"}[lang])


def test_the_italian_books_register() -> None:
    """Book round 28 it2, it5: «Si decide/Si sceglie a piacere» (a recipe's register); it4: «Nobili della lettera A»
    (a noble belongs to a player, not a letter); it12: «sopra ci tieni il tuo denaro» (spoken); it14: Round on the
    House's «per non essere inutile in quel giro»."""
    king, royale, draco = markup("king_lui", "it"), markup("royale", "it"), markup("draco", "it")
    assert "Si sceglie in qualunque modo chi sarà il <b>cuoco</b>" in king and "a piacere" not in king
    assert "Si sceglie in qualunque modo chi inizia." in royale and "a piacere" not in royale
    assert "<th>Nobili (A)</th>" in royale and "Nobili della lettera" not in royale
    assert "e su di esso tieni il tuo denaro" in draco and "sopra ci tieni" not in draco
    assert "così da non essere una carta morta in quel giro" in draco


def test_the_french_small_wordings() -> None:
    """Book round 28 fr30: Without Zork said Zork « reste dans la boîte » though its sheets do not print him; fr14:
    the seats table's caption had no verb; fr1: King Lui's tagline « plus que lui d'un même plat »; fr20: « le type
    de ces cartes » had no antecedent."""
    assert "elle ne figure pas sur les planches de cette variante" in markup("draco-no-zork", "fr")  # check fr5
    assert "voici combien de places entourent Draco et combien de cartes restent dans la pioche" in markup("draco", "fr")
    assert "n’ayez jamais plus de portions d’un plat que lui" in resolve("king_lui", ROOT).model.description["fr"]
    masked = resolve("royale-masked", ROOT).model.rulings["abundance_first_last"].text["fr"]
    assert "qui impose un type de plat à ces places" in masked and "ces cartes" not in masked


def test_royale_solo_s_tagline_names_the_ghost_as_its_first_paragraph_does() -> None:
    """Book round 28 en20: the tagline's "a ghost that discards" beside the next paragraph's "the ghost, a waiter
    who"; en8: the base example's "only when the pile is rebuilt", in a sentence about two piles."""
    assert resolve("royale-solo", ROOT).model.description["en"].startswith(
        "You serve alone, against the ghost, a waiter who discards")
    assert "come back into play only when the draw pile is rebuilt" in markup("royale", "en")


def card_texts(deck_id: str, lang: str) -> list[str]:
    """Every text the deck's card faces print in ``lang`` (the game's own ``face_text``, as the sheets print it)."""
    d = resolve(deck_id, ROOT)
    return [norm(text) for c in d.model.components for face in c.faces
            if (text := d.spec.face_text(d, c, face, lang)) is not None]


@pytest.mark.parametrize("deck_id", ["royale", "royale-masked", "royale-solo"])
def test_the_end_of_the_banquet_card_slips_itself_into_a_packet_in_french(deck_id: str) -> None:
    """Book round 28 fr5 (costliest): the End of the Banquet card said « mélangez cette carte dans l'un d'eux », a
    calque of "shuffle into": one shuffles a packet, not a card into it (the book: « glissez … dans l'un d'eux,
    mélangez ce paquet »). The card slips itself into a packet, shuffles that packet and makes it the one the
    rules say (the middle one in the base game)."""
    text = " ".join(card_texts(deck_id, "fr"))
    assert "glissez cette carte dans l’un d’eux, mélangez-le et faites-en le paquet du milieu." in text
    assert "mélangez cette carte" not in text


@pytest.mark.parametrize("deck_id", ["royale", "royale-masked", "royale-short", "royale-solo"])
def test_the_imposter_card_reads_its_pattern_turned_in_french(deck_id: str) -> None:
    """Book round 28 fr7 (costliest): the Imposter card said « faire pivoter ce motif », where the book reads the
    pattern turned « sans tourner la carte » and turns the card (« faites pivoter la carte ») only to mark it spent:
    two gestures, one verb. The card reads the pattern turned, as the book does."""
    texts = [t for t in card_texts(deck_id, "fr") if "motif" in t]
    assert texts and all("Vous pouvez lire ce motif tourné de 90°, 180° ou 270° dans le sens horaire." in t
                         for t in texts), texts
    assert not any("pivoter" in t for t in texts)


@pytest.mark.parametrize("deck_id", ["draco", "draco-long", "draco-charity-toast"])
def test_brother_john_s_card_hands_his_silver_to_the_next_character_s_owner(deck_id: str) -> None:
    """Book round 28 fr11 (the card's half; costliest fr3): the Brother John card handed his seat's silver « au
    personnage de la place suivante », "to the next character" in English and Italian alike, where characters own
    no money (with Aunt Sarah or Zork next to him, nobody receives it: ``table.add_toast``). In the three languages
    the card names the owner, as its own paying half already did."""
    said = {"fr": "transmet l’argent de sa place au propriétaire du personnage de la place suivante (vers la dernière "
                  "place)",
            "it": "passa quanto gli spetta al proprietario del personaggio del posto successivo (verso l’ultimo posto)",
            "en": "hands the silver of his seat on to the owner of the character in the next seat (towards the last "
                  "seat)"}
    for lang in nonempty(LANGS):
        text = " ".join(card_texts(deck_id, lang))
        assert said[lang] in text, lang
        assert {"fr": "au personnage de la place suivante", "it": "al personaggio del posto successivo",
                "en": "on to the next character"}[lang] not in text


@pytest.mark.parametrize("deck_id", ["draco", "draco-long", "draco-charity-toast"])
def test_round_on_the_house_says_which_first_round_in_french(deck_id: str) -> None:
    """Book round 28 fr12: « vous pouvez porter un toast dès ce tour, même le premier » left « le premier » elliptic
    (premier tour de qui ?). This edition's ruling stands (a toast from the first round on: the card is played and
    the toast is legal, test_rulebook_draco); the card says the first round of the table. « au centre » alone,
    as the book says it, keeps the French books' list of cards to its lines (the Charity Toast book on 6 pages)."""
    text = " ".join(card_texts(deck_id, "fr"))
    assert ("Mettez la coupe au centre, où qu’elle soit : vous pouvez porter un toast dès ce tour, même au premier "
            "tour de table.") in text
    assert "même le premier." not in text
    assert "même au premier tour de table." in markup(deck_id, "fr")  # the book's list of cards quotes the card


@pytest.mark.parametrize("deck_id", ["king_lui", "king_lui-gentle-overeating", "king_lui-hungry-dragon",
                                     "king_lui-six-players"])
def test_the_italian_emerald_card_says_a_tua_scelta_once(deck_id: str) -> None:
    """Book round 28 it1 (costliest): the Emerald card said «a tua scelta» twice in three lines (the king's portions,
    then the drawn card's use). The choice of a drawn Emerald is said by «puoi usare subito Emerald … oppure
    mettere la carta scoperta», the free choice the book gives (round 28 fr9, en6, it3)."""
    texts = [t for t in card_texts(deck_id, "it") if "Emerald" in t]
    assert texts
    for text in texts:
        assert text.count("a tua scelta") == 1, text
        assert ("Se la peschi, non ricevi un’altra carta: puoi usare subito Emerald (se il re ha abbastanza porzioni) "
                "oppure mettere la carta scoperta accanto ai piatti") in text, text
