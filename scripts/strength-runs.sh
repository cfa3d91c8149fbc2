#!/usr/bin/env bash
# The runs behind docs/strength.md, slice by slice: every slice that docs/runs/README.md's table
# names and docs/runs/ does not hold yet, in the table's order, one game at a time per slice
# (`--jobs 1`, so each file's time a move is one core's), JOBS slices at once (default 2).
#
#   scripts/strength-runs.sh            # run every missing slice
#   scripts/strength-runs.sh --list     # print them, one per line: NAME K M ARGUMENTS
#   scripts/strength-runs.sh NAME…      # only these runs
#
# HUNTERS names the binary (default target/release/hunters). A slice is written to a temporary
# file and renamed when it is whole, so an interrupted slice leaves nothing behind and runs
# again next time. Merge a finished run with `hunters simulate --merge docs/runs/NAME.*.json`.
set -euo pipefail
cd "$(dirname "$0")/.."
hunters=${HUNTERS:-target/release/hunters}
list=false
if [ "${1:-}" = --list ]; then
  list=true
  shift
fi
only=" $* "

# Rows of the first table (the current bot's runs; the sections after it are history):
# | `NAME` | `ARGUMENTS` (M slices) |
missing() {
  sed '/^## /q' docs/runs/README.md |
    sed -n 's/^| `\([^`]*\)` | `\([^`]*\)` (\([0-9]*\) slices) |$/\1 \3 \2/p' |
    while read -r name m args; do
      if [ "$only" != "  " ] && [[ $only != *" $name "* ]]; then
        continue
      fi
      for k in $(seq 1 "$m"); do
        [ -e "docs/runs/$name.$k-of-$m.json" ] || echo "$name $k $m $args"
      done
    done
}

if $list; then
  missing
  exit 0
fi
if [ ! -x "$hunters" ]; then
  echo "error: $hunters not found; build it with 'cargo build --release' or name it with HUNTERS=" >&2
  exit 2
fi
missing | while read -r name k m args; do
  # shellcheck disable=SC2086
  echo "$hunters simulate $args --shard $k/$m --jobs 1 --json > docs/runs/$name.$k-of-$m.json.part && mv docs/runs/$name.$k-of-$m.json.part docs/runs/$name.$k-of-$m.json"
done | parallel -j "${JOBS:-2}" --halt now,fail=1
