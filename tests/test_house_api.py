"""The house-rule API is public (issue 33 item 4): examples touch no name that starts with ``_``.

A designer writes a hook from the docs alone: docs/<game>.md lists the state a hook may read
and the helpers it may call, under public names. This test reads every shipped house-rule
example (``variants/**/*.py``) and every Python block of the docs with ``ast`` and fails on an
attribute access such as ``state._draw``; and it checks that every helper the docs' tables name
exists on the game's state.
"""
from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))
EXAMPLES = sorted((ROOT / "variants").rglob("*.py"))


def private_attributes(source: str) -> list[str]:
    """``obj._name`` accesses in ``source`` (dunders such as ``__name__`` are Python's, not the engine's)."""
    return [f"line {node.lineno}: .{node.attr}" for node in ast.walk(ast.parse(textwrap.dedent(source)))
            if isinstance(node, ast.Attribute) and node.attr.startswith("_")
            and not (node.attr.startswith("__") and node.attr.endswith("__"))]


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_private_attributes_are_found() -> None:
    assert private_attributes("def toast(state, default):\n    state._transfer(1, 2, 1)\n") == ["line 2: ._transfer"]
    assert private_attributes("x = type(a).__name__\nstate.money[0]\n") == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_shipped_house_rules_use_the_public_api(path: Path) -> None:
    assert private_attributes(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_docs_python_examples_use_the_public_api(path: Path) -> None:
    offending = [(block[:200], private_attributes(block))
                 for block in python_blocks(path.read_text(encoding="utf-8")) if private_attributes(block)]
    assert offending == []


def test_there_are_examples_to_check() -> None:
    assert len(EXAMPLES) >= 2 and sum(len(python_blocks(p.read_text(encoding="utf-8"))) for p in DOCS) >= 5


@pytest.mark.parametrize("game, engine", [("king_lui", "KingLuiState"), ("royale", "RoyaleState"),
                                          ("draco", "DracoState")])
def test_every_helper_the_docs_name_is_a_public_method_with_a_docstring(game: str, engine: str) -> None:
    import importlib
    state_class = getattr(importlib.import_module(f"cardgen.games.{game}.engine"), engine)
    text = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("## House rules: what a hook may use", 1)[1].split("\n## ", 1)[0]
    helpers = re.findall(r"^\| `state\.([a-z_]+)\(", section, flags=re.M)
    assert len(helpers) >= 4
    for name in helpers:
        member = getattr(state_class, name, None)
        assert callable(member) and member.__doc__, f"docs/{game}.md names state.{name}()"


@pytest.mark.parametrize("game", ["king_lui", "royale", "draco"])
def test_each_games_docs_example_plays_with_the_default_players(tmp_path: Path, game: str) -> None:
    from cardgen.house import install
    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.runner import default_agents, make_agents, play_game

    from house_options import project

    text = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("## House rules: what a hook may use", 1)[1].split("\n## ", 1)[0]
    (example,) = python_blocks(section)
    root = project(tmp_path, game, "good")
    (root / "house" / "option.py").write_text(example, encoding="utf-8")
    deck = resolve("option", root)
    engine = install(deck.spec.new_game(deck, 3), deck)
    names = default_agents(deck.spec) * 3
    result = play_game(engine, 1, make_agents(deck.spec, names), names)
    assert result.completed, result.gaps


def test_dracos_money_helpers_move_silver_as_they_say() -> None:
    from cardgen.resolve.resolve import resolve

    deck = resolve("draco", ROOT)
    state = deck.spec.new_game(deck, 3).new_initial_state(4)
    money, bank = list(state.money), state.bank
    state.pay(0, 2)
    assert state.money[0] == money[0] - 2 and state.bank == bank + 2
    state.collect(1, 3)
    assert state.money[1] == money[1] + 3 and state.bank == bank - 1
    state.give(2, 0, 1)
    assert state.money == [money[0] - 1, money[1] + 3, money[2] - 1]
    hand, pile = len(state.hand_of(1)), len(state.pile)
    state.draw_cards(1, 2)
    assert len(state.hand_of(1)) == hand + 2 and len(state.pile) == pile - 2
    assert state.phase_name == "play" and state.invariants() == []


def test_king_lui_and_royale_helpers_keep_the_books() -> None:
    from cardgen.resolve.resolve import resolve

    deck = resolve("king_lui", ROOT)
    state = deck.spec.new_game(deck, 3).new_initial_state(4)
    while not any(state.held(state.current_player)):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    dish = max(range(len(state.dishes)), key=lambda d: state.held(seat)[d])
    held, plate = state.held(seat)[dish], state.on_plate()[dish]
    state.serve_dish(seat, dish)
    assert state.held(seat)[dish] == 0 and state.on_plate()[dish] == plate + held and state.invariants() == []

    deck = resolve("royale", ROOT)
    state = deck.spec.new_game(deck, 3).new_initial_state(4)
    assert state.phase_name == "take" and len([c for c in state.buffet() if c]) > 0
    state.apply(state.legal_actions()[0])
    seat, held = state.player, state.in_hand()
    discard = len(state.discard)
    state.end_turn()
    assert state.player == (seat + 1) % 3 and len(state.discard) == discard + len(held) and state.in_hand() == []
    noble = state.open_nobles(seat)[0]
    assert state.cards_under(seat, noble) == [] and state.invariants() == []


def test_royales_places_hold_what_docs_say_and_refuse_more() -> None:
    """docs/royale.md: the house-rule lists are live views of the record; a pile grows up to its room, a fixed
    row keeps its length, and more gives one ValueError in our words, the record untouched."""
    from cardgen.games.royale.rules import S_PILE
    from cardgen.resolve.resolve import resolve

    deck = resolve("royale", ROOT)
    state = deck.spec.new_game(deck, 3).new_initial_state(4)
    record = list(state.s)
    pile = list(state.pile)
    state.pile.append(pile[-1])  # a view: the change is in the record, and read back
    assert list(state.pile) == pile + [pile[-1]] and state.s != record
    state.pile.pop()
    assert list(state.pile) == pile
    record = list(state.s)
    with pytest.raises(ValueError, match="holds at most"):
        state.pile.extend(pile * 3)  # more than every dish card plus two: filled to its room, then refused
    field = range(pile_at := state.g.at[S_PILE], pile_at + state.g.room[S_PILE])
    assert len(state.pile) == state.g.room[S_PILE]
    assert [x for i, x in enumerate(state.s) if i not in field and i != S_PILE] == \
        [x for i, x in enumerate(record) if i not in field and i != S_PILE]  # nothing written past the field
    state.pile[:] = pile
    record = list(state.s)
    with pytest.raises(ValueError, match=r"holds 3 items, not 4"):
        state.score.append(0)  # one score per seat, fixed
    assert state.s == record
    assert not [n for seat in range(3) for n in state.open_nobles(seat) if n not in state.g.noble_ids[seat]]
