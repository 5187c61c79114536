"""Resolve a deck or variant id into one fully validated deck.

A variant is merged onto its base as raw data first (so that each value keeps the
file and line it came from), then the result is validated as a full deck of its
game. Components with a value range are expanded into one component per value
(``dish-1`` ... ``dish-12``). Resolution is deterministic: the same files always
give the same deck, in the same component order.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from cardgen.errors import MAX_ERRORS, InputError, InputErrors, did_you_mean
from cardgen.games import PRINT_ONLY, game_ids, get_game, is_game
from cardgen.games.base import GameSpec, Problem
from cardgen.games.project import is_rules_path, rules_file_spec
from cardgen.house import book_problems, code_problems
from cardgen.languages import closest, is_code
from cardgen.languages import problem as language_problem
from cardgen.load.grouping import group_errors
from cardgen.load.project import Project, shipped_decks
from cardgen.load.tables import read_table
from cardgen.load.validate import validate
from cardgen.load.yamlio import MAX_FILE_BYTES, LineMap, read_yaml
from cardgen.model.deck import ResolvedDeck, totals
from cardgen.model.schema import LANGS, Component, Text, Variant, deck_model, print_deck_model, project_deck_model
from cardgen.model.vocab import choices_in_words, choices_worded, layout_ids, symbol_ids
from cardgen.printable import unprintable_texts
from cardgen.usercode import resolve_code_path

#: Mapping fields of a deck a variant merges key by key.
MERGED = ("players", "box", "card", "rules", "colours", "backs", "clarifications", "rulings", "actions", "actions_done",
          "targets", "reasons")


@dataclass
class RawDeck:
    """A deck (or a variant merged onto its base) as located raw data."""

    game: str
    data: dict[str, Any]
    lines: LineMap
    components: list[tuple[dict[str, Any], LineMap]]
    chain: list[str]
    files: list[str]

    def document(self) -> tuple[dict[str, Any], LineMap]:
        doc = dict(self.data)
        doc["components"] = [c for c, _ in self.components]
        lines = LineMap(dict(self.lines.lines))
        for i, (_, lm) in enumerate(self.components):
            lines.graft(("components", i), lm)
        return doc, lines


def _list_targets(base: list[Any], over: dict[str, Any]) -> dict[str, int] | None:
    """Item index of each key of ``over`` when it changes ``base`` item by item (by index or by id)."""
    ids = {item.get("id"): i for i, item in enumerate(base) if isinstance(item, dict) and "id" in item}
    out = {}
    for key in over:
        if isinstance(key, str) and key.isdigit() and len(key) < 6 and int(key) < len(base):
            out[key] = int(key)
        elif key in ids:
            out[key] = ids[key]
        else:
            return None
    return out


def _own_cases(merged: Any, over: Any, lines: LineMap) -> None:
    """A clarification whose text or resolution a variant changes keeps no ``case`` of the base's: the deck page's
    special-cases table quoted the base rule's case beside the variant's changed ruling (fifteenth reading,
    kl-emerald). Without a ``case`` of its own, the page falls back to the variant's ``text``."""
    if not isinstance(merged, dict) or not isinstance(over, dict):
        return
    for kind, clar in over.items():
        changes = isinstance(clar, dict) and ("text" in clar or "resolution" in clar) and "case" not in clar
        if changes and isinstance(merged.get(kind), dict):
            merged[kind].pop("case", None)
            lines.drop(("clarifications", kind, "case"))


def _own_words(base: Any, over: Any, lines: LineMap, name: str,
               gaps: Mapping[str, tuple[str, ...]] | None = None) -> None:
    """A variant that settles a clarification another way than its base (its own ``resolution``) says so in its
    own words, in every language the base's text has: merged key by key, the base's text stayed, and the book and
    validate printed the base's ruling beside the variant's play ("shuffle the discards into a new draw pile" for a
    game that ends there). Bad input, naming the languages it lacks. A resolution the game's engine does not know
    (``gaps``) is left to its own check, which names the known ones."""
    if not isinstance(base, dict) or not isinstance(over, dict):
        return
    for kind, clar in over.items():
        old = base.get(kind)
        if not isinstance(clar, dict) or not isinstance(old, dict) or "resolution" not in clar \
                or clar["resolution"] == old.get("resolution"):
            continue
        if gaps is not None and clar["resolution"] not in gaps.get(kind, ()):
            continue
        given = clar.get("text") if isinstance(clar.get("text"), dict) else {}
        missing = [lang for lang in (old.get("text") or {}) if not given.get(lang)]
        if missing:
            _, line = lines.locate(("clarifications", kind, "resolution"))
            fields = {"kind": kind, "new": clar["resolution"], "old": old.get("resolution"),
                      "missing": ", ".join(missing)}
            raise InputError(f"clarification '{kind}' settled as '{clar['resolution']}' instead of the base's "
                             f"'{old.get('resolution')}' keeps the base's text, which says the base's way; expected "
                             f"its own 'text' in {fields['missing']}", file=name, line=line,
                             field=["clarifications", kind, "text"], key="clarification_own_text", fields=fields)


def _merge(base: Any, over: Any, base_lines: LineMap, over_lines: LineMap,
           path: tuple[Any, ...], over_path: tuple[Any, ...]) -> Any:
    """Deep-merge ``over`` into ``base`` (mappings by key, everything else replaced).

    A list changed by a mapping whose keys are item indexes (``faces: {1: {title: ...}}``)
    or item ids is changed item by item; any other value replaces the list.
    """
    if isinstance(base, list) and isinstance(over, dict) and over:
        targets = _list_targets(base, over)
        if targets is not None:
            out_list = list(base)
            for key, value in over.items():
                i = targets[key]
                out_list[i] = _merge(base[i], value, base_lines, over_lines, path + (i,), over_path + (key,))
            return out_list
    if isinstance(base, dict) and isinstance(over, dict):
        if over_path in over_lines.lines:  # the mapping as a whole now comes from the overlay
            base_lines.lines[path] = over_lines.lines[over_path]
        out = dict(base)
        for key, value in over.items():
            if key in base:
                out[key] = _merge(base[key], value, base_lines, over_lines, path + (key,), over_path + (key,))
            else:
                out[key] = copy.deepcopy(value)
                base_lines.drop(path + (key,))
                base_lines.graft(path + (key,), over_lines, over_path + (key,))
        return out
    base_lines.drop(path)
    base_lines.graft(path, over_lines, over_path)
    return copy.deepcopy(over)


class Resolver:
    """Resolves ids of one project, caching what it has read."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self._raw: dict[str, tuple[dict[str, Any], LineMap, str]] = {}
        self._resolved: dict[str, ResolvedDeck] = {}

    # -- reading ---------------------------------------------------------------
    def _read(self, sid: str, path: Path) -> tuple[dict[str, Any], LineMap, str]:
        if sid not in self._raw:
            name = self.project.display(path)
            data, lines = read_yaml(path, name)
            if not isinstance(data, dict):
                raise InputError("expected a mapping of fields at the top of the file", file=name, line=1,
                                 key="top_mapping")
            self._raw[sid] = (data, lines, name)
        return self._raw[sid]

    def _raw_deck(self, sid: str, path: Path, stack: tuple[str, ...]) -> RawDeck:
        data, lines, name = self._read(sid, path)
        if "extends" in data:
            return self._raw_variant(sid, data, lines, name, stack)
        game = data.get("game")
        if game is None:  # no rules package: a print-only deck
            game = PRINT_ONLY.id
        elif isinstance(game, str) and is_rules_path(game):  # the project's own rules file: found, not imported
            _, line = lines.locate(("game",))
            resolve_code_path(game, self.project.root, origin=name, line=line, field="game")
        elif not isinstance(game, str) or not is_game(game):
            _, line = lines.locate(("game",))
            known = game_ids()
            raise InputError(f"unknown game {game!r}; expected one of {', '.join(known)} (an installed rules "
                             "package), a rules file of the project (rules.py), or no 'game' field for a "
                             "print-only deck",
                             file=name, line=line, field="game", hint=did_you_mean(str(game), known),
                             key="unknown_game", fields={"game": repr(game), "known": ", ".join(known)})
        comps = data.get("components")
        rest = {k: v for k, v in data.items() if k != "components"}
        rest_lines = LineMap({p: w for p, w in lines.lines.items() if p[:1] != ("components",)})
        components: list[tuple[dict[str, Any], LineMap]] = []
        if isinstance(comps, list):
            langs = data.get("languages")
            langs = [x for x in langs if is_code(x)] if isinstance(langs, list) else list(LANGS)
            own: dict[int, LineMap] = {}  # each component's lines, in one pass (not one pass per component)
            for p, w in lines.lines.items():
                if len(p) >= 2 and p[0] == "components" and isinstance(p[1], int):
                    own.setdefault(p[1], LineMap()).lines[p[2:]] = w
            for i, comp in enumerate(comps):
                lm = own.get(i) or LineMap()
                if isinstance(comp, dict) and "table" in comp:  # rows of a CSV or XLSX file
                    components.extend(read_table(comp, lm, path, self.project.root, self.project.display,
                                                 langs or list(LANGS)))
                    continue
                components.append((comp, lm))
        elif comps is not None:
            rest["components"] = comps  # let the schema report the wrong type
        return RawDeck(game, rest, rest_lines, components, [sid], [name])

    def _raw_variant(self, sid: str, data: dict[str, Any], lines: LineMap, name: str,
                     stack: tuple[str, ...]) -> RawDeck:
        variant = validate(Variant, data, lines, file=name)
        if variant.extends in stack or variant.extends == sid:
            cycle = " -> ".join(stack + (sid, variant.extends))
            _, line = lines.locate(("extends",))
            raise InputError(f"variants extend each other in a cycle: {cycle}", file=name, line=line, field="extends",
                             key="variant_cycle", fields={"cycle": cycle})
        base_path = self.project.base_path(variant.extends)
        if base_path is None:
            _, line = lines.locate(("extends",))
            known = list(self.project.sources) + [i for i in shipped_decks() if i not in self.project.sources]
            raise InputError(f"unknown base '{variant.extends}'; expected a deck or variant id of this project or "
                             f"a shipped game ({', '.join(shipped_decks()) or 'none installed'})", file=name,
                             line=line, field="extends", hint=did_you_mean(variant.extends, known),
                             key="unknown_base" if shipped_decks() else "unknown_base_none",
                             fields={"name": variant.extends, "shipped": ", ".join(shipped_decks())})
        base = self._raw_deck(variant.extends, base_path, stack + (sid,))
        out = RawDeck(base.game, copy.deepcopy(base.data), LineMap(dict(base.lines.lines)),
                      list(base.components), base.chain + [sid], base.files + [name])
        for key in ("name", "description"):
            out.data[key] = copy.deepcopy(data[key])
            out.lines.drop((key,))
            out.lines.graft((key,), lines, (key,))
        out.data.pop("flavour", None)  # a variant's story line is its own: a variant of it says its own or none
        for key in ("code", "house_rule", "book", "playtest", "tagline", "flavour"):  # a house rule (and the book parts it
            # rewrites) replaces the base's (cardgen/house.py), and so do the designer's playtest questions
            # (cardgen play) and the cover's line
            if data.get(key) is not None:
                out.data[key] = copy.deepcopy(data[key])
                out.lines.drop((key,))
                out.lines.graft((key,), lines, (key,))
        given = [key for key in ("code", "house_rule") if data.get(key) is not None]
        if len(given) == 1 and out.data.get("code" if given == ["house_rule"] else "house_rule") is None:
            _, line = lines.locate((given[0],))  # the variant's mistake, not its base's
            raise InputError(f"'{given[0]}' without '{'house_rule' if given == ['code'] else 'code'}': 'code' and "
                             "'house_rule' go together: the file that plays the house rule and its text in every "
                             "language of the deck, which the rulebook prints", file=name, line=line, field=given[0],
                             key="code_house_rule", fields={"given": given[0], "missing": "house_rule" if given == ["code"] else "code"})
        if is_rules_path(str(base.game)) and isinstance(data.get("rules"), dict):
            self._check_rule_names(data["rules"], out.data.get("rules") or {}, lines, name, base.game)
        _own_words(out.data.get("clarifications"), data.get("clarifications"), lines, name,
                   get_game(str(base.game)).gaps if is_game(str(base.game)) else None)
        for key in MERGED:
            if key in data and data[key] is not None:
                out.data[key] = _merge(out.data.get(key, {}), data[key], out.lines, lines, (key,), (key,))
        _own_cases(out.data.get("clarifications"), data.get("clarifications"), out.lines)
        # a variant of a house rule is a house rule too, unless it says otherwise
        out.data["house_variant"] = data["house_variant"] if data.get("house_variant") is not None else bool(
            out.data.get("house_variant", False) or out.data.get("code"))
        if data.get("reconstruction"):
            out.data["reconstruction"] = list(out.data.get("reconstruction", [])) + list(data["reconstruction"])
        ids = [c.get("id") for c, _ in out.components]
        for cid, change in data.get("change", {}).items():
            if "id" in change and change["id"] != cid:
                _, line = lines.locate(("change", cid, "id"))
                raise InputError("a change cannot rename a component (its id is how rules, texts and other "
                                 f"files find it); expected 'remove: [{cid}]' and an 'add' entry with the new id",
                                 file=name, line=line, field=["change", cid, "id"],
                                 key="change_rename", fields={"id": cid})
            if cid not in ids:
                _, line = lines.locate(("change", cid))
                raise InputError(f"unknown component '{cid}' in the base deck", file=name, line=line,
                                 field=["change", cid], hint=did_you_mean(cid, [i for i in ids if i]),
                                 key="unknown_base_component", fields={"id": cid})
            i = ids.index(cid)
            comp, lm = out.components[i]
            lm = LineMap(dict(lm.lines))
            merged = _merge(comp, change, lm, lines, (), ("change", cid))
            out.components[i] = (merged, lm)
        for j, cid in enumerate(data.get("remove", [])):
            if cid not in ids:
                _, line = lines.locate(("remove", j))
                raise InputError(f"unknown component '{cid}' in the base deck", file=name, line=line,
                                 field=["remove", j], hint=did_you_mean(cid, [i for i in ids if i]),
                                 key="unknown_base_component", fields={"id": cid})
        removed = set(data.get("remove", []))
        out.components = [(c, lm) for c, lm in out.components if c.get("id") not in removed]
        if removed and not out.components and not data.get("add"):
            _, line = lines.locate(("remove",))
            raise InputError("this removes every component of the base deck; expected at least one to remain "
                             "(or some 'add')", file=name, line=line, field="remove", key="remove_all")
        for j, comp in enumerate(data.get("add", [])):
            lm = LineMap()
            lm.graft((), lines, ("add", j))
            out.components.append((comp, lm))
        return out

    @staticmethod
    def _check_rule_names(changes: dict[str, Any], declared: dict[str, Any], lines: LineMap, name: str,
                          game: str) -> None:
        """A variant of a rules-file game changes only the rule numbers its base declares (a misspelt
        name would otherwise add a number the rules file never reads: a variant that changes nothing)."""
        known = list(declared)
        for key in changes:
            if key not in declared:
                _, line = lines.locate(("rules", key))
                raise InputError(f"unknown rule number '{key}' for {game}; expected one of: "
                                 f"{', '.join(known) or 'none (the base deck declares no rules:)'} (a new number "
                                 "belongs in the base deck's rules:, where the rules file reads it)",
                                 file=name, line=line, field=["rules", key], hint=did_you_mean(str(key), known),
                                 key="unknown_rule_number" if known else "unknown_rule_number_none",
                                 fields={"name": key, "game": game, "known": ", ".join(known)})

    # -- resolving -------------------------------------------------------------
    def resolve(self, ref: str) -> ResolvedDeck:
        """The validated deck for an id or a path."""
        sid, path = self.project.path_of(ref)
        if sid in self._resolved:
            return self._resolved[sid]
        raw = self._raw_deck(sid, path, ())
        if is_rules_path(raw.game):
            spec = rules_file_spec(raw.game, resolve_code_path(raw.game, self.project.root))
            model_cls: type[BaseModel] = project_deck_model()
        else:
            spec = get_game(raw.game)
            model_cls = print_deck_model() if spec is PRINT_ONLY else \
                deck_model(spec.id, spec.rules_model, spec.component_data, spec.face_data)
        doc, lines = raw.document()
        context = {"project": self.project.root}
        model = validate(model_cls, doc, lines, file=raw.files[-1], context=context)
        problems = language_problems(model) + list(reference_problems(model, spec, self.project.root))
        problems += [Problem(path, why) for path, why in unprintable_texts(model)]
        problems += code_problems(model, spec, self.project.root)  # read with ast, never imported
        problems += book_problems(model, spec)
        if problems:
            errors = []
            for p in problems:
                where, line = lines.locate(p.path)
                errors.append(InputError(p.message, file=where or raw.files[-1], line=line,
                                         field=list(lines.source_path(p.path)), hint=p.hint, key=p.key,
                                         fields=p.fields))
            errors = group_errors(errors)  # one line for the same mistake on many rows
            if len(errors) == 1:
                raise errors[0]
            raise InputErrors(errors[:MAX_ERRORS], max(0, len(errors) - MAX_ERRORS))
        origin = {}
        for index, comp in enumerate(model.components):
            if comp.values is None:
                origin[comp.id] = index
            else:
                origin.update({f"{comp.id}-{v}": index for v in range(comp.values.start, comp.values.stop + 1)})
        expanded, dup = expand(model.components)
        if dup is not None:
            index, cid = dup
            where, line = lines.locate(("components", index, "id"))
            raise InputError(f"duplicate component id '{cid}'; expected each id once",
                             file=where, line=line, field=list(lines.source_path(("components", index, "id"))),
                             key="duplicate_component", fields={"id": cid})
        model.components = expanded
        kind = "variant" if len(raw.chain) > 1 else "deck"
        deck = ResolvedDeck(sid, kind, spec, model, raw.chain, raw.files, self.project.root, lines=lines,
                            origin=origin)
        if kind == "variant":
            deck.base = self.resolve(raw.chain[0])
            deck.differences = differences(deck.base, deck)
        self._resolved[sid] = deck
        return deck


def expand(components: list[Component[Any, Any]]) -> tuple[list[Component[Any, Any]], tuple[int, str] | None]:
    """Expand value ranges; also report the first duplicate id (source index, id)."""
    out: list[Component[Any, Any]] = []
    seen: set[str] = set()
    dup: tuple[int, str] | None = None
    for index, comp in enumerate(components):
        if comp.values is None:
            items = [comp]
        else:
            items = []
            for v in range(comp.values.start, comp.values.stop + 1):
                faces = [f.model_copy(update={"value": v}) if f.value is None else f for f in comp.faces]
                items.append(comp.model_copy(update={"id": f"{comp.id}-{v}", "values": None, "faces": faces}))
        for item in items:
            if item.id in seen and dup is None:
                dup = (index, item.id)
            seen.add(item.id)
            out.append(item)
    return out, dup


def language_problems(model: BaseModel) -> list[Problem]:
    """Each of the deck's ``languages`` one cardgen can print (``cardgen.languages.problem``: a Babel
    locale, a pyphen dictionary, a script the fonts cover), then every text of the deck in each of
    them, located at the text. A language it cannot print is reported alone: its texts would each
    repeat it. A text's key beyond fr, it, en that is not one of the deck's languages (``ed`` for de, or
    ``de`` in a shipped game) is reported with a did-you-mean."""
    langs = list(model.languages)  # type: ignore[attr-defined]
    problems: list[Problem] = []
    for i, lang in enumerate(langs):
        if lang not in LANGS:  # the shipped languages need no look-up (nor Babel and pyphen imported)
            why = language_problem(lang)
            if why is not None:
                problems.append(Problem(("languages", i), why[0], why[1]))
    if problems:
        return problems

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        if isinstance(value, Text):
            for lang in langs:
                if value.get(lang) is None:
                    problems.append(Problem(path + (lang,), f"missing required field '{lang}' (this deck's "
                                            f"languages are {', '.join(langs)})", key="missing_text",
                                            fields={"lang": lang, "langs": ", ".join(langs)}))
            for lang in value.model_extra or {}:  # fr, it, en are fields; other codes must be the deck's
                if lang not in langs:
                    unknown = language_problem(lang) is not None
                    what = "no language cardgen prints; expected one" if unknown else "not one"
                    problems.append(Problem(path + (lang,), f"text in '{lang}', which is {what} of this deck's "
                                            f"languages ({', '.join(langs)})", closest(lang, langs),
                                            key="text_no_language" if unknown else "text_other_language",
                                            fields={"lang": lang, "langs": ", ".join(langs)}))
        elif isinstance(value, BaseModel):
            for name in type(value).model_fields:
                walk(getattr(value, name), path + (name,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, path + (i,))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))

    walk(model, ())
    for lang in getattr(model, "rulebook", {}):
        if lang not in langs:
            problems.append(Problem(("rulebook", lang), f"rule text in '{lang}', which is not one of this deck's "
                                    f"languages ({', '.join(langs)})", key="rule_text_language",
                                    fields={"lang": lang, "langs": ", ".join(langs)}))
    return problems


def reference_problems(model: Any, spec: GameSpec, root: Path) -> list[Problem]:
    """Cross-references the schema alone cannot see: backs, colours, assets, gaps."""
    problems: list[Problem] = []
    colours = list(model.colours)
    backs = list(model.backs)
    layouts, symbols = layout_ids(root), symbol_ids(root)

    def face_problems(face: Any, path: tuple[Any, ...]) -> None:
        if face.colour is not None and face.colour not in colours:
            problems.append(Problem(path + ("colour",), f"unknown colour '{face.colour}'; "
                                    f"expected one of the deck's colours ({', '.join(colours) or 'none defined'})",
                                    did_you_mean(face.colour, colours), key="unknown_colour" if colours else
                                    "unknown_colour_none", fields={"name": face.colour, "known": ", ".join(colours)}))
        if face.art is not None:
            problems.extend(_asset_problem(face.art, path + ("art",), root))
        if face.layout not in layouts:
            problems.append(Problem(path + ("layout",), f"unknown layout '{face.layout}' (no "
                                    f"templates/layouts/{face.layout}.yaml); {choices_in_words('layout', root)}",
                                    did_you_mean(face.layout, layouts), key="unknown_layout",
                                    fields={"name": face.layout, "choices": choices_worded("layout", root)}))
        if face.symbol is not None and face.symbol not in symbols:
            problems.append(Problem(path + ("symbol",), f"unknown symbol '{face.symbol}' (no "
                                    f"symbols/{face.symbol}.svg); {choices_in_words('symbol', root)}",
                                    did_you_mean(face.symbol, symbols), key="unknown_symbol",
                                    fields={"name": face.symbol, "choices": choices_worded("symbol", root)}))

    for bid, back in model.backs.items():
        face_problems(back, ("backs", bid))
    for i, comp in enumerate(model.components):
        if comp.back is not None and comp.back not in backs:
            problems.append(Problem(("components", i, "back"), f"unknown back '{comp.back}'; expected one of "
                                    f"{', '.join(backs) or 'none defined'}", did_you_mean(comp.back, backs),
                                    key="unknown_back" if backs else "unknown_back_none",
                                    fields={"name": comp.back, "known": ", ".join(backs)}))
        for j, face in enumerate(comp.faces):
            face_problems(face, ("components", i, "faces", j))
    for kind, clar in model.clarifications.items():
        if kind not in spec.gaps:
            problems.append(Problem(("clarifications", kind), f"unknown rule gap '{kind}'; this game's engine "
                                    f"knows {', '.join(spec.gaps) or 'none'}", did_you_mean(kind, spec.gaps),
                                    key="unknown_gap" if spec.gaps else "unknown_gap_none",
                                    fields={"name": kind, "known": ", ".join(spec.gaps)}))
        elif clar.resolution not in spec.gaps[kind]:
            options = spec.gaps[kind]
            problems.append(Problem(("clarifications", kind, "resolution"),
                                    f"unknown resolution '{clar.resolution}'; expected one of {', '.join(options)}",
                                    did_you_mean(clar.resolution, options), key="unknown_resolution",
                                    fields={"name": clar.resolution, "known": ", ".join(options)}))
        if kind in spec.gaps and clar.published is not None and clar.published not in spec.gaps[kind]:
            options = spec.gaps[kind]
            problems.append(Problem(("clarifications", kind, "published"),
                                    f"unknown resolution '{clar.published}'; expected one of {', '.join(options)}",
                                    did_you_mean(clar.published, options), key="unknown_resolution",
                                    fields={"name": clar.published, "known": ", ".join(options)}))
    for lang, text_file in getattr(model, "rulebook", {}).items():
        problems.extend(_asset_problem(text_file, ("rulebook", lang), root, image=False))
        if Path(text_file).suffix.lower() not in (".md", ".xml"):
            problems.append(Problem(("rulebook", lang), f"rule text '{text_file}' is neither Markdown (.md) "
                                    "nor booklet markup (.xml)", key="rule_text_kind", fields={"file": text_file}))
    problems.extend(spec.check_references(model))
    return problems


def _asset_problem(value: str, path: tuple[Any, ...], root: Path, image: bool = True) -> list[Problem]:
    """Why an asset path cannot be used: outside the project, missing, or (``image``) not a sound picture.

    SVG art is checked when it is drawn (``check`` draws every face); rule texts are not images.
    """
    candidate = Path(value)
    if candidate.is_absolute():
        return [Problem(path, f"asset path '{value}' is absolute; expected a path inside the project folder",
                        key="asset_absolute", fields={"file": value})]
    full = (root / candidate).resolve()
    try:
        full.relative_to(root.resolve())
    except ValueError:
        return [Problem(path, f"asset path '{value}' leaves the project folder; expected a path inside it",
                        key="asset_outside", fields={"file": value})]
    if not full.exists():
        return [Problem(path, f"asset file '{value}' not found", key="asset_not_found", fields={"file": value})]
    if not image or full.suffix.lower() == ".svg":
        # read later (hashing, drawing, typesetting): only a regular file of sane size, so nothing can hang
        if not full.is_file():
            return [Problem(path, f"asset file '{value}' is not a regular file (a folder, device or pipe)",
                            key="asset_not_regular", fields={"file": value})]
        limit = MAX_ART_BYTES if image else MAX_FILE_BYTES
        if full.stat().st_size > limit:
            return [Problem(path, f"asset file '{value}' is too large ({full.stat().st_size} bytes); "
                                  f"expected at most {limit} bytes", key="asset_too_large",
                            fields={"file": value, "size": full.stat().st_size, "most": limit})]
        return []
    problem = image_problem(full, value)
    return [Problem(path, problem)] if problem else []


#: Largest art file read, and largest picture (pixels, and pixels per side) accepted.
MAX_ART_BYTES = 50 * 1024 * 1024
MAX_ART_PIXELS = 40_000_000
MAX_ART_SIDE = 12_000
_IMAGES: dict[tuple[str, int, int], str | None] = {}


def image_problem(full: Path, shown: str) -> str | None:
    """Why the art file ``full`` cannot be printed (None: a sound PNG or JPEG of sane size).

    The file is read with a bound (no FIFO, no device), identified, its size read
    from the header before any decoding (a decompression bomb is refused unopened),
    then verified and decoded once; results are cached by path, size and time.
    """
    import io
    import warnings

    from PIL import Image

    from cardgen.load.yamlio import read_bounded

    try:
        st = full.stat()
    except OSError as exc:
        return f"asset file '{shown}' cannot be read: {exc.strerror}"
    key = (str(full), st.st_size, st.st_mtime_ns)
    if key in _IMAGES:
        return _IMAGES[key]
    try:
        raw = read_bounded(full, shown, MAX_ART_BYTES, expected="thing_png_jpeg")
    except InputError as exc:
        return f"asset file '{shown}': {exc.message}"
    problem: str | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(raw)) as img:
                fmt, (w, h) = img.format, img.size
                if fmt not in ("PNG", "JPEG"):
                    problem = f"asset file '{shown}' is {fmt or 'not an image'}; expected a PNG or JPEG image"
                elif w * h > MAX_ART_PIXELS or max(w, h) > MAX_ART_SIDE:
                    problem = (f"asset file '{shown}' is {w}x{h} pixels; expected at most {MAX_ART_SIDE} per "
                               f"side and {MAX_ART_PIXELS // 1_000_000} million pixels (300 dpi needs far less)")
                else:
                    img.verify()
            if problem is None:
                with Image.open(io.BytesIO(raw)) as img:
                    img.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        problem = f"asset file '{shown}' is too large an image (a decompression bomb?)"
    except Image.UnidentifiedImageError:
        problem = f"asset file '{shown}' is not an image; expected a PNG or JPEG file"
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        problem = f"asset file '{shown}' is a damaged image ({str(exc)[:80] or type(exc).__name__}); " \
                  "expected a PNG or JPEG that opens"
    _IMAGES[key] = problem
    return problem


def differences(base: ResolvedDeck, variant: ResolvedDeck) -> list[dict[str, Any]]:
    """What a variant changes against its root deck, for rulebooks and ``inspect``."""
    out: list[dict[str, Any]] = []
    b, v = base.model, variant.model
    for what in ("players", "card"):
        if getattr(b, what) is None or getattr(v, what) is None:  # print-only decks may leave players out
            continue
        old, new = getattr(b, what).model_dump(), getattr(v, what).model_dump()
        for key in old:
            if old[key] != new[key]:
                out.append({"kind": what, "field": key, "old": old[key], "new": new[key]})
    old_rules, new_rules = b.rules.model_dump(mode="json"), v.rules.model_dump(mode="json")
    for key in new_rules:
        if old_rules.get(key) != new_rules[key]:
            out.append({"kind": "rule", "field": key, "old": old_rules.get(key), "new": new_rules[key]})
    old_c = {c.id: c for c in b.components}
    new_c = {c.id: c for c in v.components}
    for cid, comp in new_c.items():
        if cid not in old_c:
            out.append({"kind": "added", "field": cid, "old": 0, "new": comp.count})
        elif old_c[cid].count != comp.count:
            out.append({"kind": "count", "field": cid, "old": old_c[cid].count, "new": comp.count})
        elif old_c[cid] != comp:
            out.append({"kind": "changed", "field": cid, "old": None, "new": None})
    for cid, comp in old_c.items():
        if cid not in new_c:
            out.append({"kind": "removed", "field": cid, "old": comp.count, "new": 0})
    # a clarification differs when the table settles it another way (its resolution); a variant that only
    # rewords it (Draco's variants say their own bank-shortage rate) changes no rule
    for kind in v.clarifications:
        if kind not in b.clarifications or b.clarifications[kind].resolution != v.clarifications[kind].resolution:
            out.append({"kind": "clarification", "field": kind, "old": None, "new": v.clarifications[kind].resolution})
    if (v.code, v.house_rule) != (b.code, b.house_rule):  # a house rule as code (cardgen/house.py)
        out.append({"kind": "house_rule", "field": "code", "old": b.code, "new": v.code,  # its text, each language
                    "text": dict(v.house_rule) if v.house_rule else {}})
    for d in out:  # why the variant makes the change, where its file says (fifteenth reading fr19)
        why = v.reasons.get(f"{d['kind']}.{d['field']}" if d["kind"] in ("players", "card") else str(d["field"]))
        if why is not None and d["kind"] != "house_rule":
            d["why"] = dict(why)
    return out


def resolve(ref: str, project: str | Path | Project = ".") -> ResolvedDeck:
    """Convenience: resolve one id or path in a project folder."""
    proj = project if isinstance(project, Project) else Project.open(project)
    return Resolver(proj).resolve(ref)


def resolve_all(refs: list[str] | None, project: str | Path | Project = ".") -> list[ResolvedDeck]:
    """Resolve ``refs`` (every deck and variant when empty), in a stable order."""
    proj = project if isinstance(project, Project) else Project.open(project)
    resolver = Resolver(proj)
    return [resolver.resolve(sid) for sid, _ in proj.select(refs)]


__all__ = ["LANGS", "ResolvedDeck", "Resolver", "resolve", "resolve_all", "totals"]
