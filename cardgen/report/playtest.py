"""The report's playtest page: what people said and did at ``cardgen play`` tables, beside the agents.

``validate --human-logs`` and ``compare --human-logs`` write ``playtest.html`` into the run's
folder: for each deck (compare: base and variant side by side) and player count, how long people
played against the agents (rounds, turns, minutes at the table), people's seats against the agents'
(wins, scores), the ratings (fun, length), what was unclear, the comments and the answers to the
designer's own ``playtest:`` questions (``cardgen.simulate.human`` sums them up), and each person's answers
together on one row, under the name they gave at the table. A deck nobody
played, or games nobody rated, get one sentence, never an empty table or bar.

The page is a Jinja2 template, ``templates/report/playtest.html``, autoescaped: a comment is a
person's free text and lands escaped. Its words are data (``playtest.json``, fr/it/en).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen import languages, wordbook
from cardgen.simulate.human import human_figures
from cardgen.text import singular

if TYPE_CHECKING:
    from jinja2 import Environment

    from cardgen.model.deck import ResolvedDeck

#: the page's words per language (``playtest.json``)
WORDS = wordbook.load(__file__)["words"]
#: the page's file in a run's folder
PAGE = "playtest.html"
#: the template (``templates/report/``)
TEMPLATE = "playtest.html"


@cache
def environment() -> "Environment":
    """An autoescaped, strict environment on ``templates/report/`` (the one the report's other pages
    share can replace it: the template needs only the ``num`` and ``pct`` filters below)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    from cardgen.jinjacache import Bytecode
    from cardgen.paths import templates_dir

    env = Environment(loader=FileSystemLoader(str(templates_dir() / "report")),
                      autoescape=select_autoescape(enabled_extensions=("html", "svg"), default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      bytecode_cache=Bytecode(__file__))
    env.filters["num"] = lambda x, lang, places=1: "–" if x is None else languages.decimal(x, lang, places=places)
    env.filters["pct"] = lambda x, lang: "–" if x is None else languages.percent(x, lang)
    env.globals["counted"] = counted
    return env


def counted(forms: list[str], n: int, lang: str, **values: Any) -> str:
    """``forms`` ([singular, plural]) filled for ``n``: French says "0 partie jouée", English "0 games played"."""
    return forms[0 if singular(n, lang) else 1].format(n=n, **values)


def deck_name(deck: "ResolvedDeck | None", deck_id: str, lang: str) -> str:
    """The deck's name in ``lang`` (its id when it has none)."""
    name = getattr(getattr(deck, "model", None), "name", None)
    text = name.get(lang) if isinstance(name, dict) else getattr(name, lang, None) if name is not None else None
    return f"{text} ({deck_id})" if text and text != deck_id else deck_id


def questions_of(deck: "ResolvedDeck | None", lang: str) -> dict[str, tuple[str, str]]:
    """The deck's own questions: id -> (text in ``lang``, kind)."""
    section = getattr(getattr(deck, "model", None), "playtest", None)
    if section is None:
        return {}
    return {q.id: (q.text[lang] or q.text["en"] or q.id, q.kind) for q in section.questions}


def column(games: list[dict[str, Any]], deck: "ResolvedDeck | None", deck_id: str, players: int,
           agents: dict[str, Any] | None, lang: str) -> dict[str, Any]:
    """One deck at one player count, as the template shows it: ``fig`` None when people played no game of it.
    ``agents``: the run's result for it (its ``rounds`` and ``turns`` summaries)."""
    fig = human_figures(games, deck_id, players)
    rows: list[dict[str, Any]] = []
    if fig is not None:
        asked = questions_of(deck, lang)
        answered = fig["feedback"]["questions"]
        for qid in [q for q in asked if q in answered] + sorted(q for q in answered if q not in asked):
            text, kind = asked.get(qid, (qid, "text"))  # a question the deck no longer asks: its id
            rows.append(question_row(text, kind, answered[qid]))
    agents = agents or {}
    long = (fig or {}).get("feedback", {}).get("long", {})
    people = [person_row(p, questions_of(deck, lang), lang) for p in (fig or {}).get("feedback", {}).get("people", [])]
    return {"id": deck_id, "name": deck_name(deck, deck_id, lang), "fig": fig, "questions": rows, "people": people,
            "long": [(k, long[k]) for k in ("short", "right", "long") if k in long],
            "agents": {"rounds": (agents.get("rounds") or {}).get("mean"),
                       "turns": (agents.get("turns") or {}).get("mean"), "completed": agents.get("completed")}}


def question_row(text: str, kind: str, values: list[Any]) -> dict[str, Any]:
    """One of the designer's questions with its answers summed up by kind: yes/no counted, ratings
    averaged, texts listed (an answer of another kind than the deck now says is listed as text)."""
    if kind == "yesno" and all(isinstance(v, bool) for v in values):
        return {"text": text, "kind": kind, "yes": sum(values), "no": len(values) - sum(values)}
    ratings = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    if kind == "rating" and len(ratings) == len(values):
        return {"text": text, "kind": kind, "mean": sum(ratings) / len(ratings), "n": len(ratings)}
    return {"text": text, "kind": "text", "texts": [str(v) for v in values]}


def person_row(person: dict[str, Any], asked: dict[str, tuple[str, str]], lang: str) -> dict[str, Any]:
    """One person's answers as one row of the page: who (the name they gave, else their seat), their rating,
    "did it feel long", what was unclear, their comment and their answers to the designer's own questions."""
    w = WORDS[lang]
    seat = person["seat"] + 1 if isinstance(person["seat"], int) else person["seat"]
    answers = person["answers"]
    fun = answers.get("fun")
    own = []
    for key, value in answers.items():
        if str(key).startswith("q:"):
            text = asked.get(str(key)[2:], (str(key)[2:], ""))[0]
            own.append((text, w["yes"] if value is True else w["no"] if value is False else str(value)))
    return {"who": w["person_by"].format(name=person["name"], n=seat) if person["name"] else
            w["person_seat"].format(n=seat),
            "fun": fun if isinstance(fun, int) and not isinstance(fun, bool) else None,
            "long": w["long_words"].get(answers.get("long"), "") if isinstance(answers.get("long"), str) else "",
            "unclear": answers.get("unclear") if isinstance(answers.get("unclear"), str) else "",
            "comment": answers.get("comment") if isinstance(answers.get("comment"), str) else "", "own": own}


def playtest_page(title: str, rows: list[dict[str, Any]], lang: str = "en") -> str:
    """The whole page: ``rows`` are ``{"players": n, "columns": [column(...), ...]}`` (one column per deck)."""
    return environment().get_template(TEMPLATE).render(title=title, rows=rows, lang=lang, w=WORDS[lang])


def write_playtest_page(folder: Path, games: list[dict[str, Any]], entries: list[tuple[int, list[tuple[
        "ResolvedDeck | None", str, dict[str, Any] | None]]]], title: str, lang: str = "en") -> Path:
    """Write ``folder/playtest.html`` (atomically): ``entries`` are (players, [(deck, deck id, the agents'
    result), ...]) in the order the page shows them."""
    from cardgen.fileio import write_atomic

    rows = [{"players": n, "columns": [column(games, deck, deck_id, n, agents, lang) for deck, deck_id, agents in cols]}
            for n, cols in entries]
    target = Path(folder) / PAGE
    write_atomic(target, playtest_page(title, rows, lang))
    return target
