"""Games people played (``cardgen play`` logs) beside the agents' figures: ``--human-logs`` of validate and compare.

A played game is a ``cardgen-log/1`` line whose agents include ``human``. For one deck and
player count this gives how many games people finished, their mean length in rounds and
turns, and how often a person won, so a report can say "people finish this variant in 9
rounds, the agents in 12". The people's answers to ``cardgen play``'s form at the end of a game
(``feedback`` in the log line: fun 1-5, did it feel long, what was unclear, free text, the
deck's own ``playtest:`` questions as ``q:<id>``) are summed up beside them, and people's seats
are set against the agents' (wins, scores). ``cardgen.report.playtest`` draws the same figures
as the report's playtest page.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import InputError, InputErrors
from cardgen.simulate.logs import read_log

#: the agent name of a person's seat in a log (``cardgen.play.session.HUMAN``)
HUMAN = "human"
#: the end of a game people left before it ended (``cardgen.simulate.runner.UNFINISHED``)
UNFINISHED = "unfinished"


def read_human_games(paths: list[Path]) -> list[dict[str, Any]]:
    """Every logged game with a person in it, from ``paths``; bad lines are one ``InputError`` each."""
    games: list[dict[str, Any]] = []
    bad: list[InputError] = []
    for path in paths:
        for _, record in read_log(Path(path)):
            if isinstance(record, InputError):
                bad.append(record)
            elif HUMAN in record["agents"]:
                games.append(record)
    if bad:
        raise InputErrors(bad) if len(bad) > 1 else bad[0]
    return games


def human_figures(games: list[dict[str, Any]], deck: str, players: int) -> dict[str, Any] | None:
    """People's games of ``deck`` with ``players`` players: count, mean rounds and turns, a person's wins."""
    mine = [g for g in games if g["deck"] == deck and g["players"] == players]
    if not mine:
        return None
    # a game people left (``unfinished``, logged as it went) is never a finished one, even if it had scores
    done = [g for g in mine if g.get("scores") is not None and g.get("end_reason") != UNFINISHED]

    def mean(key: str) -> float | None:
        values = [g[key] for g in done if isinstance(g.get(key), int)]
        return round(sum(values) / len(values), 2) if values else None

    won = sum(1 for g in done if any(g["agents"][w] == HUMAN for w in g.get("winners") or []))
    minutes = [g["seconds"] / 60 for g in done if isinstance(g.get("seconds"), (int, float))
               and not isinstance(g.get("seconds"), bool)]
    return {"games": len(mine), "completed": len(done),
            "unfinished": sum(1 for g in mine if g.get("end_reason") == UNFINISHED),
            "rounds": mean("rounds"), "turns": mean("turns"),
            "minutes": round(sum(minutes) / len(minutes), 1) if minutes else None,
            "human_wins": won, "seats": seat_results(done), "feedback": feedback_figures(mine)}


def seat_results(games: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """People's seats against the agents' over finished ``games``: for each side, the seats it played,
    the seats that won (a shared win counts for each winner), that share, and the mean final score."""
    out: dict[str, dict[str, Any]] = {}
    for side in ("people", "agents"):
        seats = wins = 0
        scores: list[float] = []
        for g in games:
            for seat, name in enumerate(g["agents"]):
                if (name == HUMAN) != (side == "people"):
                    continue
                seats += 1
                wins += seat in (g.get("winners") or [])
                if isinstance(g.get("scores"), list) and seat < len(g["scores"]):
                    scores.append(g["scores"][seat])
        out[side] = {"seats": seats, "wins": wins, "share": wins / seats if seats else None,
                     "score": round(sum(scores) / len(scores), 2) if scores else None}
    return out


def feedback_figures(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The people's answers over ``games``: how many, mean fun (1-5), "did it feel long" counted per
    answer, every unclear point and comment, and each of the deck's own questions' answers."""
    answers = [a for g in games for a in (g.get("feedback") or {}).values() if isinstance(a, dict)]
    fun = [a["fun"] for a in answers if isinstance(a.get("fun"), int) and not isinstance(a.get("fun"), bool)
           and 1 <= a["fun"] <= 5]
    long: dict[str, int] = {}
    for a in answers:
        if isinstance(a.get("long"), str):
            long[a["long"]] = long.get(a["long"], 0) + 1
    own: dict[str, list[Any]] = {}
    for a in answers:
        for key, value in a.items():
            if str(key).startswith("q:"):
                own.setdefault(str(key)[2:], []).append(value)
    return {"answers": len(answers), "fun": round(sum(fun) / len(fun), 2) if fun else None,
            "fun_counts": [fun.count(k) for k in range(1, 6)], "long": long,
            "unclear": [a["unclear"] for a in answers if isinstance(a.get("unclear"), str)],
            "comments": [a["comment"] for a in answers if isinstance(a.get("comment"), str)], "questions": own,
            "people": people_answers(games)}


def people_answers(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each person's answers kept together, game by game: ``{"seat", "name", "answers"}`` (``name``: the one
    they gave in the lobby, else None), so a rating stays tied to its comment and to who gave both."""
    out = []
    for g in games:
        names = g.get("names") if isinstance(g.get("names"), dict) else {}
        for seat, answers in sorted((g.get("feedback") or {}).items(), key=lambda kv: str(kv[0]).zfill(4)):
            if isinstance(answers, dict):
                name = names.get(str(seat))
                out.append({"seat": int(seat) if str(seat).isdigit() else seat,
                            "name": name if isinstance(name, str) and name else None, "answers": answers})
    return out


def human_line(fig: dict[str, Any], agents_rounds: float | None, label: str | None = None, lang: str = "en",
               words: Any = None) -> str:
    """``  people: 3 games played, 3 finished in 9.0 rounds on average (agents 12.0), a person won 1``, in
    ``lang``; ``label`` replaces "people" (compare names the deck and player count); ``words``: the game's
    words, whose name for its rounds is used (King Lui's courses)."""
    from cardgen.languages import decimal
    from cardgen.simulate.verdict import label as figure_name
    from cardgen.terminal import say, say_n

    def num(x: float | None) -> str:
        return "-" if x is None else decimal(x, lang)
    line = "  " + say("people", lang, label=label or say("people_label", lang), games=say_n("games", fig["games"], lang),
                      completed=fig["completed"], rounds=num(fig["rounds"]), unit=figure_name("rounds", lang, words),
                      agents=num(agents_rounds), won=fig["human_wins"])
    return "\n".join([line, *feedback_lines(fig.get("feedback") or {}, lang)])


def feedback_lines(fb: dict[str, Any], lang: str = "en") -> list[str]:
    """The people's answers as lines under the people's figures (none when nobody answered), in ``lang``."""
    from cardgen.languages import decimal
    from cardgen.terminal import say, say_n, word

    if not fb.get("answers"):
        return []
    fun = "-" if fb.get("fun") is None else say("fun", lang, x=decimal(fb["fun"], lang))
    words = word("long_words", lang)
    long = ", ".join(f"{n} {words.get(k, k)}" for k, n in sorted(fb.get("long", {}).items())) or "-"
    lines = ["    " + say("feedback", lang, answers=say_n("answers", fb["answers"], lang), fun=fun, long=long)]
    if "people" in fb:  # one line per person: their rating beside their own comment, under their name
        return lines + ["    " + person_line(p, lang) for p in fb["people"]]
    lines += ["    " + say("unclear", lang, text=text) for text in fb.get("unclear", [])]
    lines += ["    " + say("comment", lang, text=text) for text in fb.get("comments", [])]
    for qid, values in sorted(fb.get("questions", {}).items()):
        shown = [say("yes" if v else "no", lang) if isinstance(v, bool) else str(v) for v in values]
        lines.append(f"    {qid}: {'; '.join(shown)}")
    return lines


def person_line(person: dict[str, Any], lang: str = "en") -> str:
    """One person's answers on one line, in ``lang``: ``Ann (player 1): fun 4 of 5 · too long · unclear: ...``."""
    from cardgen.terminal import say, word

    seat = person["seat"] + 1 if isinstance(person["seat"], int) else person["seat"]
    who = say("answer_by", lang, name=person["name"], n=seat) if person["name"] else say("answer_seat", lang, n=seat)
    answers, parts = person["answers"], []
    if isinstance(answers.get("fun"), int) and not isinstance(answers.get("fun"), bool):
        parts.append(say("answer_fun", lang, x=answers["fun"]))
    if isinstance(answers.get("long"), str):
        parts.append(word("long_words", lang).get(answers["long"], answers["long"]))
    for key, line in (("unclear", "unclear"), ("comment", "comment")):
        if isinstance(answers.get(key), str):
            parts.append(say(line, lang, text=answers[key]))
    for key, value in answers.items():
        if str(key).startswith("q:"):
            shown = say("yes" if value else "no", lang) if isinstance(value, bool) else str(value)
            parts.append(say("answer_own", lang, q=str(key)[2:], a=shown))
    return say("answer_line", lang, who=who, answers=" · ".join(parts))
