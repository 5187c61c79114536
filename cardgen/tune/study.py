"""``cardgen tune``: search rule numbers and counts so that a deck meets its targets.

Each trial is an ordinary variant file (``extends`` the deck, ``rules`` and
``change`` set to the trial's values), resolved, statically checked and validated
like any other; a trial that fails its checks or meets an unsettled rule gap is
infeasible, never a crash. Optuna's TPE sampler proposes the values (seeded, one
trial after another, so a run is reproducible); the objective is how far the
metrics are outside their target ranges, in units of each range's width.

Every trial plays the same game seeds (common random numbers: all trial files
share one id), so two trials differ by their rules, not by their deals. The best
trials are written as variant files with a description of what was tuned and what
was measured, and a report page shows every trial and how each parameter moved
each target.
"""
from __future__ import annotations

import json
import shutil
import sys
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import yaml

from cardgen.check.static import run_checks
from cardgen.errors import GamesFailed, InputError
from cardgen.fileio import write_atomic
from cardgen.guard import DEFAULT_TIME_LIMIT
from cardgen.house import speed_note
from cardgen.languages import significant as _sig
from cardgen.load.project import Project
from cardgen.model.deck import ResolvedDeck
from cardgen.resolve.resolve import Resolver
from cardgen.simulate.runner import agents_in_words, default_agents, split_agents
from cardgen.simulate.summary import SEARCH_GAMES, Naming, failure_lines, joined
from cardgen.simulate.validate import ValidateOptions, run_validation
from cardgen.tune.metrics import DESIGNER_METRICS, Metric, entry_metrics
from cardgen.simulate.verdict import agents_words
from cardgen.terminal import echo, say, say_n
from cardgen.tune.describe import TRIAL_DESCRIPTION, TRIAL_LABEL
from cardgen.tune.journal import JOURNAL
from cardgen.tune.space import Param, Target, check_space
from cardgen.usercode import UserCodeError

#: Objective of a trial that cannot be played (failed checks, unsettled gaps).
INFEASIBLE = 1e6
TRIAL_ID = "trial"


@dataclass(kw_only=True)
class StudyOptions:
    """What a study of trials accepts, ``tune``'s and ``fix``'s alike (docs/tuning.md, docs/fixing.md): one
    definition, so the two commands never drift apart."""

    trials: int = 30
    games: int = SEARCH_GAMES  # validate's pointer for a flagged card says this number (summary.card_search)
    players: list[int] | None = None
    agents: list[str] | None = None  # None: the game's default players, as validate and compare
    seed: int = 1
    out: Path = Path("out/tune")
    best: int = 3  # how many variant files to write (tune), how many cures to check and write (fix)
    jobs: int = 0
    scheduler: str | None = None
    progress: bool = True
    resume: str = "auto"  # "auto": take up a study of the same options; "yes": that or an error; "no": start again
    code_time_limit: float = DEFAULT_TIME_LIMIT  # seconds one call into a house rule or rules file may run
    lang: str = "en"  # the language of the terminal's lines and of a trial's "why" (cardgen.languages.SHIPPED)

    def shared(self) -> dict[str, Any]:
        """These fields as keywords, to hand one command's options to the study of another."""
        return {f.name: getattr(self, f.name) for f in fields(StudyOptions)}


@dataclass
class TuneOptions(StudyOptions):
    """Everything ``cardgen tune`` accepts (see docs/tuning.md): what to vary and what to aim at, then the
    study's options."""

    params: list[Param]
    targets: list[Target]


@dataclass
class Trial:
    """One evaluated point of the search."""

    number: int
    values: dict[str, Any]
    feasible: bool
    objective: float
    why: str = ""
    metrics: dict[int, dict[str, Metric]] = field(default_factory=dict)  # players -> metrics
    repeat_of: int | None = None  # the earlier trial with the same values (not played again)
    failed: bool = False  # games failed (code broke): the study stops, the command fails

    def to_json(self) -> dict[str, Any]:
        return {"trial": self.number, "values": self.values, "feasible": self.feasible,
                "objective": self.objective, "why": self.why, "repeat_of": self.repeat_of,
                "metrics": {str(p): {k: list(v) for k, v in m.items()} for p, m in self.metrics.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Trial":
        """The trial ``to_json`` described (a trial kept in the study's journal)."""
        return cls(int(data["trial"]), dict(data["values"]), bool(data["feasible"]), float(data["objective"]),
                   str(data["why"]), {int(p): {k: tuple(v) for k, v in m.items()}  # type: ignore[misc]
                                      for p, m in data["metrics"].items()},
                   data["repeat_of"])


def variant_document(deck: ResolvedDeck, params: list[Param], values: dict[str, Any],
                     name: dict[str, str] | None = None, description: dict[str, str] | None = None) -> dict[str, Any]:
    """The variant file (as data) that sets ``values`` on ``deck``."""
    rules = {p.name: values[p.key] for p in params if p.kind == "rule"}
    change: dict[str, Any] = {p.name: {"count": values[p.key]} for p in params if p.kind == "count"}
    for p in params:
        if p.kind == "card":  # faces: {0: {points: 3}}: a list changed item by item (the resolver's change)
            at = change.setdefault(p.component, {})
            for k in p.path[:-1]:
                at = at.setdefault(k, {})
            at[p.path[-1]] = values[p.key]
    doc: dict[str, Any] = {
        "extends": deck.id,
        "name": name or {lang: f"{deck.model.name.get(lang) or deck.id} ({TRIAL_LABEL.get(lang, TRIAL_LABEL['en'])})"
                         for lang in deck.model.languages},
        "description": description or {lang: TRIAL_DESCRIPTION.get(lang, TRIAL_DESCRIPTION["en"])
                                        for lang in deck.model.languages},
    }
    if rules:
        doc["rules"] = rules
    if change:
        doc["change"] = change
    return doc


def card_number(deck: ResolvedDeck, param: Param) -> Any:
    """The deck's own value of a card's number (``Param.path`` inside its component); None where there is none."""
    at: Any = next((c for c in deck.model.components if c.id == param.component), None)
    at = at.model_dump() if at is not None else None
    for k in param.path:
        try:
            at = at[k]
        except (KeyError, IndexError, TypeError):
            return None
    return at


def _dump(doc: dict[str, Any]) -> str:
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100)


def _objective(targets: list[Target], metrics: dict[int, dict[str, Metric]]) -> float:
    """Sum over player counts and targets of the distance outside each range."""
    total = 0.0
    for by_name in metrics.values():
        for t in targets:
            value = by_name.get(t.metric)
            total += t.distance(value[0] if value else None)
    return total


class Tuner:
    """Runs one study: trials in order, each a validated variant file."""

    def __init__(self, project: Project, deck: ResolvedDeck, opts: TuneOptions) -> None:
        check_space(opts.params, opts.targets)
        if opts.trials < 1 or opts.trials > 10_000:
            raise InputError(f"--trials {opts.trials}: expected 1 to 10000", field="--trials", key="trials_range",
                             fields={"trials": str(opts.trials), "most": "10000"})
        if opts.best < 1:
            raise InputError(f"--best {opts.best}: expected at least 1", field="--best", key="best_least",
                             fields={"best": str(opts.best)})
        counts = deck.model.players.counts
        self.players = sorted(set(opts.players) & set(counts)) if opts.players else list(counts)
        if not self.players:
            given, low, high = " ".join(map(str, opts.players or [])), deck.model.players.min, deck.model.players.max
            raise InputError(f"--players {given}: {deck.id} is for {low}-{high} players", field="--players",
                             key="players_deck", fields={"players": given, "deck": deck.id, "low": str(low),
                                                         "high": str(high)})
        if deck.spec.new_game is None:
            raise InputError(f"{deck.id}: tuning needs a rules engine; game '{deck.game}' has none",
                             key="tune_no_engine", fields={"deck": deck.id, "game": deck.game})
        given = split_agents(opts.agents)
        opts = replace(opts, agents=given if given is not None else default_agents(deck.spec))
        self.project, self.deck, self.opts = project, deck, opts
        self.trials: list[Trial] = []
        self.kept = 0  # trials of an interrupted study taken from its journal (``open_study``)
        self._study: Any = None
        self.work = Path(opts.out) / "trials"

    # -- one trial --------------------------------------------------------------------
    def evaluate(self, number: int, values: dict[str, Any]) -> Trial:
        """Write, resolve, check and validate the variant of ``values``."""
        folder = self.work / f"{number:04d}"
        path = folder / f"{TRIAL_ID}.yaml"
        write_atomic(path, _dump(variant_document(self.deck, self.opts.params, values)))
        try:
            variant = Resolver(self.project).resolve(str(path))
        except InputError as exc:
            # Name the trial file relative to the output folder, so reports do not depend on where it lives.
            if exc.file is not None and Path(exc.file).name == path.name:
                exc.file = f"trials/{number:04d}/{TRIAL_ID}.yaml"
            why = "\n".join(exc.lines(self.opts.lang))  # str(exc) in the command's language
            return Trial(number, values, False, INFEASIBLE, say("tune_no_resolve", self.opts.lang, why=why))
        failed = [c for c in run_checks(variant) if not c.passed and (c.players is None or c.players in self.players)]
        if failed:
            said = [c.words(self.opts.lang) for c in failed[:3]]  # each check's name and detail in the language
            return Trial(number, values, False, INFEASIBLE, joined((say("check_failed", self.opts.lang, name=name,
                                                                         detail=detail) for name, detail in said),
                                                                    self.opts.lang))
        vopts = ValidateOptions(games=self.opts.games, players=self.players, agents=list(self.opts.agents),
                                seed=self.opts.seed, jobs=self.opts.jobs, out=None, progress=False,
                                scheduler=self.opts.scheduler,
                                skill=any(t.metric == "skill" for t in self.opts.targets),
                                designer=self.designer(), code_time_limit=self.opts.code_time_limit,
                                exchange_points=0)  # the figures only: the play experiment is validate's
        doc = run_validation([variant], vopts)
        naming = Naming.of(variant, self.opts.lang)
        broken = [r for r in doc["results"] if r.get("failed_games")]
        if broken:  # games that could not be played: a failed trial, no figure taken from them
            mine = {**broken[0], "variant": self.deck.id}  # the deck tuned, not its trial file's id ("trial")
            return Trial(number, values, False, INFEASIBLE, failure_lines(mine, self.opts.lang, naming)[0], {},
                         failed=True)
        metrics = {r["players"]: self.measure(r) for r in doc["results"]}
        unsettled = [f for r in doc["results"] for f in failure_lines(r, self.opts.lang, naming)]
        if unsettled:
            return Trial(number, values, False, INFEASIBLE, unsettled[0], metrics)
        return Trial(number, values, True, self.score(values, metrics), "", metrics)

    def designer(self) -> bool:
        """Whether a trial's games are traced for the designer figures (a target among them; ``fix``: a card's
        strength to measure)."""
        return any(t.metric in DESIGNER_METRICS for t in self.opts.targets)

    def measure(self, entry: dict[str, Any]) -> dict[str, Metric]:
        """The figures a trial keeps of one validate entry (``cardgen fix`` adds its own to tune's)."""
        return entry_metrics(entry)

    def score(self, values: dict[str, Any], metrics: dict[int, dict[str, Metric]]) -> float:
        """A feasible trial's objective, lower is better: here the distance outside the targets."""
        return _objective(self.opts.targets, metrics)

    def fixed(self, number: int) -> dict[str, Any] | None:
        """Values trial ``number`` must play instead of the sampler's (None here: the sampler proposes).

        Decided from the trials so far only (``self.trials``, kept ones included), so a resumed study
        plays what the uninterrupted one would (``cardgen fix`` walks each lever this way)."""
        return None

    # -- the study ----------------------------------------------------------------------
    def study_fields(self) -> dict[str, Any]:
        """What decides this study's trials (``journal.study_key``): another value, another study."""
        from cardgen.games.project import rules_hash
        from cardgen.house import code_hash

        o = self.opts
        fields = {"deck": self.deck.to_json(), "params": [repr(p) for p in o.params],
                  "targets": [repr(t) for t in o.targets], "trials": o.trials, "games": o.games,
                  "players": self.players, "agents": list(o.agents or []), "seed": o.seed}
        # The project's code that plays (a rules file, a house rule): the deck names it, its bytes decide the games.
        code = [h for h in (rules_hash(self.deck.spec) if self.deck.spec.rules_file is not None else None,
                            code_hash(self.deck)) if h]
        if code:
            fields["code"] = code
        return fields

    def open_study(self) -> Any:
        """The Optuna study in the output folder's journal: the one of these options, with its finished
        trials taken into ``self.trials`` (``self.kept`` of them), or a new one."""
        import optuna
        from optuna.trial import TrialState

        from cardgen.tune import journal

        out = Path(self.opts.out)
        name = journal.study_key(self.study_fields())
        names = journal.study_names(out)
        if self.opts.resume == "yes" and name not in names:
            raise InputError(say("tune_no_study", self.opts.lang, where=out / journal.JOURNAL,
                                 why=say("tune_differ" if names else "tune_none_there", self.opts.lang)),
                             field="--resume")
        if self.opts.resume == "no" or (names and name not in names):
            journal.forget(out)  # one study per folder: its options changed, or starting again was asked
        optuna.logging.set_verbosity(optuna.logging.WARNING)  # Optuna's English "A new study created": not ours to say
        study = optuna.create_study(study_name=name, storage=journal.storage(out), direction="minimize",
                                    load_if_exists=True)
        kept: list[Trial] = []
        for ot in study.get_trials(deepcopy=False):
            if ot.state == TrialState.RUNNING:  # its run was stopped before the trial finished
                study.tell(ot.number, state=TrialState.FAIL)
            elif ot.state == TrialState.COMPLETE and journal.RECORD in ot.user_attrs:
                kept.append(Trial.from_json(ot.user_attrs[journal.RECORD]))
        kept.sort(key=lambda t: t.number)
        self.trials = kept[:self.opts.trials]
        self.kept = len(self.trials)
        self._study = study
        return study

    def run(self) -> list[Trial]:
        """All trials, in order (Optuna's TPE, seeded; a repeated point is not played twice).

        Each finished trial is kept in the study's journal as it finishes (``cardgen.tune.journal``);
        the trials of an interrupted study of the same options are taken from it, not played again."""
        import optuna

        from cardgen.tune import journal

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        study = self._study if self._study is not None else self.open_study()
        seen: dict[str, Trial] = {json.dumps(t.values, sort_keys=True): t for t in self.trials if t.repeat_of is None}
        startup = min(10, self.opts.trials)
        for number in range(len(self.trials), self.opts.trials):
            study.sampler = journal.sampler_for(self.opts.seed, number, startup)
            planned = self.fixed(number)
            if planned is not None:
                study.enqueue_trial(planned, skip_if_exists=False)
            ot = study.ask()
            values = {p.key: (ot.suggest_categorical(p.key, list(p.choices)) if p.choices is not None
                              else ot.suggest_int(p.key, p.low, p.high)) for p in self.opts.params}
            key = json.dumps(values, sort_keys=True)
            trial = seen.get(key)
            if trial is None:
                trial = self.evaluate(number, values)
                seen[key] = trial
            else:  # the sampler proposed a point already played: same games, same figures
                trial = Trial(number, values, trial.feasible, trial.objective, trial.why, trial.metrics,
                              repeat_of=trial.number if trial.repeat_of is None else trial.repeat_of)
            self.trials.append(trial)
            if trial.failed:  # broken code fails every trial alike: the journal marks it failed (the next run
                # plays it again) and the run stops now, saying so once (no progress line repeating the failure)
                study.tell(ot, state=optuna.trial.TrialState.FAIL)
                from cardgen.report.tuning import settings_text
                shown = settings_text(trial.values, self.opts.lang, Naming.of(self.deck, self.opts.lang))
                raise GamesFailed([trial.why, say("tune_stopped", self.opts.lang, n=number + 1, values=shown)])
            ot.set_user_attr(journal.RECORD, trial.to_json())
            study.tell(ot, trial.objective)
            if self.opts.progress:
                echo(self.progress_line(trial), file=sys.stderr, flush=True)
        return self.trials

    def progress_line(self, trial: Trial) -> str:
        lang = self.opts.lang
        best = self.best(1)
        from cardgen.report.tuning import metric_name, settings_text
        naming = Naming.of(self.deck, lang)
        shown = settings_text(trial.values, lang, naming)  # each rule by its name in the language, not its key
        if not trial.feasible:
            result = say("tune_infeasible", lang, why=trial.why)
        else:
            figures = []
            for t in self.opts.targets:
                vals = [m[t.metric][0] for m in trial.metrics.values() if t.metric in m]
                figures.append(f"{metric_name(t.metric, lang, naming)} "
                               f"{', '.join(_sig(v, lang) for v in vals) or say('tune_not_known', lang)}")
            result = joined(figures, lang) + " (" + (say("tune_on_target", lang) if trial.objective == 0 else
                                                     say("tune_off_by", lang, x=_sig(trial.objective, lang))) + ")"
        lead = say("tune_best", lang, n=best[0].number + 1) if best else say("tune_best_none", lang)
        return say("tune_trial", lang, n=trial.number + 1, trials=self.opts.trials, values=shown, result=result, best=lead)

    def best(self, k: int) -> list[Trial]:
        """The ``k`` best feasible trials with distinct values (lowest objective, then earliest)."""
        out: list[Trial] = []
        keys: set[str] = set()
        for t in sorted((t for t in self.trials if t.feasible), key=lambda t: (t.objective, t.number)):
            key = json.dumps(t.values, sort_keys=True)
            if key not in keys:
                keys.add(key)
                out.append(t)
            if len(out) == k:
                break
        return out

    def own_values(self) -> dict[str, Any]:
        """The deck's own value of every parameter tuned: a trial with these changes nothing."""
        rules = self.deck.model.rules.model_dump()
        counts = {c.id: c.count for c in self.deck.model.components}
        return {p.key: rules.get(p.name) if p.kind == "rule" else card_number(self.deck, p) if p.kind == "card"
                else counts.get(p.name) for p in self.opts.params}

    # -- outputs --------------------------------------------------------------------------
    def on_target(self, k: int) -> list[Trial]:
        """The ``k`` best trials that meet every target (objective 0)."""
        return [t for t in self.best(k) if t.objective == 0]

    def write_variants(self) -> list[Path]:
        """Trials on target as ``<deck>-tuned-<k>.yaml``; when none is, the closest as ``<deck>-closest.yaml``.

        A variant is "tuned" only when it met its target: a study that found nothing
        does not leave files named as if it had (the closest says it is not on target
        in its comment lines, and ``tune`` says so on the terminal).
        """
        from cardgen.tune.describe import describe, provenance, variant_name

        hits = self.on_target(self.opts.best)
        chosen = [(t, f"{self.deck.id}-tuned-{rank}", rank) for rank, t in enumerate(hits, start=1)]
        if not hits and self.best(1):
            chosen = [(self.best(1)[0], f"{self.deck.id}-closest", 0)]
        paths = []
        for trial, stem, rank in chosen:
            name = variant_name(self.deck, rank)  # in the deck's own languages only
            said = describe(self.opts.params, self.opts.targets, trial, self.opts)
            doc = variant_document(self.deck, self.opts.params, trial.values, name,
                                   {lang: said.get(lang, said["en"]) for lang in self.deck.model.languages})
            lines = provenance(self.opts.params, self.opts.targets, trial, self.opts, trial.objective == 0,
                               Naming.of(self.deck, self.opts.lang), own=trial.values == self.own_values())
            head = "".join(f"# {line}\n" for line in lines)
            path = Path(self.opts.out) / f"{stem}.yaml"
            write_atomic(path, head + _dump(doc))
            paths.append(path)
        return paths

    def to_json(self) -> dict[str, Any]:
        return {"format": "cardgen-tune/1", "deck": self.deck.id, "seed": self.opts.seed, "games": self.opts.games,
                "players": self.players, "agents": list(self.opts.agents),
                "agents_text": agents_in_words(list(self.opts.agents)),
                "params": [p.key for p in self.opts.params],
                "targets": [{"metric": t.metric, "low": t.low, "high": t.high} for t in self.opts.targets],
                "trials": [t.to_json() for t in self.trials],
                "best": [t.number for t in self.best(self.opts.best)],
                "on_target": [t.number for t in self.on_target(self.opts.best)]}


def tune(project_dir: str | Path, deck_ref: str, opts: TuneOptions) -> int:
    """Run ``cardgen tune``; 0 when a variant on target was found, 1 when none was."""
    from cardgen.report.tuning import render_tuning, settings_text

    project = Project.open(project_dir)
    deck = Resolver(project).resolve(deck_ref)
    tuner = Tuner(project, deck, opts)
    lang = opts.lang
    echo(say("tune_head", lang, deck=deck.id, trials=opts.trials, games=say_n("games", opts.games, lang),
              agents=agents_words(list(tuner.opts.agents or []), lang)), file=sys.stderr, flush=True)
    note = speed_note(deck)  # a house rule: said here of the deck tuned, not by the first trial as 'trial: ...'
    if note is not None:
        echo(note, file=sys.stderr, flush=True)
    made = made_by_run(Path(opts.out), tuner.work)
    try:
        tuner.open_study()
        if tuner.kept:
            echo(say("tune_kept" if tuner.kept < opts.trials else "tune_kept_all", lang, kept=tuner.kept,
                      trials=opts.trials, where=kept_where(opts)), file=sys.stderr, flush=True)
        tuner.run()
    except KeyboardInterrupt:
        echo(say("tune_interrupted", lang, kept=len(tuner.trials), trials=opts.trials, where=kept_where(opts)),
              file=sys.stderr, flush=True)
        raise
    except (GamesFailed, UserCodeError, InputError):  # broken code: what this run made goes, unless a trial finished
        if all(t.failed for t in tuner.trials):  # no trial finished: nothing of this run is worth keeping
            remove_made(made)
        raise
    paths = tuner.write_variants()
    doc = tuner.to_json()
    out = Path(opts.out)
    write_atomic(out / "tune.json", json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    naming = Naming.of(deck, lang)
    write_atomic(out / "index.html", render_tuning(doc, lang, naming))
    gallery = out.parent.parent  # the default out/tune/<deck>: the gallery at out/index.html links the report
    if out.name == deck.id and out.parent.name == "tune" and (gallery / "index.html").is_file():
        from cardgen.report.gallery import update_gallery
        update_gallery(gallery, [deck], thumbnails=False, lang=lang)
    best = tuner.best(1)
    for path in paths:
        echo(say("wrote", lang, path=path))
    echo(say("report", lang, path=out / "index.html"))
    if not best:
        echo(say("tune_none_feasible", lang))
        return 1
    on_target = best[0].objective == 0
    echo(say("tune_found" if on_target else "tune_closest", lang, n=best[0].number + 1,
              x=_sig(best[0].objective, lang),
              values=settings_text(best[0].values, lang, naming)))
    own = tuner.own_values()  # a trial on target with the deck's own numbers: the deck needs no change
    if (same := next((t for t in tuner.on_target(opts.best) if t.values == own), None)) is not None:
        echo(say("tune_own", lang, n=same.number + 1))
    return 0 if on_target else 1


def made_by_run(out: Path, work: Path) -> list[Path]:
    """What a study run in ``out`` would make that is not there yet: the topmost folder it would create, its
    journal, its trials' folder (removed again when the run fails before any trial finished)."""
    top = out.absolute()
    while not top.parent.exists():
        top = top.parent
    return [p for p in (top, out / JOURNAL, work) if not p.exists()]


def remove_made(made: list[Path]) -> None:
    """Remove what ``made_by_run`` listed."""
    for path in made:
        shutil.rmtree(path) if path.is_dir() else path.unlink(missing_ok=True)


def kept_where(opts: TuneOptions) -> Path:
    """The journal where a study of ``opts`` keeps its finished trials."""
    return Path(opts.out) / JOURNAL


def format_metric(value: Metric) -> str:
    v, lo, hi = value
    if lo == hi:
        return f"{v:.4g}"
    return f"{v:.4g} [{lo:.4g}, {hi:.4g}]"
