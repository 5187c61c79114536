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
