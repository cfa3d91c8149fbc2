#!/usr/bin/env bash
# One `hunters simulate` run split into M shards, run through GNU parallel (on this machine,
# or on others with PARALLEL_OPTS="-S host1,host2"), then merged: the result equals the
# unsharded run's, number for number (docs/cluster.md).
#
#   scripts/parallel-shards.sh M OUT.json SIMULATE-ARGUMENTS...
#   scripts/parallel-shards.sh 8 run.json --games 100000 --bots greedy --rotate-seats 2002 2020
#
# HUNTERS names the binary (default: hunters on the PATH); PARALLEL_OPTS is passed to
# parallel (default: one job per core here). The shards' JSON files stay beside OUT.json.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 M OUT.json SIMULATE-ARGUMENTS..." >&2
  exit 2
fi
shards=$1
out=$2
shift 2
hunters=${HUNTERS:-hunters}
dir=$(dirname "$out")
base=$(basename "$out" .json)
# shellcheck disable=SC2086
seq 1 "$shards" | parallel ${PARALLEL_OPTS:-} --halt now,fail=1 \
  "$hunters" simulate "$@" --shard "{}/$shards" --json '>' "$dir/$base.shard-{}.json"
files=()
for k in $(seq 1 "$shards"); do
  files+=("$dir/$base.shard-$k.json")
done
"$hunters" simulate --merge "${files[@]}" --json > "$out"
