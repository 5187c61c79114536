"""A King Lui house rule compiled with the game's steps (``king_lui.compiled_house``, issue 50 item 1).

The shipped ``gentle_overeating`` (hook ``scores``) compiles: the compiled tier's games are the reference
engine's with the rule installed, seed for seed (actions, scores, winners), and they are not the base game's
(the hook really replaces the score step). A rule the compiled view cannot hold stays on the reference
engine, and the one note names its file's first line that keeps it out and why. Slow tier: it compiles.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from cardgen.engine import compiled_hooks, compiled_words
from cardgen.games.king_lui import compiled_house
from benchmarks import bench_cover
from nonempty import nonempty
from cardgen.terminal import say
from cardgen.usercode import load_code
from tests.test_tiers import PROJECT, tiers_differ

DECK = "king_lui-gentle-overeating"


@pytest.mark.parametrize("players", [3, 5])
def test_the_compiled_rule_plays_the_reference_games(players: int) -> None:
    for agents, seeds in ((("heuristic",), range(12)), (("random",), range(12)), (("heuristic", "random"), range(6))):
        assert tiers_differ(DECK, players, agents, seeds) is None


def test_the_compiled_hook_replaces_the_score_step() -> None:
    """Some seeds score differently under the rule than in the base game: the hook ran, not the base step."""
    from cardgen.resolve.resolve import Resolver

    resolver = Resolver(PROJECT)
    house, base = (resolver.resolve(d) for d in (DECK, "king_lui"))
    fast_house, fast_base = house.spec.fast(house, 4), base.spec.fast(base, 4)
    assert getattr(fast_house, "house", False) and not getattr(fast_base, "house", False)
    moved = [seed for seed in range(40) if fast_house.play(seed, ["heuristic"] * 4, 10_000, False).scores
             != fast_base.play(seed, ["heuristic"] * 4, 10_000, False).scores]
    assert len(moved) >= 5, moved


RULES = {
    "cards.py": ("def scores(state, default):\n    points, lost = default()\n    top = state.king[0][-1]\n"
                 "    return points, lost\n", 3, "house_why_pile", {}),
    "view.py": ("def scores(state, default):\n    points, lost = default()\n\n    if state.supply:\n"
                "        points[0] += 1\n    return points, lost\n", 4, "house_why_view", {"name": "state.supply"}),
    "players.py": ("def scores(state, default):\n    points, lost = default()\n    if state.players > 3:\n"
                   "        points[0] += 1\n    return points, lost\n", 3, "house_why_view", {"name": "state.players"}),
    "game.py": ("def scores(state, default):\n    points, lost = default()\n    if state.game.dishes:\n"
                "        points[0] += 1\n    return points, lost\n", 3, "house_why_view", {"name": "state.game.dishes"}),
    "floats.py": ("def scores(state, default):\n    points, lost = default()\n"
                  "    return [p / 2 for p in points], lost\n", 1, "house_why_numbers", {}),
    "other.py": ("def _helper():\n    return 1\n\n\ndef draw(state, default):\n    default()\n", 5, "house_why_hook",
                 {"hook": "draw", "hooks": "scores, legal_actions, apply"}),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_rule_kept_out_names_its_first_line_and_why(name: str, tmp_path: Path) -> None:
    text, line, key, fields = RULES[name]
    path = tmp_path / name
    path.write_text(text)
    loaded = load_code(path, name)
    hooks = {n: getattr(loaded.module, n) for n in ("scores", "draw") if hasattr(loaded.module, n)}
    assert compiled_hooks.compile_rule(hooks, str(path), loaded.sha256, compiled_house.HOOKED) == (line, (key, fields))


def test_the_note_in_every_language() -> None:
    for lang, words in (("en", "line 3 of house/x.py cannot be compiled"), ("fr", "la ligne 3 de house/x.py ne peut"),
                        ("it", "la riga 3 di house/x.py non si può compilare")):
        note = say("house_kept_out", lang, deck="d", line=3, file="house/x.py", why=say("house_why_pile", lang))
        assert words in note and "len(pile)" in note, note
        # one engine name (the vocabulary; fifteenth reading fr2)
        assert {"en": "reference engine", "fr": "moteur de référence", "it": "motore di riferimento"}[lang] in note


def test_a_rule_that_calls_default_compiles_and_scores_as_the_engine() -> None:
    """``default()`` is the engine's own score step: a rule that only calls it plays the base game's scores."""
    def scores(state, default):  # noqa: ANN001, ANN202 - a house rule as written
        return default()

    import hashlib
    import inspect

    digest = hashlib.sha256(inspect.getsource(scores).encode()).hexdigest()  # numba's cache: one entry per text
    built = compiled_hooks.compile_rule({"scores": scores}, __file__, digest, compiled_house.HOOKED)
    assert isinstance(built, compiled_hooks.Compiled)
    n, players = 2, 2
    s = np.zeros(compiled_house.HEADER + 3 * n + 2 * players * n, np.int64)
    s[compiled_house.HEADER + n:compiled_house.HEADER + 2 * n] = (2, 1)  # the king's plate
    s[compiled_house.hand(n, 0):compiled_house.hand(n, 0) + n] = (2, 3)  # seat 0: 2*2, dish 1 overeaten
    s[compiled_house.hand(n, 1):compiled_house.hand(n, 1) + n] = (1, 1)  # seat 1: 1*2 + 1*1
    scores_, won, lost = (np.zeros(players, np.int64) for _ in range(3))
    built.outcome(s, np.array([n, players], np.int64), scores_, won, lost)
    assert scores_.tolist() == [4, 3] and lost.tolist() == [3, 0] and won.tolist() == [1, 0]


def test_a_compiled_rule_that_raises_is_one_line_naming_the_seed_as_on_the_reference(tmp_path: Path) -> None:
    """The compiled loop plays many games at once: the game that raised is found again, and its line is the
    reference engine's (file:line, the error, the hook, the seed)."""
    from tests.test_house import play, project, resolve

    from cardgen.usercode import UserCodeError

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    if state.king_total % 2:\n        raise ValueError('odd')\n"
                             "    return points, lost\n")
    from cardgen.simulate.runner import with_house

    deck = resolve("house", root)
    fast = with_house(deck.spec.fast(deck, 3), deck)  # as the runner builds it: replays play the rule
    assert fast.house is not None
    fails = {seed: _fails(lambda seed=seed: play(root, seed=seed)) for seed in range(11, 31)}
    failing = next(seed for seed, failed in fails.items() if failed)
    seeds = [seed for seed, failed in fails.items() if not failed][:3] + [failing, failing + 100]  # not first
    assert len(seeds) == 5
    with pytest.raises(UserCodeError) as compiled:
        fast.play_batch(seeds, ("random",), np.zeros((len(seeds), 3), dtype=np.int64), 10_000)
    assert compiled.value.line == f"house/rule.py:4: ValueError: odd in scores (seed {failing} reproduces it)"
    with pytest.raises(UserCodeError) as reference:
        play(root, seed=failing)
    assert reference.value.line == compiled.value.line


#: hooks that read past the end of a count list after the sixth turn: IndexError in Python
PAST_THE_END = {
    "legal_actions": ("def legal_actions(state, default):\n    legal = default()\n"
                      "    held = state.held(state.current_player)\n"
                      "    if state.turns > 6 and held[len(held) + 1] == -12345:\n        legal.clear()\n"
                      "    return legal\n", 4),
    "apply": ("def apply(state, action, default):\n    plate = state.on_plate()\n"
              "    if state.turns > 6 and plate[len(plate) + 1] == -12345:\n        return\n"
              "    default(action)\n", 3),
}


@pytest.mark.parametrize("hook", sorted(PAST_THE_END))
def test_an_index_past_the_end_in_an_inlined_hook_is_the_reference_engines_one_line(hook: str,
                                                                                    tmp_path: Path) -> None:
    """The ``legal_actions`` and ``apply`` hooks are inlined in the loops that run them (``compiled_hooks.HOOK``),
    which are compiled with bounds checked (``CHECKED``): a rule's index past the end raises there as in Python, and
    the game is the reference engine's one line, never a value read from beyond the list."""
    from tests.test_house import play, project, resolve

    from cardgen.simulate.runner import with_house
    from cardgen.usercode import UserCodeError

    text, line = PAST_THE_END[hook]
    root = project(tmp_path, text)
    deck = resolve("house", root)
    fast = with_house(deck.spec.fast(deck, 3), deck)
    assert fast.house is not None and fast.house.hooks == (hook,)
    with pytest.raises(UserCodeError) as compiled:
        fast.play_batch([5, 6], ("random",), np.zeros((2, 3), dtype=np.int64), 10_000)
    assert compiled.value.line.startswith(f"house/rule.py:{line}: IndexError")
    with pytest.raises(UserCodeError) as reference:
        play(root, seed=5)
    assert reference.value.line == compiled.value.line


def _fails(run: Callable[[], object]) -> bool:
    """Whether ``run`` raises the house rule's ``UserCodeError``."""
    from cardgen.usercode import UserCodeError

    try:
        run()
    except UserCodeError:
        return True
    return False


def test_a_rule_reads_the_seat_count_as_on_the_reference_engine(tmp_path: Path) -> None:
    """``state.game.players`` (the documented name; the reference state has no ``state.players``) compiles, and the
    compiled rule adds to the last seat what the rule says."""
    from tests.test_house import project, resolve

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    points[state.game.players - 1] += 100\n    return points, lost\n")
    deck = resolve("house", root)
    fast = deck.spec.fast(deck, 3)
    assert fast.house is not None
    base = resolve("king_lui", root)
    for seed in (5, 6):
        compiled = fast.play(seed, ["random"] * 3, 10_000, False).scores
        plain = base.spec.fast(base, 3).play(seed, ["random"] * 3, 10_000, False).scores
        assert list(compiled) == [plain[0], plain[1], plain[2] + 100], (compiled, plain)


def test_a_compiled_rule_giving_too_few_seats_is_one_line_naming_it_and_the_seed(tmp_path: Path) -> None:
    """Scores for two seats in a three-seat game: one line saying so with the game's seed (the reference replay, cut
    at no small cap, never blames the rule for a game it did not end)."""
    from tests.test_house import project, resolve

    from cardgen.usercode import UserCodeError

    root = project(tmp_path, "def scores(state, default):\n    points, lost = default()\n"
                             "    return points[:2], lost[:2]\n")
    deck = resolve("house", root)
    fast = deck.spec.fast(deck, 3)
    with pytest.raises(UserCodeError) as failed:
        fast.play_batch(np.array([7, 8], dtype=np.int64), ("random",), np.zeros((2, 3), dtype=np.int64), 200)
    assert failed.value.line.startswith("house/rule.py: ") and "one number per seat" in failed.value.line
    assert failed.value.line.endswith("(seed 7 reproduces it)"), failed.value.line


def test_the_spec_names_the_hooks_the_tier_compiles() -> None:
    """King Lui's spec says which hooks its tier compiles without importing numba; they are the module's."""
    from cardgen.games import get_game

    assert get_game("king_lui").compiled_hooks == compiled_hooks.COMPILED_HOOKS
    assert get_game("draco").compiled_hooks == ("legal_actions", "apply")  # no scores hook (draco.compiled_house)
    assert get_game("royale").compiled_hooks == ("legal_actions", "apply")  # royale.compiled_house


# -- a rule that adds an action or changes one: ``legal_actions`` and ``apply`` compiled (issue 50 item 1) ----------
#: King Lui with "pass" (the bench's rule, written with a loop: a generator expression does not compile)
PASS = bench_cover.PASS
#: a rule that changes what an action does, adding none: after an even turn's take of any dish but ham (an action's
#: second word and its length read too), the next seat's turn is skipped
SKIP = '''def apply(state, action, default):
    seat = state.current_player
    default(action)
    if (action[0] == "take" and len(action) == 2 and action[1] != "ham" and state.turns % 2 == 0
            and state.current_player not in (seat, -1)):
        state.end_turn()
'''


def _tiers(root: Path, players: int, agents: list[str], seeds: range) -> tuple[object, list[tuple[object, object]]]:
    """The compiled tier of the project's house rule, and (reference, compiled) results of ``seeds`` (recorded)."""
    from tests.test_house import resolve

    from cardgen.house import install
    from cardgen.simulate.runner import agent_factories, play_game, with_house

    deck = resolve("house", root)
    fast = with_house(deck.spec.fast(deck, players), deck)
    assert not isinstance(fast, str), fast
    game = install(deck.spec.new_game(deck, players), deck)
    makers = agent_factories(deck.spec)
    pairs = [(play_game(game, seed, [makers[a]() for a in agents], agents, cap=10_000, record=True),
              fast.play(seed, agents, 10_000, True)) for seed in seeds]
    return fast, pairs


@pytest.mark.parametrize("players", [3, 5])
def test_a_rule_that_adds_an_action_plays_the_reference_games_compiled(players: int, tmp_path: Path) -> None:
    """Random players (who play every legal move, the added one too) play the same games on both tiers, and pass."""
    from tests.test_house import project
    from tests.test_tiers import first_difference

    fast, pairs = _tiers(project(tmp_path, PASS), players, ["random"] * players, range(12))
    assert fast.house is not None and fast.agents == {"random", "heuristic"}  # tests/test_house_covered.py: the default
    for ref, got in nonempty(pairs):
        assert got == ref, first_difference(ref, got)
    passes = sum(action == ("pass",) for ref, _ in pairs for _, action in ref.actions)
    assert passes >= 12, passes


#: the "pass" rule's apply hook: its added action carried out
PASS_APPLY = PASS[PASS.index("def apply"):]
#: rules that use default()'s list as a list: every operation the compiled tier's list of codes offers
#: (``compiled_words.HouseActionsType``), then one it does not (slicing, ``extend``: the typed list instead)
LISTS = {
    "codes": ('''def legal_actions(state, default):
    legal = default()
    if not legal:
        return legal
    first, last = legal[0], legal[-1]
    n = 0
    for action in legal:
        n += 1
    if n != len(legal) or last != legal[n - 1] or first != legal[-n]:
        legal.clear()
        return legal
    if ("draw",) in legal and state.turns % 3 == 0:
        legal.remove(("draw",))
    if ("pass",) not in legal and ("nothing",) not in legal and first[0] == "take":
        legal.append(("pass",))
    if state.turns % 4 == 1 and len(legal) > 1:
        legal.remove(first)
        legal.append(first)
    if state.turns % 5 == 2 and ("draw",) in legal:
        legal.remove(("draw",))
        legal.append(("draw",))
    passes = 0
    for action in legal:
        if action == ("pass",) and action[0] == "pass" and len(action) == 1:
            passes += 1
    if passes != 1 and ("pass",) in legal:
        legal.clear()
    return legal


''' + PASS_APPLY, False),
    # two lists of one listing: the first is in the array the loop lends, the second its own (``_default_codes``)
    "twice": ('''def legal_actions(state, default):
    legal = default()
    other = default()
    legal.clear()
    for action in other:
        legal.append(action)
    other.clear()
    if state.turns % 2 == 0 and len(legal) > 1:
        legal.append(("pass",))
        return legal
    again = default()
    legal.clear()
    if state.turns % 3 == 1:
        again.append(("pass",))
    return again


''' + PASS_APPLY, False),
    # an item kept, joined with a tuple and another item, its words read as strings; the apply hook's action kept in
    # a variable a tuple is also given (``compiled_words.HouseLentActionType``: these become ``HouseActionType``)
    "lent": ('''def legal_actions(state, default):
    legal = default()
    best = ("pass",)
    kept = []
    for action in legal:
        kept.append(action)
        if action[0] != "draw" and len(action) == 2 and action[0] + action[1] != "takeham":
            best = action
    if best != ("pass",) and state.turns % 2 == 0:
        legal.remove(best)
        legal.append(best)
    if len(kept) == len(legal) and kept[0] in legal and state.turns % 3 == 0:
        legal.append(("pass",))
    for action in legal:
        if action[0] == "pass" and state.turns % 5 == 4:
            legal.remove(action)
            break
    return legal


def apply(state, action, default):
    if action == ("pass",):
        state.end_turn()
        return
    chosen = action
    if action[0] == "draw":
        chosen = ("draw",)
    default(chosen)
''', False),
    "listed": ('''def legal_actions(state, default):
    legal = default()
    if state.turns % 3 == 0 and len(legal) > 1:
        legal = legal[1:]
    legal.extend([("pass",)])
    return legal


''' + PASS_APPLY, True),
}


@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_rule_that_changes_defaults_list_plays_the_reference_games_compiled(name: str, tmp_path: Path) -> None:
    """default()'s list read, searched, grown, cut and emptied as a list: the reference's games on the compiled tier
    (random players play every legal move), with the list of codes where the rule uses only what it offers, else
    numba's typed list."""
    from tests.test_house import project
    from tests.test_tiers import first_difference

    text, listed = LISTS[name]
    fast, pairs = _tiers(project(tmp_path, text), 4, ["random"] * 4, range(10))
    assert fast.house is not None
    assert fast.house.steps["legal_now"].py_func.__name__.endswith("_listed") == listed
    for ref, got in nonempty(pairs):
        assert got == ref, first_difference(ref, got)
    passes = sum(action == ("pass",) for ref, _ in pairs for _, action in ref.actions)
    assert passes >= 10, passes


#: a rule that reads an action's first word in every way a rule compares a string: with a word written out, either
#: side, with a word it made, with another action's, in a tuple, with a number; "draw" and "take" are as long as each
#: other, so a compare of lengths alone would list other actions
WORDS = '''def legal_actions(state, default):
    legal = default()
    kind = "ta" + "ke"
    takes = draws = others = 0
    if not legal:
        return legal
    first = legal[0]
    for action in legal:
        word = action[0]
        if word == "take" and "take" == action[0] and word == kind and not (word != kind):
            takes += 1
        elif action[0] != "draw" or action[0] == 3 or first[0] == 3:
            others += 1
        elif action[0] in ("draw", "pass") and action[0] != 3 and (first[0] == action[0] or first[0] != "draw"):
            draws += 1
    if takes > 0 and draws > 0 and (state.turns + takes + others) % 3 == 0:
        legal.append(("pass",))
    return legal


''' + PASS_APPLY


def test_an_actions_first_word_compares_as_on_the_reference(tmp_path: Path) -> None:
    """``action[0]`` compared with ``==``, ``!=`` and ``in`` (``compiled_words.HouseWordType``, compared in the
    rule's code): the reference's games on the compiled tier, "pass" offered and taken."""
    from tests.test_house import project
    from tests.test_tiers import first_difference

    fast, pairs = _tiers(project(tmp_path, WORDS), 4, ["random"] * 4, range(10))
    assert fast.house is not None
    for ref, got in nonempty(pairs):
        assert got == ref, first_difference(ref, got)
    passes = sum(action == ("pass",) for ref, _ in pairs for _, action in ref.actions)
    assert passes >= 10, passes


def test_an_actions_first_word_is_compared_in_the_callers_code() -> None:
    """Python's answers, and no call to numba's string compare (a call that copies both strings: what a rule's
    ``action[0] == "take"`` cost at every action of every rollout step of a search)."""
    from numba import njit

    @njit
    def compare(joined, kind, word):  # type: ignore[no-untyped-def]
        a = compiled_words.make_action(3, joined, kind)
        return ((a[0] == "take") + 2 * (a[0] != "draw") + 4 * (word == a[0]) + 8 * ("emerald" == a[0])
                + 16 * (a[0] == 3) + 32 * (a[0] in ("draw", "pass")) + 64 * (a == ("pass",))
                + 128 * (a[0] == "tak€") + 256 * ("dra€" != a[0]) + 512 * (a[0] == "émerald"))

    sep = compiled_words.SEP
    for joined, word in ((f"take{sep}ham", "take"), ("draw", "take"), ("draw", "draw"), ("emerald", "émerald"),
                         ("pass", "tak"), ("émerald", "emerald"), ("take", "tak€"), ("dra€", "dra€"),
                         ("tak€", "tak€"), ("tak€", "take"), (f"tak€{sep}ham", "x"), ("tave", "tak€"),
                         ("takx", "take"), ("xake", "take"), ("drav", "draw"), ("pasx", "pass")):
        kind = joined.split(sep)[0]
        want = ((kind == "take") + 2 * (kind != "draw") + 4 * (word == kind) + 8 * (kind == "emerald")
                + 32 * (kind in ("draw", "pass")) + 64 * (joined == "pass") + 128 * (kind == "tak€")
                + 256 * (kind != "dra€") + 512 * (kind == "émerald"))
        assert compare(joined, kind, word) == want, (joined, word)
    code = "".join(compare.inspect_llvm().values())
    assert "unicode_eq" not in code and "charseq_eq" not in code


def test_a_hooks_default_is_marked_for_llvm_to_inline() -> None:
    """``d()`` of a ``default`` (``compiled_hooks.called``) compiles its implementation marked ``alwaysinline``: as a
    call, numba would pass each member of ``d`` one by one (the view's arrays, the ``Words``' containers: some sixty
    stores at every step of every look-ahead). The answer is the implementation's."""
    from numba import njit, types
    from numba.core.registry import cpu_target
    from numba.extending import intrinsic

    fields = [("x", types.int64)]
    toy_type = compiled_hooks.struct_type("ToyDefault", "a default of one number (a test's)", fields, module=__name__,
                                         counted=())()

    @intrinsic
    def toy(typingctx, x):  # type: ignore[no-untyped-def]
        def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
            return compiled_hooks.made(toy_type, fields, context, builder, args)
        return toy_type(types.int64), codegen

    def tripled(d):  # type: ignore[no-untyped-def]
        return d._x * 3 + 1

    compiled_hooks.called(type(toy_type), tripled)

    @njit
    def call(x):  # type: ignore[no-untyped-def]
        return toy(x)()

    assert call(4) == 13
    made = [cres for key, cres in cpu_target.target_context.cached_internal_func.items()
            if key[0] is tripled.__code__]
    assert len(made) == 1
    function = made[0].library.get_function(made[0].fndesc.llvm_func_name)
    # marked where this llvmlite marks a function (the lowest one the pyproject allows does not: the call stays)
    assert (b"alwaysinline" in b" ".join(function.attributes).split()) == compiled_hooks.marks_inline()


def test_an_action_the_loop_lends_counts_no_reference() -> None:
    """An action lent as ``for action in legal`` gives it, and its first word read and compared: no call into numba's
    runtime to count a reference, however often it is read (an ordinary action: more calls with each read, the
    control)."""
    from numba import njit

    def kinds(make):  # type: ignore[no-untyped-def]
        @njit
        def once(joined, kind, n):  # type: ignore[no-untyped-def]
            takes = 0
            for i in range(n):
                a = make(i, joined, kind)
                if a[0] == "take":
                    takes += 1
            return takes

        @njit
        def thrice(joined, kind, n):  # type: ignore[no-untyped-def]
            takes = 0
            for i in range(n):
                a = make(i, joined, kind)
                if a[0] == "take" and a[0] != "draw" and "emerald" != a[0]:
                    takes += 1
            return takes
        return once, thrice

    def calls(f) -> int:  # type: ignore[no-untyped-def]
        code = "".join(f.inspect_llvm().values())
        return sum(ln.count("@NRT_incref(") + ln.count("@NRT_decref(") for ln in code.splitlines() if " call " in ln)

    sep = compiled_words.SEP
    (lent1, lent3), (counted1, counted3) = kinds(compiled_words.make_lent_action), kinds(compiled_words.make_action)
    for count in (lent1, lent3, counted1, counted3):
        assert count(f"take{sep}ham", "take", 5) == 5 and count("draw", "draw", 5) == 0
    assert calls(lent3) == calls(lent1) and calls(counted3) > calls(counted1), [
        calls(f) for f in (lent1, lent3, counted1, counted3)]


def test_a_rule_that_changes_an_action_plays_the_reference_games_compiled(tmp_path: Path) -> None:
    """An ``apply`` hook alone adds no action: the heuristic plays on the compiled tier, the same games as the
    reference's, and they are not the base game's (the hook ran)."""
    from tests.test_house import project, resolve
    from tests.test_tiers import first_difference

    root = project(tmp_path, SKIP)
    agents = ["heuristic", "random", "heuristic"]
    fast, pairs = _tiers(root, 3, agents, range(10))
    assert fast.agents == {"random", "heuristic"}
    for ref, got in nonempty(pairs):
        assert got == ref, first_difference(ref, got)
    base = resolve("king_lui", root)
    plain = base.spec.fast(base, 3)
    assert sum(plain.play(ref.seed, agents, 10_000, False).turns != ref.turns for ref, _ in pairs) >= 5


def test_a_rule_that_leaves_no_action_stops_the_game_as_on_the_reference(tmp_path: Path) -> None:
    from tests.test_house import project

    rule = ("def legal_actions(state, default):\n    legal = default()\n    if state.turns >= 7:\n        legal.clear()\n"
            "    return legal\n")
    _, pairs = _tiers(project(tmp_path, rule), 4, ["random"] * 4, range(3))
    for ref, got in nonempty(pairs):
        assert ref.end_reason == "no_legal_action" and got == ref


def test_an_added_action_given_to_default_is_the_reference_engines_one_line(tmp_path: Path) -> None:
    """``default(("pass",))``: the engine knows only the game's actions; the compiled tier's failure is replayed on the
    reference engine, whose one line it gives (file, line, error, hook, seed)."""
    from tests.test_house import play, project, resolve

    from cardgen.usercode import UserCodeError

    rule = PASS.replace("        state.end_turn()\n        return\n", "        pass\n")
    root = project(tmp_path, rule)
    deck = resolve("house", root)
    from cardgen.simulate.runner import with_house

    fast = with_house(deck.spec.fast(deck, 3), deck)
    with pytest.raises(UserCodeError) as failed:
        fast.play_batch(np.arange(4, dtype=np.uint64), ("random",), np.zeros((4, 3), dtype=np.int64), 10_000)
    with pytest.raises(UserCodeError) as reference:
        play(root, seed=0)
    assert failed.value.line == reference.value.line and "(seed 0 reproduces it)" in failed.value.line
    assert failed.value.line.startswith("house/rule.py:18: "), failed.value.line


ADDED = {
    "generator.py": ("def legal_actions(state, default):\n    legal = default()\n\n"
                     "    if any(a[0] == 'take' for a in legal):\n        legal.append(('pass',))\n    return legal\n",
                     4, "house_why_generator", {}),
    "keep.py": ("def apply(state, action, default):\n    state.tips = 1\n    default(action)\n", 2, "house_why_keep",
                {"name": "state.tips"}),
}


@pytest.mark.parametrize("name", sorted(ADDED))
def test_an_action_rule_kept_out_names_its_line_and_why(name: str, tmp_path: Path) -> None:
    from tests.test_house import project, resolve

    text, line, key, fields = ADDED[name]
    deck = resolve("house", project(tmp_path, text))
    got = deck.spec.fast(deck, 3)
    assert got == say("house_kept_out", deck="house", line=line, file="house/rule.py", why=say(key, **fields))


def test_the_action_rule_plays_the_same_games_as_python(tmp_path: Path) -> None:
    """The compiled hooks run as plain Python (``NUMBA_DISABLE_JIT=1``: the view's and actions' Python forms) play the
    reference games too."""
    import os
    import subprocess
    import sys

    root = ROOT_DIR
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_house_compiled import PASS, _tiers\nfrom tests.test_house import project\n"
            "fast, pairs = _tiers(project(Path({p!r}) / 'p', PASS), 4, ['random'] * 4, range(6))\n"
            "assert all(got == ref for ref, got in pairs)\nprint('same', sum(len(r.actions) for r, _ in pairs))\n"
            "from tests.test_house_compiled import SKIP\n"
            "fast, pairs = _tiers(project(Path({p!r}) / 's', SKIP), 3, ['heuristic', 'random', 'heuristic'], range(6))\n"
            "assert all(got == ref for ref, got in pairs)\n"
            ).format(r=str(root), t=str(root / "tests"), p=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(root)})
    assert done.returncode == 0 and done.stdout.startswith("same "), done.stderr[-2000:]


ROOT_DIR = Path(__file__).resolve().parent.parent


def test_a_game_action_not_legal_now_given_to_default_is_the_reference_engines_one_line(tmp_path: Path) -> None:
    """``default(("take", "ham"))`` on a draw: legal while ham is on the table, refused once it is not, on both tiers
    (the compiled ``default`` checks the game's legal actions as the engine's ``apply`` does)."""
    import re

    from tests.test_house import play, project, resolve

    from cardgen.simulate.runner import with_house
    from cardgen.usercode import UserCodeError

    rule = ('def apply(state, action, default):\n    if action[0] == "draw":\n        default(("take", "ham"))\n'
            '        return\n    default(action)\n')
    root = project(tmp_path, rule)
    deck = resolve("house", root)
    fast = with_house(deck.spec.fast(deck, 3), deck)
    with pytest.raises(UserCodeError) as failed:
        fast.play_batch(np.arange(10, dtype=np.uint64), ("random",), np.zeros((10, 3), dtype=np.int64), 10_000)
    seed = int(re.search(r"\(seed (\d+) reproduces it\)", failed.value.line)[1])
    with pytest.raises(UserCodeError) as reference:
        play(root, seed=seed)
    assert failed.value.line == reference.value.line and "IllegalAction" in failed.value.line, failed.value.line


def test_the_docs_house_rule_compiles_and_plays_the_reference_games(tmp_path: Path) -> None:
    """docs/authoring.md's "take what is served", as printed there, compiles with the game and plays the reference's
    games (the docs say it does)."""
    from tests.test_house_examples import _doc_example
    from tests.test_tiers import first_difference

    from cardgen.resolve.resolve import resolve
    from cardgen.simulate.runner import play_game, with_house

    root = _doc_example(tmp_path)
    deck = resolve("take-what-is-served", root)
    fast = with_house(deck.spec.fast(deck, 4), deck)
    assert not isinstance(fast, str) and fast.house is not None, fast
    from cardgen.engine.api import RandomAgent
    for seed in range(6):
        ref = play_game(fast.game, seed, [RandomAgent() for _ in range(4)], ["random"] * 4, cap=10_000, record=True)
        got = fast.play(seed, ["random"] * 4, 10_000, True)
        assert got == ref, first_difference(ref, got)


def test_a_rule_run_at_every_decision_plays_fewer_games_per_watched_call(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop call plays no more games than the time limit allows at a game's worst pace: a rule whose hooks run at
    every decision gets ``HOUSE_DECISION_GAME_SECONDS`` a game, so an honest but slow rule is never killed as a rule
    that never returns."""
    from tests.test_house import project, resolve

    from cardgen import guard
    from cardgen.games.king_lui import compiled

    deck = resolve("house", project(tmp_path, SKIP))
    fast = deck.spec.fast(deck, 3)
    loop, played = fast.loop, []

    def counted(games, first, ctx, buffers):  # noqa: ANN001, ANN202 - the loop's own arguments
        played.append(games.seeds.shape[0] - first)
        return loop(games, first, ctx, buffers)

    monkeypatch.setattr(guard, "time_limit", lambda: 1.0)
    monkeypatch.setattr(fast, "loop", counted)
    fast.play_batch(np.arange(50, dtype=np.uint64), ("random",), np.zeros((50, 3), dtype=np.int64), 10_000)
    per_call = int(1.0 / compiled.HOUSE_DECISION_GAME_SECONDS)
    assert played and max(played) == per_call and sum(played) == 50, played


def test_the_same_rule_text_in_another_file_compiles_from_the_disk_cache(tmp_path: Path) -> None:
    """numba's cached code names the module a rule's hooks came from: a copy of the same text under another file
    name, in a later process, must not load the first file's entry (it cannot: that module is not loaded there) but
    compile its own; it once fell back to the reference engine with "numba refuses it (No module named ...)"."""
    import os
    import subprocess
    import sys

    rule = "def scores(state, default):\n    points, lost = default()\n    points[0] += 1\n    return points, lost\n"
    code = ("import sys; from pathlib import Path; sys.path[:0] = [{r!r}, {t!r}]\n"
            "from tests.test_house import project, resolve\n"
            "root = Path({p!r})\nproject(root, {rule!r})\n"
            "(root / 'house' / 'rule.py').rename(root / 'house' / {name!r})\n"
            "text = (root / 'variants' / 'house.yaml').read_text().replace('house/rule.py', 'house/' + {name!r})\n"
            "(root / 'variants' / 'house.yaml').write_text(text)\n"
            "deck = resolve('house', root)\nfast = deck.spec.fast(deck, 3)\n"
            "print('tier' if not isinstance(fast, str) and fast.house is not None else fast)\n")
    env = {**os.environ, "CARDGEN_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT_DIR)}
    for name in ("first.py", "second.py"):
        done = subprocess.run([sys.executable, "-c", code.format(r=str(ROOT_DIR), t=str(ROOT_DIR / "tests"),
                                                                 p=str(tmp_path / name[:-3]), rule=rule, name=name)],
                              capture_output=True, text=True, timeout=900, env=env)
        assert done.returncode == 0 and done.stdout.strip() == "tier", (name, done.stdout, done.stderr[-2000:])


def test_an_added_action_is_learnt_once_in_the_python_tier() -> None:
    """Under ``NUMBA_DISABLE_JIT`` (tests/test_tiers.py's Python tier) the words of an added action compare as
    Python's strings: met again, it keeps its code."""
    import os
    import subprocess
    import sys

    code = ("from cardgen.engine import compiled_words as c\n"
            "w = c.words_of((('take', 'ham'), ('draw',)))\n"
            "print(c.code_of_words(w, 'pass'), c.code_of_words(w, 'pass'), c.known_words(w, 'pass'),"
            " c.code_of_words(w, 'tip'), c.known_words(w, 'draw'))\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(root)})
    assert done.stdout.split() == ["2", "2", "2", "3", "1"], done.stdout + done.stderr[-2000:]
