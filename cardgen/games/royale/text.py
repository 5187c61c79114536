"""Texts printed on Royale cards, generated from the deck data in French, Italian and English.

A noble's requirement is written out from its services; imposter, solo and
end-of-banquet cards get a short reminder of what they do. Every number comes
from the data (``face.data``, ``resolved.rules``); dish-type names come from the
dish cards themselves, so a variant that renames or adds a type is written
correctly. French uses a narrow no-break space (U+202F) before ``: ; ! ?``.
"""
from __future__ import annotations

from typing import Any

from cardgen.games.royale.checks import role
from cardgen.games.royale.model import NobleFace, Service
from cardgen.resolve.resolve import ResolvedDeck
from cardgen.text import join_and, join_or, punct, times



def _colon(lang: str) -> str:
    return punct(":", lang)


def _semi(lang: str) -> str:
    return punct(";", lang)


def type_name(deck: ResolvedDeck, dish: str, lang: str) -> str:
    """A dish type's name as printed on its cards."""
    for c in deck.model.components:
        if role(c) == "dish" and c.data.dish == dish:
            return c.name[lang]
    return dish


def _cards(n: int, label: str, lang: str) -> str:
    """'3 cartes Boisson', '3 carte Bevanda', '3 Drink cards' (label may be empty)."""
    if lang == "fr":
        noun = "carte" if n == 1 else "cartes"
        return f"{n} {noun} {label}".rstrip()
    if lang == "it":
        noun = "carta" if n == 1 else "carte"
        return f"{n} {noun} {label}".rstrip()
    noun = "card" if n == 1 else "cards"
    return f"{n} {label} {noun}" if label else f"{n} {noun}"


def _a_card(label: str, lang: str) -> str:
    """'une carte Fruit', 'una carta Frutta', 'a Fruit card'."""
    if lang == "fr":
        return f"une carte {label}"
    if lang == "it":
        return f"una carta {label}"
    article = "an" if label[:1].lower() in "aeiou" else "a"
    return f"{article} {label} card"


_SETS = {  # same value, by number of cards
    2: {"fr": "une paire", "it": "una coppia", "en": "a pair"},
    3: {"fr": "un brelan", "it": "un tris", "en": "three of a kind"},
    4: {"fr": "un carré", "it": "un poker", "en": "four of a kind"},
}


def service_text(deck: ResolvedDeck, s: Service, lang: str) -> str:
    """One service written out, without a capital or final stop."""
    name = lambda t: type_name(deck, t, lang)  # noqa: E731
    parts: list[str] = []
    colour = name(s.colour) if s.colour else ""
    if s.same_value and s.cards in _SETS and not colour:
        head = _SETS[s.cards][lang]
    else:
        if s.cards is None:
            head = {"fr": f"un nombre quelconque de cartes {colour}".rstrip(),
                    "it": f"un numero qualsiasi di carte {colour}".rstrip(),
                    "en": f"any number of {colour} cards".replace("  ", " ")}[lang]
        else:
            exact = {"fr": "exactement ", "it": "esattamente ", "en": "exactly "}[lang]
            head = exact + _cards(s.cards, colour, lang)
        if s.same_value:
            head += {"fr": " de même valeur", "it": " dello stesso valore", "en": " of the same value"}[lang]
    for t, k in s.include.items():  # attached to the head: 'un carré avec au moins 1 carte X'
        head += {"fr": " avec au moins ", "it": " con almeno ", "en": " with at least "}[lang] + _cards(k, name(t), lang)
    if s.parity:
        parts.append({
            "same": {"fr": "toutes paires ou toutes impaires", "it": "tutte pari o tutte dispari",
                     "en": "all even or all odd"},
            "even": {"fr": "toutes paires", "it": "tutte pari", "en": "all even"},
            "odd": {"fr": "toutes impaires", "it": "tutte dispari", "en": "all odd"},
        }[s.parity][lang])
    if s.sum is not None:
        if s.sum.eq is not None:
            parts.append({"fr": f"d’une valeur totale de {s.sum.eq} exactement",
                          "it": f"per un valore totale di esattamente {s.sum.eq}",
                          "en": f"adding up to exactly {s.sum.eq}"}[lang])
        bounds = []
        if s.sum.gt is not None:
            bounds.append({"fr": f"supérieure à {s.sum.gt}", "it": f"superiore a {s.sum.gt}",
                           "en": f"more than {s.sum.gt}"}[lang])
        if s.sum.lt is not None:
            bounds.append({"fr": f"inférieure à {s.sum.lt}", "it": f"inferiore a {s.sum.lt}",
                           "en": f"less than {s.sum.lt}"}[lang])
        if bounds:
            joined = join_and(bounds, lang)
            parts.append({"fr": f"d’une valeur totale {joined}", "it": f"per un valore totale {joined}",
                          "en": f"adding up to {joined}"}[lang])
    if s.two_sum_to_third:
        parts.append({"fr": "dont deux s’additionnent pour donner la troisième",
                      "it": "due delle quali sommate danno la terza",
                      "en": "two of them adding up to the third"}[lang])
    if s.order:
        word = {"ascending": {"fr": "croissant", "it": "crescente", "en": "ascending"},
                "descending": {"fr": "décroissant", "it": "decrescente", "en": "descending"}}[s.order][lang]
        parts.append({"fr": f"posées dans l’ordre {word}", "it": f"giocate in ordine {word}",
                      "en": f"played in {word} order"}[lang])
    if s.first and s.first == s.last:
        label = name(s.first)
        parts.append({"fr": f"avec une carte {label} en première et en dernière position",
                      "it": f"con la prima e l’ultima di tipo {label}",
                      "en": f"the first and last being {label} cards"}[lang])
    else:
        if s.first:
            parts.append({"fr": "la première étant ", "it": "con la prima di tipo ", "en": "the first being "}[lang]
                         + (name(s.first) if lang == "it" else _a_card(name(s.first), lang)))
        if s.last:
            parts.append({"fr": "la dernière étant ", "it": "con l’ultima di tipo ", "en": "the last being "}[lang]
                         + (name(s.last) if lang == "it" else _a_card(name(s.last), lang)))
    if s.distinct_types:
        parts.append({"fr": "jamais deux du même type", "it": "mai due dello stesso tipo",
                      "en": "no two of the same type"}[lang])
    if not s.wild:
        wild = [type_name(deck, c.data.dish, lang) for c in deck.model.components
                if role(c) == "dish" and c.data.wild]
        labels = " / ".join(dict.fromkeys(wild))
        parts.append({"fr": f"sans carte {labels}", "it": f"senza carte {labels}", "en": f"no {labels} cards"}[lang])
    return ", ".join([head] + parts)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def requirement_text(deck: ResolvedDeck, face: NobleFace, lang: str) -> str:
    """A noble side's requirement in full sentences."""
    services = [service_text(deck, s, lang) for s in face.services]
    n = len(services)
    if n == 1:
        text = _cap(services[0]) + "."
    elif face.ordered:
        steps = {"fr": ("d’abord ", "puis "), "it": ("prima ", "poi "), "en": ("first ", "then ")}[lang]
        body = f"{_semi(lang)} ".join((steps[0] if i == 0 else steps[1]) + s for i, s in enumerate(services))
        lead = {"fr": f"{n} services, l’un après l’autre", "it": f"{n} servizi, uno dopo l’altro",
                "en": f"{n} services, one after the other"}[lang]
        text = f"{lead}{_colon(lang)} {body}."
    elif len(set(services)) == 1:
        # a sentence, not a form: “2 services, each of them a pair with…”
        # French elides before the service (“chacun formé d’une paire”)
        of = "d’" if services[0][:1] in "aeiouéh" else "de "
        lead = {"fr": f"{n} services, chacun formé {of}", "it": f"{n} servizi, ciascuno formato da ",
                "en": f"{n} services, each of them "}[lang]
        text = f"{lead}{services[0]}."
    else:
        lead = {"fr": f"{n} services", "it": f"{n} servizi", "en": f"{n} services"}[lang]
        # short services read as one sentence (“a pair … and three of a kind …”); services that hold
        # commas of their own stay apart with semicolons
        if any("," in t for t in services):
            body = f"{_semi(lang)} ".join(services)
        else:
            body = join_and(services, lang)
        text = f"{lead}{_colon(lang)} {body}."
    if face.ordered:
        text += " " + {"fr": "L’ordre de pose compte.", "it": "L’ordine di gioco conta.",
                       "en": "Play order counts."}[lang]
    return text


def _times(n: int, lang: str) -> str:
    per_game = {"fr": " par partie", "it": " per partita", "en": " per game"}[lang]
    phrase = times(n, lang)
    return phrase[0].upper() + phrase[1:] + per_game


def imposter_text(deck: ResolvedDeck, lang: str) -> str:
    """What an imposter card allows, from the rule numbers."""
    r = deck.rules
    n = r.cards_per_take
    take = {"fr": f"{_times(r.imposter_uses, lang)}{_colon(lang)} au lieu d’une rangée ou d’une colonne, prenez les {n} cartes de ce motif.",
            "it": f"{_times(r.imposter_uses, lang)}{_colon(lang)} invece di una riga o di una colonna, prendi le {n} carte di questo schema.",
            "en": f"{_times(r.imposter_uses, lang)}{_colon(lang)} instead of a row or a column, take the {n} cards of this pattern."}[lang]
    turns = [f"{d}°" for d in r.imposter_rotations if d]
    if turns:
        more = {"fr": f" Vous pouvez le faire pivoter de {join_or(turns, lang)}.",
                "it": f" Puoi ruotarlo di {join_or(turns, lang)}.",
                "en": f" You may turn it by {join_or(turns, lang)}."}[lang]
        take += more
    if r.imposter_slide:
        take += {"fr": " Il peut aussi se placer n’importe où dans la desserte.",
                 "it": " Può anche essere spostato in qualsiasi punto del buffet.",
                 "en": " It may also be shifted anywhere on the buffet."}[lang]
    return take


def solo_text(deck: ResolvedDeck, lang: str) -> str:
    """What the ghost does with a solo card."""
    n = deck.rules.ghost_cells
    return {"fr": f"Tour du fantôme{_colon(lang)} défaussez les {n} cartes de ces cases, puis complétez la desserte.",
            "it": f"Turno del fantasma{_colon(lang)} scarta le {n} carte di queste caselle, poi rifornisci il buffet.",
            "en": f"Ghost’s turn{_colon(lang)} discard the {n} cards in these cells, then refill the buffet."}[lang]


def _packet(position: int, packets: int, lang: str) -> str:
    """'the middle packet', 'the bottom packet', 'packet 2 from the top' (Italian: no article)."""
    if packets % 2 == 1 and position == (packets + 1) // 2:
        return {"fr": "le paquet du milieu", "it": "mazzetto centrale", "en": "the middle pile"}[lang]
    if position == packets:
        return {"fr": "le paquet du dessous", "it": "mazzetto in fondo", "en": "the bottom pile"}[lang]
    if position == 1:
        return {"fr": "le paquet du dessus", "it": "mazzetto in cima", "en": "the top pile"}[lang]
    return {"fr": f"le {position}e paquet en partant du haut", "it": f"{position}º mazzetto dall’alto",
            "en": f"pile {position} from the top"}[lang]


def _ordinal(n: int, lang: str) -> str:
    """2e, 2ª, 2nd (feminine forms in French and Italian: 'pioche', 'pescata')."""
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    if lang == "it":
        return f"{n}ª"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def end_text(deck: ResolvedDeck, lang: str) -> str:
    """What happens when the end-of-banquet card is drawn, from the rule numbers."""
    r = deck.rules
    last = r.end_card_draws
    over = {"fr": "le banquet s’achève aussitôt.", "it": "il banchetto finisce all’istante.",
            "en": "the banquet is over at once."}[lang]
    if last == 1:
        lead = {"fr": "Dès que cette carte est piochée", "it": "Appena questa carta viene pescata",
                "en": "When this card is drawn"}[lang]
        return f"{lead}, {over}"
    where = _packet(r.end_packet_reshuffle, r.packets, lang)
    early = {"fr": "1re pioche" if last == 2 else f"Pioches 1 à {last - 1}",
             "it": "1ª pescata" if last == 2 else f"Pescate dalla 1ª alla {last - 1}ª",
             "en": "1st draw" if last == 2 else f"Draws 1 to {last - 1}"}[lang]
    final = {"fr": f"{_ordinal(last, lang)} pioche", "it": f"{_ordinal(last, lang)} pescata",
             "en": f"{_ordinal(last, lang)} draw"}[lang]
    p = r.packets
    redo = {"fr": f"mélangez la défausse avec la pioche, formez {p} paquets et glissez cette carte dans {where}.",
            "it": f"mescola gli scarti con il mazzo, forma {p} mazzetti e inserisci questa carta nel {where}.",
            "en": f"shuffle the discards into the draw pile, form {p} piles and put this card in {where}."}[lang]
    return f"{early}{_colon(lang)} {redo} {final}{_colon(lang)} {over}"


def face_text(deck: ResolvedDeck, component: Any, face: Any, lang: str) -> str | None:
    """The generated text a Royale face prints (None for dish cards)."""
    kind = role(component)
    if kind == "noble" and isinstance(face.data, NobleFace):
        return requirement_text(deck, face.data, lang)
    if kind == "imposter":
        return imposter_text(deck, lang)
    if kind == "solo":
        return solo_text(deck, lang)
    if kind == "end":
        return end_text(deck, lang)
    return None


#: a player's move as the play screen names it, per language
_MOVES = {
    "row": {"fr": "Prendre la rangée {n}", "it": "Prendi la riga {n}", "en": "Take row {n}"},
    "column": {"fr": "Prendre la colonne {n}", "it": "Prendi la colonna {n}", "en": "Take column {n}"},
    "imposter": {"fr": "Imposteur tourné de {deg}°, rangée {r}, colonne {c}",
                 "it": "Impostore ruotato di {deg}°, riga {r}, colonna {c}",
                 "en": "Imposter turned {deg}°, row {r}, column {c}"},
    "place": {"fr": "Servir {card} au noble {n}", "it": "Servi {card} al nobile {n}", "en": "Serve {card} to noble {n}"},
    "clear": {"fr": "Débarrasser le noble {n}", "it": "Sparecchia il nobile {n}", "en": "Clear noble {n}"},
    "stop": {"fr": "Terminer le tour", "it": "Fine del turno", "en": "End the turn"},
}


def describe_action(deck: ResolvedDeck, action: tuple[Any, ...], lang: str) -> str:
    """A Royale move in ``lang`` (``cardgen play``'s buttons and journal); rows, columns and nobles count from 1."""
    from cardgen.games.base import component_name, describe_generic

    kind = str(action[0]) if action else ""
    key = str(action[1]) if kind == "take" and len(action) == 3 else kind
    words = _MOVES.get(key)
    if words is None:
        return describe_generic(deck, action, lang)
    text = words.get(lang, words["en"])
    if kind == "take":
        return text.format(n=int(action[2]) + 1)
    if kind == "imposter":
        return text.format(deg=action[1], r=int(action[2]) + 1, c=int(action[3]) + 1)
    if kind == "place":
        return text.format(card=component_name(deck, action[1], lang) or action[1], n=int(action[2]) + 1)
    if kind == "clear":
        return text.format(n=int(action[1]) + 1)
    return text
