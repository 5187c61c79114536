"""The playtest page's thirty-eighth round (docs/reads/play-round-38-{fr,it,en}.md): labels kept whole where a line
wraps. The Italian header broke «giri / conclusi: 1» and «turni / giocati», a Draco seat's title «Marco (tu) · Covo /
giallo» (it16; p37 it14, it15). Rule tests: the header's two-word labels and the lair's name carry no breakable
space."""
from __future__ import annotations

from pathlib import Path

import pytest
from nonempty import nonempty

from cardgen.play.session import Session
from cardgen.play.view import table_view
from tests.test_play_said import deck_of

ROOT = Path(__file__).resolve().parents[1]
APP = (ROOT / "cardgen/play/static/app.js").read_text(encoding="utf-8")


def test_the_headers_two_word_labels_stay_whole() -> None:
    """it16: the count stayed with its label (round 35 it3), but the label itself wrapped between its words."""
    header = APP.split('const tie = ui.colon.replace(/ $/, "\\u00a0");', 1)[1].split("\n}\n", 1)[0]
    assert 'const whole = (label) => label.split(" ").length === 2 ? label.replace(" ", "\\u00a0") : label;' in header
    assert "${whole(ui.turns)}${tie}${v.turns}" in header and "${whole(ui.rounds)}${tie}${v.rounds}" in header


@pytest.mark.parametrize("lang", ["it", "fr", "en"])
def test_a_draco_seats_title_keeps_its_lairs_name_whole(lang: str) -> None:
    """it16: «Covo giallo» split at the panel's edge; the lair's name is one name."""
    session = Session(deck_of("draco"), players=3, seed=7, people=[0], lang=lang)
    session.join(0)
    titles = [a["title"] for a in table_view(session, 0)["areas"] if a.get("seat") is not None]
    assert len(nonempty(titles)) == 3, titles
    for title in titles:
        lair = title.rsplit(" · ", 1)[1]
        assert " " not in lair and "\u00a0" in lair, title


@pytest.mark.parametrize("lang", ["it", "fr", "en"])
def test_royales_points_total_stays_with_its_unit(lang: str) -> None:
    """it2 (p37 it1, p36 it2): «… + il Visconte 1 = 6 / punti», the total split from its unit at the wrap."""
    import json

    words = json.loads((ROOT / "cardgen/games/royale/playview.json").read_text(encoding="utf-8"))
    found = [part[lang]["scored_sum"] for part in words.values() if isinstance(part, dict)
             and isinstance(part.get(lang), dict) and "scored_sum" in part[lang]]
    assert nonempty(found) and all("{total}\u00a0{pts}" in s for s in found), found


def test_dracos_english_worth_keeps_silver_coins_whole() -> None:
    """en13 (p37 en13): "Player 3 · computer: worth 61 silver / coins ★ Winner" on the laptop: the worth and its
    unit are one phrase (the number already kept with it)."""
    import json

    words = json.loads((ROOT / "cardgen/games/draco/playview.json").read_text(encoding="utf-8"))
    worth = [part["en"]["worth"] for part in words.values() if isinstance(part, dict)
             and isinstance(part.get("en"), dict) and "worth" in part["en"]]
    assert nonempty(worth) and all(w["other"] == "worth {n}\u00a0silver\u00a0coins" and
                                   w["one"] == "worth {n}\u00a0silver\u00a0coin" for w in worth), worth


#: the lairs' names, in Italian, the language whose titles keep them whole (it16)
LAIRS = ("Covo rosso", "Covo giallo", "Covo verde", "Covo blu")


def test_a_seats_lair_caption_is_hidden_by_a_title_whose_name_is_kept_whole() -> None:
    """Playtest round 39 en12*: the no-break space kept «Covo giallo» whole, and the page, reading the title with it,
    no longer saw the card's name there: every Draco seat named its lair twice (title and caption). The title is
    read with its no-break spaces as spaces."""
    rule = APP.split('const caption = c.querySelector("figcaption");', 1)[1].split("caption.hidden = true;", 1)[0]
    assert 'const title = a.title.replace(/\\u00a0/g, " "), name = card.name && card.name.replace(/\\u00a0/g, " ");' \
        in rule and '(title === name || title.endsWith(" · " + name))' in rule


@pytest.mark.slow  # Chromium: CI's slow tier
@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_no_draco_seat_names_its_lair_twice_in_chromium(tmp_path: Path, width: int, height: int) -> None:
    """en12*, as a player meets it: on an Italian Draco table (laptop and phone), no seat's lair card shows a caption
    its seat's title already says."""
    from tests.test_play_browser import CHROMIUM, chromium_page
    from tests.test_play_reader_round import two_people
    from tests.test_play_server import ask

    if CHROMIUM is None:
        pytest.skip("no Chromium")
    proc, links = two_people(tmp_path, "draco", "--players", "3", "--lang", "it", "--seed", "7")
    try:
        ask(links["1"] + "api/view"), ask(links["2"] + "api/view")
        with chromium_page(links["1"], width, height) as page:
            page.wait_for_function("() => typeof view !== 'undefined' && view && view.areas && "
                                   "document.querySelectorAll('figure.card').length > 3", timeout=30_000)
            page.wait_for_timeout(500)
            seen = page.evaluate("""() => ({
              titles: [...document.querySelectorAll('section h3, section h2')].map((h) => h.textContent),
              captions: [...document.querySelectorAll('figure.card figcaption')]
                .filter((c) => !c.hidden && c.offsetParent !== null).map((c) => c.textContent)})""")
    finally:
        proc.terminate()
        proc.wait(10)
    titled = [lair for lair in LAIRS if any(lair in t.replace("\u00a0", " ") for t in seen["titles"])]
    assert len(nonempty(titled)) == 3, seen
    assert not [c for c in seen["captions"] if c.replace("\u00a0", " ") in titled], seen


def test_the_end_forms_scale_keeps_each_end_whole() -> None:
    """Playtest round 39 it2: the compact end form broke «Divertimento (1 = poco, 5 / = moltissimo)»: each end of the
    scale is one phrase (no-break spaces around its sign)."""
    import json

    ui = json.loads((ROOT / "cardgen/play/view.json").read_text(encoding="utf-8"))["ui"]
    for lang in nonempty(["en", "fr", "it"]):
        said = ui[lang]["fb_fun"]
        assert "1\u00a0=\u00a0" in said and "5\u00a0=\u00a0" in said and " = " not in said, said
