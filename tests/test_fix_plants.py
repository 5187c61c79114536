"""``cardgen fix`` on problems planted apart from the code that solves them (issue 54's done-when): a Royale
variant whose Duchess is worth double, a King Lui house rule giving seat 1 two extra cards at set-up, and a King
Lui variant with 15 Emeralds. The plants are written by the tests into a throwaway project, never shipped in
variants/. Each is flagged, and the first proposal cures it on fresh seeds and is the smallest cure among those
tried; a search too short to find one says so in one line. Every proposal of the Emerald plant passes
``cardgen check``, builds, and its rulebook states the change."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from cardgen.cli import main
from cardgen.load.project import Project
from cardgen.report.tuning import param_name
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.summary import Naming
from cardgen.tune.fix import base_values, changed_numbers, levers
from cardgen.tune.study import variant_document
from screen import unwrapped, unwrapped_capture

DUCHESS = "card:noble-a1/faces/0/points"
NOBLE = """extends: royale
name: {fr: "Royale : duchesse double", it: "Royale: duchessa doppia", en: "Royale: double Duchess"}
description: {fr: "La Duchesse vaut 6 points.", it: "La Duchessa vale 6 punti.", en: "The Duchess is worth 6."}
players: {min: 2, max: 4}
change:
  noble-a1: {faces: {0: {points: 6}}}
"""
SEAT_ONE_CODE = '''"""Planted for cardgen fix's tests: seat 1 starts with two extra portion cards."""


def setup(state, default):
    """Seat 1 takes the two top dish cards of the supply (an Emerald stays), then the first course is dealt."""
    g = state.game
    for card in [c for c in reversed(state.supply) if g.dish_of[c] >= 0][:2]:
        state.supply.remove(card)
        state.hands[0][g.dish_of[card]].append(card)
        state.drawn[0] += 1
    default()
'''
SEAT_ONE = """extends: king_lui
name: {fr: "King Lui : place 1 en avance", it: "King Lui: posto 1 in vantaggio", en: "King Lui: seat 1 ahead"}
description: {fr: "La place 1 commence avec deux cartes.", it: "Il posto 1 inizia con due carte.", en: "Seat 1 starts with two cards."}
code: variants/house/seat_one.py
house_rule: {fr: "La place 1 commence avec deux cartes de la réserve.", it: "Il posto 1 inizia con due carte della riserva.", en: "Seat 1 starts with two cards from the supply."}
"""


@pytest.fixture
def planted(project_with: Callable[[str], Path]) -> Path:
    root = project_with("royale")
    project_with("king_lui")
    (root / "variants" / "house").mkdir()
    (root / "variants" / "house" / "seat_one.py").write_text(SEAT_ONE_CODE, encoding="utf-8")
    (root / "variants" / "kl-seat-one.yaml").write_text(SEAT_ONE, encoding="utf-8")
    (root / "variants" / "royale-noble.yaml").write_text(NOBLE, encoding="utf-8")
    return root


def test_a_card_number_the_variant_changed_is_the_first_lever_with_the_base_value_to_try(planted: Path) -> None:
    deck = Resolver(Project.open(planted)).resolve("royale-noble")
    assert changed_numbers(deck.base, deck, "noble-a1") == [(("faces", 0, "points"), 3, 6)]
    assert base_values(deck) == {DUCHESS: 3}
    first = levers(deck, [])[0]
    assert (first.key, first.low, first.high) == (DUCHESS, 2, 18)
    assert param_name(DUCHESS, "it", Naming.of(deck, "it")) == "punti di «La Duchessa / Colombina (A)»"
    assert param_name(DUCHESS, "fr", Naming.of(deck, "fr")) == "points de «\u202fLa Duchesse / Colombine (A)\u202f»"
    doc = variant_document(deck, [first], {DUCHESS: 4})
    assert doc["change"] == {"noble-a1": {"faces": {0: {"points": 4}}}}


def _fix(root: Path, deck: str, out: Path, *extra: str) -> int:
    return main(["--project", str(root), "fix", deck, "--best", "1", "--jobs", "1", "--out", str(out), *extra])


def _smallest_checked(record: dict, refused: int) -> None:
    """The first proposal is the smallest cure tried, but for those the fresh seeds refused."""
    cured = sorted(t["objective"] for t in record["trials"] if t["feasible"] and t["objective"] < 100)
    assert record["proposals"][0]["cost"] == cured[refused]


@pytest.mark.slow  # a whole fix search on Royale (2 min of a loaded README tier): CI's slow tier
def test_a_noble_worth_double_gets_its_points_back(planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = planted / "fixed"
    assert _fix(planted, "royale-noble", out, "--players", "3", "--games", "200", "--trials", "4") == 0
    said = unwrapped_capture(capsys.readouterr())
    assert "3 players: player 1 wins more often than the fair share" in said.out
    record = json.loads((out / "fix.json").read_text())
    first = record["proposals"][0]
    assert first["values"] == {DUCHESS: 3}  # the base's own worth, the smallest change that cures
    assert "problem:3:seat" not in first["fresh"]["3"]
    _smallest_checked(record, " ".join(said.err.split()).count("set aside"))
    tried = {t["values"][DUCHESS]: t["objective"] < 100 for t in record["trials"]}
    assert tried[3] and not tried[4] and not tried[2]  # one point more, or one less, does not cure
    assert "number of points of “The Duchess / Columbine (A)” is set to 3 instead of 6." in said.out  # en57
    assert "reprint “The Duchess / Columbine (A)”" in said.out
    doc = yaml.safe_load((out / first["file"]).read_text())
    assert doc["change"] == {"noble-a1": {"faces": {0: {"points": 3}}}}
    (planted / "variants" / first["file"]).write_text((out / first["file"]).read_text(), encoding="utf-8")
    assert main(["--project", str(planted), "check", first["file"].removesuffix(".yaml")]) == 0


@pytest.mark.slow  # a whole fix search: CI's slow tier
def test_a_search_that_finds_no_cure_says_a_rule_change_is_needed_and_what_was_tried(
        planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # two trials: the lever's two ends, 18 and 2 points, and neither makes the seats fair
    assert _fix(planted, "royale-noble", planted / "fixed", "--players", "3", "--games", "200",
                "--trials", "2") == 1
    said = unwrapped(capsys.readouterr().out)
    line = [s for s in said.splitlines() if s.startswith("No lever in the game’s numbers moves this")]
    assert len(line) == 1 and "it needs a rule change (tried 2 trials of points of “The Duchess" in line[0]


@pytest.mark.slow  # a whole fix search and its check on fresh seeds: CI's slow tier
def test_seat_one_with_two_extra_cards_is_flagged_and_the_first_proposal_cures_it_on_fresh_seeds(
        planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = planted / "fixed-kl"
    code = _fix(planted, "kl-seat-one", out, "--players", "4", "--games", "300", "--trials", "6")
    said = unwrapped_capture(capsys.readouterr())
    assert "4 players: player 1 wins more often than the fair share" in said.out
    record = json.loads((out / "fix.json").read_text())
    if not record["proposals"]:  # the house rule may be beyond the deck's numbers: said in one line
        assert code == 1 and "No lever in the game’s numbers moves this: it needs a rule change" in said.out
        return
    assert code == 0
    first = record["proposals"][0]
    assert "problem:4:seat" not in first["fresh"]["4"]
    _smallest_checked(record, " ".join(said.err.split()).count("set aside"))
    (planted / "variants" / first["file"]).write_text((out / first["file"]).read_text(), encoding="utf-8")
    assert main(["--project", str(planted), "check", first["file"].removesuffix(".yaml")]) == 0


@pytest.mark.slow
def test_the_noble_cure_holds_at_every_player_count_and_its_rulebook_states_it(
        planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The slow tier's bigger run: 400 games at 2, 3 and 4 players. 400 fresh games may find base Royale's own
    seat edge at some player count (the Duchess's points back at the base's cannot move it): what is asserted
    there is that seat 1's planted lead is gone. The proposal checks, builds, and its rulebook prints the
    change."""
    from tests.test_rulebook_support import pdf_text
    out = planted / "fixed"
    assert _fix(planted, "royale-noble", out, "--games", "400", "--trials", "6") == 0
    said = unwrapped_capture(capsys.readouterr())
    record = json.loads((out / "fix.json").read_text())
    first = record["proposals"][0]
    assert first["values"] == {DUCHESS: 3}
    assert any(f"problem:{n}:seat" not in first["fresh"][n] for n in ("2", "3", "4"))
    # planted, seat 1 won 88 %, 74 %, 66 % (base Royale's first seat: about 60 %, 43 %, 40 %)
    for n, below in (("2", 0.75), ("3", 0.6), ("4", 0.5)):
        assert first["fresh"][n]["seat_1_win_rate"][0] < below, (n, first["fresh"][n]["seat_1_win_rate"])
    # ranked first of all trials played: fewest problems left, then the smallest change
    assert not " ".join(said.err.split()).count("set aside")
    own = record["trials"][0]["values"] | {DUCHESS: 6}
    assert first["cost"] == min(t["objective"] for t in record["trials"] if t["feasible"] and t["values"] != own)
    (planted / "variants" / first["file"]).write_text((out / first["file"]).read_text(), encoding="utf-8")
    name = first["file"].removesuffix(".yaml")
    assert main(["--project", str(planted), "check", name]) == 0
    assert main(["--project", str(planted), "build", name, "--lang", "en", "--paper", "a4",
                 "--out", str(planted / "built")]) == 0
    rules = list((planted / "built").rglob("rules-*.pdf"))
    assert rules and "3 instead of 6" in pdf_text(rules[0].read_bytes())


# -- the third plant: a King Lui variant with 15 Emeralds (the base has 5) ------------------------------
EMERALDS = """extends: king_lui
name: {fr: "King Lui : 15 Emerald", it: "King Lui: 15 Emerald", en: "King Lui: 15 Emeralds"}
description: {fr: "La boîte contient 15 Emerald.", it: "La scatola contiene 15 Emerald.", en: "The box holds 15 Emeralds."}
change:
  emerald: {count: 15}
"""
EMERALD = "count:emerald"


@pytest.fixture(scope="module")
def emeralds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str, str]:
    """The 15-Emerald plant in a throwaway project and one ``cardgen fix`` of it, shared by the tests below
    (fix runs once): (project, exit code, what it printed, what it said on stderr). Three players: there base
    King Lui's seats are fair and the plant's are not (at 2000 games, seat 3 wins 37 % against 33.6 %); at four
    and five players the base's own seats already lean (seat 4 wins 28.5 % of 2000 four-player games), so no
    number of Emeralds can make them fair there. 1500 games: fewer do not tell the plant's lean from chance."""
    import contextlib
    import io
    import shutil

    root = tmp_path_factory.mktemp("emeralds")
    (root / "decks").mkdir()
    (root / "variants").mkdir()
    shutil.copy(Path(__file__).resolve().parents[1] / "decks" / "king_lui.yaml", root / "decks")
    (root / "variants" / "kl-emeralds.yaml").write_text(EMERALDS, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--project", str(root), "fix", "kl-emeralds", "--players", "3", "--games", "1500",
                     "--trials", "10", "--best", "3", "--jobs", "1", "--out", str(root / "fixed")])
    return root, code, out.getvalue(), err.getvalue()


@pytest.mark.slow  # the module's Emerald fix search (5 min of a loaded README tier): CI's slow tier
def test_fifteen_emeralds_are_flagged_and_the_first_proposal_takes_some_out_the_smallest_cure_tried(
        emeralds: tuple[Path, int, str, str]) -> None:
    root, code, said, err = emeralds
    assert code == 0
    assert "3 players: player 3 wins more often than the fair share" in said
    record = json.loads((root / "fixed" / "fix.json").read_text())
    first = record["proposals"][0]
    # the count the variant changed, moved back towards the base's 5, not all the way: the smallest cure
    assert list(first["values"]) == [EMERALD] and 5 < first["values"][EMERALD] < 15
    assert "problem:3:seat" not in first["fresh"]["3"]  # cured again on fresh seeds
    # fix's own size measure: one number changed, plus how far it moved relative to its value, squeezed below 1
    moved = (15 - first["values"][EMERALD]) / 15
    assert first["cost"] == pytest.approx(1 + moved / (1 + moved), abs=1e-6)
    # no trial that cured is smaller, but for those the fresh seeds refused (each said on the terminal)
    refused = {int(n) - 1 for n in re.findall(r"[Tt]rial (\d+) \(.*\) cured the problem on the search’s seeds but "
                                                r"not on fresh ones", err)}
    cures = [t for t in record["trials"] if t["feasible"] and t["objective"] < 100 and t["trial"] not in refused]
    assert first["cost"] == min(t["objective"] for t in cures)
    assert any(t["values"][EMERALD] == 15 for t in cures)  # another lever cured too, at a larger change
    # the halving found the edge: one Emerald more than the proposal's did not cure on the search's seeds
    one_more = [t for t in record["trials"] if t["values"][EMERALD] == first["values"][EMERALD] + 1
                and all(v == record["trials"][0]["values"][k] for k, v in t["values"].items() if k != EMERALD)]
    assert one_more and one_more[0]["objective"] >= 100
    # a character's name is no counted noun: copies of it (en54), after the label in lower case
    assert f"change: the box holds {first['values'][EMERALD]} copies of “Emerald” instead of 15." in said
    taken = 15 - first["values"][EMERALD]
    assert f"take {taken} {'copy' if taken == 1 else 'copies'} of “Emerald” out of the box" in said


@pytest.mark.slow  # the module's Emerald fix search (5 min of a loaded README tier): CI's slow tier
def test_every_emerald_proposal_passes_check_builds_and_its_rulebook_states_the_change(
        emeralds: tuple[Path, int, str, str]) -> None:
    """Each proposal of the fix above (not run again) is a variant like any other once copied into variants/:
    ``cardgen check`` passes it, ``cardgen build`` prints it, and its rulebook says what changed."""
    from tests.test_rulebook_support import pdf_text
    root, _, _, _ = emeralds
    record = json.loads((root / "fixed" / "fix.json").read_text())
    assert len(record["proposals"]) >= 2
    names = []
    for prop in record["proposals"]:
        (root / "variants" / prop["file"]).write_text((root / "fixed" / prop["file"]).read_text(), encoding="utf-8")
        names.append(prop["file"].removesuffix(".yaml"))
        assert main(["--project", str(root), "check", names[-1]]) == 0
    built = root / "built"
    assert main(["--project", str(root), "build", *names, "--lang", "en", "--paper", "a4", "--fronts-only",
                 "--out", str(built)]) == 0
    for name, prop in zip(names, record["proposals"]):
        description = yaml.safe_load((root / "variants" / prop["file"]).read_text())["description"]["en"]
        rules = list((built / name).rglob("rules-*.pdf"))
        assert len(rules) == 1, rules
        text = " ".join(pdf_text(rules[0].read_bytes()).split())  # a line break is a space
        assert "What differs from the base game King Lui: 15 Emeralds (fix " in text
        assert description in text, description
