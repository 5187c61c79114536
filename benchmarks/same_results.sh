#!/bin/bash
# Same results before and after a change of the rules' code (issue 37's "validate JSON byte-identical,
# search decisions unchanged"):
#
#   benchmarks/same_results.sh BASE_CHECKOUT NEW_CHECKOUT GAME OUT_DIR
#
# e.g. git worktree add /tmp/base HEAD~1; benchmarks/same_results.sh /tmp/base . draco /tmp/same
#
# For the game's deck and each of its variants: validate on the reference (150 games) and the compiled
# tier (1,500 games), seed 7, one process; then 6 games with search in two seats and their game log
# (the recorded decisions). Each checkout runs its own code (PYTHONPATH). Every JSON file must be
# byte-identical and every exit code the same; the game logs must be equal but for the project
# folder they record. Exits 1 on any difference. Takes 5-15 minutes per game on 2 cores.
set -u
base=$(cd "$1" && pwd); new=$(cd "$2" && pwd); game=$3; out=$4
run() {  # checkout, folder
  mkdir -p "$2"; : > "$2/rc.txt"
  cd "$1" || exit 2
  for f in decks/$game.yaml variants/$game/*.yaml; do
    n=$(basename "$f" .yaml)
    for e in reference fast; do
      k=150; [ $e = fast ] && k=1500
      PYTHONPATH="$1" python -m cardgen validate "$f" --games $k --engine $e --seed 7 --jobs 1 \
        --json "$2/$n-$e.json" --out "$2/out-$n-$e" > "$2/$n-$e.log" 2>&1
      echo "$n $e rc=$?" >> "$2/rc.txt"
    done
  done
  PYTHONPATH="$1" python -m cardgen validate decks/$game.yaml --games 6 --agents search heuristic \
    --search-iterations 40 --seed 3 --jobs 1 --no-designer --json "$2/search.json" \
    --log "$2/search-games.jsonl" --out "$2/out-search" > "$2/search.log" 2>&1
  echo "search rc=$?" >> "$2/rc.txt"
}
run "$base" "$out/base"
run "$new" "$out/new"
status=0
diff "$out/base/rc.txt" "$out/new/rc.txt" || status=1
for f in "$out"/base/*.json; do
  cmp -s "$f" "$out/new/$(basename "$f")" || { echo "differs: $(basename "$f")"; status=1; }
done
python - "$out/base/search-games.jsonl" "$out/new/search-games.jsonl" <<'PY' || status=1
import json, sys
a, b = ([{k: v for k, v in json.loads(line).items() if k != "project"} for line in open(p)] for p in sys.argv[1:])
sys.exit(0 if a == b else print("differs: search-games.jsonl (the recorded decisions)") or 1)
PY
[ $status = 0 ] && echo "same results: $game, $(grep -c . "$out/new/rc.txt") runs"
exit $status
