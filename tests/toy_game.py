"""A tiny game on the engine API, to test the simulator without the real engines.

Cards (every card component of the deck, ``count`` copies each) are shuffled into
a draw pile. On a turn a player draws a card into their hidden hand or plays one
from hand, scoring its printed value (1 when it has none). The game ends when the
pile and every hand are empty; most points wins, ties broken by most cards played,
still tied: a shared win.

Switches in the deck's ``rules`` make it misbehave on purpose:

* a player with an empty hand facing an empty pile raises the ``empty_pile`` gap:
  settled by a ``pass`` clarification, or a stall without one;
* ``endless``: played cards go back under the pile, so the game never ends (cap);
* ``dead_end``: no legal action once the pile is empty (an engine bug);
* ``bug``: ``zones`` lists a card twice, ``lenient`` accepts illegal actions,
  ``chaos`` shuffles with the global ``random`` module (not reproducible).

``luck``: the state's own chance replaces every chosen action by a random legal
one, so choices cannot matter (a pure-chance game, for the skill measure).
``determinize`` re-deals the pile and the other hands (for the search agent).

``load_toy`` is a loader for ``ValidateOptions.loader`` and ``replay_file``: it
builds the toy decks below as real (unpicklable) pydantic deck models.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from cardgen.engine.api import Action, Agent, Game, IllegalAction, Outcome, State
from cardgen.games.base import CheckResult, GameSpec
from cardgen.model.schema import Strict, deck_model
from cardgen.model.deck import ResolvedDeck
from cardgen.resolve.resolve import expand


class ToyRules(Strict):
    endless: bool = False
    dead_end: bool = False
    bug: Literal["none", "zones", "lenient", "chaos"] = "none"
    start_hand: int = Field(default=1, ge=0, le=5)
    luck: bool = False
    traced: bool = False  # answer the designer hooks (score estimate, what each seat was dealt)


class ToyState(State):
    game: "ToyGame"

    def __init__(self, game: "ToyGame", seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        pile = list(game.cards)
        if game.rules.bug == "chaos":
            random.shuffle(pile)
        else:
            self.rng.shuffle(pile)
        self.initial_piles = {"draw": list(pile)}
        self.pile = pile
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.scores = [0] * n
        for _ in range(game.rules.start_hand):
            for p in range(n):
                if self.pile:
                    self.hands[p].append(self.pile.pop())
        self._player = 0
        self._settle()

    @property
    def current_player(self) -> int:
        return -1 if self.end_reason is not None else self._player

    def legal_actions(self) -> list[Action]:
        if self.end_reason is not None:
            return []
        if self.game.rules.dead_end and not self.pile:
            return []
        out: list[Action] = [("draw",)] if self.pile else []
        out.extend(("play", card) for card in sorted(set(self.hands[self._player])))
        return out

    def apply(self, action: Action) -> None:
        if self.game.rules.bug != "lenient" and action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not legal")
        p = self._player
        if self.game.rules.luck:
            legal = self.legal_actions()
            action = legal[self.rng.randrange(len(legal))]
        if action[0] == "draw":
            self.hands[p].append(self.pile.pop())
            self.track("hand", len(self.hands[p]))
        elif action[0] == "play" and action[1] in self.hands[p]:
            self.hands[p].remove(action[1])
            if self.game.rules.endless:
                self.pile.insert(0, action[1])
            else:
                self.played[p].append(action[1])
                self.scores[p] += self.game.value[action[1]]
        self._advance()

    def _advance(self) -> None:
        self.turns += 1
        self._player = (self._player + 1) % self.num_players
        if self._player == 0:
            self.rounds += 1
        self._settle()

    def _settle(self) -> None:
        """End the game, or skip players who can do nothing (the ``empty_pile`` gap)."""
        for _ in range(self.num_players + 1):
            if not self.pile and not any(self.hands):
                self.end_reason = "cards_exhausted"
                return
            if self.pile or self.hands[self._player] or self.game.rules.dead_end:
                return
            if self.gap("empty_pile", f"seat {self._player}: empty hand and empty pile") is None:
                return  # stalled: State.gap set end_reason
            self.turns += 1
            self._player = (self._player + 1) % self.num_players
            if self._player == 0:
                self.rounds += 1

    def clone(self) -> "ToyState":
        """A copy of the lists (cheaper than the API's deep copy)."""
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.gaps = list(self.gaps)
        other.peak = dict(self.peak)
        other.pile = list(self.pile)
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other.scores = list(self.scores)
        return other

    def determinize(self, player: int, rng: random.Random) -> "ToyState":
        """A clone with the pile and the other hands dealt again from what ``player`` cannot see."""
        other = self.clone()
        assert isinstance(other, ToyState)
        hidden = sorted(self.pile + [c for q, h in enumerate(self.hands) if q != player for c in h])
        rng.shuffle(hidden)
        for q in range(self.num_players):
            if q != player:
                k = len(self.hands[q])
                other.hands[q], hidden = hidden[:k], hidden[k:]
        other.pile = hidden
        other.rng = random.Random(rng.getrandbits(64))
        return other

    def observation(self, player: int) -> dict[str, Any]:
        return {"seat": player, "hand": sorted(self.hands[player]), "hand_sizes": [len(h) for h in self.hands],
                "played": [list(p) for p in self.played], "scores": list(self.scores), "pile": len(self.pile),
                "values": {c: self.game.value[c] for c in self.hands[player]}}

    def outcome(self) -> Outcome:
        best = max(self.scores)
        top = [p for p, s in enumerate(self.scores) if s == best]
        tie_break = None
        if len(top) > 1:
            most = max(len(self.played[p]) for p in top)
            broken = [p for p in top if len(self.played[p]) == most]
            if len(broken) < len(top):
                tie_break, top = "most_cards", broken
        return Outcome(self.end_reason or "", [float(s) for s in self.scores], top, tie_break)

    def score_estimate(self) -> list[float] | None:
        return [float(s) for s in self.scores] if self.game.rules.traced else None

    def holding(self, player: int) -> dict[str, int] | None:
        if not self.game.rules.traced:
            return None
        out: dict[str, int] = {}
        for card in self.hands[player]:
            kind = card.split("#", 1)[0]
            out[kind] = out.get(kind, 0) + 1
        return out

    def zones(self) -> dict[str, list[str]]:
        out = {"draw": list(self.pile)}
        for p in range(self.num_players):
            out[f"hand:{p}"] = list(self.hands[p])
            out[f"played:{p}"] = list(self.played[p])
        if self.game.rules.bug == "zones" and self.pile:
            out["played:0"] = out["played:0"] + [self.pile[-1]]
        return out


class ToyGame(Game):
    def __init__(self, deck: ResolvedDeck, players: int) -> None:
        super().__init__(deck, players)
        self.rules: ToyRules = deck.model.rules
        self.cards: list[str] = []
        self.value: dict[str, int] = {}
        for comp in deck.model.components:
            if comp.kind != "card":
                continue
            for n in range(1, comp.count + 1):
                iid = f"{comp.id}#{n}"
                self.cards.append(iid)
                self.value[iid] = comp.faces[0].value or 1

    def new_initial_state(self, seed: int) -> State:
        return ToyState(self, seed)


class GreedyAgent(Agent):
    """Plays its most valuable card, draws when it holds nothing."""

    name = "greedy"

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a[0] == "play"]
        if not plays:
            return legal[0]
        values = observation["values"]
        return max(plays, key=lambda a: (values[a[1]], a[1]))


def toy_checks(deck: ResolvedDeck, players: int) -> list[CheckResult]:
    cards = sum(c.count for c in deck.model.components if c.kind == "card")
    return [CheckResult("two cards per player", players, cards >= 2 * players, f"{cards} cards")]


TOY = GameSpec(id="toy", rules_model=ToyRules, gaps={"empty_pile": ("pass",)}, static_checks=toy_checks,
               new_game=ToyGame, agents={"greedy": GreedyAgent}, determinize=True,
               tally_sources={"peak:hand": ("start_hand",)})  # the largest hand is the one dealt

TOY_NO_ENGINE = GameSpec(id="toy", rules_model=ToyRules, gaps={"empty_pile": ("pass",)})

_TEXT = {"fr": "Jouet", "it": "Giocattolo", "en": "Toy"}
_BACK = {"layout": "back", "title": _TEXT}


def _card(cid: str, count: int, values: tuple[int, int] | None = None) -> dict[str, Any]:
    comp: dict[str, Any] = {"id": cid, "kind": "card", "count": count, "name": _TEXT, "back": "toy_back",
                            "faces": [{"layout": "suit", "title": _TEXT}]}
    if values:
        comp["values"] = {"from": values[0], "to": values[1]}
    return comp


def _deck(rules: dict[str, Any], *, settled: bool = True, cards: int = 2, players: tuple[int, int] = (2, 4),
          token: bool = True, blanks: int = 3, crowns: int = 0) -> dict[str, Any]:
    comps = [_card("coin", cards, (1, 5)), _card("blank", blanks)]
    if crowns:
        comps.append(_card("crown", crowns, (30, 30)))
    if token:
        comps.append({"id": "marker", "kind": "token", "count": 2, "name": _TEXT,
                      "faces": [{"layout": "token", "title": _TEXT}]})
    clar = {"empty_pile": {"resolution": "pass", "text": _TEXT}} if settled else {}
    return {"game": "toy", "name": _TEXT, "credits": {"designers": ["Test"], "publisher": "Test", "year": 2024},
            "players": {"min": players[0], "max": players[1]}, "backs": {"toy_back": _BACK},
            "components": comps, "rules": rules, "clarifications": clar}


#: Toy decks by id: what each one is for is in its name.
TOY_DECKS: dict[str, dict[str, Any]] = {
    "toy": _deck({}),
    "toy_unsettled": _deck({}, settled=False),
    "toy_endless": _deck({"endless": True}),
    "toy_dead_end": _deck({"dead_end": True}),
    "toy_tiny": _deck({}, cards=0, players=(2, 3)),
    "toy_bad_zones": _deck({"bug": "zones"}),
    "toy_lenient": _deck({"bug": "lenient"}),
    "toy_chaos": _deck({"bug": "chaos"}),
    "toy_no_engine": _deck({}),
    "toy_choices": _deck({}, cards=0, blanks=10),  # every card worth 1: drawing more cards wins
    "toy_luck": _deck({"luck": True}, cards=0, blanks=10),  # the same, choices replaced by chance
    "toy_crown": _deck({"traced": True}, cards=0, blanks=8, crowns=1),  # a crown worth 30: its holder wins
    "toy_even": _deck({"traced": True}, cards=0, blanks=8),  # nine blanks alike: no card is strong
}

_MODEL = deck_model("toy", ToyRules, None, None)


def load_toy(ref: Any) -> ResolvedDeck:
    """Loader: the toy deck ``ref.deck`` as a ResolvedDeck (project folder = ``ref.project``)."""
    model = _MODEL.model_validate(TOY_DECKS[ref.deck])
    model.components, _ = expand(model.components)
    spec = TOY_NO_ENGINE if ref.deck == "toy_no_engine" else TOY
    return ResolvedDeck(ref.deck, "deck", spec, model, [ref.deck], [f"{ref.deck}.yaml"], Path(ref.project))


def toy_deck(deck_id: str, project: str | Path = ".") -> ResolvedDeck:
    """A toy deck as the CLI would hand it to ``validate``."""
    from cardgen.simulate.runner import DeckRef

    return load_toy(DeckRef(str(Path(project).resolve()), deck_id, f"{deck_id}.yaml"))


def recording_loader(ref: Any) -> ResolvedDeck:
    """``load_toy`` that notes which process loaded the deck (``loads.txt`` in the project folder)."""
    import os

    with open(Path(ref.project) / "loads.txt", "a", encoding="utf-8") as handle:
        handle.write(f"{os.getpid()}\n")
    return load_toy(ref)
