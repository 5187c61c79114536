"""House rules that add one optional action, for each shipped game (issue 33's done-when cases).

Each rule offers ``("bonus",)`` once per turn, beside the turn's usual choices, through the public
house-rule API only (docs/<game>.md "House rules"). Three effects per game: one clearly worth
taking (``good``), one clearly not (``bad``) and one a judgment call (``judgment``). ``project``
writes a project with the shipped deck and the variant ``option`` playing one of them.
"""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

VARIANT = """\
extends: {game}
name: {{fr: Option, it: Opzione, en: Option}}
description: {{fr: Une action en plus., it: Un'azione in più., en: One more action.}}
code: house/option.py
house_rule: {{fr: "Une fois par tour, une action en plus.", it: "Una volta per turno, un'azione in più.", en: "Once a turn, one more action."}}
"""

#: the book parts an option's hooks change, rewritten (``cardgen check`` refuses a house rule that
#: changes a part of the rulebook without rewriting it): King Lui's option adds points at scoring
BOOK = {"king_lui": """\
book:
  scoring: {fr: "Les points de l'option s'ajoutent au décompte.", it: "I punti dell'opzione si aggiungono al conteggio.", en: "The option's points add to the scoring."}
"""}

BONUS = ("bonus",)

#: the offer, common to every game: once per turn, while ``_open(state)`` holds
OFFER = '''
BONUS = ("bonus",)


def legal_actions(state, default):
    legal = default()
    if getattr(state, "bonus_turn", -1) != state.turns and _open(state, state.current_player, legal):
        legal.append(BONUS)
    return legal


def apply(state, action, default):
    if action != BONUS:
        default(action)
        return
    state.bonus_turn = state.turns
    _effect(state, state.current_player)
'''

#: Draco & Co: money is the score
DRACO = {
    "good": '''
def _open(state, seat, legal):
    return state.phase_name == "play" and state.bank >= 1


def _effect(state, seat):
    state.collect(seat, 1)
''',
    "bad": '''
def _open(state, seat, legal):
    return state.phase_name == "play" and state.money[seat] >= 1


def _effect(state, seat):
    state.pay(seat, 1)
''',
    "judgment": '''
def _open(state, seat, legal):
    return state.phase_name == "play" and state.money[seat] >= 1 and len(state.pile) > 1


def _effect(state, seat):
    state.pay(seat, 1)
    state.draw_cards(seat, 1)
''',
}

#: King Lui: points of the rule's own, counted by the ``scores`` hook (and so by ``score_estimate``)
KING_LUI_POINTS = '''

def setup(state, default):
    state.extra_points = [0] * state.game.players
    default()


def scores(state, default):
    points, discarded = default()
    return [p + e for p, e in zip(points, state.extra_points)], discarded


def _taking(legal):
    return any(a[0] in ("take", "draw") for a in legal)
'''

KING_LUI = {
    "good": KING_LUI_POINTS + '''

def _open(state, seat, legal):
    return _taking(legal)


def _effect(state, seat):
    state.extra_points[seat] += 5
''',
    "bad": KING_LUI_POINTS + '''

def _open(state, seat, legal):
    return _taking(legal) and max(state.held(seat)) >= 1


def _effect(state, seat):
    held = state.held(seat)
    state.serve_dish(seat, held.index(max(held)))
''',
    "judgment": KING_LUI_POINTS + '''

def _open(state, seat, legal):
    return _taking(legal) and max(state.held(seat)) >= 1


def _effect(state, seat):
    held = state.held(seat)
    state.serve_dish(seat, held.index(max(held)))
    state.extra_points[seat] += 6
''',
}

#: Royale: points of the rule's own, added by the ``outcome`` and ``score_estimate`` hooks
ROYALE_POINTS = '''
from cardgen.engine.api import Outcome


def setup(state, default):
    state.extra_points = [0] * state.game.players
    default()


def score_estimate(state, default):
    return [p + e for p, e in zip(default(), state.extra_points)]


def outcome(state, default):
    out = default()
    scores = [p + e for p, e in zip(out.scores, state.extra_points)]
    winners = out.winners
    if out.end_reason != "all_nobles":
        winners = [p for p, s in enumerate(scores) if s == max(scores)]
    return Outcome(out.end_reason, scores, winners, out.tie_break, out.extra)
'''

ROYALE = {
    "good": ROYALE_POINTS + '''

def _open(state, seat, legal):
    return state.phase_name == "take"


def _effect(state, seat):
    state.extra_points[seat] += 3
''',
    "bad": ROYALE_POINTS + '''

def _open(state, seat, legal):
    return state.phase_name == "take"


def _effect(state, seat):
    state.extra_points[seat] -= 3
''',
    "judgment": ROYALE_POINTS + '''

def _open(state, seat, legal):
    return state.phase_name == "take" and any(state.cards_under(seat, n) for n in state.open_nobles(seat))


def _effect(state, seat):
    fullest = max(state.open_nobles(seat), key=lambda n: len(state.cards_under(seat, n)))
    state.clear_noble(seat, fullest)
    state.extra_points[seat] += 2
''',
}

RULES = {"draco": DRACO, "king_lui": KING_LUI, "royale": ROYALE}


def source(game: str, kind: str) -> str:
    """The house-rule file of ``game``'s ``kind`` option (good, bad, judgment)."""
    return f'"""{game}: a {kind} option (tests/house_options.py)."""\n' + OFFER + RULES[game][kind]


def project(root: Path, game: str, kind: str) -> Path:
    """A project at ``root`` with the shipped ``game`` deck and the variant ``option`` of the ``kind`` option."""
    for folder in ("decks", "variants", "house"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "decks" / f"{game}.yaml", root / "decks")
    (root / "variants" / "option.yaml").write_text(VARIANT.format(game=game) + BOOK.get(game, ""), encoding="utf-8")
    (root / "house" / "option.py").write_text(source(game, kind), encoding="utf-8")
    return root
