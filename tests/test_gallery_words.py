"""The gallery speaks the language it was built in (the reader's fault 8 of issue #52): its playtest link, the
report links beside it and its own sentences come from ``cardgen/report/gallery.json``, not English under a
French or Italian build; validate and compare, which name no language, keep the gallery's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.report.gallery import WORDS, gallery_lang, render_gallery
from nonempty import nonempty


def a_gallery(tmp_path: Path, lang: str) -> dict:
    """A gallery state of one deck built in ``lang`` and a validation run of it with its playtest page."""
    run = tmp_path / "validation" / "validate-king_lui-0123abcd"
    run.mkdir(parents=True)
    for page in ("index.html", "king_lui.html", "playtest.html"):
        (run / page).write_text("<html></html>", encoding="utf-8")
    (tmp_path / "validation" / "runs.json").write_text(json.dumps([
        {"id": run.name, "kind": "validate", "decks": ["king_lui"], "games": 30, "results": {"king_lui@3": True}}]),
        encoding="utf-8")
    return {"king_lui": {"name": "Le Roi Lui", "kind": "deck", "engine": True, "lang": lang}}


@pytest.mark.parametrize(("lang", "link", "english"), [("fr", ">parties tests</a>", ">playtests</a>"),
                                                        ("it", ">partite di prova</a>", ">playtests</a>"),
                                                        ("en", ">playtests</a>", None)])
def test_the_playtest_link_and_its_neighbours_are_in_the_gallerys_language(
        tmp_path: Path, lang: str, link: str, english: str | None) -> None:
    html = render_gallery(tmp_path, a_gallery(tmp_path, lang))
    words = WORDS[lang]
    assert link in html and 'href="validation/validate-king_lui-0123abcd/playtest.html"' in html
    assert words["playtests_note"] in html and f">{words['validation']}</a>" in html
    assert words["validation_note_all"].format(passed=1, counts=1, games=30, players="3") in html
    # nothing built in this gallery: the intro says what it holds, never promises faces and books (en48)
    # its command as code since round 31 (en22, fr21, it22)
    unbuilt = words["intro_unbuilt"].replace("cardgen build", "<code>cardgen build</code>")
    assert unbuilt in html and words["intro"] not in html and f'lang="{lang}"' in html
    # twenty-sixth reading en39, it40: one name for the card pictures in the intro and in the line under each game
    pictures = {"en": "card pictures", "fr": "images des cartes", "it": "immagin"}[lang]  # "nessuna immagine"
    assert pictures in words["intro_unbuilt"].lower() and pictures in words["nothing_built"].lower()  # round 33 en25
    assert not any(w in words["intro_unbuilt"] for w in ("card faces", "faces des cartes", "facce delle carte"))
    if english is not None:
        for said in (english, "latest validation", "player counts passed", "Every game and variant", "beside this run"):
            assert said not in html, said


def test_a_command_naming_no_language_keeps_the_gallerys() -> None:
    assert gallery_lang({"a": {"lang": "it"}, "b": {}}) == "it"
    assert gallery_lang({"a": {}}) == "en"


# terminal round 27 en35, it43: no "4/4" notation used nowhere else; Italian's games "per numero di giocatori";
# round 29 fr30, it31: no bracket inside the gallery's bracket, and "passed at 3 and 4 players" where all passed
# round 34 fr22: a count with warnings never said among those that passed plainly too
# round 37 fr21: French spacing before « ; », so that no line starts with it
@pytest.mark.parametrize(("lang", "said"), [("fr", "réussie à 3 joueurs, et à 4 joueurs avec réserves\u202f; 30 parties"),
                                            ("it", "superata con 3 giocatori, e con 4 giocatori ma con avvisi; 30 partite"),
                                            ("en", "passed at 3 players, and at 4 players with warnings; 30 games")])
def test_a_count_that_passed_with_a_warning_is_said_beside_passed(tmp_path: Path, lang: str, said: str) -> None:
    """"4/4 player counts passed" hid Draco's warnings (seventeenth reading fr66): the run's record names the counts
    that passed with one, and only this deck's are counted."""
    state = a_gallery(tmp_path, lang)
    (tmp_path / "validation" / "runs.json").write_text(json.dumps([
        {"id": "validate-king_lui-0123abcd", "kind": "validate", "decks": ["king_lui", "draco"], "games": 30,
         "results": {"king_lui@3": True, "king_lui@4": True, "draco@3": True, "draco@4": True},
         "warned_results": ["king_lui@4", "draco@3", "draco@4"]}]), encoding="utf-8")
    html = render_gallery(tmp_path, state)
    assert said in html
    assert WORDS[lang]["validation_note_all"].format(passed=2, counts=2, games=30, players="3, 4") not in html
    # the old notes: "2 of 2 player counts passed (3 and 4 players), 1 of them with warnings" (round 29 fr30, it31)
    assert "(3 e 4 giocatori)" not in html and "(3 et 4 joueurs)" not in html and "(3 and 4 players)" not in html


@pytest.mark.parametrize(("lang", "said", "old"), [
    # round 44 it46*: "a warning at 4 players" after "passed at 1, 2 and 3" read as 4 having failed: "and at 4 … with"
    ("en", "passed at 1, 2 and 3 players, and at 4 players with a warning; 30 games each", "with warnings"),  # round 34 fr22
    # French says "avec réserves" of one warning too, as its headings do ("réserve" alone names a pile)
    ("fr", "réussie à 1, 2 et 3 joueurs, et à 4 joueurs avec réserves ; 30 parties chaque fois", "sur 4"),
    ("it", "superata con 1, 2 e 3 giocatori, e con 4 giocatori ma con un avviso; 30 partite per numero di giocatori",
     "ma con avvisi")])
def test_one_warning_in_all_is_said_in_the_singular_in_the_gallery(tmp_path: Path, lang: str, said: str,
                                                                   old: str) -> None:
    """Round 29 en28, it32, it58: Royale's one balance warning was "1 of them with warnings" in the gallery; the
    record keeps each count's number of warnings, and "4 of 4 … of which 4" is no more (fr30)."""
    state = a_gallery(tmp_path, lang)
    record = {"id": "validate-king_lui-0123abcd", "kind": "validate", "decks": ["king_lui"], "games": 30,
              "results": {f"king_lui@{n}": True for n in (1, 2, 3, 4)}, "warned_results": ["king_lui@4"],
              "warning_counts": {"king_lui@4": 1}}
    (tmp_path / "validation" / "runs.json").write_text(json.dumps([record]), encoding="utf-8")
    html = render_gallery(tmp_path, state).replace("\u202f", " ").replace("\u00a0", " ")
    assert said in html and old not in html
    if lang == "fr":
        return
    record["warning_counts"] = {"king_lui@4": 2}  # two warnings at one count: the plural
    (tmp_path / "validation" / "runs.json").write_text(json.dumps([record]), encoding="utf-8")
    assert old in render_gallery(tmp_path, state)
    record.pop("warning_counts")  # an older record, without the counts: the plural, as before
    (tmp_path / "validation" / "runs.json").write_text(json.dumps([record]), encoding="utf-8")
    assert old in render_gallery(tmp_path, state)


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
def test_a_deck_with_nothing_built_says_so_once(tmp_path: Path, lang: str) -> None:
    """Seventeenth reading en45: a folder validate wrote, never built, said "No card pictures yet: cardgen build."
    then "Not built yet: cardgen build." under every deck: one line says what is missing and the one command."""
    html = render_gallery(tmp_path, a_gallery(tmp_path, lang))
    words = WORDS[lang]
    # the intro's "after cardgen build", code too since round 31 (en22, fr21, it22); round 34 en20: the deck's line
    # said only what is missing, the command once, in the intro; terminal round 46 en59: nothing built anywhere, the
    # intro alone says it (the same line under each of seven decks, eight times on one page)
    assert html.count("<code>cardgen build</code>") == 1 and words["nothing_built"] not in html
    assert html.count('<p class="muted">') == html.count("<code>cardgen validate") + html.count("<code>cardgen check")
    assert words["no_pictures"] not in html and words["not_built"] not in html


def test_each_change_of_a_variant_starts_its_bullet_with_a_capital(tmp_path: Path) -> None:
    """(seventeenth reading en46) The gallery's bullets "if you hold more portions…", "minimum number of players:
    1 → 2" started in lower case beside capitalised ones and the compare page's same list: one rule, a capital,
    in every language; the rest of the line as written."""
    import re

    from cardgen.report.gallery import render_gallery
    changes = {"en": ["if you hold more portions than the king", "minimum number of players: 1 → 2"],
               "fr": ["si vous avez plus de portions", "nombre minimal de joueurs : 1 → 2"],
               "it": ["se hai più porzioni del re", "numero minimo di giocatori: 1 → 2"]}
    for lang, lines in nonempty(changes.items()):
        state = {"v": {"kind": "variant", "base": "b", "name": "V", "lang": lang, "changes": lines, "cards": []}}
        bullets = re.findall(r"<li>(.*?)</li>", render_gallery(tmp_path, state))
        assert bullets == [line[:1].upper() + line[1:] for line in lines], lang
