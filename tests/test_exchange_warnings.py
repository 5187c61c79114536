"""The play experiment's flags are warnings as the deal's are (#50 item 4; terminal round 28 en10, fr12, it14).

Its "◆ too strong" stood in its table alone: no WARNING, no closing line, no overview, under a "PASS" that
counted other problems, and it flagged a card the players hardly play (fr13, it15). These hold the flag joined to
every line the deal's flags reach, the hardly-played rule applied to it, and ``cardgen fix`` (which judges cards
on the deal) not sent after a card it would not find.
"""
from __future__ import annotations

from typing import Any

from cardgen.simulate.designer import exchange_json
from cardgen.simulate.exchange import AUTO, DEFAULT_POINTS, ExchangeTally
from cardgen.simulate.summary import (card_confirm, card_kinds, card_search, card_warning, exchange_lines,
                                      flagged_cards, warning_count)


def _tally(games: int = 100) -> ExchangeTally:
    """Kinds ``hot`` (clearly strong), ``cold`` (clearly weak) and ``k0``-``k3`` (nothing), every game crediting
    each once, ``mean ± 1`` alternately (tests/test_exchange.py's known answers)."""
    means = {"hot": 6.0 / (games - 1) ** 0.5, "cold": -6.0 / (games - 1) ** 0.5, **{f"k{k}": 0.0 for k in range(4)}}
    t = ExchangeTally()
    for g in range(games):
        sign = 1.0 if g % 2 else -1.0
        t.add_game({kind: [1, m + sign, 0.0, m + sign] for kind, m in means.items()}, 1, {})
    return t


def test_a_card_the_players_hardly_play_keeps_its_gap_in_play_but_not_its_flag() -> None:
    """``cold`` is played 0.04 times per player and game (below ``cards.HARDLY_PLAYED``): holding it is holding a
    dead card, so its "too weak" moves to ``held_flag``; ``hot``, played, keeps its flag."""
    played = {"hot": [0, 0, 300], "cold": [0, 0, 12], **{f"k{k}": [0, 0, 300] for k in range(4)}}
    rows = {r["component"]: r for r in exchange_json(_tally(), played, 300)["rows"]}
    assert (rows["hot"]["flag"], rows["cold"]["flag"], rows["cold"]["held_flag"]) == ("strong", "", "weak")
    assert rows["cold"]["plays_per_seat"] == 0.04 and rows["hot"]["plays_per_seat"] == 1.0
    assert all(r["experiment"] == "play" for r in rows.values())
    assert (rows["hot"]["flag_low"], rows["hot"]["flag_high"]) == (rows["hot"]["win_low"], rows["hot"]["win_high"])
    assert "held_flag" not in rows["k0"] and not rows["k0"]["flag"]
    assert rows["hot"]["flagged_by"] == ["win", "margin"] and rows["k0"]["flagged_by"] == []
    # a game that counts no plays says nothing of them, and unflags nothing
    bare = {r["component"]: r for r in exchange_json(_tally(), {}, 300)["rows"]}
    assert bare["cold"]["flag"] == "weak" and bare["cold"]["plays_per_seat"] is None
    lines = exchange_lines(exchange_json(_tally(), played, 300), "en")
    (line,) = [x for x in lines if x.startswith("    cold")]
    # its "†" after its name, never marked: what its figures show and that it is never flagged, even with an
    # interval leaving out 0 (as cold's does), said once, in the one note under the table (round 32; issue #53: no
    # line under its row; round 35 en7, en9: "*" after an interval read as significance)
    assert "◆" not in line and line.split()[:2] == ["cold", "†"] and "*" not in line
    note = [x for x in lines if x.startswith("    † hardly")][-1]
    assert "holding it, not of playing it" in note and "never flagged, even with an interval leaving out 0" in \
        note and "0.04" in note
    # round 36 en7*: then its interval that leaves out 0, why it is not flagged and what to check
    # (round 38 en12: shorter; the key under the table after it)
    (held,) = [x for x in lines if x.startswith("    † cold:") and "margin gained" in x]
    # terminal round 43 it15: the card's 0.04 said by the † line above it, not again; the 0.1 said as what † means
    assert held.startswith("    † cold: its “margin gained” interval (") and "leaves out 0, but the card is not " \
        "flagged: like every † card, it is played fewer than 0.1 times per player per game" in " ".join(held.split())
    assert "0.04" not in held


def _entry(deal: list[dict[str, Any]], play: list[dict[str, Any]], games: int = 1000) -> dict[str, Any]:
    return {"variant": "draco", "players": 4, "games": games, "passed": True, "seed": 1,
            "designer": {"games": 250, "component_impact": deal, "exchange": {"rows": play}}}


def _row(card: str, flag: str, low: float, high: float, experiment: str = "") -> dict[str, Any]:
    return {"component": card, "flag": flag, "flag_low": low, "flag_high": high, "judged": True,
            **({"experiment": experiment} if experiment else {})}


def test_a_flag_in_play_is_a_warning_counted_and_named_as_the_deal_s_are() -> None:
    deal = [_row("fro", "strong", 0.05, 0.2)]
    play = [_row("fro", "strong", 0.04, 0.3, "play"), _row("favour", "strong", 0.005, 0.1, "play"),
            _row("splits", "", -0.1, 0.1, "play")]
    r = _entry(deal, play)
    # the deal's flag once (the same card and side in play adds nothing), then the play experiment's own
    assert [(x["component"], x.get("experiment", "")) for x in flagged_cards(r)] == [("fro", ""), ("favour", "play")]
    assert [x["component"] for x in flagged_cards(r, play=False)] == ["fro"]
    assert warning_count(r) == 2
    warning = card_warning(flagged_cards(r)[1], "en")
    # round 39 (fr14*, fr30*): the test named, never "in play", read as a property of the card in mid-game
    assert warning.startswith("WARNING (card strength): “favour” seems too strong, going by the card swap test: a "
                              "player who holds it instead of the card it was swapped with") and warning.endswith("(◆ in the card table above)")
    assert card_warning(flagged_cards(r)[0], "en").endswith("(◆ in the card table above)")
    # one card table for both experiments (issue #53): the warning points to it
    assert card_warning(flagged_cards(r)[1], "fr", page=True).endswith("(voir le tableau des cartes plus bas)")
    # round 38 it14: a finding just beyond chance said as a "may", never "too strong when played"
    # round 39 (fr14*, fr30*): the test named first, «secondo la prova di sostituzione»
    assert "secondo la prova di sostituzione, la carta «favour» potrebbe essere un po’ troppo forte: chi la tiene" in \
        card_warning(flagged_cards(r)[1], "it")
    # the closing line names it; a clear card in play is "too strong", one just beyond chance "seems"
    closing = " ".join(card_kinds([r], "en"))
    assert "“favour” at 4 players" in closing and "“fro” at 4 players" in closing
    clear = _entry([], [_row("favour", "strong", 0.05, 0.1, "play")])
    assert card_kinds([clear], "en") == ["card too strong: “favour” at 4 players"]


def test_fix_is_pointed_only_at_the_cards_it_judges_and_a_flag_in_play_is_confirmed_on_more_traced_games() -> None:
    """``cardgen fix`` judges cards on the deal: sent after a card flagged in play alone, it would not find it.
    The play experiment plays on the traced games alone: "--games 4000" would judge it on the same 250 again."""
    only_play = _entry([], [_row("favour", "strong", 0.005, 0.1, "play")])
    assert card_search([only_play], "en") is None and warning_count(only_play) == 1
    confirm = card_confirm(only_play, "en") or ""
    assert confirm.endswith("cardgen validate draco --players 4 --games 4000 --designer-games 1000")
    dealt = _entry([_row("fro", "strong", 0.005, 0.2)], [_row("favour", "strong", 0.005, 0.1, "play")])
    assert (card_confirm(dealt, "en") or "").endswith("--designer-games 1000")  # one of them is in play
    # two cards just beyond chance: "these cards", never "this card" (in every language)
    assert (card_confirm(dealt, "en") or "").startswith("before changing these cards, confirm them")
    assert (card_confirm(dealt, "fr") or "").startswith("avant de modifier ces cartes")
    assert (card_confirm(only_play, "it") or "").startswith("prima di modificare questa carta")
    search = card_search([dealt], "en") or ""
    assert "“fro”" in search and "favour" not in search
    deal_only = _entry([_row("fro", "strong", 0.005, 0.2)], [])
    assert (card_confirm(deal_only, "en") or "").endswith("--players 4 --games 4000")


def test_validate_plays_the_experiment_by_default_where_the_compiled_tier_plays_its_futures() -> None:
    from cardgen.simulate.validate import ValidateOptions

    assert DEFAULT_POINTS == AUTO and ValidateOptions().exchange_points == AUTO


def test_a_card_flagged_in_play_on_its_margin_alone_is_never_said_to_win_more_often() -> None:
    """Favour's wins +3.4 [-2.0 to +8.8], its margin +0.8 [+0.04 to +1.50]: "wins more often or by more" claimed
    what its wins' interval does not show, and the page's bar (its wins) crossed 0 beside "too strong" (terminal
    round 29 en13, fr15, fr36, it7, it42)."""
    from cardgen.report.impact import exchange_block

    favour = {**_row("favour", "strong", -0.02, 0.088, "play"), "flagged_by": ["margin"], "exchanges": 682,
              "games": 240, "win": 0.034, "win_low": -0.02, "win_high": 0.088, "margin": 0.8, "margin_low": 0.04,
              "margin_high": 1.5}
    r = _entry([], [favour])
    en = card_warning(flagged_cards(r)[0], "en")
    # its size, as the table prints it, and "beyond chance" once: the warning gave no figure and said "beyond
    # chance" twice (terminal round 30 en16, fr15, it13, it30)
    # round 31 en16, fr16, it18: further ahead than with what (the card given up), the win rate's change named, and
    # "beyond chance" said idiomatically in French and Italian
    # round 34 en18: "further ahead" assumed the player was ahead
    # round 37 en1*, en2*: the card it was swapped with, the mark after the figure it marks, short sentences
    assert "a player who holds it instead of the card it was swapped with ends better placed against the best other " \
           "player. Margin gained: +0.8 points [+0.04 to +1.50], just beyond chance (◆ in the card table above). Its " \
           "win rate gained, +3.4 percentage points [−2.0 to +8.8], may be chance" in en.replace("\u00a0", " ") and "wins more often" not in en and "wins’ gap" not in en
    fr, it = card_warning(flagged_cards(r)[0], "fr"), card_warning(flagged_cards(r)[0], "it")
    assert "plutôt qu’avec celle contre laquelle elle a été échangée, le joueur finit avec plus d’avance sur le mieux " \
           "placé des autres joueurs : effet sur l’avance +0,8 point [+0,04 ; +1,50]. Cet écart dépasse de justesse ce que le " \
           "hasard peut expliquer" in fr.replace("\u202f", " ").replace("\u00a0", " ")
    assert "au-delà du hasard" not in fr and "sans gagner plus souvent" not in fr
    assert "invece dell’altra carta della sostituzione finisce con un vantaggio più ampio sul migliore degli altri. " \
           "Effetto sul vantaggio: +0,8 punti [+0,04; +1,50], appena oltre i limiti del caso" in it.replace("\u00a0", " ") \
        and it.count("oltre i limiti del caso") == 1
    # round 36 fr2*: the figure named by the table's mid-game column, its participle agreeing with «effetto»
    assert "L’effetto sulle vittorie, +3,4 punti percentuali [−2,0; +8,8], può invece essere dovuto al caso" \
           in it.replace("\u00a0", " ")
    lines = exchange_lines({"rows": [favour], "exchanges": 682, "games": 240}, "en")
    (line,) = [x for x in lines if "favour" in x]
    # the mark beside the interval that leaves out 0, its margin's, not its wins' (round 30 en17, en36; issue #53:
    # in its row, no line under it)
    assert line.endswith("+0.8 [+0.04 to +1.50] ◆") and line.count("◆") == 1, line
    page = str(exchange_block({"rows": [favour], "exchanges": 682, "games": 240, "points": 12}, None, "en"))
    # round 36 en29: no double negative
    # round 38 en24, en25: the headline in a designer's words, the verdict cell short
    assert "Flagged: favour, which seems too strong (holding it improves its holder’s margin by more than chance " \
        "explains; its effect on winning may be chance)." in page and ">seems too strong (margin only)</td>" in page
    # its strip draws the wins, which hold 0: not in the "too strong" colour (terminal round 30 en32); its title
    # gives the wins' interval as the cell does (en33)
    from cardgen.report.impact import NEUTRAL, STRONG, WEAK
    drawn = page.split("<svg", 1)[1]
    # ... the wins' line and dot neutral; since round 31 (en45, fr32, it38) a second line, with a square, in the
    # flag's colour: the margin's interval, the one the flag rests on
    import re

    svg = drawn.split("</svg>", 1)[0]
    assert re.search(r'<circle [^>]*fill="' + NEUTRAL + '"', svg) and WEAK not in svg, svg
    assert re.search(r'<rect [^>]*fill="' + STRONG + '"', svg) and not re.search(r'<circle [^>]*' + STRONG, svg)
    assert "favour: win rate gained (% points) +3.4 [−2.0 to +8.8]" in drawn  # terminal round 41 it32: short
    near = str(exchange_block({"rows": [{**favour, "win": -0.065, "win_low": -0.1299, "win_high": -0.0003,
                                         "flagged_by": ["win"]}], "exchanges": 682, "games": 240, "points": 12},
                              None, "en"))
    assert "[−12.99 to −0.03]" in near.split("<svg", 1)[1] and "[−13.0 to 0.0]" not in near  # en33
    # flagged on its wins, it wins more often, and nothing else is claimed
    won = {**favour, "flagged_by": ["win", "margin"], "flag_low": 0.05, "win_low": 0.05}
    assert "wins clearly more often, beyond chance" in card_warning(won, "en")
