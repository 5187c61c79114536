"""The compare report's own words in English, French and Italian (``compare --lang``).

The verdict's sentences and the figures' names live in ``cardgen.simulate.verdict`` (the
terminal shares them); these are the page's other words: title, navigation, what the variant
changes, chart titles and axes, components to print, the folded engine tallies. English
strings are the ones the report printed before it spoke other languages.
"""
from __future__ import annotations

from typing import Any

REPORT: dict[str, dict[str, Any]] = {
    "en": {"title": "{variant} against {base}",
           "nav": ("gallery", "all runs", "this run's overview"),
           "changes": "What it changes", "against": "(against {base}): ", "nothing": "nothing in the data",
           "kinds": {}, "arrow": "{kind} {field}: {old} -> {new}",
           "length": "Game length (share of games)", "turns": "turns per game",
           "seats": "Win rate per seat (95% interval)", "agents": "Win rate per agent (95% interval)",
           "seat": "seat {k}", "winner": "winner", "equal": "equal share",
           "spread": "Final scores (p10-p90 box, median tick, min-max line)", "score": "final score",
           "no_games": "No game ended by an end condition: nothing to chart.",
           "short": None,  # English keeps the simulator's own warning line
           "internal": "{label}: {n} figures, {m} changed",
           "forest": "Changes in shares of games (95% interval)",
           "forest_axis": "variant minus base, percentage points"},
    "fr": {"title": "{variant} comparée à {base}",
           "nav": ("galerie", "toutes les séries", "vue d’ensemble de cette série"),
           "changes": "Ce qu’elle change", "against": "(par rapport à {base})\u202f: ",
           "nothing": "rien dans les données",
           "kinds": {"rule": "règle", "count": "nombre de", "added": "ajout de", "removed": "retrait de",
                     "changed": "modification de", "clarification": "arbitrage", "players": "joueurs",
                     "card": "carte", "house_rule": "règle maison"},
           "arrow": "{kind} {field}\u202f: {old} → {new}",
           "length": "Durée des parties (part des parties)", "turns": "tours par partie",
           "seats": "Part des victoires par place (intervalle à 95 %)",
           "agents": "Part des victoires par joueur artificiel (intervalle à 95 %)",
           "seat": "place {k}", "winner": "vainqueur", "equal": "part égale",
           "spread": "Scores finaux (boîte du 10e au 90e centile, trait à la médiane, ligne du minimum au maximum)",
           "score": "score final",
           "no_games": "Aucune partie ne s’est terminée par une condition de fin\u202f: rien à tracer.",
           "short": "{deck}\u202f: imprimer {more} exemplaires de {piece} en plus pour que {cover} des parties "
                    "en aient assez\u202f; "
                    "la boîte en manque dans {n} parties sur {games} ({share}), jusqu’à {max} manquants.",
           "internal": "{label}\u202f: {n} chiffres\u202f; ont bougé\u202f: {m}",
           "forest": "Écarts de part des parties (intervalle à 95 %)",
           "forest_axis": "variante moins base, en points de pourcentage"},
    "it": {"title": "{variant} a confronto con {base}",
           "nav": ("galleria", "tutte le serie", "panoramica di questa serie"),
           "changes": "Che cosa cambia", "against": "(rispetto a {base}): ", "nothing": "nulla nei dati",
           "kinds": {"rule": "regola", "count": "numero di", "added": "aggiunta di", "removed": "rimozione di",
                     "changed": "modifica di", "clarification": "chiarimento", "players": "giocatori",
                     "card": "carta", "house_rule": "regola della casa"},
           "arrow": "{kind} {field}: {old} → {new}",
           "length": "Durata delle partite (quota di partite)", "turns": "turni per partita",
           "seats": "Quota di vittorie per posto (intervallo al 95 %)",
           "agents": "Quota di vittorie per giocatore artificiale (intervallo al 95 %)",
           "seat": "posto {k}", "winner": "vincitore", "equal": "quota equa",
           "spread": "Punteggi finali (scatola dal 10° al 90° percentile, tacca alla mediana, linea dal minimo "
                     "al massimo)",
           "score": "punteggio finale",
           "no_games": "Nessuna partita è finita per una condizione di fine: niente da tracciare.",
           "short": "{deck}: stampare altre {more} copie di {piece} perché il {cover} delle partite "
                    "ne abbia abbastanza; "
                    "la scatola ne resta senza in {n} partite su {games} ({share}), fino a {max} mancanti.",
           "internal": "{label}: {n} cifre; cambiate: {m}",
           "forest": "Differenze nella quota di partite (intervallo al 95 %)",
           "forest_axis": "variante meno base, in punti percentuali"},
}

#: a component's name in running text, per language
QUOTE = {"en": "'{}'", "fr": "«\u202f{}\u202f»", "it": "«{}»"}


def difference_line(d: dict[str, Any], lang: str = "en") -> str:
    """One line of what a variant changes (``inspect``'s line in English: ``rule hand_size: 5 -> 4``)."""
    words = REPORT[lang]
    kind = words["kinds"].get(d["kind"], d["kind"])
    return words["arrow"].format(kind=kind, field=d["field"], old=d["old"], new=d["new"])


def shortfall_line(deck: str, s: dict[str, Any], piece: str | None, lang: str = "en") -> str:
    """A components-to-print finding (``cardgen.simulate.balance.sufficiency``) in ``lang``; ``piece`` is the
    component's name in that language (None: the tracked name)."""
    from cardgen.simulate.verdict import number

    template = REPORT[lang]["short"]
    if template is None:
        return f"{deck}: {s['warning']}"
    games = max(1, s["games"])
    return template.format(deck=deck, more=s["print_more"], piece=QUOTE[lang].format(piece or s["peak"]),
                           cover=number(s["cover"], lang, True), n=s["games_short"], games=s["games"],
                           share=number(s["games_short"] / games, lang, True), max=s["max"])
