"""YAML reading speed: every deck and variant of a project, through ``cardgen.load.yamlio``.

    python benchmarks/bench_load.py [--project .] [--repeat 20]

Reports, per file, the median milliseconds of ``read_yaml`` (data plus line map),
next to PyYAML's own ``compose`` with the C parser (the floor: building nodes
only) and with the pure-Python parser (what the reader did before it was built
from libyaml's events). Also a synthetic 110-card deck.

Target (reported, never asserted: the machine may be busy): a 110-card deck in a
few milliseconds on an idle core.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import yaml

from cardgen.load.yamlio import read_yaml_text


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def synthetic(cards: int = 110) -> str:
    """A deck-shaped document with ``cards`` components of ordinary size."""
    comp = ("  - id: c{i}\n    kind: card\n    count: 1\n    name: {{fr: \"Carte {i}\", it: \"Carta {i}\", "
            "en: \"Card {i}\"}}\n    back: b\n    faces:\n      - layout: suit\n        title: {{fr: \"T\", "
            "it: \"T\", en: \"T\"}}\n        colour: red\n        symbol: ham\n        value: {i}\n")
    return "game: king_lui\ncomponents:\n" + "".join(comp.format(i=i) for i in range(cards))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--project", default=".")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    root = Path(args.project)
    texts = {str(p.relative_to(root)): p.read_text(encoding="utf-8")
             for p in sorted((root / "decks").glob("*.yaml")) + sorted((root / "variants").rglob("*.yaml"))}
    texts["(synthetic 110 cards)"] = synthetic()
    c_loader = getattr(yaml, "CSafeLoader", None)
    print(f"{'file':<48} {'read_yaml':>10} {'C compose':>10} {'py compose':>11}  (median ms of {args.repeat})")
    for name, text in texts.items():
        ours = _median_ms(lambda: read_yaml_text(text, name), args.repeat)
        floor = _median_ms(lambda: yaml.compose(text, Loader=c_loader), args.repeat) if c_loader else float("nan")
        py = _median_ms(lambda: yaml.compose(text, Loader=yaml.SafeLoader), max(3, args.repeat // 4))
        print(f"{name:<48} {ours:>10.1f} {floor:>10.1f} {py:>11.1f}")


if __name__ == "__main__":
    main()
