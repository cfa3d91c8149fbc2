#!/usr/bin/env bash
# One `hunters simulate` or `hunters ladder` run split into M shards, run through GNU parallel
# (on this machine, or on others with PARALLEL_OPTS="-S host1,host2"), then merged: the result
# equals the unsharded run's, number for number (docs/cluster.md).
#
#   scripts/parallel-shards.sh M OUT.json [simulate|ladder] ARGUMENTS...
#   scripts/parallel-shards.sh 8 run.json simulate --games 100000 --bots greedy --rotate-seats 2002 2020
#   scripts/parallel-shards.sh 8 ladder.json ladder --games 2000 --without no-huts 2014 2020
#
# Without a command it runs `simulate`, as it did before it knew the ladder. HUNTERS names the
# binary (default: hunters on the PATH); PARALLEL_OPTS is passed to parallel (default: one job
# per core here). The shards' JSON files stay beside OUT.json.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 M OUT.json [simulate|ladder] ARGUMENTS..." >&2
  exit 2
fi
shards=$1
out=$2
shift 2
command=simulate
case $1 in
  simulate | ladder)
    command=$1
    shift
    ;;
esac
hunters=${HUNTERS:-hunters}
dir=$(dirname "$out")
base=$(basename "$out" .json)
# shellcheck disable=SC2086
seq 1 "$shards" | parallel ${PARALLEL_OPTS:-} --halt now,fail=1 \
  "$hunters" "$command" "$@" --shard "{}/$shards" --json '>' "$dir/$base.shard-{}.json"
files=()
for k in $(seq 1 "$shards"); do
  files+=("$dir/$base.shard-$k.json")
done
"$hunters" "$command" --merge "${files[@]}" --json > "$out"
