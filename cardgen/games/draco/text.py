"""Generated card texts of Draco & Co in French, Italian and English.

Action cards print their effect written out from the face data, Draco's two faces
and the special characters print reminders of the toast rules; every number comes
from the resolved deck (``resolved.rules``, component counts), and the names of
Draco and the special characters from the deck's component names, so a variant
that renames or re-numbers something gets matching texts.
"""
from __future__ import annotations

from typing import Any

from cardgen import wordbook
from cardgen.games.draco.model import DracoFace
from cardgen.text import join_and, times

#: this module's words per language (cardgen/wordbook.py)
_BOOK = wordbook.load(__file__)


# -- small phrase builders ---------------------------------------------------------------
#: the counted nouns (singular, plural) per language
_NOUNS = {
    "seat": {"fr": ("place", "places"), "it": ("posto", "posti"), "en": ("seat", "seats")},
    "silver": {"fr": ("pièce d’argent", "pièces d’argent"), "it": ("moneta d’argento", "monete d’argento"),
               "en": ("silver coin", "silver coins")},
    "card": {"fr": ("carte action", "cartes action"), "it": ("carta azione", "carte azione"),
             "en": ("action card", "action cards")},
}


def counted(n: int, noun: str, lang: str) -> str:
    """``n`` seats, silver coins or action cards (``noun``), with the right plural."""
    word = _NOUNS[noun][lang]
    return f"{n} {word[0] if n == 1 else word[1]}"


def multiple(m: int, lang: str) -> str:
    """Zork's multiplier as a phrase: ``le double``, ``il triplo``, ``double``..."""
    named = {"fr": {1: "la totalité", 2: "le double", 3: "le triple"},
             "it": {1: "l’intera somma", 2: "il doppio", 3: "il triplo"},
             "en": {1: "all", 2: "double", 3: "triple"}}[lang]
    if m in named:
        return named[m]
    return {"fr": f"{m} fois", "it": f"{m} volte", "en": f"{m} times"}[lang]


# -- action effects ----------------------------------------------------------------------
#: move sentences by (which, direction); ``{dist}`` is a fixed distance or the die's result
MOVES = _BOOK["moves"]

DIST_FIXED = _BOOK["dist_fixed"]
DIST_ROLL = _BOOK["dist_roll"]
ROLL_FIRST = _BOOK["roll_first"]

PHRASES = _BOOK["phrases"]
#: the reminder on Draco's faces: the hands' words, which seat is first, what a toast pays (one seat or
#: ``{k}``) and costs (one seat or ``{m}``)
DRACO_FACE = _BOOK["draco_face"]


def effect_text(key: str, params: Any, lang: str, draco: str, specials: int) -> str:
    """One action effect written out in ``lang`` (numbers from ``params``)."""
    p = PHRASES[lang]
    if key == "move":
        dist = DIST_FIXED[lang].format(seats=counted(params.steps, "seat", lang))
        return MOVES[lang][params.which][params.direction].format(dist=dist, draco=draco)
    if key == "roll_and_move":
        move = MOVES[lang][params.which][params.direction].format(dist=DIST_ROLL[lang], draco=draco)
        return ROLL_FIRST[lang] + move[0].lower() + move[1:]
    if key == "split":
        return p["split"].format(fwd=counted(params.forward, "seat", lang), back=counted(params.back, "seat", lang))
    if key == "swap":
        return p["swap_" + params.reach].format(draco=draco)
    if key in ("steal", "dice_duel"):
        return p[key].format(coins=counted(params.silver, "silver", lang))
    if key == "coin_drop":
        return p[key].format(times=times(params.coins, lang), coins=counted(params.silver, "silver", lang))
    return p[key].format(draco=draco, n=specials)


# -- Draco and the special characters ----------------------------------------------------
def draco_text(hand: str, payouts: list[int], costs: list[int], lang: str) -> str:
    """Reminder on one of Draco's faces: which side is first, what a toast pays and costs."""
    w = DRACO_FACE[lang]
    other = "left" if hand == "right" else "right"
    k, m = len(payouts), len(costs)
    out = w["cup"].format(hand=w[hand], other=w[other])
    gets = (w["gets_one"].format(silver=counted(payouts[0], "silver", lang)) if k == 1 else
            w["gets_many"].format(k=k, payouts=join_and(payouts, lang)))
    pays = ("" if m == 0 else w["pays_one"].format(silver=counted(costs[0], "silver", lang)) if m == 1 else
            w["pays_many"].format(m=m, costs=join_and(costs, lang)))
    return out + gets + pays + "."


def special_text(special: str, name: str, rules: Any, lang: str) -> str:
    """Reminder text of a special character (``zork``, ``jean``, ``sarah``)."""
    if special == "zork":
        m = rules.zork_multiplier
        if lang == "fr":
            tail = ("personne ne paie pour lui" if m == 0 else
                    f"le joueur le plus riche paie pour lui {multiple(m, lang)} de la somme due")
            return f"{name} ne touche jamais d’argent. S’il est à une place qui paie, {tail}."
        if lang == "it":
            tail = ("nessuno paga per lui" if m == 0 else
                    f"il giocatore più ricco paga per lui {multiple(m, lang)} della somma dovuta")
            return f"{name} non incassa mai nulla. Se siede in un posto che paga, {tail}."
        tail = ("nobody pays for him" if m == 0 else
                f"the richest player pays for him {multiple(m, lang)} what his seat owes")
        return f"{name} never receives money. If he sits in a paying seat, {tail}."
    if special == "jean":
        return {
            "fr": f"À une place payée, {name} donne ce qu’il reçoit au personnage de la place suivante. "
                  "À une place qui paie, le personnage de la place précédente paie pour lui.",
            "it": f"In un posto che incassa, {name} passa quanto riceve al personaggio del posto successivo. "
                  "In un posto che paga, paga per lui il personaggio del posto precedente.",
            "en": f"In a paid seat, {name} hands what he receives to the character in the next seat. "
                  "In a paying seat, the character in the seat before him pays for him.",
        }[lang]
    n = rules.sarah_draw
    drawn = counted(n, "card", lang)
    first = {"fr": f"{name} ne touche pas à l’argent.", "it": f"{name} non tocca denaro.",
             "en": f"{name} never touches money."}[lang]
    if n == 0:
        return first
    second = {
        "fr": f" À chaque toast, les propriétaires des personnages assis à côté d’elle peuvent piocher chacun "
              f"{drawn}.",
        "it": f" A ogni brindisi, i proprietari dei personaggi seduti accanto a lei possono pescare "
              f"{drawn} ciascuno.",
        "en": f" At each toast, the owners of the characters sitting beside her may each draw {drawn}.",
    }[lang]
    return first + second


LAIR = {"fr": "Gardez ici votre butin.", "it": "Qui custodisci il tuo bottino.", "en": "Keep your loot here."}


def face_text(resolved: Any, component: Any, face: Any, lang: str) -> str | None:
    """The generated text a face prints (``GameSpec.face_text``), or None when it prints none."""
    data = component.data
    if data is None:
        return None
    rules = resolved.rules
    fdata: DracoFace | None = face.data
    if data.role == "action" and fdata is not None and fdata.effect is not None:
        key, params = fdata.effect
        return effect_text(key, params, lang, _draco_name(resolved, lang), _special_count(resolved))
    if data.role == "draco" and fdata is not None and fdata.cup_hand is not None:
        return draco_text(fdata.cup_hand, list(rules.toast_payouts), list(rules.toast_costs), lang)
    if data.role == "special" and data.special is not None:
        return special_text(data.special, face.title[lang] if face.title else component.name[lang], rules, lang)
    if data.role == "lair":
        return LAIR[lang]
    if data.role == "coin" and data.silver is not None and data.silver > 1:
        worth = counted(data.silver, "silver", lang)
        return {"fr": f"Vaut {worth}.", "it": f"Vale {worth}.", "en": f"Worth {worth}."}[lang]
    return None


def _draco_name(resolved: Any, lang: str) -> str:
    for c in resolved.model.components:
        if c.data is not None and c.data.role == "draco":
            return str(c.name[lang])
    return "Draco"


def _special_count(resolved: Any) -> int:
    return sum(c.count for c in resolved.model.components if c.data is not None and c.data.role == "special")


#: a player's move as the play screen names it, per language ({card}: the action card's name)
_MOVES = {
    "play": {"fr": "Jouer {card}", "it": "Gioca {card}", "en": "Play {card}"},
    "toast": {"fr": "Proposer un toast", "it": "Proponi un brindisi", "en": "Propose a toast"},
    "pass": {"fr": "Passer", "it": "Passa", "en": "Pass"},
    "move": {"fr": "Déplacer {card}", "it": "Sposta {card}", "en": "Move {card}"},
    "draw": {"fr": "Piocher", "it": "Pesca", "en": "Draw"},
    "decline": {"fr": "Refuser", "it": "Rifiuta", "en": "Decline"},
}
#: a seat number among an action's targets
_SEAT = {"fr": "siège {n}", "it": "posto {n}", "en": "seat {n}"}


def describe_action(resolved: Any, action: tuple[Any, ...], lang: str) -> str:
    """A Draco move in ``lang`` (``cardgen play``'s buttons and journal): cards by name, seats from 1."""
    from cardgen.games.base import component_name, describe_generic

    words = _MOVES.get(str(action[0]) if action else "")
    if words is None:
        return describe_generic(resolved, action, lang)
    names = [_SEAT.get(lang, _SEAT["en"]).format(n=w + 1) if isinstance(w, int)
             else component_name(resolved, w, lang) or str(w) for w in action[1:]]
    text = words.get(lang, words["en"]).format(card=names[0] if names else "")
    return text + (" → " + ", ".join(names[1:]) if len(names) > 1 else "")
