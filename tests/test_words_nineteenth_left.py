"""The nineteenth reading's small English faults left after its first fixes (docs/reads/terminal-round-19-en.md)."""
from __future__ import annotations

from pathlib import Path

import yaml

from cardgen.terminal import say

ROOT = Path(__file__).resolve().parent.parent


def test_the_exchange_note_says_points_in_play_and_swapped_cards() -> None:
    """en14: "replayed from 4 moments of its play, with cards exchanged" is not idiomatic. Twenty-third reading en19,
    fr18, it21: "from 4 points in its play" was opaque, "card strength in play" a second name for card strength,
    and "cards swapped between players" untrue: a card of one hand is swapped for one nobody holds
    (``exchange``)."""
    note = say("exchange_off", "en", points=4)
    assert note.startswith("card strength mid-game (cards that come into a hand during play, not only those dealt)")
    assert "replayed from 4 random moments, with a card of one hand swapped for one nobody holds" in note
    assert "between players" not in note and "in its play" not in note
    for lang in ("fr", "it"):
        assert not any(w in say("exchange_off", lang, points=4) for w in ("entre les joueurs", "tra i giocatori",
                                                                           "esecuzione"))


def test_a_python_house_rule_is_said_to_take_times_as_long() -> None:
    """en28: "50 to 100 times longer than usual" is disputed usage; "times as long as usual" is not."""
    for key in ("speed_note_deck", "house_kept_out"):
        words = say(key, "en", deck="d", file="f.py", line=3, why="w")
        assert "50 to 100 times as long as usual" in words and "longer" not in words, key


def test_the_gentle_overeating_description_stands_without_a_dangling_it() -> None:
    """en21: the description followed the command's header, so "It is meant for players…" had no antecedent."""
    deck = yaml.safe_load((ROOT / "variants/king_lui/king_lui-gentle-overeating.yaml").read_text(encoding="utf-8"))
    assert deck["description"]["en"].startswith("For players whose eyes are bigger than their stomachs:")


def test_royale_s_end_reason_is_no_tautology() -> None:
    """Twentieth reading en17: "the End of the Banquet card ends the banquet" said nothing; French and Italian say it
    ends the game (« termine la partie », "chiude la partita"), and so does English now."""
    import json

    words = json.loads((ROOT / "cardgen/games/royale/words.json").read_text(encoding="utf-8"))
    said = {lang: tallies["end_reason:banquet_over"] for lang, tallies in words["tallies"].items()}
    # twenty-first reading fr10: the card is drawn more than once and only its last draw ends the game; twenty-second
    # fr5: "the last time" is true of any card that ends a game: the draw is named by its number (``{time}``, from
    # the deck's rules), and where decks differ on it, the card alone ends the game
    assert said["en"] == "the End of the Banquet card is drawn for the {time} time", said
    anyway = {lang: tallies["end_reason:banquet_over:any"] for lang, tallies in words["tallies"].items()}
    # twenty-sixth reading en26, fr37, it24: "the card ends the game" behind "games that end because" said
    # nothing; where the two games differ on the draw, each game's rules say how many draws end it
    assert "autant de fois" in anyway["fr"] and "tante volte" in anyway["it"], anyway
    assert anyway["en"].endswith("as many times as each game’s rules ask") and "ends the" not in anyway["en"]
