"""What a comparison means for a designer: a few plain sentences, then the figures grouped.

``verdict`` turns the significant changes of one player count into sentences,
strongest evidence first (largest distance from "no change" in standard errors).
Engine tallies (end reasons, rule gaps, peaks) never make a sentence, and neither
does a figure that follows directly from the edit (a tally the game declares as
repeating a rule field or component count the variant changed, ``GameSpec.tally_sources``:
``peak gold_in_hands`` when the variant prints fewer gold coins): the table marks it
"follows from your change". Sentences exist in English, French
and Italian (the terminal is English; ``compare --lang`` picks the report's).
Nothing here knows which game is played.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from babel.numbers import format_decimal

from cardgen.simulate.designer import CLOSE_MARGIN

LANGS = ("en", "fr", "it")

#: designer groups, in the order the table lists them; "internal" is folded and last
GROUPS = ("length", "fairness", "tension", "skill", "internal")
_LOCALES = {"en": "en", "fr": "fr_FR", "it": "it_IT"}
_SHARES = ("seat_", "end_reason:", "gap:", "close_games", "comeback_rate", "decided_at", "kingmaking", "skill:")

#: the kinds of difference (``cardgen.resolve.resolve.differences``) a tally can repeat: a rule number or
#: a component's count; a component whose faces or text changed changes no count
_COUNTED = ("rule", "count", "added", "removed")


def group(name: str) -> str:
    """The designer group of a metric name."""
    if name in ("turns", "rounds"):
        return "length"
    if name.startswith("seat_"):
        return "fairness"
    if name.startswith("skill:"):
        return "skill"
    if name.startswith(("end_reason:", "gap:", "peak:")):
        return "internal"
    return "tension"  # margin, winning score, close games, lead changes, comebacks, drama, decided at


def is_share(name: str) -> bool:
    return name.startswith(_SHARES)


def follows_from_change(name: str, differences: list[dict[str, Any]],
                        sources: Mapping[str, tuple[str, ...]]) -> bool:
    """True for an engine tally that only repeats the edit: the game declares (``sources``, its
    ``GameSpec.tally_sources``) the rule fields and component ids it follows from, and the variant
    changed one of them. Exact: no name matching, so a tally the game does not declare is never marked."""
    if group(name) != "internal":
        return False
    fields = set(sources.get(name, ()))
    return any(d.get("kind") in _COUNTED and d.get("field") in fields for d in differences)


# -- words ------------------------------------------------------------------------------
#: figure -> (rising sentence, falling sentence) per language; {b} base, {v} variant, {d} |difference|,
#: {lo}/{hi} the interval of |difference|, {k} a seat number, {m} the close-game margin, {label} a label
SENTENCES: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "turns": ("Games are {d} turns longer (95 %: {lo} to {hi}).", "Games are {d} turns shorter (95 %: {lo} to {hi})."),
        "rounds": ("Games last {d} more rounds (95 %: {lo} to {hi}).", "Games last {d} fewer rounds (95 %: {lo} to {hi})."),
        "seat_1": ("The first player's share of wins grows from {b} to {v}.",
                   "The first player's share of wins falls from {b} to {v}."),
        "seat": ("Seat {k}'s share of wins grows from {b} to {v}.", "Seat {k}'s share of wins falls from {b} to {v}."),
        "winning_score": ("Winning scores rise from {b} to {v} points.", "Winning scores fall from {b} to {v} points."),
        "margin": ("Winners win by more: {b} to {v} points ahead on average.",
                   "Winners win by less: {b} to {v} points ahead on average."),
        "close_games": ("Close games (margin {m} or less) rise from {b} to {v}.",
                        "Close games (margin {m} or less) fall from {b} to {v}."),
        "lead_changes": ("The lead changes hands more often: {b} to {v} times per game.",
                         "The lead changes hands less often: {b} to {v} times per game."),
        "comeback_rate": ("More comebacks: the winner was behind at half-time in {v} of games, against {b}.",
                          "Fewer comebacks: the winner was behind at half-time in {v} of games, against {b}."),
        "drama": ("The eventual winner trails more: {v} points behind the leader per turn on average, against {b}.",
                  "The eventual winner trails less: {v} points behind the leader per turn on average, against {b}."),
        "decided_at": ("Games stay open longer: the winner takes the lead for good at {v} of the game, against {b}.",
                       "Games are decided earlier: the winner takes the lead for good at {v} of the game, against {b}."),
        "kingmaking": ("More kingmaking: a third seat made the last swap between the top two in {v} of games, "
                       "against {b}.",
                       "Less kingmaking: a third seat made the last swap between the top two in {v} of games, "
                       "against {b}."),
        "skill": ("Skill counts for more: {label} goes from {b} to {v}.",
                  "Skill counts for less: {label} goes from {b} to {v}."),
        "other": ("{label} goes from {b} to {v}.", "{label} goes from {b} to {v}."),
    },
    "fr": {
        "turns": ("Les parties durent {d} tours de plus (95 % : de {lo} à {hi}).",
                  "Les parties durent {d} tours de moins (95 % : de {lo} à {hi})."),
        "rounds": ("Les parties comptent {d} manches de plus (95 % : de {lo} à {hi}).",
                   "Les parties comptent {d} manches de moins (95 % : de {lo} à {hi})."),
        "seat_1": ("La part des victoires du premier joueur monte de {b} à {v}.",
                   "La part des victoires du premier joueur baisse de {b} à {v}."),
        "seat": ("La part des victoires de la place {k} monte de {b} à {v}.",
                 "La part des victoires de la place {k} baisse de {b} à {v}."),
        "winning_score": ("Le score du vainqueur monte de {b} à {v} points.",
                          "Le score du vainqueur baisse de {b} à {v} points."),
        "margin": ("Le vainqueur l’emporte plus largement : {v} points d’avance en moyenne, contre {b}.",
                   "Le vainqueur l’emporte plus court : {v} points d’avance en moyenne, contre {b}."),
        "close_games": ("Les parties serrées (écart de {m} points ou moins) passent de {b} à {v}.",
                        "Les parties serrées (écart de {m} points ou moins) passent de {b} à {v}."),
        "lead_changes": ("La tête change plus souvent de mains : {v} fois par partie, contre {b}.",
                         "La tête change moins souvent de mains : {v} fois par partie, contre {b}."),
        "comeback_rate": ("Plus de remontées : le vainqueur était mené à mi-partie dans {v} des parties, contre {b}.",
                          "Moins de remontées : le vainqueur était mené à mi-partie dans {v} des parties, contre {b}."),
        "drama": ("Le futur vainqueur est plus souvent distancé : {v} points de retard par tour en moyenne, contre {b}.",
                  "Le futur vainqueur est moins distancé : {v} points de retard par tour en moyenne, contre {b}."),
        "decided_at": ("Les parties restent ouvertes plus longtemps : le vainqueur prend la tête pour de bon à {v} de "
                       "la partie, contre {b}.",
                       "Les parties se décident plus tôt : le vainqueur prend la tête pour de bon à {v} de la partie, "
                       "contre {b}."),
        "skill": ("L’habileté compte davantage : {label} passe de {b} à {v}.",
                  "L’habileté compte moins : {label} passe de {b} à {v}."),
        "kingmaking": ("Plus de faiseurs de roi : un troisième joueur a fait le dernier dépassement entre les deux "
                       "premiers dans {v} des parties, contre {b}.",
                       "Moins de faiseurs de roi : un troisième joueur a fait le dernier dépassement entre les deux "
                       "premiers dans {v} des parties, contre {b}."),
        "other": ("{label} : de {b} à {v}.", "{label} : de {b} à {v}."),
    },
    "it": {
        "turns": ("Le partite durano {d} turni in più (95 %: da {lo} a {hi}).",
                  "Le partite durano {d} turni in meno (95 %: da {lo} a {hi})."),
        "rounds": ("Le partite contano {d} giri in più (95 %: da {lo} a {hi}).",
                   "Le partite contano {d} giri in meno (95 %: da {lo} a {hi})."),
        "seat_1": ("La quota di vittorie del primo giocatore sale da {b} a {v}.",
                   "La quota di vittorie del primo giocatore scende da {b} a {v}."),
        "seat": ("La quota di vittorie del posto {k} sale da {b} a {v}.",
                 "La quota di vittorie del posto {k} scende da {b} a {v}."),
        "winning_score": ("Il punteggio del vincitore sale da {b} a {v} punti.",
                          "Il punteggio del vincitore scende da {b} a {v} punti."),
        "margin": ("Il vincitore si impone con più distacco: {v} punti di vantaggio in media, contro {b}.",
                   "Il vincitore si impone con meno distacco: {v} punti di vantaggio in media, contro {b}."),
        "close_games": ("Le partite combattute (scarto di {m} punti o meno) passano da {b} a {v}.",
                        "Le partite combattute (scarto di {m} punti o meno) passano da {b} a {v}."),
        "lead_changes": ("Il comando cambia di mano più spesso: {v} volte a partita, contro {b}.",
                         "Il comando cambia di mano meno spesso: {v} volte a partita, contro {b}."),
        "comeback_rate": ("Più rimonte: il vincitore era in svantaggio a metà partita nel {v} delle partite, "
                          "contro il {b}.",
                          "Meno rimonte: il vincitore era in svantaggio a metà partita nel {v} delle partite, "
                          "contro il {b}."),
        "drama": ("Il futuro vincitore insegue di più: {v} punti dal primo a ogni turno in media, contro {b}.",
                  "Il futuro vincitore insegue di meno: {v} punti dal primo a ogni turno in media, contro {b}."),
        "decided_at": ("Le partite restano aperte più a lungo: il vincitore passa in testa per sempre al {v} della "
                       "partita, contro il {b}.",
                       "Le partite si decidono prima: il vincitore passa in testa per sempre al {v} della partita, "
                       "contro il {b}."),
        "skill": ("L’abilità conta di più: {label} passa da {b} a {v}.",
                  "L’abilità conta di meno: {label} passa da {b} a {v}."),
        "kingmaking": ("Un terzo fa più spesso da ago della bilancia: l’ultimo sorpasso tra i primi due è opera di "
                       "un altro giocatore nel {v} delle partite, contro il {b}.",
                       "Un terzo fa meno spesso da ago della bilancia: l’ultimo sorpasso tra i primi due è opera di "
                       "un altro giocatore nel {v} delle partite, contro il {b}."),
        "other": ("{label}: da {b} a {v}.", "{label}: da {b} a {v}."),
    },
}

WORDS: dict[str, dict[str, str]] = {
    "en": {"nothing_else": "No other designer figure moved beyond chance.",
           "nothing": "No figure moved beyond chance in {n} pairs of games.",
           "more": "{n} more figures changed: see the table.", "more_one": "1 more figure changed: see the table.",
           "significant": "Significant: unlikely to be chance, Holm-corrected across the {n} figures compared "
                          "(5 % family-wise); intervals are 95 %, paired game by game.",
           "follows": "follows from your change", "players": "{p} players: ",
           "length": "Length", "fairness": "Fairness (seat and first-player advantage)",
           "tension": "Decisiveness and tension", "skill": "Skill versus luck", "internal": "Engine tallies",
           "components": "Components to print", "cards": "Which card is too strong",
           "enough": "the box holds enough for 99 % of games",
           "table": "metric|base|variant|difference|95 % interval|significant|yes|no"},
    "fr": {"nothing_else": "Aucun autre chiffre de jeu ne bouge au-delà du hasard.",
           "nothing": "Aucun chiffre ne bouge au-delà du hasard sur {n} paires de parties.",
           "more": "{n} autres chiffres bougent : voir le tableau.",
           "more_one": "Un autre chiffre bouge : voir le tableau.",
           "significant": "Significatif : peu probable par hasard, avec la correction de Holm sur les {n} chiffres "
                          "comparés (5 % pour l’ensemble) ; intervalles à 95 %, appariés partie par partie.",
           "follows": "découle de votre modification", "players": "{p} joueurs : ",
           "length": "Durée", "fairness": "Équité (avantage de la place et du premier joueur)",
           "tension": "Décision et suspense", "skill": "Habileté ou hasard", "internal": "Compteurs du moteur",
           "components": "Éléments à imprimer", "cards": "Quelle carte est trop forte",
           "enough": "la boîte suffit pour 99 % des parties",
           "table": "chiffre|base|variante|écart|intervalle à 95 %|significatif|oui|non"},
    "it": {"nothing_else": "Nessun’altra cifra di gioco si muove oltre il caso.",
           "nothing": "Nessuna cifra si muove oltre il caso su {n} coppie di partite.",
           "more": "Cambiano altre {n} cifre: vedi la tabella.",
           "more_one": "Cambia un’altra cifra: vedi la tabella.",
           "significant": "Significativo: improbabile per caso, con la correzione di Holm sulle {n} cifre "
                          "confrontate (5 % per l’insieme); intervalli al 95 %, appaiati partita per partita.",
           "follows": "deriva dalla vostra modifica", "players": "{p} giocatori: ",
           "length": "Durata", "fairness": "Equità (vantaggio del posto e del primo giocatore)",
           "tension": "Decisività e suspense", "skill": "Abilità o fortuna", "internal": "Contatori del motore",
           "components": "Componenti da stampare", "cards": "Quale carta è troppo forte",
           "enough": "la scatola basta per il 99 % delle partite",
           "table": "cifra|base|variante|differenza|intervallo al 95 %|significativo|sì|no"},
}

LABELS: dict[str, dict[str, str]] = {
    "en": {"turns": "turns", "rounds": "rounds", "winning_score": "winning score", "margin": "winner's margin",
           "close_games": f"close games (margin <= {CLOSE_MARGIN})", "lead_changes": "lead changes per game",
           "comeback_rate": "comebacks (winner behind at half-time)", "drama": "drama (winner's deficit per turn)",
           "decided_at": "decided at (share of the game)", "seat": "seat {k} share of wins",
           "kingmaking": "kingmaking (a third seat swapped the top two last)",
           "seat_1": "seat 1 (first player) share of wins"},
    "fr": {"turns": "tours", "rounds": "manches", "winning_score": "score du vainqueur", "margin": "avance du vainqueur",
           "close_games": f"parties serrées (écart ≤ {CLOSE_MARGIN})", "lead_changes": "changements de tête par partie",
           "comeback_rate": "remontées (vainqueur mené à mi-partie)", "drama": "suspense (retard du vainqueur par tour)",
           "decided_at": "décidée à (part de la partie)", "seat": "part des victoires, place {k}",
           "kingmaking": "faiseur de roi (un tiers départage les deux premiers)",
           "seat_1": "part des victoires, place 1 (premier joueur)"},
    "it": {"turns": "turni", "rounds": "giri", "winning_score": "punteggio del vincitore",
           "margin": "vantaggio del vincitore", "close_games": f"partite combattute (scarto ≤ {CLOSE_MARGIN})",
           "lead_changes": "cambi al comando per partita", "comeback_rate": "rimonte (vincitore indietro a metà)",
           "drama": "suspense (svantaggio del vincitore per turno)", "decided_at": "decisa al (quota della partita)",
           "kingmaking": "ago della bilancia (un terzo decide tra i primi due)",
           "seat": "quota di vittorie, posto {k}", "seat_1": "quota di vittorie, posto 1 (primo giocatore)"},
}


#: an engine tally's name: these words, then the engine's own name for it
TALLIES = {
    "en": {"end_reason:": "ends by ", "gap:": "rule gap ", "peak:": "most at once per game (mean): ",
           "skill:": "skill "},
    "fr": {"end_reason:": "fin de partie par ", "gap:": "cas non prévu par les règles ",
           "peak:": "maximum simultané par partie (moyenne) : ", "skill:": "habileté "},
    "it": {"end_reason:": "fine della partita per ", "gap:": "caso non previsto dalle regole ",
           "peak:": "massimo simultaneo per partita (media): ", "skill:": "abilità "},
}

#: the report's own sentences (compare page), per language
PAGE = {
    "en": {"intro": "{games} games per player count, both decks on the same seeds (game i of both uses the base "
                    "deck's seed for game i), played by {agents}; master seed {seed}. Differences are variant minus "
                    "base, with 95 % intervals from the paired games.",
           "heading": "{p} players: {n} significant changes in play",
           "heading_one": "{p} players: 1 significant change in play",
           "heading_none": "{p} players: no significant change in play",
           "every": "{who} in every seat", "rotated": "{who}, rotated over the seats game by game", "and": " and ",
           "agents": {"random": "random players (any legal move)", "heuristic": "heuristic players (the game's "
                      "rule of thumb)", "search": "search players (Monte Carlo tree search)"}},
    "fr": {"intro": "{games} parties par nombre de joueurs, les deux jeux sur les mêmes graines (la partie i des "
                    "deux utilise la graine de la partie i du jeu de base), jouées par {agents} ; graine "
                    "maîtresse {seed}. Les écarts sont variante moins base, avec des intervalles à 95 % "
                    "tirés des parties appariées.",
           "heading": "{p} joueurs\u202f: {n} changements significatifs",
           "heading_one": "{p} joueurs\u202f: 1 changement significatif",
           "heading_none": "{p} joueurs\u202f: aucun changement significatif",
           "every": "{who} à chaque place", "rotated": "{who}, qui changent de place à chaque partie", "and": " et ",
           "agents": {"random": "des joueurs au hasard (n’importe quel coup permis)",
                      "heuristic": "des joueurs heuristiques (la règle empirique du jeu)",
                      "search": "des joueurs à recherche (arbre de Monte-Carlo)"}},
    "it": {"intro": "{games} partite per numero di giocatori, i due mazzi sugli stessi semi (la partita i di "
                    "entrambi usa il seme della partita i del gioco base), giocate da {agents}; seme principale "
                    "{seed}. Le differenze sono variante meno base, con intervalli al 95 % dalle partite appaiate.",
           "heading": "{p} giocatori: {n} cambiamenti significativi",
           "heading_one": "{p} giocatori: 1 cambiamento significativo",
           "heading_none": "{p} giocatori: nessun cambiamento significativo",
           "every": "{who} a ogni posto", "rotated": "{who}, che cambiano posto a ogni partita", "and": " e ",
           "agents": {"random": "giocatori a caso (qualsiasi mossa lecita)",
                      "heuristic": "giocatori euristici (la regola pratica del gioco)",
                      "search": "giocatori a ricerca (albero Monte Carlo)"}},
}


def agents_words(names: list[str], lang: str = "en") -> str:
    """Which agents played, in ``lang`` (the report; the terminal uses ``runner.agents_in_words``)."""
    words = PAGE[lang]
    who = [words["agents"].get(n, f"'{n}'") for n in dict.fromkeys(names)]
    if not who:
        return ""
    text = who[0] if len(who) == 1 else ", ".join(who[:-1]) + words["and"] + who[-1]
    return words["every" if len(who) == 1 else "rotated"].format(who=text)


def label(name: str, lang: str = "en") -> str:
    """A figure's name as a designer reads it, in ``lang`` (engine tallies keep their engine names)."""
    words = LABELS[lang]
    if name.startswith("seat_"):
        k = int(name.split("_")[1])
        return (words["seat_1"] if k == 1 else words["seat"]).format(k=k)
    if name in words:
        return words[name]
    for prefix, words_ in TALLIES[lang].items():
        if name.startswith(prefix):
            return _typeset(words_ + name[len(prefix):], lang)
    return name.replace("_", " ")


def number(x: float, lang: str, share: bool, signed: bool = False, small: bool = False) -> str:
    """``x`` in the language's notation: shares as percentages (28 %, 28 %), counts with one decimal; with
    ``small``, a count below 1 with two (a card played 0.02 times per seat is not "0")."""
    places = 2 if small and not share and 0 < abs(x) < 1 else 1
    value = round(100 * x if share else x, places) + 0.0  # + 0.0: no "-0"
    text = format_decimal(value, format="#,##0." + "#" * places, locale=_LOCALES[lang])
    if signed and value > 0:
        text = "+" + text
    if value < 0 and lang != "en":
        text = text.replace("-", "−")
    if share:
        return text + ("\u202f%" if lang == "fr" else "\u00a0%" if lang == "it" else "%")
    return text


def sentence(m: dict[str, Any], lang: str = "en") -> str:
    """One sentence for a significant metric (``metric``, ``base``, ``variant``, ``difference``, interval)."""
    name = m["metric"]
    key = name
    k = 0
    if name.startswith("seat_"):
        k = int(name.split("_")[1])
        key = "seat_1" if k == 1 else "seat"
    elif name.startswith("skill:"):
        key = "skill"
    table = SENTENCES[lang]
    if key not in table:
        key = "other"
    up, down = table[key]
    share = is_share(name)
    d = m["difference"]
    lo, hi = sorted((abs(m["low"]), abs(m["high"]))) if m.get("low") is not None else (abs(d), abs(d))
    if m.get("low") is not None and m["low"] < 0 < m["high"]:  # pragma: no cover - significant never spans 0
        lo = 0.0
    template = up if d > 0 else down
    if key in ("turns", "rounds") and _singular(abs(d), lang):
        for plural, single in SINGULAR[lang].items():
            template = template.replace(plural, single)
    text = template.format(
        b=number(m["base"], lang, share), v=number(m["variant"], lang, share), d=number(abs(d), lang, share),
        lo=number(lo, lang, share), hi=number(hi, lang, share), k=k, m=CLOSE_MARGIN, label=label(name, lang))
    return _typeset(text[0].upper() + text[1:], lang)


#: the plural words of the length sentences, and their singular (English and Italian: exactly 1; French: below 2)
SINGULAR = {"en": {" turns ": " turn ", " rounds ": " round "},
            "fr": {" tours ": " tour ", " manches ": " manche "},
            "it": {" turni ": " turno ", " giri ": " giro "}}


def _singular(x: float, lang: str) -> bool:
    shown = round(x, 1)
    return shown < 2 if lang == "fr" else shown == 1


def _strength(m: dict[str, Any]) -> float:
    """Distance of the difference from 0 in standard errors (infinite when every pair moved alike)."""
    if m.get("high") is None or m.get("low") is None or m["difference"] is None:
        return 0.0
    half = (m["high"] - m["low"]) / 2
    return abs(m["difference"]) / half if half else float("inf")


def headline_metrics(metrics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Significant designer figures, strongest first: never an engine tally, never one marked as repeating
    the edit (``follows_from_change``, set by compare)."""
    keep = [m for m in metrics if m.get("significant") and group(m["metric"]) != "internal"
            and not m.get("follows_from_change")]
    return sorted(keep, key=lambda m: (-_strength(m), m["p"], m["metric"]))


def verdict(result: dict[str, Any], lang: str = "en", most: int = 4,
            names: dict[str, str] | None = None) -> list[str]:
    """A few plain sentences for one player count: strongest significant change first, then what did not move.
    ``names``: component id -> its name in ``lang`` (the report; the terminal names components by id)."""
    words = WORDS[lang]
    top = headline_metrics(result["metrics"])
    cards = card_sentences(result.get("component_impact") or [], lang, names=names)
    if not top:
        return cards + [_typeset(words["nothing"].format(n=result["games"]), lang)]
    out = [sentence(m, lang) for m in top[:most]] + cards
    if len(top) > most:
        rest = len(top) - most
        out.append(_typeset(words["more_one" if rest == 1 else "more"].format(n=rest), lang))
    else:
        out.append(_typeset(words["nothing_else"], lang))
    return out


CARDS = {
    "en": {"strong": "Seats that play {c} win {v} points more often than the others (base: {b}): too strong?",
           "weak": "Seats that play {c} win {v} points less often than the others (base: {b}): too weak?"},
    "fr": {"strong": "Les joueurs qui jouent {c} gagnent {v} points plus souvent que les autres (base : {b}) : "
                     "trop fort ?",
           "weak": "Les joueurs qui jouent {c} gagnent {v} points moins souvent que les autres (base : {b}) : "
                   "trop faible ?"},
    "it": {"strong": "Chi gioca {c} vince {v} punti più spesso degli altri (base: {b}): troppo forte?",
           "weak": "Chi gioca {c} vince {v} punti meno spesso degli altri (base: {b}): troppo debole?"},
}


#: a component's name inside a sentence
QUOTED = {"en": "'{}'", "fr": "« {} »", "it": "«{}»"}


def card_sentences(rows: list[dict[str, Any]], lang: str = "en", most: int = 2,
                   names: dict[str, str] | None = None) -> list[str]:
    """A sentence per component the variant newly flags (compare's paired ``component_impact`` rows),
    named by ``names`` (id -> name in ``lang``) where given, else by its id."""
    out = []
    for r in rows:
        base = r.get("base") or {}
        flag = r.get("flag")
        if not flag or base.get("flag") == flag or r.get("difference") is None:
            continue
        before = base.get("difference")
        b = "–" if before is None else format_decimal(round(100 * before, 1) + 0.0, format="+#,##0.#;−#,##0.#",
                                                      locale=_LOCALES[lang])
        v = format_decimal(round(abs(100 * r["difference"]), 1), format="#,##0.#", locale=_LOCALES[lang])
        name = (names or {}).get(r["component"])
        c = QUOTED[lang].format(name) if name else r["component"]
        out.append(_typeset(CARDS[lang][flag].format(c=c, v=v, b=b), lang))
    return out[:most]


def significance_line(count: int, lang: str = "en") -> str:
    """What "significant" means, in one line."""
    return _typeset(WORDS[lang]["significant"].format(n=count), lang)


def _typeset(text: str, lang: str) -> str:
    """French puts a narrow no-break space before : ; ? ! (and inside « »); the others need nothing."""
    if lang != "fr":
        return text
    for mark in ":;?!%":
        text = text.replace(f" {mark}", f"\u202f{mark}")
    return text.replace("« ", "«\u202f").replace(" »", "\u202f»")
