"""A policy sees what its seat sees (issue 51 item 2): another seat's hidden cards are refused, with
one line naming the project code's file and line, in a house rule and in a rules file."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardgen.cli import main
from cardgen.engine.api import State
from cardgen.engine.seatview import Peeked, SeatView, seat_view
from cardgen.house import install
from cardgen.resolve.resolve import resolve
from cardgen.usercode import UserCodeError
from tests.test_house import project
from tests.test_kit import line_of, scaffold, state_of

#: a King Lui house rule whose only job is the policy under test (``legal_actions``: a hook is required)
RULE = "def legal_actions(state, default):\n    return default()\n\n\ndef policy(state, legal, rng):\n{body}"


def _with_hidden_draws(root: Path, seed: int = 3) -> State:
    """A 3-player King Lui position (house rule installed) where seat 1, to act, has not seen seat 2's draws."""
    deck = resolve("house", root)
    state = install(deck.spec.new_game(deck, 3), deck).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == 1 and state.drawn[2] > 0:  # type: ignore[attr-defined]
            return state
        legal = state.legal_actions()
        draws = [a for a in legal if a[0] == "draw"]
        state.apply(draws[0] if draws and state.current_player == 2 else rng.choice(legal))
    raise AssertionError("seat 2 never drew unseen")


def test_a_seat_view_shows_the_public_and_the_own_and_refuses_the_hidden(tmp_path: Path) -> None:
    state = _with_hidden_draws(project(tmp_path, RULE.format(body="    return None\n")))
    view = seat_view(state, 1)
    assert isinstance(view, SeatView)
    assert view.hands[1] == state.hands[1] and view.taken == state.taken  # type: ignore[attr-defined]
    assert len(view.supply) == len(state.supply) and len(view.hands[2]) == len(state.hands[2])  # type: ignore
    assert view.legal_actions() == state.legal_actions()
    with pytest.raises(Peeked, match=r"policy of seat 1 read state\.hands\[2\]\[\d+\], which that seat cannot see"):
        [list(dish) for dish in view.hands[2]]  # type: ignore[attr-defined]
    with pytest.raises(Peeked, match=r"read state\.supply\[-1\]"):
        view.supply[-1]  # type: ignore[attr-defined]
    with pytest.raises(Peeked, match=r"read state\.rng"):
        view.rng  # the order of the cards to come
    view.note = 1  # a policy's own notes land on its copy
    assert not hasattr(state, "note")


@pytest.mark.parametrize("body, line", [
    # every dish of another seat's hand: one card read (hands[2][1][0]) passes when no sample deals one there
    ("    mine = state.hands[state.current_player]\n    other = [list(d) for d in state.hands[2]]\n"
     "    return None\n", 7),
    ("    return state.supply[-1]\n", 6),
])
def test_a_house_rules_policy_reading_hidden_cards_is_refused_naming_its_line(tmp_path: Path, body: str,
                                                                             line: int) -> None:
    state = _with_hidden_draws(project(tmp_path, RULE.format(body=body)))
    with pytest.raises(UserCodeError) as caught:
        state.suggest(state.legal_actions(), random.Random(0))  # type: ignore[attr-defined]
    assert caught.value.line.startswith(f"house/rule.py:{line}: policy of seat 1 read state.")
    assert ", which that seat cannot see: a policy sees its seat's view (what determinize keeps) in policy (seed 3 " \
           "reproduces it)" in caught.value.line


def test_a_house_rules_policy_reading_only_what_its_seat_sees_is_followed(tmp_path: Path) -> None:
    body = ("    assert len(state.supply) >= 0 and state.hands[state.current_player] is not None\n"
            "    return legal[-1]\n")
    state = _with_hidden_draws(project(tmp_path, RULE.format(body=body)))
    legal = state.legal_actions()
    assert state.suggest(legal, random.Random(0)) == legal[-1]  # type: ignore[attr-defined]


PEEK = '        plays = [a for a in legal if a[0] == "play"]\n'


@pytest.mark.parametrize("read", ['self.cards("hand", (seat + 1) % self.players)',
                                  'self.zone["hand:" + str((seat + 1) % self.players)][0]',
                                  'self.cards("deck")'])
def test_a_rules_files_policy_reading_hidden_cards_is_refused_naming_its_line(tmp_path: Path, read: str) -> None:
    root = scaffold(tmp_path, (PEEK, f"        peek = {read}\n{PEEK}"))
    state = state_of(root, players=3, seed=3)
    with pytest.raises(UserCodeError) as caught:
        state.suggest(state.legal_actions(), random.Random(1))
    assert caught.value.line.startswith(f"rules.py:{line_of(root, 'peek =')}: policy of seat 0 read the cards of '")
    assert "which that seat cannot see: a policy sees what its seat sees (the number of those cards, len(...), " \
           "is public) in policy() (seed 3 reproduces it)" in caught.value.line


def test_a_rules_files_policy_sees_its_hand_the_pile_and_the_sizes(tmp_path: Path) -> None:
    root = scaffold(tmp_path, (PEEK, '        assert len(self.zone["deck"]) >= 0 and self.cards("pile")\n'
                                     '        assert all(len(self.zone[f"hand:{s}"]) for s in range(self.players))\n'
                                     f'        mine = self.cards("hand", seat)\n{PEEK}'))
    state = state_of(root, players=3, seed=3)
    before = state.zones()
    state.suggest(state.legal_actions(), random.Random(1))
    assert state.zones() == before  # the policy ran on a copy


def test_validate_refuses_a_peeking_policy_of_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    root = scaffold(tmp_path, (PEEK, f'        peek = self.cards("hand", (seat + 1) % self.players)\n{PEEK}'))
    monkeypatch.chdir(root)
    code = main(["validate", "g", "--games", "2", "--players", "2", "--jobs", "1", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if line.startswith("cardgen: error:")]
    assert code == 2 and len(errors) == 1, err
    assert errors[0].startswith(f"cardgen: error: rules.py:{line_of(root, 'peek =')}: policy of seat ")


@pytest.mark.parametrize("lang, prefix, said", [
    ("fr", "cardgen\u202f: erreur\u202f: ", "la stratégie de la place 0 a lu les cartes de «\u202fhand:1\u202f», que cette "
                                        "place ne voit pas\u202f: une stratégie voit ce que voit sa place"),
    ("it", "cardgen: errore: ", "la strategia del posto 0 ha letto le carte di «hand:1», che quel posto non vede: "
                                "una strategia vede ciò che vede il suo posto")])
def test_a_peeking_policy_is_refused_in_the_commands_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch, lang: str,
                                                              prefix: str, said: str) -> None:
    """The refusal a seat gets when its policy reads another seat's cards is said in ``--lang`` (issue 53)."""
    from english import english_in

    root = scaffold(tmp_path, (PEEK, f'        peek = self.cards("hand", (seat + 1) % self.players)\n{PEEK}'))
    monkeypatch.chdir(root)
    code = main(["validate", "g", "--games", "2", "--players", "2", "--jobs", "1", "--out", str(tmp_path / "out"),
                 "--lang", lang])
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if line.startswith(prefix)]
    assert code == 2 and len(errors) == 1, err
    assert errors[0].startswith(f"{prefix}rules.py:{line_of(root, 'peek =')}: {said}"), errors[0]
    assert not english_in(errors[0], lang, {"hand", "determinize", "policy"}), english_in(errors[0], lang)


class _Toy:
    """A state of two seats whose hands are hidden from each other: ``determinize`` deals the other hand again
    (from a pool), keeps the rest; ``marker`` is an object of the engine's own, ``nothing`` a public None."""

    def __init__(self, hands: dict[int, list[str]], seed: int = 1) -> None:
        self.hands, self.seed, self.turns = hands, seed, 0
        self.pile, self.score, self.nothing, self.secret = ["p1", "p2"], 3, None, None
        self.marker = object()

    def determinize(self, seat: int, rng: random.Random) -> "_Toy":
        other = 1 - seat
        pool = [f"c{i}" for i in range(20)]
        rng.shuffle(pool)
        copy = _Toy({seat: list(self.hands[seat]), other: pool[:len(self.hands[other])]}, self.seed)
        copy.pile, copy.score, copy.nothing = list(self.pile), self.score, None
        copy.secret = rng.random()  # hidden: differs from the state's None
        return copy

    def holding(self, seat: int) -> list[str]:
        return self.hands[seat]


def test_a_seat_view_reads_a_hidden_dict_key_by_key_and_a_list_element_by_element() -> None:
    state = _Toy({0: ["a", "b"], 1: ["x", "y", "z"]})
    view = seat_view(state, 0)  # type: ignore[arg-type]
    hands = view.hands
    assert len(hands) == 2 and list(hands) == [0, 1] and list(hands.keys()) == [0, 1]  # its keys are public
    assert hands[0] == ["a", "b"] and hands.get(0) == ["a", "b"] and hands.get(5, "none") == "none"
    assert 0 in hands and 1 in hands and 7 not in hands
    assert [len(h) for h in (hands[1], hands.get(1), hands.values()[1], hands.items()[1][1])] == [3, 3, 3, 3]
    for read in (lambda: hands[1][0], lambda: hands.values()[1][2], lambda: hands.items()[1][1][1],
                 lambda: hands.get(1)[0], lambda: list(hands[1])):
        with pytest.raises(Peeked, match=r"policy of seat 0 read state\.hands\[1\]\[\d\], which that seat cannot see"):
            read()
    pile = view.pile
    assert pile == ["p1", "p2"] and pile is not state.pile  # the same everywhere: a copy, as the samples hold it
    assert view.score == 3 and view.nothing is None
    with pytest.raises(Peeked, match=r"read state\.secret"):
        view.secret  # None in the state, a number in the samples: hidden
    assert view.marker is not state.marker  # an engine's own object: the sample's, never the state's
    assert view.holding(1) != ["x", "y", "z"] and len(view.holding(1)) == 3  # a method answers from a sample
    view.note = "mine"
    assert not hasattr(state, "note")  # a policy's notes never land on the game


def test_a_hidden_list_is_read_element_by_element_and_searched_only_where_seen() -> None:
    state = _Toy({0: ["a", "b"], 1: ["x", "y", "z"]})
    view = seat_view(state, 1)  # type: ignore[arg-type]
    theirs = view.hands[0]  # seat 0's hand, dealt again in each sample: a hidden list
    assert len(theirs) == 2
    with pytest.raises(Peeked, match=r"read state\.hands\[0\]\[0\]"):
        theirs[0]
    with pytest.raises(Peeked):
        "a" in theirs  # searching it reads its cards
    assert "y" in view.hands[1] and "q" not in view.hands[1]  # its own hand, searched freely
    assert repr(theirs) == "<hands[0] as seat 1 sees it>"


class _Named(_Toy):
    """The toy with seats named, not numbered, a list of both hands and a value that cannot be compared."""

    def __init__(self, hands: dict[int, list[str]], seed: int = 1) -> None:
        super().__init__(hands, seed)
        self.by_name = {"north": hands[0], "south": hands[1]}
        self.flat = hands[0] + hands[1]  # the seat's own cards first, then the other's
        self.odd = [_Uncomparable()]

    def determinize(self, seat: int, rng: random.Random) -> "_Named":
        toy = super().determinize(seat, rng)
        copy = _Named(toy.hands, self.seed)
        copy.secret, copy.pile = toy.secret, toy.pile
        return copy


class _Uncomparable:
    def __eq__(self, other: object) -> bool:
        raise TypeError("cannot compare")

    __hash__ = object.__hash__


def test_a_hidden_mapping_keeps_its_own_keys_and_a_search_stops_at_what_it_finds() -> None:
    state = _Named({0: ["a", "b"], 1: ["x", "y", "z"]})
    view = seat_view(state, 0)  # type: ignore[arg-type]
    assert list(view.by_name) == ["north", "south"] and view.by_name["north"] == ["a", "b"]
    with pytest.raises(Peeked, match=r"state\.by_name\['south'\]\[0\]"):
        view.by_name["south"][0]
    assert "a" in view.flat and "b" in view.flat  # found among the seat's own cards before any other is read
    with pytest.raises(Peeked, match=r"state\.flat\[2\]"):
        "q" in view.flat  # not among them: the search goes on into the other's
    assert not isinstance(view.odd, list) and len(view.odd) == 1  # what cannot be compared is not the same: held
    again = seat_view(state, 0)  # type: ignore[arg-type]
    assert again.holding(1) == view.holding(1)  # the same deal imagined for the same seat, move and seed
