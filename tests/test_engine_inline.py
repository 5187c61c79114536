"""``cardgen.engine.inline``: a rules module's steps with their one-line forms inlined mean what they meant (issue
49: the reference engine's frames per decision). A toy module holds each case the inliner must take or leave."""
from __future__ import annotations

import importlib.util
import sys
import traceback
from pathlib import Path
from types import ModuleType

import pytest

from cardgen.engine.inline import inlined

TOY = '''
get = getattr
put = setattr
K_PHASE = "phase"
CALLS = []


class S:
    phase = 0
    cards = [5, 6, 7]
    hand = [1]
    g = None


def size(S, zone):
    """How many cards ``zone`` holds."""
    return len(getattr(S, zone))


def card(S, i):
    return S.cards[i]


def counted(x):
    CALLS.append(x)
    return x


def log(S, x):
    S.cards.append(x)


def reads_k(S):
    return k + 1


k = 100


def total(S):
    t = 0
    for i in range(size(S, "cards")):
        t += card(S, i)
    return t


def phase_next(S):
    put(S, K_PHASE, get(S, K_PHASE) + 1)
    return get(S, K_PHASE)


def shadowed(S):
    k = 1  # a local named as the form's global: the form is left a call
    return reads_k(S) + k


def not_plain(S):
    return card(S, len(S.cards) - 1) + counted(2)  # an argument that is no plain name: left a call


def appended(S, x):
    log(S, x)
    return len(S.cards)


def swapped(S, a, b):
    return minus(b, a)


def minus(a, b):
    return a - b


def boom(S):
    return card(S, 99)


def two_piles(S):
    return size(S, "cards") * 10 + size(S, "hand")


def nothing_to_inline(S):
    return len(S.cards)


def rows(S, out, k):
    """A block form: statements, its own locals, one return last."""
    n = k * 10
    for i in range(k):
        out.append(n + i)
    return len(out)


def noted(S, x):
    t = x + 1
    CALLS.append(t)


def early(S, x):
    if x:
        return 1  # a return before the last statement: left a call
    return 2


def listed(S):
    out = []
    n = 5  # the block's own ``n`` (renamed where inlined): the caller's ``n`` is left as it was
    m = rows(S, out, 2)
    noted(S, m)
    r = rows(S, out, 1)
    return r + n + early(S, m) + rows(S, out, 0)  # a call inside an expression: left a call


def set_aside(S):
    out = []
    noted(S, counted(7))  # an argument that is no plain name: evaluated once, before the form's body
    return rows(S, out, counted(3))
'''


@pytest.fixture()
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    path = tmp_path / "toy_rules.py"
    path.write_text(TOY, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("toy_rules", path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "toy_rules", module)
    spec.loader.exec_module(module)
    monkeypatch.delenv("CARDGEN_SPEEDUPS", raising=False)
    from cardgen import cache
    monkeypatch.setattr(cache, "cache_dirs", lambda *place: [tmp_path / "kept"])  # the inlined code kept there
    return module


def _names(fn: object) -> set[str]:
    return set(fn.__code__.co_names)  # type: ignore[attr-defined]


def _calls(fn: object, name: str) -> int:
    """How many times ``fn``'s code reads the global ``name`` (a call left as it was)."""
    import dis
    return sum(1 for i in dis.get_instructions(fn) if i.opname == "LOAD_GLOBAL" and i.argval == name)


def test_forms_are_inlined_and_mean_what_they_meant(toy: ModuleType) -> None:
    fast = inlined(toy)
    s1, s2 = toy.S(), toy.S()
    s1.cards, s2.cards = [5, 6, 7], [5, 6, 7]
    assert fast.total(s1) == toy.total(s2) == 18
    assert not {"size", "card", "getattr"} & _names(fast.total)  # the forms' frames are gone
    assert fast.phase_next(s1) == toy.phase_next(s2) == 1 and s1.phase == 1
    assert not {"get", "put"} & _names(fast.phase_next)  # getattr/setattr on a constant name: the attribute
    assert fast.appended(s1, 9) == toy.appended(s2, 9) == 4 and s1.cards == s2.cards
    assert "log" not in _names(fast.appended)  # a statement form called as a statement
    assert fast.swapped(s1, 10, 3) == toy.swapped(s2, 10, 3) == -7  # arguments in their places
    # the module itself is unchanged: the compiled tier and tests bind its functions
    assert "size" in _names(toy.total) and fast.K_PHASE == toy.K_PHASE and fast.CALLS is toy.CALLS


def test_what_could_change_the_meaning_is_left_a_call(toy: ModuleType) -> None:
    fast = inlined(toy)
    s = toy.S()
    s.cards = [5, 6, 7]
    assert fast.shadowed(s) == toy.shadowed(s) == 102
    assert "reads_k" in _names(fast.shadowed)  # its global k is the caller's local k: not inlined
    toy.CALLS.clear()
    assert fast.not_plain(s) == 9 and toy.CALLS == [2]  # the argument's call made once
    assert "card" in _names(fast.not_plain)


def test_an_error_in_an_inlined_step_points_at_the_rules_file(toy: ModuleType) -> None:
    fast = inlined(toy)
    with pytest.raises(IndexError) as err:
        fast.boom(toy.S())
    frame = traceback.extract_tb(err.tb)[-1]
    assert frame.filename == toy.__file__ and frame.line.strip() == "return card(S, 99)"


def test_switched_off_the_module_is_used_as_it_is(toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_SPEEDUPS", "-inline")
    assert inlined(toy) is toy


def test_the_reference_engines_run_the_inlined_steps() -> None:
    """Draco's and Royale's engines run their rules' steps inlined (the games they play are the tests of each
    game's rules; this one says the speed-up is there)."""
    from cardgen.games.draco import engine as draco, rules as draco_rules
    from cardgen.games.royale import engine as royale, rules as royale_rules
    for engine, rules in ((draco, draco_rules), (royale, royale_rules)):
        assert engine.rules is not rules and engine.rules.legal is not rules.legal
        assert engine.rules.legal.__code__.co_filename == rules.legal.__code__.co_filename


def test_the_steps_are_inlined_when_first_read_not_when_imported(toy: ModuleType) -> None:
    """Every command that loads the games imports their engines: the 40-50 ms of inlining is paid by the first game
    played, not by ``cardgen build``."""
    from cardgen.engine.inline import Steps

    steps = Steps(toy)
    assert "total" not in vars(steps) and "__getattr__" in vars(steps)  # nothing parsed yet
    s = toy.S()
    s.cards = [5, 6, 7]
    assert steps.total(s) == 18 and "size" not in _names(steps.total)
    assert "total" in vars(steps) and steps.K_PHASE == "phase"  # built once, then read as its own attributes
    # a plain module once made (PEP 562's ``__getattr__`` gone): the interpreter's fast read of a module's name
    assert type(steps) is ModuleType and "__getattr__" not in vars(steps)
    with pytest.raises(AttributeError):
        steps.no_such_step  # noqa: B018


def test_a_later_run_loads_the_inlined_code_an_earlier_one_kept(toy: ModuleType, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Inlining Royale's or Draco's rules took 85-95 ms of every command that plays a game; the code is kept like
    Python's byte code, and a later run (a new process: nothing in memory) only loads it."""
    import ast

    first = inlined(toy)
    assert [p.name for p in (tmp_path / "kept").iterdir()] == ["inline-toy_rules.bin"]
    monkeypatch.setattr(ast, "parse", lambda *a, **k: pytest.fail("parsed again"))
    again = inlined(toy)
    s1, s2 = toy.S(), toy.S()
    s1.cards, s2.cards = [5, 6, 7], [5, 6, 7]
    assert again.total(s1) == first.total(s2) == 18 and "size" not in _names(again.total)
    assert again.total.__module__ == toy.__name__


def test_an_edited_rules_file_is_inlined_again(toy: ModuleType, tmp_path: Path) -> None:
    inlined(toy)
    path = Path(toy.__file__)
    path.write_text(TOY.replace("return S.cards[i]", "return S.cards[i] * 10"), encoding="utf-8")
    edited = importlib.util.module_from_spec(importlib.util.spec_from_file_location("toy_rules", path))
    edited.__spec__.loader.exec_module(edited)
    s = edited.S()
    s.cards = [5, 6, 7]
    assert inlined(edited).total(s) == 180


@pytest.mark.parametrize("junk", [b"", b"garbage", None])
def test_a_damaged_entry_is_inlined_again(toy: ModuleType, tmp_path: Path, junk: bytes | None) -> None:
    from cardgen import cache
    from cardgen.engine import inline

    inlined(toy)
    (entry,) = (tmp_path / "kept").iterdir()
    if junk is None:  # the right key, but what it holds is no code
        import marshal
        cache.save("inline", tmp_path, entry.name, inline._key(toy, inline.inspect.getsource(toy)),
                   marshal.dumps((("total", 12345),)))
    else:
        entry.write_bytes(junk)
    s = toy.S()
    s.cards = [5, 6, 7]
    assert inlined(toy).total(s) == 18


def test_another_checkouts_entry_is_not_loaded(toy: ModuleType, tmp_path: Path) -> None:
    """The kept code names its rules file for tracebacks: the same rules in another folder (another checkout sharing
    the user's cache folder) are inlined again, and an error points at their own file."""
    inlined(toy)
    other = tmp_path / "elsewhere" / "toy_rules.py"
    other.parent.mkdir()
    other.write_text(TOY, encoding="utf-8")
    moved = importlib.util.module_from_spec(importlib.util.spec_from_file_location("toy_rules", other))
    moved.__spec__.loader.exec_module(moved)
    with pytest.raises(IndexError) as err:
        inlined(moved).boom(moved.S())
    assert traceback.extract_tb(err.tb)[-1].filename == str(other)


def test_a_form_called_twice_takes_each_calls_arguments(toy: ModuleType) -> None:
    """Each call site gets its own copy of the form's expression: an inlining that shared a part of it with the
    form (or with the call before) would read the first call's arguments at the second (``size`` of the cards
    twice). And a step that calls no form is the module's own function, not a copy."""
    fast = inlined(toy)
    s = toy.S()
    s.cards, s.hand = [5, 6, 7], [1]
    assert fast.two_piles(s) == toy.two_piles(s) == 31
    assert "size" not in _names(fast.two_piles)
    assert fast.total(s) == 18  # inlined after two_piles: the form's own expression is intact
    assert fast.nothing_to_inline is toy.nothing_to_inline



def test_a_block_form_is_inlined_where_its_call_is_a_statement(toy: ModuleType) -> None:
    """A form of several statements (``rows``: a loop, its own locals, one return last) is inlined where its call is a
    statement of its own (``x = rows(...)``, ``return rows(...)``, ``noted(...)``), its locals renamed so the caller's
    are left as they were; a form with an earlier return stays a call (the Draco engine's legal lost its ``card_rows``
    frames so, issue 49's reference engine's cost per move)."""
    fast = inlined(toy)
    s = toy.S()
    toy.CALLS.clear()
    assert fast.listed(s) == toy.listed(s) == 3 + 5 + 1 + 3
    assert toy.CALLS == [3, 3]  # ``noted`` ran in each
    names = _names(fast.listed)
    assert "noted" not in names and "early" in names
    assert _calls(fast.listed, "rows") == 1 and _calls(toy.listed, "rows") == 3  # only the one in an expression
    toy.CALLS.clear()
    assert fast.set_aside(s) == toy.set_aside(s) == 3
    assert toy.CALLS == [7, 8, 3, 7, 8, 3]  # each argument evaluated once, in the call's order, before the body
    assert not {"rows", "noted"} & _names(fast.set_aside)
