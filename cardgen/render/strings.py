"""The few sentences the sheets print around the cards, in fr, it, en, de, es, pt and nl (English
for any other language).

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
        "step_one_die": "The die: cut around the outline, fold along the dashed lines, glue the grey tabs inside.",
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
        "no_backs": "This page is intentionally blank: the pieces on the other side have no back.",
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
        "step_one_die": f"Le dé{NB}: découpez le contour, pliez le long des pointillés, collez les languettes grises "
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
        "no_backs": f"Page laissée blanche à dessein{NB}: les pièces imprimées de l’autre côté n’ont pas de dos.",
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
        "step_long": "Stampa fronte-retro con rilegatura sul lato lungo: il retro di ogni carta si trova "
                     "esattamente dietro il suo fronte.",
        "step_short": "Stampa fronte-retro con rilegatura sul lato corto: il retro di ogni carta si trova "
                      "esattamente dietro il suo fronte.",
        "step_none": "Stampa solo fronte. Ogni pagina di fronti è seguita dalla pagina dei loro retro, ciascun "
                     "retro nello stesso posto del suo fronte: ritaglia entrambi, poi incolla o imbusta ogni "
                     "coppia.",
        "step_test": "Per cominciare stampa soltanto il primo foglio di carte e guardalo controluce: ogni retro deve "
                     "stare dietro il suo fronte. Altrimenti prova l’altra rilegatura o regola "
                     "l’allineamento fronte-retro della stampante.",
        "step_cut": "Taglia seguendo i segni di taglio nei margini; il colore prosegue per "
                    "{bleed}\u00a0mm oltre ogni taglio, così un taglio un po’ storto non lascia bordi bianchi.",
        "step_ink": "Edizione a risparmio d’inchiostro: contorni al posto dei colori pieni.",
        "step_die": "Per ogni dado: ritaglia il contorno, piega lungo le linee tratteggiate, incolla le linguette grigie "
                    "all’interno.",
        "step_one_die": "Il dado: ritaglia il contorno, piega lungo le linee tratteggiate, incolla le linguette grigie "
                        "all’interno.",
        "step_fronts": "Solo fronti: stampa solo fronte, su cartoncino o sul retro di dorsi già stampati.",
        "step_backs_once": "Tutte le carte hanno lo stesso dorso: stampa le pagine di fronti, rimettile nel "
                           "vassoio e stampa l’ultima pagina (retro) {sheets}\u00a0volte sul loro retro, "
                           "con rilegatura sul lato {edge}.",
        "edge_long": "lungo",
        "edge_short": "corto",
        "contents": "Contenuto",
        "fronts": "fronti",
        "backs": "retro",
        "blank": "Pagina lasciata intenzionalmente in bianco: è il retro delle istruzioni.",
        "no_backs": "Pagina lasciata intenzionalmente in bianco: i pezzi stampati sull’altro lato non hanno retro.",
        "page": "pagina {n}/{total}",
    },
    "de": {
        "title": "{name} \u2014 Druckbögen zum Selberdrucken",
        "counts": "{pieces}; {pages} Seiten ({paper}).",
        "card": "{n}\u00a0Karte|{n}\u00a0Karten",
        "token": "{n}\u00a0Marker|{n}\u00a0Marker",
        "die": "{n}\u00a0Würfel|{n}\u00a0Würfel",
        "ruler": "Kalibrierung: Dieses Lineal muss genau 100\u00a0mm messen.",
        "step_scale": "In Originalgröße (100\u00a0%) drucken, nie „an Seite anpassen“; dann das Lineal oben "
                      "nachmessen.",
        "step_long": "Beidseitig drucken, an der langen Kante wenden: Jede Rückseite liegt hinter ihrer Karte.",
        "step_short": "Beidseitig drucken, an der kurzen Kante wenden: Jede Rückseite liegt hinter ihrer Karte.",
        "step_none": "Einseitig drucken. Auf jede Seite mit Vorderseiten folgt ihre Seite mit Rückseiten, jede "
                     "Rückseite an derselben Stelle wie ihre Vorderseite: beide ausschneiden, dann jedes Paar "
                     "zusammenkleben oder in eine Hülle stecken.",
        "step_test": "Zuerst nur den ersten Kartenbogen drucken und gegen das Licht halten: Jede Rückseite "
                     "sollte hinter ihrer Vorderseite liegen. Wenn nicht, die andere Wendekante oder den "
                     "Duplex-Versatz des Druckers versuchen.",
        "step_cut": "Entlang der Schnittmarken im Rand schneiden; die Farbe reicht {bleed}\u00a0mm über jeden "
                    "Schnitt hinaus, sodass ein leicht schiefer Schnitt keinen weißen Rand lässt.",
        "step_ink": "Tintensparende Ausgabe: Umrisse statt voller Farbflächen.",
        "step_die": "Jeder Würfel: am Umriss ausschneiden, an den gestrichelten Linien falten, die grauen "
                    "Laschen innen festkleben.",
        "step_one_die": "Der Würfel: am Umriss ausschneiden, an den gestrichelten Linien falten, die grauen "
                        "Laschen innen festkleben.",
        "step_fronts": "Nur Vorderseiten: einseitig drucken, auf Karton oder auf die Rückseite bereits bedruckter "
                       "Rückseiten.",
        "step_backs_once": "Alle Karten haben dieselbe Rückseite: die Seiten mit Vorderseiten drucken, wieder "
                           "ins Fach legen und die letzte Seite (Rückseiten) {sheets}\u00a0Mal auf ihre "
                           "Rückseite drucken, an der {edge} Kante gewendet.",
        "edge_long": "langen",
        "edge_short": "kurzen",
        "contents": "Inhalt",
        "fronts": "Vorderseiten",
        "backs": "Rückseiten",
        "blank": "Diese Seite ist absichtlich leer: Sie ist die Rückseite der Anleitung.",
        "no_backs": "Diese Seite ist absichtlich leer: Die Teile auf der anderen Seite haben keine Rückseite.",
        "page": "Seite {n}/{total}",
    },
    "es": {
        "title": "{name} \u2014 hojas para imprimir",
        "counts": "{pieces}; {pages} páginas ({paper}).",
        "card": "{n}\u00a0carta|{n}\u00a0cartas",
        "token": "{n}\u00a0ficha|{n}\u00a0fichas",
        "die": "{n}\u00a0dado|{n}\u00a0dados",
        "ruler": "Calibración: esta regla debe medir exactamente 100\u00a0mm.",
        "step_scale": "Imprime a tamaño real (100\u00a0%), nunca «ajustar a la página»; después comprueba la "
                      "regla de arriba.",
        "step_long": "Imprime a doble cara, volteando por el borde largo: el dorso de cada carta queda detrás "
                     "de su frente.",
        "step_short": "Imprime a doble cara, volteando por el borde corto: el dorso de cada carta queda detrás "
                      "de su frente.",
        "step_none": "Imprime a una cara. Tras cada página de frentes viene su página de dorsos, cada dorso en "
                     "el mismo lugar que su frente: recorta ambos y luego pega o enfunda cada pareja.",
        "step_test": "Imprime primero solo la primera hoja de cartas y mírala a contraluz: cada dorso debe "
                     "quedar detrás de su frente. Si no, prueba el otro volteo o el desplazamiento de doble "
                     "cara de tu impresora.",
        "step_cut": "Corta siguiendo las marcas de corte de los márgenes; el color sobrepasa cada corte en "
                    "{bleed}\u00a0mm, así que un corte algo torcido no deja borde blanco.",
        "step_ink": "Edición que ahorra tinta: contornos en lugar de colores sólidos.",
        "step_die": "Cada dado: recorta el contorno, dobla por las líneas discontinuas y pega las pestañas "
                    "grises por dentro.",
        "step_one_die": "El dado: recorta el contorno, dobla por las líneas discontinuas y pega las pestañas "
                        "grises por dentro.",
        "step_fronts": "Solo frentes: imprime a una cara, en cartulina o en el reverso de dorsos ya impresos.",
        "step_backs_once": "Todas las cartas tienen el mismo dorso: imprime las páginas de frentes, vuelve a "
                           "ponerlas en la bandeja e imprime la última página (dorsos) {sheets}\u00a0veces en su "
                           "reverso, volteando por el borde {edge}.",
        "edge_long": "largo",
        "edge_short": "corto",
        "contents": "Contenido",
        "fronts": "frentes",
        "backs": "dorsos",
        "blank": "Esta página se ha dejado en blanco a propósito: es el reverso de las instrucciones.",
        "no_backs": "Esta página se ha dejado en blanco a propósito: las piezas del otro lado no tienen reverso.",
        "page": "página {n}/{total}",
    },
    "pt": {
        "title": "{name} \u2014 folhas para imprimir",
        "counts": "{pieces}; {pages} páginas ({paper}).",
        "card": "{n}\u00a0carta|{n}\u00a0cartas",
        "token": "{n}\u00a0ficha|{n}\u00a0fichas",
        "die": "{n}\u00a0dado|{n}\u00a0dados",
        "ruler": "Calibração: esta régua deve medir exatamente 100\u00a0mm.",
        "step_scale": "Imprima em tamanho real (100\u00a0%), nunca “ajustar à página”; depois confira a régua "
                      "acima.",
        "step_long": "Imprima frente e verso, virando pela borda longa: o verso de cada carta fica atrás da "
                     "sua frente.",
        "step_short": "Imprima frente e verso, virando pela borda curta: o verso de cada carta fica atrás da "
                      "sua frente.",
        "step_none": "Imprima só de um lado. Depois de cada página de frentes vem a sua página de versos, cada "
                     "verso no mesmo lugar da sua frente: recorte os dois e cole ou encape cada par.",
        "step_test": "Imprima primeiro só a primeira folha de cartas e olhe-a contra a luz: cada verso deve "
                     "ficar atrás da sua frente. Se não ficar, tente a outra virada ou o deslocamento de "
                     "frente e verso da impressora.",
        "step_cut": "Corte seguindo as marcas de corte nas margens; a cor passa {bleed}\u00a0mm além de cada "
                    "corte, então um corte um pouco torto não deixa borda branca.",
        "step_ink": "Edição econômica em tinta: contornos em vez de cores chapadas.",
        "step_die": "Cada dado: recorte o contorno, dobre nas linhas tracejadas e cole as abas cinzentas por "
                    "dentro.",
        "step_one_die": "O dado: recorte o contorno, dobre nas linhas tracejadas e cole as abas cinzentas por "
                        "dentro.",
        "step_fronts": "Só frentes: imprima só de um lado, em cartolina ou no verso de costas já impressas.",
        "step_backs_once": "Todas as cartas têm o mesmo verso: imprima as páginas de frentes, recoloque-as na "
                           "bandeja e imprima a última página (versos) {sheets}\u00a0vezes no verso delas, "
                           "virando pela borda {edge}.",
        "edge_long": "longa",
        "edge_short": "curta",
        "contents": "Conteúdo",
        "fronts": "frentes",
        "backs": "versos",
        "blank": "Esta página foi deixada em branco de propósito: é o verso das instruções.",
        "no_backs": "Esta página foi deixada em branco de propósito: as peças do outro lado não têm verso.",
        "page": "página {n}/{total}",
    },
    "nl": {
        "title": "{name} \u2014 vellen om zelf te printen",
        "counts": "{pieces}; {pages} pagina’s ({paper}).",
        "card": "{n}\u00a0kaart|{n}\u00a0kaarten",
        "token": "{n}\u00a0fiche|{n}\u00a0fiches",
        "die": "{n}\u00a0dobbelsteen|{n}\u00a0dobbelstenen",
        "ruler": "Kalibratie: deze liniaal moet precies 100\u00a0mm meten.",
        "step_scale": "Print op ware grootte (100%), nooit ‘aanpassen aan pagina’; controleer daarna de liniaal "
                      "hierboven.",
        "step_long": "Print dubbelzijdig, omslaan langs de lange kant: elke achterkant valt achter zijn kaart.",
        "step_short": "Print dubbelzijdig, omslaan langs de korte kant: elke achterkant valt achter zijn kaart.",
        "step_none": "Print enkelzijdig. Na elke pagina voorkanten volgt haar pagina achterkanten, elke "
                     "achterkant op dezelfde plek als zijn voorkant: knip beide uit en plak of hoes elk paar.",
        "step_test": "Print eerst alleen het eerste vel kaarten en houd het tegen het licht: elke achterkant "
                     "hoort achter zijn voorkant te zitten. Zo niet, probeer de andere omslagkant of de "
                     "dubbelzijdige verschuiving van je printer.",
        "step_cut": "Knip langs de snijtekens in de marges; de kleur loopt {bleed}\u00a0mm door voorbij elke "
                    "snede, zodat een iets scheve snede geen witte rand laat.",
        "step_ink": "Inktbesparende uitgave: omtrekken in plaats van volle kleurvlakken.",
        "step_die": "Elke dobbelsteen: knip de omtrek uit, vouw langs de stippellijnen en plak de grijze "
                    "lipjes aan de binnenkant vast.",
        "step_one_die": "De dobbelsteen: knip de omtrek uit, vouw langs de stippellijnen en plak de grijze "
                        "lipjes aan de binnenkant vast.",
        "step_fronts": "Alleen voorkanten: print enkelzijdig, op karton of op de achterkant van al bedrukte "
                       "achterkanten.",
        "step_backs_once": "Alle kaarten hebben dezelfde achterkant: print de pagina’s met voorkanten, leg ze "
                           "terug in de lade en print de laatste pagina (achterkanten) {sheets}\u00a0keer op hun "
                           "achterzijde, omslaan langs de {edge} kant.",
        "edge_long": "lange",
        "edge_short": "korte",
        "contents": "Inhoud",
        "fronts": "voorkanten",
        "backs": "achterkanten",
        "blank": "Deze pagina is met opzet leeg: het is de achterkant van de instructies.",
        "no_backs": "Deze pagina is met opzet leeg: de onderdelen aan de andere kant hebben geen achterkant.",
        "page": "pagina {n}/{total}",
    },
}


def strings(lang: str) -> dict[str, str]:
    """The sheets' sentences in ``lang``; English where cardgen has no translation (a deck in, say,
    Swedish prints its own texts in Swedish and these few instructions in English)."""
    return STRINGS.get(lang) or STRINGS["en"]


def text(lang: str, key: str, **fields: object) -> str:
    """The sentence ``key`` in ``lang`` (English where there is no translation) with ``fields`` filled in."""
    return strings(lang)[key].format(**fields)


def count(lang: str, key: str, n: int) -> str:
    """``n`` things, singular or plural (entries ``"one|many"``), e.g. ``1 carte``, ``110 cartes``."""
    one, many = strings(lang)[key].split("|")
    return (one if n == 1 else many).format(n=n)
