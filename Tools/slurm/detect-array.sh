#!/usr/bin/env bash
#SBATCH --job-name=emotions-detect
#SBATCH --requeue
#SBATCH --output=emotions-detect-%A_%a.out
#
# emotions detect over many inputs as a Slurm job array: task K of N writes OUTDIR/part-K.jsonl
# (and the people of its videos to OUTDIR/people-K.jsonl) with `--shard K/N --resume`.
#
#   sbatch --array=1-N Tools/slurm/detect-array.sh OUTDIR INPUT...
#
# When every task has ended, join the parts into the file one process would have written:
#
#   emotions merge OUTDIR/part-*.jsonl OUTDIR/people-*.jsonl \
#     --output run.jsonl --summary people.jsonl
#
# and, to look at it, make one HTML page of the whole run (where the inputs can be opened):
#
#   emotions report run.jsonl --summary people.jsonl --output run.html
#
# merge names any part that is missing or unfinished. Resubmit that task alone, with the same
# OUTDIR and inputs; it continues its own part (N was recorded in OUTDIR by the first task):
#
#   sbatch --array=2 Tools/slurm/detect-array.sh OUTDIR INPUT...
#
# A task that is requeued (pre-emption, a node failure, `scontrol requeue`) continues its part
# the same way. Further detect options go in EMOTIONS_DETECT_OPTIONS (for example
# "--detector haar --every 5"; the same for every task and resubmission). The emotions on PATH
# runs, or $EMOTIONS_BIN.
set -euo pipefail

fail() { echo "detect-array: $*" >&2; exit 2; }

[ $# -ge 2 ] || fail "usage: sbatch --array=1-N detect-array.sh OUTDIR INPUT..."
outdir=$1
shift
task=${SLURM_ARRAY_TASK_ID:-}
[ -n "$task" ] || fail "not a job array task: submit it with sbatch --array=1-N"
[ "$task" -ge 1 ] 2> /dev/null || fail "array indices start at 1 (task $task)"
emotions=${EMOTIONS_BIN:-$(command -v emotions || true)}
[ -n "$emotions" ] || fail "emotions is not on PATH; install it or set EMOTIONS_BIN"
mkdir -p "$outdir"

# The shard count is the array's, fixed by the first task of the first submission in
# OUTDIR/shards (created exclusively, so tasks starting together agree). A resubmitted task
# (an array of one) reads it from there.
shards_file=$outdir/shards
count=${SLURM_ARRAY_TASK_COUNT:-1}
if [ "$count" -gt 1 ]; then
  [ "${SLURM_ARRAY_TASK_MIN:-1}" -eq 1 ] && [ "${SLURM_ARRAY_TASK_MAX:-$count}" -eq "$count" ] \
    || fail "submit the whole run as --array=1-N (this array is ${SLURM_ARRAY_TASK_MIN:-?}-${SLURM_ARRAY_TASK_MAX:-?})"
  (set -o noclobber; echo "$count" > "$shards_file") 2> /dev/null || true
fi
[ -s "$shards_file" ] || fail "$shards_file is missing: submit the whole run first (sbatch --array=1-N)"
shards=$(cat "$shards_file")
[ "$shards" -ge 1 ] 2> /dev/null || fail "$shards_file does not hold a shard count"
if [ "$count" -gt 1 ] && [ "$count" -ne "$shards" ]; then
  fail "$outdir belongs to a run of $shards shards, not $count: use another OUTDIR"
fi
[ "$task" -le "$shards" ] || fail "task $task is not one of the run's $shards shards"

# Word splitting of the options is wanted: they are several options.
# shellcheck disable=SC2086
exec "$emotions" detect --json --shard "$task/$shards" ${EMOTIONS_DETECT_OPTIONS:-} "$@" \
  --output "$outdir/part-$task.jsonl" --summary "$outdir/people-$task.jsonl" --resume
