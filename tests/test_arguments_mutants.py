"""The command line's refusals (``cardgen.arguments``) as whole lines, asked in this process (issue 51).

mutmut runs a test only against the functions it called in its own process, and test_no_english_refusals checks
that a line has no English word, not which words it has: these tests give ``refusal_line`` each kind of parse error
argparse hands over (a ``Refused`` of ours behind an option or not, argparse's own sentences by shape, a type's own
words, nothing recognised) and check the line word for word, in English, French and a language without words
(English), with the cuts of long values at their documented lengths. Expected lines are copied from errors.json's
sentences, not built with the code under test.
"""
from __future__ import annotations

import argparse

import pytest

from cardgen.arguments import Refused, _framed, one_of, refusal_line

N = "\u202f"


def _argument_error(option: str | None, message: str, cause: BaseException | None = None) -> argparse.ArgumentError:
    """argparse's error for ``option`` (None: an error without an argument's name), raised from ``cause``."""
    action = argparse.ArgumentParser().add_argument(option) if option else None
    err = argparse.ArgumentError(action, message)
    err.__cause__ = cause
    return err


def test_a_refusal_is_english_as_an_exception_and_cuts_its_hint_at_80() -> None:
    refused = Refused("arg_choice", value="x", expected="a, b")
    assert str(refused) == "unknown value 'x'; expected a, b"
    hint = "h" * 100
    assert Refused("arg_choice", hint=hint, value="x", expected="a").said("en") == (
        f"unknown value 'x'; expected a (did you mean '{'h' * 77}...'?)")


def test_one_of_refuses_with_a_did_you_mean_and_cuts_the_value_at_30() -> None:
    parse = one_of(("long", "short", "none"))
    assert parse("short") == "short"
    with pytest.raises(Refused) as caught:
        parse("lnog")
    assert caught.value.said("en") == "unknown value 'lnog'; expected long, short, none (did you mean 'long'?)"
    with pytest.raises(Refused) as caught:
        parse("v" * 40)
    assert caught.value.said("en").startswith(f"unknown value '{'v' * 27}...'; expected long, short, none")


def test_the_frame_of_a_language_without_words_is_english_and_its_fields_cut_at_200() -> None:
    assert _framed("argument", "de", "m", option="--x") == "argument --x: m"
    assert _framed("argument", "fr", "m", option="o" * 250) == f"{'o' * 197}...{N}: m"


@pytest.mark.parametrize("lang, line", [
    ("en", "cardgen build: argument --duplex: unknown value 'sideway'; expected long, short (did you mean 'short'?)"
           " (see --help)"),
    ("fr", f"cardgen build{N}: --duplex{N}: valeur inconnue{N}: «{N}sideway{N}»{N}; attendu{N}: long, short"
           f" (vouliez-vous dire «{N}short{N}»{N}?) (voir --help)"),
])
def test_a_refusal_of_ours_behind_an_option_is_framed_with_the_option(lang: str, line: str) -> None:
    refused = Refused("arg_choice", hint="short", value="sideway", expected="long, short")
    assert refusal_line("cardgen build", "ignored", lang, _argument_error("--duplex", "x", refused)) == line


def test_a_refusal_that_names_its_option_or_has_no_option_is_not_framed_again() -> None:
    refused = Refused("arg_range", option="--games", value=0, low=1, high=10)
    assert refusal_line("cardgen validate", "x", "en", _argument_error("--games", "x", refused)) == (
        "cardgen validate: --games 0: expected 1 to 10 (see --help)")
    plain = Refused("arg_choice", value="v", expected="a")
    assert refusal_line("cardgen", "x", "en", _argument_error(None, "x", plain)) == (
        "cardgen: unknown value 'v'; expected a (see --help)")
    assert refusal_line("cardgen", "x", "en", plain) == "cardgen: unknown value 'v'; expected a (see --help)"


def test_a_message_nobody_recognises_is_argparses_first_line_in_english_and_ours_elsewhere() -> None:
    assert refusal_line("cardgen", "something odd\nsecond line", "en") == "cardgen: something odd (see --help)"
    assert refusal_line("cardgen", "", "en") == "cardgen: bad arguments (see --help)"
    assert refusal_line("cardgen", "o" * 500, "en") == f"cardgen: {'o' * 397}... (see --help)"
    assert refusal_line("cardgen", "something odd", "fr") == f"cardgen{N}: arguments incompris (voir --help)"
    assert refusal_line("cardgen", "something odd", "it") == "cardgen: argomenti non compresi (vedi --help)"


def test_a_types_own_words_are_framed_with_its_option_outside_english() -> None:
    err = _argument_error("--games", "not a count")
    assert refusal_line("cardgen validate", str(err), "fr", err) == (
        f"cardgen validate{N}: --games{N}: not a count (voir --help)")
    long_words = "w" * 500
    err = _argument_error("--games", long_words)
    assert refusal_line("cardgen validate", str(err), "it", err) == (
        f"cardgen validate: --games: {'w' * 397}... (vedi --help)")
    # English keeps argparse's line, cut as a whole (the option's name counts in the 400 characters)
    assert refusal_line("cardgen validate", str(err), "en", err) == (
        f"cardgen validate: argument --games: {'w' * (397 - len('argument --games: '))}... (see --help)")


@pytest.mark.parametrize("message, en, fr", [
    ("argument --games: expected one argument", "argument --games: expected one argument",
     f"--games{N}: une valeur est attendue après cette option"),
    ("argument --agents: expected at least one argument", "argument --agents: expected at least one argument",
     f"--agents{N}: au moins une valeur est attendue après cette option"),
    ("argument --fresh: not allowed with argument --resume", "argument --fresh: not allowed with argument --resume",
     f"--fresh{N}: ne va pas avec --resume"),
    ("ambiguous option: --ga could match --games, --gap", "ambiguous option: --ga could match --games, --gap",
     f"option ambiguë{N}: --ga peut désigner --games, --gap"),
    ("the following arguments are required: deck", "the following arguments are required: deck",
     f"arguments obligatoires absents{N}: deck"),
    ("one of the arguments --a --b is required", "one of the arguments --a --b is required",
     f"un de ces arguments est obligatoire{N}: --a --b"),
    ("unrecognized arguments: --bogus", "unrecognized arguments: --bogus", f"arguments inconnus{N}: --bogus"),
])
def test_argparses_own_refusals_are_said_with_our_words(message: str, en: str, fr: str) -> None:
    assert refusal_line("cardgen tune", message, "en") == f"cardgen tune: {en} (see --help)"
    assert refusal_line("cardgen tune", message, "fr") == f"cardgen tune{N}: {fr} (voir --help)"


def test_argparses_values_are_cut_at_200() -> None:
    line = refusal_line("cardgen", "unrecognized arguments: " + "a" * 250, "en")
    assert line == f"cardgen: unrecognized arguments: {'a' * 197}... (see --help)"
