"""Generated card text: the reminder printed on the Emerald card, in fr/it/en.

It names the action as the rulebook does ("Call Emerald") and says "the king's portions", never "his".

The number of portions Emerald eats comes from ``resolved.rules.emerald_portions``,
so a variant that changes it prints a matching card. Portion cards carry no text.
French typography: U+202F (narrow no-break space) before ``: ; ! ?``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.errors import InputError
from cardgen.text import NNBSP

if TYPE_CHECKING:  # an annotation only: a game's package never imports the resolver above it
    from cardgen.resolve.resolve import ResolvedDeck


#: portion noun per language: (singular, plural)
_PORTION = {"fr": ("portion", "portions"), "it": ("porzione", "porzioni"), "en": ("portion", "portions")}

#: the reminder per language; {n} is the number, {portions} the noun agreeing with it
_EMERALD = {
    "fr": ("Appeler Emerald" + NNBSP + ": si le roi a au moins {n} {portions}, retirez du jeu ce dragon et "
           "{n} {portions} du roi, au choix. Si vous le piochez, appelez-le aussitôt ou posez-le face "
           "visible à côté des plats."),
    "it": ("Chiamare Emerald: se il re ha almeno {n} {portions}, elimina dal gioco questo drago e {n} {portions} "
           "del re a tua scelta. Se lo peschi, chiamalo subito oppure mettilo scoperto accanto ai piatti."),
    "en": ("Call Emerald: if the king has at least {n} {portions}, remove this dragon and {n} of the king’s "
           "portions, of your choice, from the game. If you draw it, call it at once or lay it face up "
           "beside the dishes."),
}


def emerald_text(portions: int, lang: str) -> str:
    """The Emerald reminder for ``portions`` portions in ``lang``."""
    if lang not in _EMERALD:
        raise InputError(f"no Emerald text in language '{lang}'; expected one of {', '.join(_EMERALD)}")
    noun = _PORTION[lang][0 if portions == 1 else 1]
    return _EMERALD[lang].format(n=portions, portions=noun)


def face_text(resolved: ResolvedDeck, component: Any, face: Any, lang: str) -> str | None:
    """Generated text of a face: the Emerald reminder; None for portion cards."""
    data = component.data
    if data is None or data.role != "emerald":
        return None
    return emerald_text(resolved.rules.emerald_portions, lang)


#: a player's move as the play screen names it, per language ({emerald}: the card's printed name)
_MOVES = {
    "take": {"fr": "Prendre {dish}", "it": "Prendi {dish}", "en": "Take {dish}"},
    "draw": {"fr": "Piocher", "it": "Pesca", "en": "Draw"},
    "place": {"fr": "Poser {emerald} à côté des plats", "it": "Metti {emerald} accanto ai piatti",
              "en": "Lay {emerald} beside the dishes"},
    "emerald": {"fr": "{emerald} : retirer {dishes} au roi", "it": "{emerald}: togli {dishes} al re",
                "en": "{emerald}: take {dishes} from the king"},
}


def describe_action(resolved: ResolvedDeck, action: tuple[Any, ...], lang: str) -> str:
    """A King Lui move in ``lang`` (``cardgen play``'s buttons and journal): dishes by their card names."""
    from cardgen.games.base import component_name, describe_generic
    from cardgen.text import join_and

    words = _MOVES.get(str(action[0]) if action else "")
    if words is None:
        return describe_generic(resolved, action, lang)
    names = [component_name(resolved, d, lang) or str(d) for d in action[1:]]
    text = words.get(lang, words["en"])
    emerald = component_name(resolved, "emerald", lang) or "Emerald"
    return text.format(dish=names[0] if names else "", dishes=join_and(names, lang),
                       emerald=emerald).replace(" : ", NNBSP + ": ")
