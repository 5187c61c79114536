"""The error lines' words (``cardgen.errors``) word for word, asked in this process (issue 51).

The error tests check lines as the commands print them; these check the pieces mutmut found unchecked: a language
without words read as English, a list field joined with the language's "or", a field given in every language, the
cuts (a field's path at 120 characters, a value at 300, a hint at 80, the message at 400), a hint given in every
language, English keeping the message it was given, and an error surviving a worker process (pickled) whole.
Expected lines are copied from errors.json, not built with the code under test.
"""
from __future__ import annotations

import pickle

import pytest

from cardgen.errors import InputError, kind_word, said

N = "\u202f"


def test_a_language_without_words_reads_english() -> None:
    assert said("arg_other", "de") == "arguments not understood"
    assert kind_word("int", "de") == "a whole number"


@pytest.mark.parametrize("args, fr", [
    (["a", "b", "c"], "a, b ou c"),
    (["a", "b"], "a ou b"),
    (["a"], "a"),
    ([], ""),
])
def test_a_list_field_is_joined_with_the_languages_or(args: list[str], fr: str) -> None:
    assert said("arg_unrecognized", "fr", args=args) == f"arguments inconnus{N}: {fr}"


def test_a_field_in_every_language_is_said_in_the_lines_language_else_english() -> None:
    args = {"en": "E", "fr": "F"}
    assert said("arg_unrecognized", "fr", args=args) == f"arguments inconnus{N}: F"
    assert said("arg_unrecognized", "it", args=args) == "argomenti sconosciuti: E"


def test_a_field_value_is_cut_at_300() -> None:
    assert said("arg_unrecognized", "en", args="v" * 400) == f"unrecognized arguments: {'v' * 297}..."


def test_a_field_path_is_cut_at_120_and_a_hint_at_80() -> None:
    err = InputError("bad", field="f" * 150, hint="h" * 100)
    assert err.said("en") == f"{'f' * 117}...: bad (did you mean '{'h' * 77}...'?)"


def test_a_hint_in_every_language_is_said_in_the_lines_language_else_english() -> None:
    err = InputError("bad", key="arg_other", hint={"en": "E", "fr": "F"})
    assert err.said("en") == "bad (did you mean 'E'?)"
    assert err.said("fr") == f"arguments incompris (vouliez-vous dire «{N}F{N}»{N}?)"
    assert err.said("it") == "argomenti non compresi (forse intendevi «E»?)"


def test_english_keeps_the_message_given_and_cuts_it_at_400() -> None:
    err = InputError("the English line as the code wrote it", key="arg_other")
    assert str(err) == "the English line as the code wrote it"
    assert err.said("fr") == "arguments incompris"
    assert InputError("m" * 500).said("en") == "m" * 397 + "..."


def test_an_error_comes_back_whole_from_a_worker_process() -> None:
    err = InputError("bad", file="deck.yaml", line=3, field="cards[2].title", hint={"en": "E", "fr": "F"},
                     key="arg_unrecognized", fields={"args": "--x"})
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is InputError
    assert (back.message, back.file, back.line, back.field, back.hint, back.key, back.fields) == (
        "bad", "deck.yaml", 3, "cards[2].title", {"en": "E", "fr": "F"}, "arg_unrecognized", {"args": "--x"})
    assert back.said("fr") == (f"deck.yaml:3: cards[2].title{N}: arguments inconnus{N}: --x"
                               f" (vouliez-vous dire «{N}F{N}»{N}?)")


def test_several_errors_are_english_by_default_each_with_the_message_it_was_given() -> None:
    from cardgen.errors import InputErrors

    errs = InputErrors([InputError("first, as written", key="arg_other"), InputError("second", key="arg_other")],
                       more=1)
    assert errs.lines() == ["first, as written", "second", said("more_one", "en")]
    assert str(errs) == "\n".join(errs.lines("en"))
    assert errs.lines("it")[:2] == ["argomenti non compresi", "argomenti non compresi"]
