#!/bin/sh
# Reading material for a terminal round (docs/reads/README.md, "Terminal and report pages"): the terminal output of
# validate (King Lui, Royale, Draco; 300 games), compare (King Lui against Hungry Dragon and Gentle Overeating,
# Royale against Short, Draco against Charity Toast) and fix draco (100 games), seed 1, 100 columns, in one language,
# with every HTML page those commands wrote shot at 1280 and 390 px by headless Chromium (16,000 px tall: round 43's
# readers found the long pages cut at 4,000).
# Usage: benchmarks/term_shots.sh LANG DIR   (run from the repository's root, cardgen importable)
set -u
lang=$1; dir=$2
mkdir -p "$dir"; out="$dir/out"
export COLUMNS=100
run() { name=$1; shift; echo "\$ cardgen $*" > "$dir/$name.txt"; python -m cardgen "$@" --lang "$lang" --out "$out" >> "$dir/$name.txt" 2>&1; echo "[exit $?]" >> "$dir/$name.txt"; }
for g in king_lui royale draco; do run "validate-$g" validate "$g" --games 300 --seed 1; done
run compare-king_lui-hungry-dragon compare king_lui variants/king_lui/king_lui-hungry-dragon.yaml --seed 1
run compare-king_lui-gentle-overeating compare king_lui variants/king_lui/king_lui-gentle-overeating.yaml --seed 1
run compare-royale-short compare royale variants/royale/royale-short.yaml --seed 1
run compare-draco-charity-toast compare draco variants/draco/draco-charity-toast.yaml --seed 1
run fix-draco fix draco --games 100 --seed 1
mkdir -p "$dir/shots"
find "$out" -name '*.html' | sort | while read -r page; do
  rel=$(echo "${page#$out/}" | tr '/' '_' | sed 's/\.html$//')
  for w in 1280 390; do
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=$w,16000 \
      --screenshot="$dir/shots/$rel-$w.png" "file://$(realpath "$page")" >/dev/null 2>&1
  done
done
ls "$dir"
