"""The few sentences the sheets print around the cards, in fr, it and en.

French follows the project's typography (docs/DEVELOPING.md): a narrow no-break
space (U+202F) before ``; : ! ?`` and inside « », apostrophe ’. Placeholders are
``str.format`` fields; every number comes from the deck or the layout. Entries
``"singular|plural"`` are counts (``count``); numbers stay attached to their unit
with a no-break space.
"""
from __future__ import annotations

NB = "\u202f"  # narrow no-break space

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{name} \u2014 print-and-play sheets",  # a dash: a variant's name has its own colon
        "counts": "{pieces}; {pages} pages ({paper}).",
        "card": "{n}\u00a0card|{n}\u00a0cards",
        "token": "{n}\u00a0token|{n}\u00a0tokens",
        "die": "{n}\u00a0die|{n}\u00a0dice",
        "ruler": "Calibration: this ruler must measure exactly 100\u00a0mm.",
        "step_scale": "Print at actual size (100%), never “fit to page”; then check the ruler above.",
        "step_long": "Print double-sided, flipping on the long edge: each card’s back lands behind its front.",
        "step_short": "Print double-sided, flipping on the short edge: each card’s back lands behind its front.",
        "step_none": "Print single-sided. After each page of fronts comes its page of backs, each back in the "
                     "same place as its front: cut both, then glue or sleeve each pair together.",
        "step_test": "Print the first sheet of cards alone and hold it to the light: every back should sit "
                     "behind its front. If not, try the other flip or your printer’s duplex offset.",
        "step_cut": "Cut along the crop marks in the margins; the colour runs {bleed}\u00a0mm past each cut, so a "
                    "slightly crooked cut leaves no white edge.",
        "step_ink": "Ink-saver edition: outlines instead of solid colour.",
        "step_die": "Each die: cut around the outline, fold along the dashed lines, glue the grey tabs inside.",
        "step_fronts": "Fronts only: print single-sided, on card stock or on the back of pre-printed backs.",
        "step_backs_once": "Every card has the same back: print the pages of fronts, then put them back in the "
                           "tray and print the last page (backs) {sheets}\u00a0times on their reverse, flipping "
                           "on the {edge} edge.",
        "edge_long": "long",
        "edge_short": "short",
        "contents": "Contents",
        "fronts": "fronts",
        "backs": "backs",
        "blank": "This page is intentionally blank: it is the back of the instructions.",
        "page": "page {n}/{total}",
    },
    "fr": {
        "title": "{name} \u2014 planches à imprimer",
        "counts": f"{{pieces}}{NB}; {{pages}} pages ({{paper}}).",
        "card": "{n}\u00a0carte|{n}\u00a0cartes",
        "token": "{n}\u00a0jeton|{n}\u00a0jetons",
        "die": "{n}\u00a0dé|{n}\u00a0dés",
        "ruler": f"Étalonnage{NB}: cette règle doit mesurer exactement 100\u00a0mm.",
        "step_scale": f"Imprimez en taille réelle (100{NB}%), jamais «{NB}ajuster à la page{NB}»{NB}; "
                      "vérifiez ensuite la règle ci-dessus.",
        "step_long": f"Imprimez en recto verso, retournement sur le bord long{NB}: chaque dos tombe derrière "
                     "sa carte.",
        "step_short": f"Imprimez en recto verso, retournement sur le bord court{NB}: chaque dos tombe derrière "
                      "sa carte.",
        "step_none": "Imprimez en recto seul. Chaque page de faces est suivie de sa page de dos, chaque dos à "
                     f"la même place que sa face{NB}; découpez les deux, puis collez ou glissez chaque paire "
                     "dans une pochette.",
        "step_test": f"Imprimez d’abord la première feuille de cartes seule et regardez-la à contre-jour{NB}: "
                     "chaque dos doit se trouver derrière sa face. Sinon, essayez l’autre retournement ou "
                     "le décalage recto verso de l’imprimante.",
        "step_cut": f"Coupez en suivant les traits de coupe des marges{NB}; "
                    "la couleur déborde de {bleed}\u00a0mm au-delà de chaque coupe, si bien qu’une coupe un peu "
                    "décalée ne laisse pas de bord blanc.",
        "step_ink": f"Édition économe en encre{NB}: des contours au lieu des aplats de couleur.",
        "step_die": f"Pour chaque dé{NB}: découpez le contour, pliez le long des pointillés, collez les languettes grises "
                    "à l’intérieur.",
        "step_fronts": f"Faces seules{NB}: imprimez en recto seul, sur bristol ou au dos de dos déjà imprimés.",
        "step_backs_once": f"Toutes les cartes ont le même dos{NB}: imprimez les pages de faces, remettez-les dans "
                           "le bac et imprimez la dernière page (dos) {sheets}\u00a0fois à leur verso, "
                           "retournement sur le bord {edge}.",
        "edge_long": "long",
        "edge_short": "court",
        "contents": "Contenu",
        "fronts": "faces",
        "backs": "dos",
        "blank": f"Page laissée blanche à dessein{NB}: c’est le verso des instructions.",
        "page": "page {n}/{total}",
    },
    "it": {
        "title": "{name} \u2014 fogli da stampare",
        "counts": "{pieces}; {pages} pagine ({paper}).",
        "card": "{n}\u00a0carta|{n}\u00a0carte",
        "token": "{n}\u00a0segnalino|{n}\u00a0segnalini",
        "die": "{n}\u00a0dado|{n}\u00a0dadi",
        "ruler": "Taratura: questo righello deve misurare esattamente 100\u00a0mm.",
        "step_scale": "Stampa a dimensione reale (100%), mai «adatta alla pagina»; poi controlla il righello "
                      "qui sopra.",
        "step_long": "Stampa fronte-retro, capovolgendo sul lato lungo: il retro di ogni carta cade dietro il "
                     "suo fronte.",
        "step_short": "Stampa fronte-retro, capovolgendo sul lato corto: il retro di ogni carta cade dietro il "
                      "suo fronte.",
        "step_none": "Stampa solo fronte. Ogni pagina di fronti è seguita dalla pagina dei loro retro, ciascun "
                     "retro nello stesso posto del suo fronte: ritaglia entrambi, poi incolla o imbusta ogni "
                     "coppia.",
        "step_test": "Stampa prima da solo il primo foglio di carte e guardalo controluce: ogni retro deve "
                     "stare dietro il suo fronte. Altrimenti prova l’altro capovolgimento o lo scostamento "
                     "fronte-retro della stampante.",
        "step_cut": "Taglia seguendo i segni di taglio nei margini; il colore prosegue per "
                    "{bleed}\u00a0mm oltre ogni taglio, così un taglio un po’ storto non lascia bordi bianchi.",
        "step_ink": "Edizione a risparmio d’inchiostro: contorni al posto dei colori pieni.",
        "step_die": "Per ogni dado: ritaglia il contorno, piega lungo le linee tratteggiate, incolla le linguette grigie "
                    "all’interno.",
        "step_fronts": "Solo fronti: stampa solo fronte, su cartoncino o sul retro di dorsi già stampati.",
        "step_backs_once": "Tutte le carte hanno lo stesso dorso: stampa le pagine di fronti, rimettile nel "
                           "vassoio e stampa l’ultima pagina (retro) {sheets}\u00a0volte sul loro retro, "
                           "capovolgendo sul lato {edge}.",
        "edge_long": "lungo",
        "edge_short": "corto",
        "contents": "Contenuto",
        "fronts": "fronti",
        "backs": "retro",
        "blank": "Pagina lasciata bianca di proposito: è il retro delle istruzioni.",
        "page": "pagina {n}/{total}",
    },
}


def text(lang: str, key: str, **fields: object) -> str:
    """The sentence ``key`` in ``lang`` with ``fields`` filled in."""
    return STRINGS[lang][key].format(**fields)


def count(lang: str, key: str, n: int) -> str:
    """``n`` things, singular or plural (entries ``"one|many"``), e.g. ``1 carte``, ``110 cartes``."""
    one, many = STRINGS[lang][key].split("|")
    return (one if n == 1 else many).format(n=n)
