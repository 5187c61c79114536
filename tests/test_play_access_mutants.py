"""Who may ask what of a served table, checked in this process (issue #51: mutation testing of
``cardgen/play/access.py``). The server tests reach these checks through a table started in another process,
where mutmut does not follow; here each refusal is asked of ``check_origin`` and ``check_role`` directly, with
its status, its code and its English line (the ``detail`` a page gets), and each role's allowed asks pass."""
from __future__ import annotations

import pytest

from cardgen.play.access import (DESIGNER, LOBBY, PASSED, REVOKED, SPECTATOR, Refusal, check_origin, check_role,
                                 refusal_words, table_keys)
from cardgen.play.session import Session
from cardgen.play.view import UI
from tests.test_play_session import deck_of

HOSTS = {"127.0.0.1:8000", "localhost:8000"}
REVOKED_LINE = "the designer gave this seat a new link; this one no longer works"
HOST_LINE = "this table answers only at the address it printed (Host)"
ORIGIN_LINE = "a page of another site may not use this table (Origin)"
CROSS_LINE = "a page of another site may not use this table"


def refused(check, *args) -> tuple[int, str, str]:
    """The status, code and English line of the refusal ``check(*args)`` raises."""
    with pytest.raises(Refusal) as why:
        check(*args)
    return why.value.status, why.value.code, str(why.value)


@pytest.mark.parametrize("role, headers, hosts, expected", [
    (REVOKED, {"host": "127.0.0.1:8000"}, HOSTS, (403, "revoked", REVOKED_LINE)),
    (REVOKED, {}, None, (403, "revoked", REVOKED_LINE)),  # a replaced key is refused even where any Host goes
    (0, {"host": "evil.example:8000"}, HOSTS, (403, "host", HOST_LINE)),
    (0, {}, HOSTS, (403, "host", HOST_LINE)),  # no Host at all
    (DESIGNER, {"host": "localhost:8000", "origin": "http://evil.example"}, HOSTS, (403, "origin", ORIGIN_LINE)),
    (0, {"host": "localhost:8000", "origin": "http://127.0.0.1:8000"}, HOSTS, None),  # another of its own names
    (0, {"host": "localhost:8000", "origin": "https://localhost:8000"}, HOSTS, (403, "origin", ORIGIN_LINE)),
    (0, {"host": "localhost:8000", "sec-fetch-site": "cross-site"}, HOSTS, (403, "origin", CROSS_LINE)),
    (0, {"sec-fetch-site": "cross-site"}, None, (403, "origin", CROSS_LINE)),
    (0, {"host": "localhost:8000", "sec-fetch-site": "same-origin"}, HOSTS, None),
    (0, {"host": "anything", "origin": "http://evil.example"}, None, None),  # tests' tables accept any Host
    (1, {"host": "127.0.0.1:8000"}, HOSTS, None),
])
def test_a_replaced_key_a_foreign_host_or_origin_is_refused_and_the_tables_own_pass(
        role: int, headers: dict[str, str], hosts: set[str] | None, expected: tuple | None) -> None:
    if expected is None:
        assert check_origin(role, headers, hosts) is None
    else:
        assert refused(check_origin, role, headers, hosts) == expected


DESIGNER_ONLY = (403, "designer_only", "only the designer's page hands seats over, replaces links and starts")
WATCHING = (403, "watching", "the designer's page watches; moves come from the people's seats")
SPECTATING = (403, "spectating", "the spectator's link watches the table; it changes nothing")
PASS_ONLY = (403, "pass_only", "the pass-and-play link plays the people's turns; the designer deals")
LOBBY_ONLY = (403, "lobby_only", "the lobby's link only takes a seat; the table is at the seat's own link")


@pytest.mark.parametrize("role, name, who, expected", [
    (DESIGNER, "seat", "designer", None), (0, "seat", "designer", DESIGNER_ONLY),
    (PASSED, "start", "designer", DESIGNER_ONLY), (LOBBY, "relink", "designer", DESIGNER_ONLY),
    (DESIGNER, "move", "seat", WATCHING), (0, "move", "seat", None), (1, "say", "seat", None),
    (DESIGNER, "agent", "any", None), (DESIGNER, "new", "any", None),
    (SPECTATOR, "view", "any", None), (SPECTATOR, "leave", "any", None), (SPECTATOR, "face", "any", None),
    (SPECTATOR, "agent", "any", SPECTATING), (SPECTATOR, "move", "seat", SPECTATING),
    (SPECTATOR, "feedback", "seat", SPECTATING),
    (PASSED, "move", "seat", None), (PASSED, "feedback", "seat", None), (PASSED, "hint", "seat", None),
    (PASSED, "agent", "any", None), (PASSED, "say", "seat", PASS_ONLY), (PASSED, "new", "any", PASS_ONLY),
    (PASSED, "rematch", "any", None),  # the passed device votes for its people (issue 52)
    (LOBBY, "join", "lobby", None), (LOBBY, "view", "any", None), (LOBBY, "page", "any", None),
    (LOBBY, "move", "seat", LOBBY_ONLY), (LOBBY, "leave", "any", LOBBY_ONLY),
    (0, "join", "lobby", LOBBY_ONLY), (DESIGNER, "join", "lobby", LOBBY_ONLY),
    (SPECTATOR, "join", "lobby", SPECTATING), (PASSED, "join", "lobby", PASS_ONLY),
])
def test_each_role_asks_only_its_own_routes(role: int, name: str, who: str, expected: tuple | None) -> None:
    if expected is None:
        assert check_role(role, name, who) is None
    else:
        assert refused(check_role, role, name, who) == expected


def test_a_table_of_several_people_has_a_key_for_each_seat_and_role_one_person_no_lobby_or_device() -> None:
    several = table_keys(Session(deck_of("king_lui"), players=3, seed=8, people=[0, 2]))
    assert sorted(several.values()) == sorted([0, 2, DESIGNER, SPECTATOR, LOBBY, PASSED])
    one = table_keys(Session(deck_of("king_lui"), players=3, seed=8))
    assert sorted(one.values()) == sorted([0, DESIGNER, SPECTATOR])
    for key in [*several, *one]:  # 16 random bytes, base64 for a URL: 22 characters
        assert len(key) == 22 and key.replace("-", "").replace("_", "").isalnum()
    assert not set(several) & set(one)


def test_a_refusal_speaks_the_tables_language_and_falls_back_to_english_then_to_its_own_line() -> None:
    assert refusal_words("fr", "host", "x") == UI["fr"]["err_host"] != UI["en"]["err_host"]
    assert refusal_words("it", "revoked", "x") == UI["it"]["err_revoked"]
    assert refusal_words("zz", "host", "x") == UI["en"]["err_host"]  # a language the table has no words in
    assert refusal_words("fr", None, "the line") == "the line"
    assert refusal_words("fr", "no_such_code", "the line") == "the line"
