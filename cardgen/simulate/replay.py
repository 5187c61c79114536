"""``cardgen replay FILE``: re-run logged games through the engine and compare.

For each log line the deck is found again (project folder + id), the game is
re-created from its seed and the logged actions are applied one by one. The
replay checks the initial order of every pile, that each action was the current
player's and legal, the end reason, the final scores, winners and tie-break, and
the rule gaps the engine recorded. Any difference means the engine (or the deck)
no longer plays that game the same way: exit 1. All games match: exit 0.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from cardgen.engine.api import Game
from cardgen.errors import InputError, InputErrors, clean
from cardgen.house import code_hash
from cardgen.load.project import is_project
from cardgen.simulate.logs import as_action, read_log
from cardgen.simulate.runner import (AGENT_ERROR, DEFAULT_CAP, ENGINE_ERROR, NO_LEGAL_ACTION, SAFETY_CAP,
                                     UNFINISHED, DeckRef,
                                     Loader, cached_deck, cached_game, cached_hash, load_project_deck, make_agents,
                                     play_game)


def _ref(record: dict[str, Any], loader: Loader) -> DeckRef:
    """Where the logged deck is; a moved project is looked for in the current folder.

    The deck is an id (checked when the line was read) and its file must be that
    id's YAML file: a log cannot make replay read some other file
    (``deck: ../../etc/passwd``, ``file: /etc/passwd``). A deck that was given as a
    path outside the project replays from that path.
    """
    ref = DeckRef(str(record["project"]), str(record["deck"]), str(record.get("file") or ""))
    if loader is load_project_deck and not is_project(Path(ref.project)) and is_project(Path(".")):
        ref = DeckRef(str(Path.cwd()), ref.deck, ref.file)
    if ref.file:
        file = Path(ref.file)
        if file.suffix not in (".yaml", ".yml") or file.stem != ref.deck:
            raise ValueError(f"'file' {clean(ref.file, 80)} is not the file of deck '{ref.deck}'; expected "
                             f"{ref.deck}.yaml (an edited log?)")
    return ref


def _first_pile_difference(logged: dict[str, list[str]], now: dict[str, list[str]]) -> str | None:
    for name in sorted(set(logged) | set(now)):
        a, b = logged.get(name), now.get(name)
        if a == b:
            continue
        if a is None or b is None:
            return f"pile '{name}' is {'missing from the log' if a is None else 'no longer dealt'}"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"pile '{name}' differs at position {i}: logged {x}, now {y}"
        return f"pile '{name}' has {len(b)} cards, logged {len(a)}"
    return None


def code_changed(record: dict[str, Any], deck: Any) -> str | None:
    """Why a logged game cannot replay against the deck's house rule file as it is now (None: same file)."""
    logged = record.get("code_hash")
    code = deck.model.code
    if logged is None and code is None:
        return None
    if code is None:
        return f"the log was played with house rule {clean(str(record.get('code')), 80)}, the deck names none now"
    now = code_hash(deck)
    if logged is None:
        return f"the deck now plays house rule {clean(code, 80)}, the log has none"
    if now != logged:
        return (f"the house rule file {clean(code, 80)} changed since the log was written (SHA-256 {str(logged)[:12]}, "
                f"now {now[:12]}); replay needs the file the games were played with")
    return None


def replay_record(record: dict[str, Any], game: Game, spec: Any) -> list[str]:
    """Differences between one logged game and the engine's re-run of it (empty: identical)."""
    seed, end = int(record["seed"]), record["end_reason"]
    if end in (ENGINE_ERROR, AGENT_ERROR):  # the log stops before the error: re-play with the logged agents
        names = list(record["agents"])
        again = play_game(game, seed, make_agents(spec, names), names, cap=int(record.get("cap", DEFAULT_CAP)))
        if again.end_reason != end:
            return [f"logged an {end.replace('_', ' ')}, the re-run ended with '{again.end_reason}'"]
        return []
    state = game.new_initial_state(seed)
    logged_piles = record["initial_piles"]
    if logged_piles != state.initial_piles:
        return [_first_pile_difference(logged_piles, state.initial_piles) or "initial piles differ"]
    for i, step in enumerate(record["actions"]):
        if not (isinstance(step, list) and len(step) == 2 and isinstance(step[1], list)):
            return [f"action {i}: expected [player, [action...]], got {step!r}"]
        player, action = step[0], as_action(step[1])
        if state.is_terminal():
            return [f"action {i}: the game already ended ('{state.end_reason}') but the log goes on"]
        if state.current_player != player:
            return [f"action {i}: logged for seat {player}, but it is seat {state.current_player}'s decision"]
        if action not in state.legal_actions():
            return [f"action {i}: {list(action)} is not legal for seat {player}"]
        try:
            state.apply(action)
        except Exception as exc:
            return [f"action {i}: apply({list(action)}) raised {type(exc).__name__}: {exc}"]
    if end == SAFETY_CAP:
        return [] if not state.is_terminal() else [f"logged as never ending, now ends with '{state.end_reason}'"]
    if end == UNFINISHED:  # people left the table (cardgen play): its moves replay, the game goes on
        return [] if not state.is_terminal() else [f"logged as unfinished, now ends with '{state.end_reason}'"]
    if end == NO_LEGAL_ACTION:
        if state.is_terminal() or state.legal_actions():
            return ["logged with no legal action, now the game goes on or has ended"]
        return []
    problems = []
    if state.end_reason != end:
        problems.append(f"end reason: logged '{end}', now '{state.end_reason}'")
    logged_gaps = [(g["kind"], g["settled"]) for g in record.get("gaps", []) if g.get("by", "engine") == "engine"]
    now_gaps = [(g.kind, g.settled) for g in state.gaps]
    if logged_gaps != now_gaps:
        problems.append(f"rule gaps: logged {logged_gaps}, now {now_gaps}")
    if record["scores"] is not None and state.is_terminal() and not problems:
        outcome = state.outcome()
        if list(outcome.scores) != record["scores"]:
            problems.append(f"scores: logged {record['scores']}, now {list(outcome.scores)}")
        if "winners" in record and list(outcome.winners) != record["winners"]:
            problems.append(f"winners: logged {record['winners']}, now {list(outcome.winners)}")
        if record.get("tie_break") != outcome.tie_break:
            problems.append(f"tie-break: logged {record.get('tie_break')!r}, now {outcome.tie_break!r}")
    for key in ("turns", "rounds"):
        if key in record and record[key] != getattr(state, key):
            problems.append(f"{key}: logged {record[key]}, now {getattr(state, key)}")
    return problems


def replay_file(path: Path, loader: Loader = load_project_deck, out: TextIO | None = None) -> int:
    """Replay every game of a log; print each game that differs; 1 if any did, else 0."""
    out = out or sys.stdout
    games = differ = 0
    bad: list[InputError] = []
    for number, record in read_log(Path(path)):
        if isinstance(record, InputError):
            bad.append(record)
            continue
        try:
            ref = _ref(record, loader)
            deck = cached_deck(loader, ref)
        except ValueError as exc:
            bad.append(InputError(str(exc), file=str(path), line=number))
            continue
        except InputError as exc:
            bad.append(InputError(f"deck '{record['deck']}': {exc}", file=str(path), line=number,
                                  key="log_deck", fields={"deck": record["deck"], "why": exc}))
            continue
        where = (f"{path}:{number}: {ref.deck}, {record['players']} players, game {_number(record.get('index'))}, "
                 f"seed {record['seed']}")
        games += 1
        if record.get("deck_hash") not in (None, cached_hash(loader, ref)):
            differ += 1
            changed = f"the deck or its rules file ({deck.spec.rules_file})" if deck.spec.rules_file else "the deck"
            print(f"{where}: {changed} changed since the log was written", file=out)
            continue
        changed = code_changed(record, deck)
        if changed:
            differ += 1
            print(clean(f"{where}: {changed}", 2000), file=out)
            continue
        try:
            game = cached_game(loader, ref, int(record["players"]))
        except (ValueError, InputError) as exc:
            games -= 1
            bad.append(InputError(clean(exc), file=str(path), line=number))
            continue
        try:
            problems = replay_record(record, game, deck.spec)
        except Exception as exc:  # a crashing engine is a difference, not a crash of replay
            problems = [f"the engine raised {type(exc).__name__}: {exc}"]
        if problems:
            differ += 1
            print(clean(f"{where}: " + "; ".join(problems), 2000), file=out)
    if bad:
        if games:
            print(f"{games} game(s) replayed, {games - differ} identical, {differ} differ", file=out)
        raise InputErrors(bad) if len(bad) > 1 else bad[0]
    if games == 0:
        raise InputError("no games in the log; expected one JSON line per game", file=path, key="log_no_games")
    print(f"{games} game(s) replayed, {games - differ} identical, {differ} differ", file=out)
    return 1 if differ else 0


def _number(index: Any) -> Any:
    """A log record's game as a person counts it, from 1 (``failures.game_number``); "?" for a record without one."""
    from cardgen.simulate.failures import game_number
    return game_number(index) if isinstance(index, int) else "?"
