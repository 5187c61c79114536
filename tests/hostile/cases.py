"""The hostile-input corpus: broken and malicious inputs, generated, grouped by cause.

Each case is a few files dropped into a throwaway project (King Lui, or Royale
where the cause needs it) and a command line. ``tests/test_hostile.py`` runs them
and asserts the promise of issue #12: exit 2 (or the exit code given), one line
per error on stderr naming the file (and the line where one exists), no
traceback, no raw control character echoed, nothing written outside the output
folder, no silent success.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field

V = "variants/king_lui/v.yaml"
HEAD = 'extends: king_lui\nname: {fr: "a", it: "a", en: "a"}\ndescription: {fr: "d", it: "d", en: "d"}\n'
RV = "variants/royale/v.yaml"
RHEAD = HEAD.replace("king_lui", "royale")


@dataclass
class Case:
    """One broken input: files to write (relative path -> text or bytes), the command, what to expect."""

    id: str
    files: dict[str, str | bytes]
    argv: list[str] = field(default_factory=lambda: ["check", "v"])
    file: str | None = V  # every error line names this file (None: no file to name)
    line: bool = True  # ... with a line number
    lines: int = 1  # error lines expected on stderr
    says: str = ""  # a phrase the error must contain
    rc: int = 2
    game: str = "king_lui"


def v(body: str) -> dict[str, str]:
    return {V: HEAD + body}


def png(width: int, height: int, truncate: bool = False) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (data for 1x1: decoding a huge one fails)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    raw += chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b"")
    return raw[:-14] if truncate else raw


def art_case(cid: str, art: str, extra: dict[str, str | bytes], says: str) -> Case:
    body = f"change:\n  ham:\n    faces:\n      0: {{art: {art!r}}}\n"
    return Case(cid, {V: HEAD + body, **extra}, says=says)


def deep_nesting() -> list[Case]:
    return [
        Case("deep-seq-5000", v("reconstruction: " + "[" * 5000 + "]" * 5000 + "\n"), says="nesting deeper"),
        Case("deep-map-1500", v("rules:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(1500))),
             says="nesting deeper"),
        Case("deep-map-2500", v("rules:\n" + "".join(" " * (i + 1) + f"k{i}:\n" for i in range(2500))),
             says="nesting deeper"),
        Case("deep-flow-map", v("rules: " + "{a: " * 2000 + "1" + "}" * 2000 + "\n"), says="nesting deeper"),
        Case("deep-mixed", v("change: " + "{a: [" * 1000 + "1" + "]}" * 1000 + "\n"), says="nesting deeper"),
        Case("deep-in-deck", {"decks/king_lui.yaml": "game: king_lui\nx: " + "[" * 3000 + "]" * 3000 + "\n"},
             argv=["check", "king_lui"], file="decks/king_lui.yaml", says="nesting deeper"),
    ]


def huge_integers() -> list[Case]:
    big = "9" * 5000
    return [
        Case("int-5000-rules", v(f"rules: {{emerald_portions: {big}}}\n"), says="number too long"),
        Case("int-5000-count", v(f"change: {{ham: {{count: {big}}}}}\n"), says="number too long"),
        Case("int-5000-neg", v(f"players: {{min: -{big}}}\n"), says="number too long"),
        Case("int-5000-key", v(f"rules: {{{big}: 1}}\n"), says="number too long"),
        Case("int-40-digits", v("rules: {emerald_portions: " + "9" * 40 + "}\n"), says="expected"),
        Case("float-1e999", v("change: {ham: {count: 1e999}}\n"), says="expected a whole number"),
        Case("hex-huge", v("rules: {emerald_portions: 0x" + "f" * 5000 + "}\n"), says="expected"),
    ]


def alias_bombs() -> list[Case]:
    laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(8))
    big = "x" * 1_000_000
    return [
        Case("billion-laughs",
             v("reconstruction: []\nbomb:\n" + "".join("  " + line for line in laughs.splitlines(True))),
             says="alias bomb"),
        Case("aliases-to-1mb-string", v(f"rulings: {{r: &s {{text: {{fr: {big}, it: x, en: x}}}}}}\n"
                                        "reconstruction: [" + ", ".join(["*s"] * 150_000) + "]\n"),
             says="alias bomb"),
        Case("alias-unknown", v("rules: *nope\n"), says="unknown alias"),
        Case("alias-wide", v("x: &x [" + ", ".join(["1"] * 1000) + "]\ny: [" + ", ".join(["*x"] * 300) + "]\n"),
             says="alias bomb"),
    ]


def yaml_syntax() -> list[Case]:
    return [
        Case("tab-indent", v("rules:\n\temerald_portions: 3\n"), says="malformed YAML"),
        Case("unclosed-quote", v('rules: {x: "abc}\n'), says="malformed YAML"),
        Case("unclosed-bracket", v("remove: [ham, cheese\n"), says="malformed YAML"),
        Case("bad-indent", v("rules:\n  a: 1\n b: 2\n"), says="malformed YAML"),
        Case("two-documents", v("---\nextends: x\n"), says="more than one YAML document"),
        Case("complex-key", v("? [a, b]\n: 1\n"), says="plain words"),
        Case("duplicate-key", v("name: {fr: b, it: b, en: b}\n"), says="duplicate key"),
        Case("merge-key", v("x: &x {a: 1}\nrules: {<<: *x}\n"), says="merge keys"),
        Case("python-apply", v("rules: !!python/object/apply:os.system ['touch /tmp/cardgen-pwned']\n"),
             says="unsupported tag"),
        Case("python-name", v("rules: {x: !!python/name:os.system ''}\n"), says="unreadable value"),
        Case("python-object-map", v("rules: !!python/object:os.system {a: 1}\n"), says="unsupported tag"),
        Case("custom-tag", v("rules: !foo {a: 1}\n"), says="unsupported tag"),
        Case("binary-tag", v("rules: {x: !!binary 'aGVsbG8='}\n"), says="expected"),
        Case("bad-date", v("rules: {x: 2023-13-45}\n"), says="cannot be read"),
        Case("top-level-list", {V: "- a\n- b\n"}, says="expected a mapping"),
        Case("top-level-scalar", {V: "just words\n"}, says="expected a mapping"),
        Case("empty-file", {V: ""}, says="expected a mapping", line=True),
        Case("null-document", {V: "~\n"}, says="expected a mapping"),
        Case("raw-esc-in-file", {V: HEAD + "reconstruction: [\x1b[31mred]\n"}, says="not allowed in a YAML file"),
        Case("raw-nul-in-file", {V: HEAD + "reconstruction: [a\x00b]\n"}, says="not allowed in a YAML file"),
        Case("long-key", v("rules: {" + "k" * 100_000 + ": 1}\n"), says="malformed YAML"),
        Case("long-value", v("rules: {emerald_portions: " + "k" * 100_000 + "}\n"), says="expected a whole number"),
        Case("long-quoted-key", v('rules: {"' + "k" * 1000 + '": 1}\n'), says="unknown field"),
    ]


def encodings() -> list[Case]:
    head = HEAD.encode()
    return [
        Case("byte-ff-line-4", {V: head + b"rules: {x: \xff}\n"}, says="not UTF-8"),
        Case("truncated-utf8", {V: head + b"reconstruction: [caf\xc3]\n"}, says="not UTF-8"),
        Case("latin1-file", {V: head + "reconstruction: [café]\n".encode("latin-1")}, says="not UTF-8"),
        Case("utf16-file", {V: (HEAD).encode("utf-16")}, says="not UTF-8", line=True),
        Case("lone-surrogate-bytes", {V: head + b"reconstruction: [\xed\xa0\x80]\n"}, says="not UTF-8"),
        Case("overlong-utf8", {V: head + b"reconstruction: [\xc0\xaf]\n"}, says="not UTF-8"),
    ]


def file_sizes() -> list[Case]:
    return [
        Case("five-mb", {V: HEAD + "reconstruction: [" + "a" * (5 << 20) + "]\n"}, says="file too large", line=False),
    ]


_CONTROLS = {"esc": "\\e[2J", "bel": "\\a", "nul": "\\0", "del": "\\x7f", "c1": "\\x85", "fffe": "\\uFFFE",
             "ffff": "\\uFFFF", "rlo": "\\u202E", "lri": "\\u2066", "lsep": "\\u2028", "tab": "\\t",
             "vt": "\\v", "bs": "\\b"}
_FIELDS = {
    "name": lambda s: f'extends: king_lui\nname: {{fr: a, it: a, en: "x{s}y"}}\ndescription: {{fr: d, it: d, en: d}}\n',
    "description": lambda s: f'extends: king_lui\nname: {{fr: a, it: a, en: a}}\ndescription: {{fr: "x{s}", it: d, en: d}}\n',
    "component": lambda s: HEAD + f'change: {{ham: {{name: {{it: "P{s}"}}}}}}\n',
    "title": lambda s: HEAD + f'change: {{ham: {{faces: {{0: {{title: {{en: "H{s}"}}}}}}}}}}\n',
}


def unprintable_text() -> list[Case]:
    out = []
    for cname, seq in _CONTROLS.items():
        for fname in (("name", "component") if cname not in ("esc", "fffe", "rlo") else _FIELDS):
            out.append(Case(f"{cname}-in-{fname}", {V: _FIELDS[fname](seq)}, says="U+"))
    out.append(Case("colour-name-esc", v('colours: {blue: {name: {en: "B\\e"}}}\n'), says="control character"))
    out.append(Case("ruling-bel", v('rulings: {r1: {text: {fr: a, it: a, en: "x\\a"}}}\n'), says="control character"))
    return out


def missing_glyphs() -> list[Case]:
    texts = {"emoji": "\\U0001F600", "cjk": "漢字", "thai": "ภาษาไทย", "devanagari": "हिन्दी", "music": "\\U0001D11E",
             "private-use": "\\uE000", "hangul": "한국어"}
    out = [Case(f"glyph-{k}-name", {V: _FIELDS["name"](t)}, says="expected" if k == "private-use" else "no glyph")
           for k, t in texts.items()]
    out.append(Case("glyph-emoji-component", {V: _FIELDS["component"]("\\U0001F9C0")}, says="no glyph"))
    out.append(Case("glyph-cjk-description", {V: _FIELDS["description"]("中文")}, says="no glyph"))
    return out


def right_to_left() -> list[Case]:
    return [Case(f"rtl-{k}", {V: _FIELDS["name"](t)}, says="right-to-left")
            for k, t in {"hebrew": "עברית", "arabic": "العربية", "syriac": "ܣܘܪܝܝܐ", "thaana": "ދިވެހި",
                         "rlm": "\\u200F"}.items()]


def art_files() -> list[Case]:
    return [
        art_case("art-text-file", "art/a.png", {"art/a.png": "not an image\n"}, "not an image"),
        art_case("art-truncated-png", "art/a.png", {"art/a.png": png(1, 1, truncate=True)}, "damaged image"),
        art_case("art-40000-png", "art/a.png", {"art/a.png": png(40000, 40000)}, "too large"),
        art_case("art-wide-png", "art/a.png", {"art/a.png": png(20000, 10)}, "pixels"),
        art_case("art-empty", "art/a.png", {"art/a.png": b""}, "not an image"),
        art_case("art-gif", "art/a.gif", {"art/a.gif": b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"}, "expected a PNG"),
        art_case("art-missing", "art/none.png", {}, "not found"),
        art_case("art-absolute", "/etc/passwd", {}, "absolute"),
        art_case("art-leaves-project", "../../../etc/passwd", {}, "leaves the project"),
        art_case("art-folder", "art", {"art/x.txt": "x"}, "not a regular file"),
        art_case("art-jpeg-truncated", "art/a.jpg", {"art/a.jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00"}, "image"),
    ]


def schema_errors() -> list[Case]:
    return [
        Case("typo-field", v("rulez: {emerald_portions: 3}\n"), says="did you mean 'rules'"),
        Case("typo-rule", v("rules: {emerald_portion: 3}\n"), says="did you mean 'emerald_portions'"),
        Case("typo-change-field", v("change: {ham: {cout: 2}}\n"), says="did you mean 'count'"),
        Case("rule-wrong-type", v("rules: {emerald_portions: three}\n"), says="expected a whole number"),
        Case("count-negative", v("change: {ham: {count: -1}}\n"), says=">= 0"),
        Case("count-too-big", v("change: {ham: {count: 100000}}\n"), says="<= 1000"),
        Case("players-reversed", v("players: {min: 5, max: 2}\n"), says="must not exceed"),
        Case("unknown-component", v("change: {hamm: {count: 2}}\n"), says="did you mean 'ham'"),
        Case("remove-unknown", v("remove: [chese]\n"), says="did you mean 'cheese'"),
        Case("extends-unknown", {V: HEAD.replace("extends: king_lui", "extends: king_loui")},
             says="did you mean 'king_lui'"),
        Case("extends-cycle", {V: HEAD.replace("extends: king_lui", "extends: w"),
                               "variants/king_lui/w.yaml": HEAD.replace("extends: king_lui", "extends: v")},
             file="w.yaml", says="cycle"),
        Case("change-renames", v("change: {ham: {id: jambon}}\n"), says="cannot rename"),
        Case("remove-everything", v("remove: [ham, cheese, bread, cake, wine, fruit, chicken, emerald]\n"),
             says="every component"),
        Case("missing-name", {V: "extends: king_lui\ndescription: {fr: d, it: d, en: d}\n"}, says="missing required"),
        Case("name-not-mapping", {V: HEAD.replace('name: {fr: "a", it: "a", en: "a"}', "name: 3")}, says="expected"),
        Case("unknown-symbol", v("change: {ham: {faces: {0: {symbol: hamm}}}}\n"), says="did you mean 'ham'"),
        Case("faces-index-out", v("change: {ham: {faces: {5: {symbol: ham}}}}\n"), says="expected"),
        Case("bad-id-pattern", v("add: [{id: 'Bad Id', kind: card, count: 1, name: {fr: a, it: a, en: a}, "
                                 "back: king_lui_back, faces: [{layout: suit}]}]\n"), says="expected an id"),
    ]


def many_errors() -> list[Case]:
    three = v("rules: {a1: 1, a2: 2, a3: 3}\n")
    many = v("rules: {" + ", ".join(f"zz{i}: 1" for i in range(25)) + "}\n")
    return [
        Case("three-errors", three, lines=3, says="unknown field"),
        Case("twenty-five-errors", many, lines=21, says="more problem"),
        Case("errors-in-two-fields", v("change: {ham: {count: -1, name: {fr: 3}}}\n"), lines=2, says="expected"),
    ]


def file_names() -> list[Case]:
    names = {"dots": "variants/king_lui/....yaml", "two-dots": "variants/king_lui/...yaml",
             "space": "variants/king_lui/My Deck.yaml", "upper": "variants/king_lui/Big.yaml",
             "dash-first": "variants/king_lui/-x.yaml", "unicode": "variants/king_lui/dé.yaml",
             "too-long": "variants/king_lui/" + "a" * 80 + ".yaml", "dot-inside": "variants/king_lui/a.b.yaml"}
    return [Case(f"file-name-{k}", {p: HEAD}, argv=["check"], file=p.split("/")[-1], line=False, says="not a plain id")
            for k, p in names.items()]


def cli_arguments() -> list[Case]:
    base = dict(files={}, file=None, line=False)
    rows = [
        ("games-word", ["validate", "--games", "ten"], "whole number"),
        ("seed-word", ["validate", "--seed", "abc"], "whole number"),
        ("seed-huge", ["validate", "--seed", "9" * 5000], "whole number"),
        ("lang-unknown", ["build", "--lang", "xx"], "unknown language"),
        ("lang-comma", ["build", "--lang", ","], "at least one language"),
        ("lang-empty", ["build", "--lang", ""], "at least one language"),
        ("paper-unknown", ["build", "--paper", "a5"], "unknown paper"),
        ("jobs-huge", ["validate", "--jobs", "100000"], "--jobs"),
        ("jobs-negative", ["validate", "--jobs", "-1"], "--jobs"),
        ("games-billion", ["validate", "--games", "1000000000"], "--games"),
        ("games-zero", ["validate", "--games", "0"], "--games"),
        ("cap-zero", ["validate", "--cap", "0"], "--cap"),
        ("players-zero", ["validate", "--players", "0"], "--players"),
        ("duplex-bad", ["build", "--duplex", "diagonal"], "unknown value 'diagonal'"),
        ("command-unknown", ["bild"], "unknown command 'bild'"),
        ("no-command", [], "required"),
        ("deck-unknown", ["check", "king_lou"], "did you mean 'king_lui'"),
        ("deck-path-missing", ["check", "/nonexistent/x.yaml"], "file not found"),
        ("inspect-esc-deck-name", ["inspect", "\x1b[2Jking"], "no deck or variant"),
    ]
    return [Case(f"cli-{cid}", argv=argv, says=says, **base) for cid, argv, says in rows]  # type: ignore[arg-type]


def agreement() -> list[Case]:
    """What build would crash on or refuse, check reports first."""
    two_ends = RHEAD + "change: {end-banquet: {count: 2}}\n"
    nosolo = RHEAD + "remove: [" + ", ".join(f"solo-{i}" for i in range(1, 10)) + "]\n"
    return [
        Case("royale-two-end-cards-check", {RV: two_ends}, file=None, rc=1, lines=0, game="royale"),
        Case("royale-two-end-cards-build", {RV: two_ends}, argv=["build", "v", "--lang", "en", "--paper", "a4"],
             file=RV, line=False, lines=4, rc=1, says="failed", game="royale"),
        Case("royale-no-solo-build", {RV: nosolo}, argv=["build", "v", "--lang", "en", "--paper", "a4"],
             file=RV, line=False, lines=2, rc=1, says="solo card", game="royale"),
        Case("royale-grid-too-small-validate", {RV: RHEAD + "rules: {grid_rows: 2, grid_cols: 2}\n"},
             argv=["validate", "v", "--games", "3", "--players", "2", "--jobs", "1"], file=None, rc=1, lines=0,
             game="royale"),
        Case("royale-rename-dessert", {RV: RHEAD + "change: {dessert: {id: pudding}}\n"}, file=RV,
             says="cannot rename", game="royale"),
    ]


CAUSES = {
    "deep_nesting": deep_nesting, "huge_integers": huge_integers, "alias_bombs": alias_bombs,
    "yaml_syntax": yaml_syntax, "encodings": encodings, "file_sizes": file_sizes,
    "unprintable_text": unprintable_text, "missing_glyphs": missing_glyphs, "right_to_left": right_to_left,
    "art_files": art_files, "schema_errors": schema_errors, "many_errors": many_errors,
    "file_names": file_names, "cli_arguments": cli_arguments, "agreement": agreement,
}


def faces() -> list[Case]:
    """Faces the renderer cannot draw: reported by check with the line of the face."""
    long = "word " * 400
    return [
        Case("face-text-too-long", v(f'change: {{emerald: {{faces: {{0: {{text: {{fr: x, it: x, en: "{long}"}}}}}}}}}}\n'),
             says="shorten it"),
        Case("face-title-too-long", v(f'change: {{ham: {{faces: {{0: {{title: {{fr: x, it: x, en: "{long}"}}}}}}}}}}\n'),
             says="shorten it"),
        Case("face-build-too-long", v(f'change: {{ham: {{faces: {{0: {{title: {{fr: x, it: x, en: "{long}"}}}}}}}}}}\n'),
             argv=["build", "v", "--lang", "en", "--paper", "a4"], says="shorten it"),
    ]


CAUSES["faces"] = faces


def sheet_sizes() -> list[Case]:
    """Pieces that fit no sheet: check names the line of the card size."""
    return [
        Case("card-too-big-for-paper", v("card: {width_mm: 290, height_mm: 290}\n"), lines=2, says="make it smaller"),
        Case("card-too-big-build-a4", v("card: {width_mm: 250, height_mm: 250}\n"),
             argv=["build", "v", "--lang", "en", "--paper", "a4"], says="(a4, with"),
    ]


CAUSES["sheet_sizes"] = sheet_sizes


OWN = "decks/own.yaml"
OWN_DECK = ('languages: [en]\nname: {en: "Own"}\nplayers: {min: 2, max: 3}\n'
            'backs: {b: {layout: back, title: {en: "Own"}}}\n'
            'components:\n  - {id: c, kind: card, count: 9, name: {en: "C"}, back: b, faces: [{layout: suit}]}\n')
OWN_RULES = ('from cardgen.engine.kit import CardGame\n\n\nclass Own(CardGame):\n'
             '    def actions(self, seat):\n        return [("stop",)]\n\n'
             '    def do(self, seat, action):\n        self.end("stopped")\n')


def own(game: str, extra: str = "", **files: str | bytes) -> dict[str, str | bytes]:
    """A deck whose ``game`` names a project rules file, plus files of the project (``own.py``...)."""
    return {OWN: f"game: {game}\n" + OWN_DECK + extra, **files}


def rules_files() -> list[Case]:
    """A deck naming a rules file (``game: own.py``): the path kept inside the project, its numbers data,
    and a file that fails to load is one line naming it (check never imports it)."""
    play = ["validate", "own", "--games", "2", "--players", "2", "--jobs", "1", "--agents", "search"]
    return [
        Case("rules-file-outside", own("../own.py"), argv=["check", "own"], file=OWN, says="inside the project"),
        Case("rules-file-absolute", own("/etc/own.py"), argv=["check", "own"], file=OWN, says="inside the project"),
        Case("rules-file-missing", own("nowhere.py"), argv=["check", "own"], file=OWN, says="was not found"),
        Case("rules-file-not-python", own("decks/"), argv=["check", "own"], file=OWN, says="must be a Python file"),
        Case("rules-number-a-list", own("own.py", "rules: {hand: [1]}\n", **{"own.py": OWN_RULES}),
             argv=["check", "own"], file=OWN, says="rules.hand: expected"),
        Case("rules-number-bad-name", own("own.py", "rules: {Hand-Size: 1}\n", **{"own.py": OWN_RULES}),
             argv=["check", "own"], file=OWN, says="Hand-Size"),
        Case("rules-file-syntax", own("own.py", **{"own.py": "def f(:\n"}), argv=play, file="own.py",
             says="Python syntax error"),
        Case("rules-file-raises-on-import", own("own.py", **{"own.py": "raise RuntimeError('boom')\n"}),
             argv=play, file="own.py", says="RuntimeError: boom in loading the file"),
        Case("rules-file-no-game-class", own("own.py", **{"own.py": "X = 1\n"}), argv=play, file="own.py",
             line=False, says="expected exactly one class based on cardgen.engine.kit.CardGame"),
        Case("rules-file-setup-fails", own("own.py", **{"own.py": OWN_RULES + "\n    def setup(self):\n"
                                                        "        self.rules.hand\n"}),
             argv=play, file="own.py", says="no rule number 'hand'"),
    ]


CAUSES["rules_files"] = rules_files


def own_layouts() -> list[Case]:
    """A project's own layout (here replacing the bundled ``suit``) with values of the wrong kind in
    the style keys: one line at the layout file's line, never a traceback."""
    lay = "templates/layouts/suit.yaml"
    base = "background: full\nsymbol: {box: [0.2, 0.2, 0.6, 0.4]}\n"

    def case(cid: str, title: str, says: str) -> Case:
        return Case(cid, {**v(""), lay: base + f"title: {{box: [0.1, 0.7, 0.8, 0.1], {title}}}\n"}, file=lay,
                    says=says)
    return [
        case("layout-colour-list", "colour: [1, 2]", "expected a colour as '#RRGGBB'"),
        case("layout-colour-map-of-lists", "colour: {red: [1]}", "expected a colour as '#RRGGBB'"),
        case("layout-colour-nan", "colour: .nan", "expected a colour as '#RRGGBB'"),
        case("layout-weight-list", "weight: [bold]", "expected normal and bold"),
        case("layout-align-map", "align: {a: 1}", "expected left, centre and right"),
        case("layout-required-string", "required: 'yes'", "expected true or false"),
        case("layout-lines-zero", "lines: 0", "expected a whole number of lines"),
        case("layout-size-strings", "size: [a, b]", "expected [largest, smallest]"),
        case("layout-unknown-key", "fontsize: 9", "did you mean 'size'?"),
        Case("layout-unknown-top-key", {**v(""), lay: base + "titel: {box: [0.1, 0.7, 0.8, 0.1]}\n"}, file=lay,
             says="did you mean 'title'?"),
    ]


CAUSES["own_layouts"] = own_layouts
